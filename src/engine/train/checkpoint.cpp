#include "engine/train/checkpoint.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/system/atomic_file.h"
#include "engine/train/checkpoint_file.h"

#include <ATen/CPUGeneratorImpl.h>

#include <cmath>
#include <filesystem>
#include <mutex>
#include <sstream>

namespace trainscope {

namespace {

torch::Tensor scalar(double v) { return torch::tensor(v, torch::kFloat64); }
torch::Tensor scalar(int64_t v) { return torch::tensor(v, torch::kInt64); }

template <typename T>
T readScalar(torch::serialize::InputArchive& a, const std::string& key) {
  torch::Tensor t;
  a.read(key, t);
  return t.item<T>();
}

// A string as bytes: archives hold tensors.
torch::Tensor text(const std::string& s) {
  return torch::from_blob(const_cast<char*>(s.data()), {static_cast<int64_t>(s.size())}, torch::kUInt8).clone();
}

// Checkpoints before the metric was recorded hold the accuracy (or R²) as
// best_val_accuracy, -inf before the first epoch.
BestSoFar readBest(torch::serialize::InputArchive& root) {
  BestSoFar best;
  best.epoch = readScalar<int64_t>(root, "best_epoch");
  torch::Tensor metric, score, since;  // each its own: try_read writes into a defined tensor
  if (root.try_read("best_since", since)) best.since = since.item<int64_t>();
  if (root.try_read("best_metric", metric) && metric.numel() > 0)
    best.metric.assign(reinterpret_cast<const char*>(metric.contiguous().data_ptr<uint8_t>()), metric.numel());
  best.value =
      root.try_read("best_score", score) ? score.item<double>() : readScalar<double>(root, "best_val_accuracy");
  if (best.epoch == 0 || !std::isfinite(best.value)) best.value = std::nan("");
  return best;
}

constexpr const char* kAverage = "ema";  // the moving average of the weights, a state_dict as "model"

// The checkpoint's average into `average`, returning its updates; -1 when it has none
// (the average restarts from the weights just loaded).
int64_t loadAverage(torch::serialize::InputArchive& root, WeightAverage& average) {
  torch::serialize::InputArchive archive;
  if (!root.try_read(kAverage, archive)) {
    average.restart();
    return -1;
  }
  average.model()->load(archive);
  const auto updates = readScalar<int64_t>(root, "ema_updates");
  average.resumeAt(updates);
  return updates;
}

// LibTorch's message without its stack trace: the first line.
std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string freeSpaceNote(const std::filesystem::path& file) {
  std::error_code ec;
  const auto space = std::filesystem::space(file.parent_path(), ec);
  if (ec) return "";
  return " (" + std::to_string(space.available / (1024 * 1024)) + " MB free on that disk)";
}

}  // namespace

void saveCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                    const TrainingPosition& p, WeightAverage* average) {
  torch::serialize::OutputArchive root, modelArchive, optimArchive, averageArchive;
  model->save(modelArchive);
  optimizer.save(optimArchive);
  root.write("model", modelArchive);
  root.write("optimizer", optimArchive);
  if (average) {
    average->model()->save(averageArchive);
    root.write(kAverage, averageArchive);
    root.write("ema_updates", scalar(average->updates()));
  }
  root.write("epoch", scalar(p.epoch));
  root.write("batch_in_epoch", scalar(p.batch_in_epoch));
  root.write("global_step", scalar(p.global_step));
  root.write("best_score", scalar(p.best.value));
  root.write("best_epoch", scalar(p.best.epoch));
  root.write("best_metric", text(p.best.metric));
  root.write("best_since", scalar(p.best.since));
  root.write("epoch_loss_sum", scalar(p.epoch_loss_sum));
  root.write("epoch_correct", scalar(p.epoch_correct));
  root.write("epoch_seen", scalar(p.epoch_seen));
  root.write("train_seconds", scalar(p.train_seconds));
  {
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    root.write("rng_cpu", gen.get_state());
  }
  // LibTorch's zip writer cannot fail cleanly: a short write (disk full) throws from
  // its destructor and ends the process. So the archive is made in memory, where
  // writing cannot fail, and written out here, every error checked.
  std::ostringstream archive;
  try {
    root.save_to(archive);
  } catch (const c10::Error& e) {
    throw std::runtime_error("cannot make the checkpoint " + path + ": " + firstLine(e.msg()));
  }
  // Readers never see a half-written checkpoint, and a failed write keeps the old one.
  if (std::string why; !writeFileAtomically(path, archive.str(), &why))
    throw std::runtime_error("cannot write the checkpoint " + path + ": " + why + freeSpaceNote(path));
}

