#include "engine/inspect/token_saliency.h"

#include <algorithm>

namespace trainscope {

namespace {

// Token ids of `docs`, 0-padded to the longest: [n, L].
torch::Tensor paddedIds(const Dataset& val, const std::vector<int64_t>& docs) {
  int64_t longest = 1;
  for (int64_t d : docs) longest = std::max(longest, val.tokenCount(d));
  torch::Tensor ids = torch::zeros({static_cast<int64_t>(docs.size()), longest}, torch::kInt64);
  auto* out = ids.data_ptr<int64_t>();
  for (size_t k = 0; k < docs.size(); ++k) {
    std::string error;
    const cv::Mat row = val.load(docs[k], &error);
    std::copy(row.ptr<int32_t>(), row.ptr<int32_t>() + row.total(), out + static_cast<int64_t>(k) * longest);
  }
  return ids;
}

void explainBatch(LayerStack& model, const Dataset& val, const std::vector<int64_t>& docs,
                  const std::vector<int32_t>& predicted, const torch::Device& device, TokenSaliencies& out) {
  const torch::Tensor ids = paddedIds(val, docs);
  const torch::Tensor embedded = model->forwardRange(0, 1, ids.to(device)).detach().requires_grad_(true);
  const torch::Tensor logits = model->forwardRange(1, model->layers().size(), embedded);
  std::vector<int64_t> chosen;
  for (int64_t d : docs) chosen.push_back(predicted[static_cast<size_t>(d)]);
  const torch::Tensor picked = logits.gather(1, torch::tensor(chosen, torch::kInt64).to(device).unsqueeze(1)).sum();
  const torch::Tensor grad = torch::autograd::grad({picked}, {embedded})[0];
  const torch::Tensor saliency = (grad * embedded).sum(2).detach().to(torch::kCPU, torch::kFloat).contiguous();
  for (size_t k = 0; k < docs.size(); ++k) {
    const int64_t d = docs[k], n = val.tokenCount(d);
    const float* s = saliency.data_ptr<float>() + static_cast<int64_t>(k) * saliency.size(1);
    const int64_t* t = ids.data_ptr<int64_t>() + static_cast<int64_t>(k) * ids.size(1);
    out.samples.push_back(d);
    out.label.push_back(static_cast<int32_t>(val.label(d)));
    out.predicted.push_back(predicted[static_cast<size_t>(d)]);
    out.sources.push_back(val.describe(d));
    out.tokens.insert(out.tokens.end(), t, t + n);
    out.saliency.insert(out.saliency.end(), s, s + n);
    out.offsets.push_back(static_cast<int64_t>(out.tokens.size()));
  }
}

}  // namespace

TokenSaliencies misclassifiedTokenSaliency(LayerStack& model, const Dataset& val, const std::vector<int32_t>& predicted,
                                           const torch::Device& device, int64_t batchSize) {
  TokenSaliencies out;
  if (model->layers().empty()) return out;
  const bool wasTraining = model->is_training();
  model->eval();
  // cuDNN's RNN has no backward in eval mode; a one-layer GRU has no dropout, so its
  // training mode computes the same.
  if (device.is_cuda())
    for (auto& m : model->modules(/*include_self=*/false))
      if (m->as<torch::nn::GRU>()) m->train();
  std::vector<int64_t> docs;
  for (int64_t d = 0; d < val.size() && d < static_cast<int64_t>(predicted.size()); ++d) {
    const int32_t p = predicted[static_cast<size_t>(d)];
    if (p >= 0 && p != val.label(d) && val.tokenCount(d) > 0) docs.push_back(d);
    if (static_cast<int64_t>(docs.size()) == batchSize)
      explainBatch(model, val, docs, predicted, device, out), docs.clear();
  }
  if (!docs.empty()) explainBatch(model, val, docs, predicted, device, out);
  model->train(wasTraining);
  return out;
}

}  // namespace trainscope
