#include "engine/models/text_models.h"

#include <algorithm>

namespace trainscope {

namespace nn = torch::nn;

TokenEmbeddingImpl::TokenEmbeddingImpl(int64_t vocabulary, int64_t dim, std::shared_ptr<DocumentLengths> lengths)
    : lengths_(std::move(lengths)) {
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, dim).padding_idx(0)));
}

torch::Tensor TokenEmbeddingImpl::forward(torch::Tensor ids) {
  // At least one token each: an empty document is never batched (text_dataset.h).
  lengths_->lengths = ids.ne(0).sum(1).clamp_min(1).to(torch::kCPU, torch::kInt64);
  return embedding->forward(ids);
}

TextConvolutionsImpl::TextConvolutionsImpl(int64_t dim, int64_t channels, std::vector<int64_t> widths,
                                           std::shared_ptr<DocumentLengths> lengths)
    : widths_(std::move(widths)), lengths_(std::move(lengths)) {
  for (int64_t w : widths_)
    convs_.push_back(register_module("conv" + std::to_string(w), nn::Conv1d(nn::Conv1dOptions(dim, channels, w))));
}

torch::Tensor TextConvolutionsImpl::forward(torch::Tensor embedded) {
  torch::Tensor x = embedded.transpose(1, 2);  // [N, E, L]: Conv1d slides over the last dimension
  const int64_t widest = *std::max_element(widths_.begin(), widths_.end());
  if (x.size(2) < widest) x = torch::constant_pad_nd(x, {0, widest - x.size(2)});
  const torch::Tensor lengths = lengths_->lengths.to(x.device());
  std::vector<torch::Tensor> pooled;
  for (size_t k = 0; k < convs_.size(); ++k) {
    const torch::Tensor y = torch::relu(convs_[k]->forward(x));  // [N, C, L - w + 1]
    // Windows starting at t < length - w + 1 lie within the document (a shorter one has
    // its first window only). ReLU's outputs are >= 0, so a masked 0 never wins the max.
    const torch::Tensor windows = (lengths - widths_[k] + 1).clamp_min(1);
    const torch::Tensor inside = torch::arange(y.size(2), lengths.options()).unsqueeze(0) < windows.unsqueeze(1);
    pooled.push_back(y.masked_fill(inside.logical_not().unsqueeze(1), 0).amax(2));
  }
  return torch::cat(pooled, 1);
}

DocumentGruImpl::DocumentGruImpl(int64_t dim, int64_t hidden, bool packed, std::shared_ptr<DocumentLengths> lengths)
    : packed_(packed), lengths_(std::move(lengths)) {
  gru = register_module("gru", nn::GRU(nn::GRUOptions(dim, hidden).batch_first(true)));
}

torch::Tensor DocumentGruImpl::forward(torch::Tensor embedded) {
  const torch::Tensor& lengths = lengths_->lengths;
  if (packed_) {
    const auto packed =
        nn::utils::rnn::pack_padded_sequence(embedded, lengths, /*batch_first=*/true, /*enforce_sorted=*/false);
    return std::get<1>(gru->forward_with_packed_input(packed))[0];  // h_n of the one layer: [N, H]
  }
  const torch::Tensor out = std::get<0>(gru->forward(embedded));  // [N, L, H]
  const torch::Tensor last = (lengths - 1).to(out.device()).view({-1, 1, 1}).expand({-1, 1, out.size(2)});
  return out.gather(1, last).squeeze(1);
}

}  // namespace trainscope
