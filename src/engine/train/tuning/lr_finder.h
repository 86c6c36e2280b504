// The LR finder (`trainscope-cli lr-find`, the Model page's "Find a learning rate"):
// Leslie Smith's learning-rate range test, as fastai's lr_find. Train a few steps
// with the rate growing exponentially, watch the smoothed loss, stop when it blows
// up; then put back the weights, the optimizer and the RNG exactly as they were.
#pragma once

#include "engine/data/data_loader.h"
#include "engine/models/layer_stack.h"

#include <torch/torch.h>

#include <functional>
#include <vector>

namespace trainscope {

struct LrFinderOptions {
  double start_lr = 1e-7, end_lr = 10;
  int iterations = 100;
  double smoothing = 0.98;      // exponential moving average of the loss, bias-corrected
  double diverge_factor = 4.0;  // stop when the smoothed loss exceeds this times its best
  double label_smoothing = 0.0;
  double backbone_lr_factor = 1.0;
};

struct LrFinderCurve {
  std::vector<double> lrs, losses;  // smoothed losses
  std::vector<double> raw_losses;
  double suggestion = 0;  // 0 when the curve is too short to say
  bool diverged = false;
};

// Runs the test on `model` with `optimizer`, drawing batches from `loader` (epochs
// wrap around). `progress(i, n)` is called after each iteration (throwing from it
// cancels the test). Restores the model (weights, buffers, gradients, train/eval mode),
// the optimizer and the global CPU generator before returning, also on an exception.
LrFinderCurve runLrFinder(LayerStack& model, torch::optim::Optimizer& optimizer, DataLoader& loader,
                          const torch::Device& device, const LrFinderOptions& options,
                          const std::function<void(int, int)>& progress = {});

// The suggested rate from a curve: where the smoothed loss falls fastest (its slope
// over a window of points) on the way to its lowest value, within two decades below
// it, the first tenth of the curve (the average still settling) left out; 0 when the
// curve has fewer than 10 points. An early spike or dip does not move it.
double suggestLearningRate(const std::vector<double>& lrs, const std::vector<double>& losses);

}  // namespace trainscope
