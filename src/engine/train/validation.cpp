#include "engine/train/validation.h"

#include <cmath>

namespace trainscope {

ValidationResult validateModel(LayerStack& model, DataLoader& loader, const torch::Device& device,
                               const RunControl& control, bool skipEval, int64_t classes) {
  ValidationResult r;
  r.confusion.assign(static_cast<size_t>(classes * classes), 0);
  r.predicted.assign(static_cast<size_t>(loader.datasetSize()), -1);
  r.probability.assign(r.predicted.size(), 0.0f);
  r.loss_of.assign(r.predicted.size(), std::nanf(""));
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
    const torch::Tensor losses = torch::nn::functional::cross_entropy(
        logits, y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));
    lossSum += losses.sum().item<double>();
    const auto [probability, predicted] = torch::softmax(logits, /*dim=*/1).max(/*dim=*/1);
    correct += predicted.eq(y).sum().item<double>();
    seen += static_cast<double>(y.size(0));
    // The confusion matrix and each sample's prediction, from this same pass.
    const torch::Tensor p = predicted.to(torch::kCPU).contiguous(), t = batch->targets.contiguous();
    const torch::Tensor prob = probability.to(torch::kCPU, torch::kFloat).contiguous();
    const int64_t *truthOf = t.data_ptr<int64_t>(), *guessOf = p.data_ptr<int64_t>();
    const int64_t* sampleOf = batch->samples.data_ptr<int64_t>();
    const float* probabilityOf = prob.data_ptr<float>();
    const torch::Tensor lossCpu = losses.to(torch::kCPU, torch::kFloat).contiguous();
    const float* lossOf = lossCpu.data_ptr<float>();
    for (int64_t k = 0; k < p.size(0); ++k) {
      const int64_t truth = truthOf[k], guess = guessOf[k];
      if (truth >= 0 && truth < classes && guess >= 0 && guess < classes)
        ++r.confusion[static_cast<size_t>(truth * classes + guess)];
      const auto i = static_cast<size_t>(sampleOf[k]);
      if (i >= r.predicted.size()) continue;
      r.predicted[i] = static_cast<int32_t>(guess), r.probability[i] = probabilityOf[k], r.loss_of[i] = lossOf[k];
    }
  }
  model->train();
  r.samples = static_cast<int64_t>(seen);
  r.loss = seen > 0 ? lossSum / seen : std::nan("");
  r.accuracy = seen > 0 ? correct / seen : std::nan("");
  return r;
}

}  // namespace trainscope
