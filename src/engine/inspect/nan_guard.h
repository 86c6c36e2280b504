// The NaN guard: a cheap check every step, and after a trip, the evidence: which layer
// first produced a non-finite value, on which batch, written to HDF5.
#pragma once

#include "engine/models/layer_stack.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

// The first parameter ("conv1.weight") whose gradient holds NaN or Inf, or "" when all
// are finite. One pass over each gradient's memory (tensor_scan.h).
std::string firstNonFiniteGradient(LayerStack& model);

struct NanDiagnosis {
  std::string layer;  // first layer whose output is not finite; "" when the forward pass is finite
  std::string layer_type;
  std::string dump_path;
};

// Reruns the batch forward (no grad, same mode) to locate the first non-finite layer
// output, and writes to `path`: /inputs, /targets, and /layer/input and /layer/output of
// that layer, with attributes step, epoch, reason, layer, layer_type. Only runs after a trip.
NanDiagnosis investigateNonFinite(LayerStack& model, const torch::Tensor& inputs, const torch::Tensor& targets,
                                  const std::string& reason, int64_t step, int64_t epoch, const std::string& path);

}  // namespace trainscope
