#include "engine/train/validation.h"

#include <cmath>

namespace trainscope {

ValidationResult validateModel(LayerStack& model, DataLoader& loader, const torch::Device& device,
                               const RunControl& control, bool skipEval) {
  ValidationResult r;
  torch::NoGradGuard noGrad;
  if (!skipEval) model->eval();  // the pitfall: Dropout and BatchNorm stay in training mode
  loader.startEpoch(0);
  double lossSum = 0, correct = 0, seen = 0;
  while (auto batch = loader.next()) {
    if (control.stopRequested()) {
      r.interrupted = true;
      model->train();
      return r;
    }
    torch::Tensor x = batch->inputs.to(device, /*non_blocking=*/true);
    torch::Tensor y = batch->targets.to(device, /*non_blocking=*/true);
    torch::Tensor logits = model->forward(x);
    lossSum += torch::nn::functional::cross_entropy(
                   logits, y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum))
                   .item<double>();
    correct += logits.argmax(/*dim=*/1).eq(y).sum().item<double>();
    seen += static_cast<double>(y.size(0));
  }
  model->train();
  r.samples = static_cast<int64_t>(seen);
  r.loss = seen > 0 ? lossSum / seen : std::nan("");
  r.accuracy = seen > 0 ? correct / seen : std::nan("");
  return r;
}

}  // namespace trainscope
