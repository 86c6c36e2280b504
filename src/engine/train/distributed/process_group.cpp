#include "engine/train/distributed/process_group.h"

#include <torch/torch.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include "engine/config/config_fields.h"
#include "engine/system/network_address.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace trainscope {

namespace {

using Millis = std::chrono::milliseconds;

Millis millis(double seconds) { return Millis(static_cast<int64_t>(seconds * 1000.0)); }

// A client (or, for rank 0 without a launcher's store, the server) of the run's store,
// under the launcher's prefix and ours.
c10::intrusive_ptr<c10d::Store> connectStore(const ProcessGroupSpec& spec, bool server, double timeoutSeconds) {
  c10d::TCPStoreOptions o;
  o.port = static_cast<std::uint16_t>(spec.master_port);
  o.isServer = server;
  o.numWorkers = c10::nullopt;
  o.waitWorkers = false;
  o.timeout = millis(timeoutSeconds);
  o.multiTenant = true;
  c10::intrusive_ptr<c10d::Store> store = c10::make_intrusive<c10d::TCPStore>(spec.master_addr, o);
  if (!spec.store_prefix.empty()) store = c10::make_intrusive<c10d::PrefixStore>(spec.store_prefix, store);
  return c10::make_intrusive<c10d::PrefixStore>("trainscope", store);
}

std::shared_ptr<gloo::transport::Device> glooDevice(const ListenAddress& listen) {
  if (!listen.interface_name.empty()) return c10d::ProcessGroupGloo::createDeviceForInterface(listen.interface_name);
  return c10d::ProcessGroupGloo::createDeviceForHostname(listen.address);
}

// Gloo's connect can outlast its own timeout many times over when it dials an address
// nobody listens on (152 s against 30 s, measured on two hosts): meeting the other
// ranks ends the process at the timeout plus a grace, saying what it waited for.
class JoinDeadline {
 public:
  JoinDeadline(double seconds, std::string what) {
    watcher_ = std::thread([this, seconds, what = std::move(what)] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (wake_.wait_for(lock, millis(seconds + kGraceSeconds), [&] { return done_; })) return;
      std::fprintf(stderr, "error: %s\n", what.c_str());
      std::fflush(stderr);
      std::_Exit(1);
    });
  }
  ~JoinDeadline() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    watcher_.join();
  }

 private:
  static constexpr double kGraceSeconds = 10;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread watcher_;
};

std::string beatKey(int rank) { return "beat/" + std::to_string(rank); }

}  // namespace

struct DistributedGroup::Impl {
  c10::intrusive_ptr<c10d::Store> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> gloo;
  std::thread heartbeat;
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;

  ~Impl() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    if (heartbeat.joinable()) heartbeat.join();
  }
};

std::shared_ptr<DistributedGroup> DistributedGroup::join(const ProcessGroupSpec& spec, double timeoutSeconds) {
  std::shared_ptr<DistributedGroup> g(new DistributedGroup());
  g->spec_ = spec;
  g->timeout_ = timeoutSeconds;
  g->impl_ = std::make_unique<Impl>();
  const std::string where = spec.master_addr + ":" + std::to_string(spec.master_port);
  const ListenAddress listen = glooListenAddress(spec.master_addr, spec.master_port, std::getenv("GLOO_SOCKET_IFNAME"));
  g->listen_ = "rank " + std::to_string(spec.rank) + " listens on " +
               (listen.interface_name.empty() ? listen.address : "interface " + listen.interface_name) + " (" +
               listen.why + ")";
  const JoinDeadline deadline(timeoutSeconds, "rank " + std::to_string(spec.rank) + " of " +
                                                  std::to_string(spec.world_size) + " could not meet the others at " +
                                                  where + " within the timeout; " + g->listen_ +
                                                  ": on several hosts, set GLOO_SOCKET_IFNAME (docs/distributed.md)");
  try {
    g->impl_->store = connectStore(spec, /*server=*/!spec.agent_store && spec.rank == 0, timeoutSeconds);
    auto options = c10d::ProcessGroupGloo::Options::create(millis(timeoutSeconds));
    options->devices.push_back(glooDevice(listen));
    options->threads = 2;  // the buckets of a backward pass in flight while the next fills
    g->impl_->gloo = c10::make_intrusive<c10d::ProcessGroupGloo>(
        c10::make_intrusive<c10d::PrefixStore>("gloo", g->impl_->store), spec.rank, spec.world_size, options);
  } catch (const std::exception& e) {
    throw std::runtime_error("rank " + std::to_string(spec.rank) + " of " + std::to_string(spec.world_size) +
                             " could not meet the others at " + where + " within " +
                             std::to_string(static_cast<int>(timeoutSeconds)) + " s (" +
                             configField(&ExperimentConfig::distributed, &DistributedConfig::timeout_seconds).key +
                             "): " + std::string(e.what()).substr(0, 400));
  }
  // The heartbeat has a connection of its own: a store client is not shared by threads.
  Impl* impl = g->impl_.get();
  auto beats = connectStore(spec, /*server=*/false, timeoutSeconds);
  impl->heartbeat = std::thread([impl, beats, rank = spec.rank] {
    int64_t n = 0;
    std::unique_lock<std::mutex> lock(impl->mutex);
    while (!impl->stopping) {
      lock.unlock();
      try {
        beats->set(beatKey(rank), std::vector<uint8_t>{static_cast<uint8_t>(++n & 0xFF)});
      } catch (...) {  // the store is gone: the collectives will say so
      }
      lock.lock();
      impl->wake.wait_for(lock, Millis(500), [&] { return impl->stopping; });
    }
  });
  return g;
}

