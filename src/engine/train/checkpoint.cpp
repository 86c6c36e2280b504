#include "engine/train/checkpoint.h"

#include <ATen/CPUGeneratorImpl.h>

#include <filesystem>
#include <mutex>

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

}  // namespace

void saveCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                    const TrainingPosition& p) {
  torch::serialize::OutputArchive root, modelArchive, optimArchive;
  model->save(modelArchive);
  optimizer.save(optimArchive);
  root.write("model", modelArchive);
  root.write("optimizer", optimArchive);
  root.write("epoch", scalar(p.epoch));
  root.write("batch_in_epoch", scalar(p.batch_in_epoch));
  root.write("global_step", scalar(p.global_step));
  root.write("best_val_accuracy", scalar(p.best_val_accuracy));
  root.write("best_epoch", scalar(p.best_epoch));
  root.write("epoch_loss_sum", scalar(p.epoch_loss_sum));
  root.write("epoch_correct", scalar(p.epoch_correct));
  root.write("epoch_seen", scalar(p.epoch_seen));
  root.write("train_seconds", scalar(p.train_seconds));
  {
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    root.write("rng_cpu", gen.get_state());
  }
  const std::string tmp = path + ".tmp";
  root.save_to(tmp);
  std::filesystem::rename(tmp, path);  // readers never see a half-written checkpoint
}

TrainingPosition loadCheckpoint(const std::string& path, LayerStack& model, torch::optim::Optimizer& optimizer,
                                const torch::Device& device) {
  torch::serialize::InputArchive root, modelArchive, optimArchive;
  root.load_from(path, device);
  root.read("model", modelArchive);
  root.read("optimizer", optimArchive);
  model->load(modelArchive);
  optimizer.load(optimArchive);
  TrainingPosition p;
  p.epoch = readScalar<int64_t>(root, "epoch");
  p.batch_in_epoch = readScalar<int64_t>(root, "batch_in_epoch");
  p.global_step = readScalar<int64_t>(root, "global_step");
  p.best_val_accuracy = readScalar<double>(root, "best_val_accuracy");
  p.best_epoch = readScalar<int64_t>(root, "best_epoch");
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

void loadModelWeights(const std::string& path, LayerStack& model) {
  torch::serialize::InputArchive root, modelArchive;
  root.load_from(path, torch::kCPU);
  root.read("model", modelArchive);
  model->load(modelArchive);
}

}  // namespace trainscope
