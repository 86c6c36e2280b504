// Weight averaging (training.ema_decay): an exponential moving average of the
// weights, kept in a second copy of the model and updated after each optimizer step,
// as timm's ModelEmaV2 and PyTorch's AveragedModel (get_ema_multi_avg_fn) keep theirs.
// Every floating-point tensor of the state_dict is averaged (BatchNorm's running
// statistics too, as timm does), the rest (num_batches_tracked) copied.
#pragma once

#include "engine/models/layer_stack.h"
#include "engine/run/message.h"

#include <torch/torch.h>

#include <cstdint>

namespace trainscope {

class WeightAverage {
 public:
  // `average` is a model of the same architecture as `trained` (its own tensors, on
  // the same device); it starts as a copy of `trained`'s weights.
  WeightAverage(LayerStack trained, LayerStack average, double decay);

  // After optimizer.step(): average = d * average + (1 - d) * weights, with the decay
  // d = min(decay, (1 + n) / (10 + n)) at the n-th update (TensorFlow's num_updates),
  // so the first steps are not averaged towards the initial weights.
  void update();
  double decayAt(int64_t updates) const;

  LayerStack& model() { return average_; }
  int64_t updates() const { return updates_; }
  // A resumed run goes on from a checkpoint's average, `updates` updates in.
  void resumeAt(int64_t updates) { updates_ = updates; }
  // The average starts again from the weights as they are (a checkpoint without one).
  void restart();

  Message policy(const std::string& chosenBy) const;  // the start's log line

 private:
  LayerStack trained_, average_;
  std::vector<torch::Tensor> from_, to_;  // the state_dicts' tensors, in the same order
  double decay_;
  int64_t updates_ = 0;
};

}  // namespace trainscope
