// Which tokens made a text model decide as it did: for each misclassified validation
// document, gradient x embedding of the predicted class's logit, summed over the
// embedding's width (one value per token; positive pushed towards the prediction). The
// gradient is taken with autograd::grad with respect to the embedding output alone, so
// the parameters' .grad are never touched. Eval mode and the caller's device.
#pragma once

#include "engine/data/dataset.h"
#include "engine/models/layer_stack.h"
#include "engine/record/saliency_file.h"

#include <torch/torch.h>

namespace trainscope {

// `predicted`: each validation document's predicted class (ValidationResult::predicted;
// -1 when not seen). `val` a text dataset (Dataset::tokenCount).
TokenSaliencies misclassifiedTokenSaliency(LayerStack& model, const Dataset& val, const std::vector<int32_t>& predicted,
                                           const torch::Device& device, int64_t batchSize = 64);

}  // namespace trainscope