CheckpointSummary inspectCheckpoint(const std::string& path) {
  CheckpointSummary s;
  if (const std::string why = whyNotRegularFile(path); !why.empty()) {  // /dev/zero would be read forever
    s.problem = why;
    return s;
  }
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    s.problem = "cannot be read (" + ec.message() + ")";
    return s;
  }
  if (size == 0) {
    s.problem = "is empty (zero bytes)";
    return s;
  }
  try {
    torch::serialize::InputArchive root, model, optim;
    root.load_from(path, torch::kCPU);
    root.read("model", model);
    root.read("optimizer", optim);
    s.step = readScalar<int64_t>(root, "global_step");
    s.epochs_done = readScalar<int64_t>(root, "epoch");
    s.batch_in_epoch = readScalar<int64_t>(root, "batch_in_epoch");
    s.readable = true;
  } catch (const c10::Error& e) {
    s.problem = "is damaged or not a Trainscope checkpoint (" + firstLine(e.msg()) + ")";
  } catch (const std::exception& e) {
    s.problem = "is damaged or not a Trainscope checkpoint (" + firstLine(e.what()) + ")";
  }
  return s;
}

TrainingPosition loadCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                                const torch::Device& device, WeightAverage* average) {
  requireRegularFile(path);
  torch::serialize::InputArchive root, modelArchive, optimArchive;
  TrainingPosition p;
  try {
    root.load_from(path, device);
    root.read("model", modelArchive);
    root.read("optimizer", optimArchive);
    model->load(modelArchive);
    optimizer.load(optimArchive);
    if (average) p.average_updates = loadAverage(root, *average);
  } catch (const c10::Error& e) {  // damaged, or another model's: say which file and why, in one line
    throw std::runtime_error("cannot load the checkpoint " + path + ": " + firstLine(e.msg()));
  }
  p.epoch = readScalar<int64_t>(root, "epoch");
  p.batch_in_epoch = readScalar<int64_t>(root, "batch_in_epoch");
  p.global_step = readScalar<int64_t>(root, "global_step");
  p.best = readBest(root);
  p.epoch_loss_sum = readScalar<double>(root, "epoch_loss_sum");
  p.epoch_correct = readScalar<double>(root, "epoch_correct");
  p.epoch_seen = readScalar<double>(root, "epoch_seen");
  p.train_seconds = readScalar<double>(root, "train_seconds");
  torch::Tensor rng;
  root.read("rng_cpu", rng);
  auto gen = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  gen.set_state(rng.to(torch::kCPU));
  return p;
}

void loadModelWeights(const std::string& path, LayerStack& model, bool average) {
  requireRegularFile(path);
  torch::serialize::InputArchive root, modelArchive;
  root.load_from(path, torch::kCPU);
  if (average && !root.try_read(kAverage, modelArchive))
    throw std::runtime_error(path + " has no moving average of the weights (trained without " +
                             configField(&ExperimentConfig::training, &TrainingConfig::ema_decay).key + "?)");
  if (!average) root.read("model", modelArchive);
  model->load(modelArchive);
}

bool CheckpointTimer::due(int64_t step) const {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - time_).count();
  return (config_.checkpoint_every_steps > 0 && step - step_ >= config_.checkpoint_every_steps) ||
         (config_.checkpoint_every_seconds > 0 && seconds >= config_.checkpoint_every_seconds);
}

void CheckpointTimer::saved(int64_t step) {
  step_ = step;
  time_ = std::chrono::steady_clock::now();
}

}  // namespace trainscope
