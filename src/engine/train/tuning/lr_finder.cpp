#include "engine/train/tuning/lr_finder.h"

#include "engine/train/optimizers.h"

#include <cmath>
#include <sstream>

namespace trainscope {

namespace {

// Everything the test changes, copied; put back by restore().
class SavedTrainingState {
 public:
  SavedTrainingState(LayerStack& model, torch::optim::Optimizer& optimizer) : model_(model), optimizer_(optimizer) {
    torch::NoGradGuard noGrad;
    for (const auto& p : model->named_parameters()) params_.push_back(p.value().detach().clone());
    for (const auto& b : model->named_buffers()) buffers_.push_back(b.value().detach().clone());
    for (const auto& p : model->parameters()) grads_.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
    torch::serialize::OutputArchive archive;
    optimizer.save(archive);
    std::ostringstream bytes;
    archive.save_to(bytes);
    optimizerBytes_ = bytes.str();
    for (const auto& g : optimizer.param_groups()) lrs_.push_back(g.options().get_lr());
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    rng_ = gen.get_state();
  }

  void restore() {
    torch::NoGradGuard noGrad;
    size_t i = 0;
    for (const auto& p : model_->named_parameters()) p.value().copy_(params_[i++]);
    i = 0;
    for (const auto& b : model_->named_buffers()) b.value().copy_(buffers_[i++]);
    i = 0;
    for (auto& p : model_->parameters()) p.mutable_grad() = grads_[i++];
    // A fresh optimizer state: load() fills the state of the tensors it saved and
    // leaves the rest, so the state created during the test is dropped first.
    optimizer_.state().clear();
    torch::serialize::InputArchive archive;
    std::istringstream bytes(optimizerBytes_);
    archive.load_from(bytes);
    optimizer_.load(archive);
    for (size_t g = 0; g < lrs_.size(); ++g) optimizer_.param_groups()[g].options().set_lr(lrs_[g]);
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_state(rng_);
  }

 private:
  LayerStack& model_;
  torch::optim::Optimizer& optimizer_;
  std::vector<torch::Tensor> params_, buffers_, grads_;
  std::string optimizerBytes_;
  std::vector<double> lrs_;
  torch::Tensor rng_;
};

}  // namespace

double suggestLearningRate(const std::vector<double>& lrs, const std::vector<double>& losses) {
  const size_t n = std::min(lrs.size(), losses.size());
  if (n < 10) return 0;
  // Where the loss falls fastest (fastai's "steep"), looked for only on the way down to
  // the lowest loss, within two decades below it. The first tenth of the curve is left
  // out, since there the average still settles on a few batches; the slope is taken
  // over a window of points, so one noisy step does not make a cliff. A spike early on
  // lies outside the search, and is smoothed away inside it.
  const size_t skip = std::max<size_t>(3, n / 10);
  size_t lowest = skip;
  for (size_t i = skip; i < n; ++i)
    if (losses[i] < losses[lowest]) lowest = i;
  size_t from = skip;
  while (from < lowest && lrs[from] < lrs[lowest] / 100) ++from;
  const size_t w = std::max<size_t>(1, n / 25);
  double steepest = 0;
  size_t at = lowest;
  bool found = false;
  for (size_t j = from; j <= lowest; ++j) {
    const size_t a = j >= w ? j - w : 0, b = std::min(n - 1, j + w);
    const double slope = (losses[b] - losses[a]) / (std::log10(lrs[b]) - std::log10(lrs[a]));
    if (slope < steepest) steepest = slope, at = j, found = true;
  }
  return found ? lrs[at] : lrs[lowest] / 10;  // no descent at all: a tenth of the best
}

LrFinderCurve runLrFinder(LayerStack& model, torch::optim::Optimizer& optimizer, DataLoader& loader,
                          const torch::Device& device, const LrFinderOptions& o,
                          const std::function<void(int, int)>& progress) {
  SavedTrainingState saved(model, optimizer);
  const bool wasTraining = model->is_training();
  LrFinderCurve curve;
  try {
    model->train();
    int64_t epoch = 0;
    loader.startEpoch(epoch);
    const double growth = std::pow(o.end_lr / o.start_lr, 1.0 / std::max(1, o.iterations - 1));
    double average = 0, best = INFINITY;
    for (int i = 0; i < o.iterations; ++i) {
      std::optional<Batch> batch = loader.next();
      if (!batch) {  // a small dataset: go round again
        loader.startEpoch(++epoch);
        batch = loader.next();
        if (!batch) break;
      }
      const double lr = o.start_lr * std::pow(growth, i);
      setLearningRate(optimizer, lr, o.backbone_lr_factor);
      for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
      const torch::Tensor logits = model->forward(batch->inputs.to(device));
      const torch::Tensor loss = torch::nn::functional::cross_entropy(
          logits, batch->targets.to(device),
          torch::nn::functional::CrossEntropyFuncOptions().label_smoothing(o.label_smoothing));
      const double value = loss.item<double>();
      if (!std::isfinite(value)) {
        curve.diverged = true;
        break;
      }
      loss.backward();
      optimizer.step();
      average = o.smoothing * average + (1 - o.smoothing) * value;
      const double smoothed = average / (1 - std::pow(o.smoothing, i + 1));
      curve.lrs.push_back(lr);
      curve.losses.push_back(smoothed);
      curve.raw_losses.push_back(value);
      best = std::min(best, smoothed);
      if (progress) progress(i + 1, o.iterations);
      if (i > 0 && smoothed > o.diverge_factor * best) {
        curve.diverged = true;
        break;
      }
    }
  } catch (...) {
    saved.restore();
    model->train(wasTraining);
    throw;
  }
  saved.restore();
  model->train(wasTraining);
  curve.suggestion = suggestLearningRate(curve.lrs, curve.losses);
  return curve;
}

}  // namespace trainscope