DistributedGroup::~DistributedGroup() = default;

c10d::ProcessGroup& DistributedGroup::backend() { return *impl_->gloo; }

std::string DistributedGroup::broadcastTextFrom(int root, const std::string& text) {
  c10d::BroadcastOptions o;
  o.rootRank = root;
  torch::Tensor length = torch::tensor({static_cast<int64_t>(text.size())}, torch::kLong);
  std::vector<torch::Tensor> one{length};
  impl_->gloo->broadcast(one, o)->wait();
  const int64_t n = length.item<int64_t>();
  torch::Tensor bytes = torch::empty({std::max<int64_t>(n, 1)}, torch::kUInt8);
  if (rank() == root) std::memcpy(bytes.data_ptr(), text.data(), text.size());
  std::vector<torch::Tensor> payload{bytes};
  impl_->gloo->broadcast(payload, o)->wait();
  return std::string(static_cast<const char*>(bytes.data_ptr()), static_cast<size_t>(n));
}

std::string DistributedGroup::broadcastText(const std::string& fromRankZero) {
  return broadcastTextFrom(0, fromRankZero);
}

std::vector<std::string> DistributedGroup::allGatherText(const std::string& mine) {
  // Rank by rank: only for the few short facts of a run's start and end.
  std::vector<std::string> out;
  for (int r = 0; r < size(); ++r) out.push_back(broadcastTextFrom(r, mine));
  return out;
}

bool DistributedGroup::anyRank(bool mine) {
  std::vector<torch::Tensor> flag{torch::tensor({mine ? 1.0f : 0.0f})};
  c10d::AllreduceOptions o;
  o.reduceOp = c10d::ReduceOp::MAX;
  impl_->gloo->allreduce(flag, o)->wait();
  return flag[0].item<float>() > 0;
}

std::string DistributedGroup::silentRanks() {
  c10::intrusive_ptr<c10d::Store> store;
  try {
    store = connectStore(spec_, /*server=*/false, 5.0);
  } catch (const std::exception&) {
    return spec_.agent_store ? "the launcher's store is gone (the launcher stopped)"
                             : "rank 0 stopped responding (it died, and its store with it)";
  }
  auto read = [&] {
    std::vector<int> beats(static_cast<size_t>(size()), -1);
    for (int r = 0; r < size(); ++r) try {
        if (store->check({beatKey(r)})) beats[static_cast<size_t>(r)] = store->get(beatKey(r)).at(0);
      } catch (...) {
      }
    return beats;
  };
  const std::vector<int> before = read();
  std::this_thread::sleep_for(Millis(1600));  // three heartbeats
  const std::vector<int> after = read();
  std::string silent;
  int count = 0;
  for (int r = 0; r < size(); ++r)
    if (r != rank() && before[static_cast<size_t>(r)] == after[static_cast<size_t>(r)])
      silent += (count++ ? ", " : "") + std::to_string(r);
  if (count == 0) return "";
  return (count == 1 ? "rank " : "ranks ") + silent + " stopped responding (died or hangs)";
}

std::string DistributedGroup::describeFailure(const std::string& collectiveError) {
  std::string first = collectiveError.substr(0, collectiveError.find('\n'));
  if (first.size() > 300) first = first.substr(0, 300) + "...";
  std::string who;
  try {
    who = silentRanks();
  } catch (...) {
  }
  if (who.empty()) who = "a collective failed between the ranks";
  return who + "; rank " + std::to_string(rank()) + " stops (" + first + ")";
}

struct StoreServer::Impl {
  c10::intrusive_ptr<c10d::TCPStore> store;
};

std::unique_ptr<StoreServer> StoreServer::start(int port, int ranks, double timeoutSeconds) {
  std::unique_ptr<StoreServer> s(new StoreServer());
  s->impl_ = std::make_unique<Impl>();
  c10d::TCPStoreOptions o;
  o.port = static_cast<std::uint16_t>(port);
  o.isServer = true;
  o.numWorkers = ranks;
  o.waitWorkers = false;
  o.timeout = millis(timeoutSeconds);
  s->impl_->store = c10::make_intrusive<c10d::TCPStore>("127.0.0.1", o);
  return s;
}

StoreServer::~StoreServer() = default;

int StoreServer::port() const { return impl_->store->getPort(); }

}  // namespace trainscope
