#include "engine/train/validation.h"

#include "engine/train/precision.h"

#include <cmath>

namespace trainscope {

namespace {

// The regression pass: the criterion's loss, and the sums MAE, RMSE and R² come from.
ValidationResult validateRegression(LayerStack& model, DataLoader& loader, const torch::Device& device,
                                    const RunControl& control, const Criterion& criterion) {
  ValidationResult r;
  r.value_of.assign(static_cast<size_t>(loader.datasetSize()), std::nanf(""));
  r.loss_of = r.value_of;
  double lossSum = 0, absSum = 0, sqSum = 0, ySum = 0, ySqSum = 0, seen = 0;
  while (auto batch = loader.next()) {
    if (control.stopRequested()) return r.interrupted = true, r;
    const torch::Tensor out = asFloat32(model->forward(batch->inputs.to(device, /*non_blocking=*/true))).reshape({-1});
    const torch::Tensor y = batch->targets.to(device, /*non_blocking=*/true);
    const torch::Tensor losses = regressionLosses(criterion, out, y);
    const torch::Tensor error = out - y;
    lossSum += losses.sum().item<double>();
    absSum += error.abs().sum().item<double>();
    sqSum += error.square().sum().item<double>();
    ySum += y.sum().item<double>(), ySqSum += y.square().sum().item<double>();
    seen += static_cast<double>(y.size(0));
    const torch::Tensor v = out.to(torch::kCPU, torch::kFloat).contiguous();
    const torch::Tensor l = losses.to(torch::kCPU, torch::kFloat).contiguous();
    const int64_t* sampleOf = batch->samples.data_ptr<int64_t>();
    for (int64_t k = 0; k < v.size(0); ++k)
      if (const auto i = static_cast<size_t>(sampleOf[k]); i < r.value_of.size())
        r.value_of[i] = v.data_ptr<float>()[k], r.loss_of[i] = l.data_ptr<float>()[k];
  }
  r.samples = static_cast<int64_t>(seen);
  r.loss = seen > 0 ? lossSum / seen : std::nan("");
  r.accuracy = std::nan("");
  if (seen == 0) return r;
  r.mae = absSum / seen * criterion.target_std;
  r.rmse = std::sqrt(sqSum / seen) * criterion.target_std;
  const double total = ySqSum - ySum * ySum / seen;  // SST, about the validation mean
  r.r2 = total > 0 ? 1.0 - sqSum / total : std::nan("");
  return r;
}

}  // namespace

ValidationResult validateModel(LayerStack& model, DataLoader& loader, const torch::Device& device,
                               const RunControl& control, bool skipEval, int64_t classes, const Criterion& criterion) {
  if (criterion.regression) {
    torch::NoGradGuard noGrad;
    if (!skipEval) model->eval();
    loader.startEpoch(0);
    ValidationResult r = validateRegression(model, loader, device, control, criterion);
    model->train();
    return r;
  }
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
    torch::Tensor logits = asFloat32(model->forward(x));  // bfloat16 under autocast
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
