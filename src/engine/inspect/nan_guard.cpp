#include "engine/inspect/nan_guard.h"

#include "engine/inspect/tensor_scan.h"

#include <cmath>

#include "engine/record/tensor_file.h"

namespace trainscope {

std::string firstNonFiniteGradient(LayerStack& model) {
  const auto params = model->named_parameters();
  const bool onCpu = params.is_empty() || params[0].value().device().is_cpu();
  if (onCpu) {
    for (const auto& item : params)
      if (!std::isfinite(squaredSum(item.value().grad()))) return item.key();
    return {};
  }
  // On a GPU: one reduction per parameter and a single sync instead of one per tensor.
  std::vector<torch::Tensor> sums;
  std::vector<std::string> names;
  for (const auto& item : params) {
    const torch::Tensor& g = item.value().grad();
    if (!g.defined()) continue;
    sums.push_back(g.sum());  // NaN and Inf survive a sum (Inf - Inf becomes NaN)
    names.push_back(item.key());
  }
  if (sums.empty()) return {};
  const torch::Tensor finite = torch::isfinite(torch::stack(sums)).to(torch::kCPU);
  const auto* ok = finite.data_ptr<bool>();
  for (size_t i = 0; i < names.size(); ++i)
    if (!ok[i]) return names[i];
  return {};
}

NanDiagnosis investigateNonFinite(LayerStack& model, const torch::Tensor& inputs, const torch::Tensor& targets,
                                  const std::string& reason, int64_t step, int64_t epoch, const std::string& path) {
  NanDiagnosis d;
  d.dump_path = path;
  torch::Tensor layerInput = inputs, badInput, badOutput;
  {
    torch::NoGradGuard noGrad;
    torch::Tensor previous = inputs;
    model->forward(inputs, [&](size_t i, const torch::Tensor& out) {
      if (d.layer.empty() && !torch::isfinite(out).all().item<bool>()) {
        d.layer = model->layers()[i].name;
        d.layer_type = model->layers()[i].type;
        badInput = previous;
        badOutput = out;
      }
      previous = out;
    });
  }
  TensorFile file(path);
  file.write("/inputs", inputs, {{"description", "the batch's inputs, as the model saw them"}});
  file.write("/targets", targets, {{"description", "the batch's class labels"}});
  if (!d.layer.empty()) {
    file.write("/layer/input", badInput, {{"layer", d.layer}});
    file.write("/layer/output", badOutput, {{"layer", d.layer}});
  }
  file.setAttribute("/", "reason", reason);
  file.setAttribute("/", "step", step);
  file.setAttribute("/", "epoch", epoch);
  file.setAttribute("/", "layer", d.layer);
  file.setAttribute("/", "layer_type", d.layer_type);
  return d;
}

}  // namespace trainscope
