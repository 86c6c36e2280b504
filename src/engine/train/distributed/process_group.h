// This process's place in a data-parallel run: c10d's TCPStore for the meeting, a
// ProcessGroupGloo for the collectives, and a heartbeat in the store that names the
// rank that died or hangs when a collective fails. No torch in this header: the
// session (plain) joins and exchanges the run's facts here; train/distributed/data_parallel.h has
// the tensor collectives.
#pragma once

#include "engine/system/launch_env.h"

#include <memory>
#include <string>
#include <vector>

namespace c10d {
class ProcessGroup;
}

namespace trainscope {

class DistributedGroup {
 public:
  // Meets the other ranks (each waits up to `timeoutSeconds` for all to arrive).
  // Throws std::runtime_error naming the address when they do not meet.
  static std::shared_ptr<DistributedGroup> join(const ProcessGroupSpec& spec, double timeoutSeconds);
  ~DistributedGroup();
  DistributedGroup(const DistributedGroup&) = delete;
  DistributedGroup& operator=(const DistributedGroup&) = delete;

  int rank() const { return spec_.rank; }
  int size() const { return spec_.world_size; }
  bool leader() const { return spec_.rank == 0; }
  // "rank R listens on ADDRESS (why)": for the log, where a multi-host run goes wrong.
  const std::string& listenNote() const { return listen_; }
  const ProcessGroupSpec& spec() const { return spec_; }
  double timeoutSeconds() const { return timeout_; }

  // Rank 0's text, on every rank (the run folder, the config, a checkpoint's bytes).
  std::string broadcastText(const std::string& fromRankZero);
  // Every rank's text, in rank order, on every rank.
  std::vector<std::string> allGatherText(const std::string& mine);
  // Whether `mine` is true on any rank.
  bool anyRank(bool mine);
  // After a collective failed: which ranks stopped beating ("rank 1 stopped responding
  // (it died or hangs)"), or "" when every rank still beats.
  std::string silentRanks();
  // The message for a failed collective: who to blame, then c10d's own words.
  std::string describeFailure(const std::string& collectiveError);

  c10d::ProcessGroup& backend();

 private:
  DistributedGroup() = default;
  std::string broadcastTextFrom(int root, const std::string& text);
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ProcessGroupSpec spec_;
  std::string listen_;
  double timeout_ = 300;
};

// The store a launcher hosts for its ranks, as torchrun's agent does
// (TORCHELASTIC_USE_AGENT_STORE): it outlives any rank, so a dead rank 0 is named too.
class StoreServer {
 public:
  // On 127.0.0.1, a free port when `port` is 0.
  static std::unique_ptr<StoreServer> start(int port, int ranks, double timeoutSeconds);
  ~StoreServer();
  int port() const;

 private:
  StoreServer() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trainscope
