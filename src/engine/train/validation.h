// The validation pass: eval() (unless the skip_eval pitfall), no_grad, every batch of
// the validation loader; loss and accuracy. Stops early when a stop is requested.
#pragma once

#include "engine/data/data_loader.h"
#include "engine/models/layer_stack.h"
#include "engine/run/run_control.h"
#include "engine/train/criterion.h"

#include <torch/torch.h>

#include <cmath>

namespace trainscope {

struct ValidationResult {
  double loss = 0, accuracy = 0;  // NaN when there are no validation samples
  int64_t samples = 0;
  bool interrupted = false;
  std::vector<int64_t> confusion;  // [classes * classes]: rows the true class, columns the predicted
  std::vector<int32_t> predicted;  // [validation size], by sample index; -1 when not seen
  std::vector<float> probability;  // of `predicted`
  std::vector<float> loss_of;      // [validation size] each sample's cross-entropy; NaN when not seen
  // A regression (accuracy NaN): errors in the target's units, R² = 1 - SSE / SST.
  double mae = std::nan(""), rmse = std::nan(""), r2 = std::nan("");
  std::vector<float> value_of;  // [validation size] each sample's prediction (standardised); NaN when not seen
};

ValidationResult validateModel(LayerStack& model, DataLoader& loader, const torch::Device& device,
                               const RunControl& control, bool skipEval, int64_t classes,
                               const Criterion& criterion = {});

}  // namespace trainscope
