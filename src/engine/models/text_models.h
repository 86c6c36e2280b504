// The layers of the text models (text_cnn, text_gru). A LayerStack passes one tensor from
// layer to layer, as nn.Sequential does, but the later layers need each document's
// length: the embedding, which sees the token ids, writes the lengths to a DocumentLengths
// the model's layers share, and the convolutions and the GRU read them within the same
// forward. Token id 0 is <pad> (data/vocabulary.h).
#pragma once

#include <torch/torch.h>

#include <memory>
#include <vector>

namespace trainscope {

struct DocumentLengths {
  torch::Tensor lengths;  // [N] int64 on the CPU: the non-padding tokens of each document
};

// nn.Embedding with padding_idx 0: [N, L] ids to [N, L, E]; records the lengths.
class TokenEmbeddingImpl : public torch::nn::Module {
 public:
  TokenEmbeddingImpl(int64_t vocabulary, int64_t dim, std::shared_ptr<DocumentLengths> lengths);
  torch::Tensor forward(torch::Tensor ids);
  torch::nn::Embedding embedding{nullptr};

 private:
  std::shared_ptr<DocumentLengths> lengths_;
};
TORCH_MODULE(TokenEmbedding);

// Kim's CNN for sentences: a Conv1d of each width over the embedded tokens, ReLU, and the
// maximum over the positions whose window lies within the document (a window over the
// padding never counts, so padding more changes nothing). [N, L, E] to [N, widths x C].
class TextConvolutionsImpl : public torch::nn::Module {
 public:
  TextConvolutionsImpl(int64_t dim, int64_t channels, std::vector<int64_t> widths,
                       std::shared_ptr<DocumentLengths> lengths);
  torch::Tensor forward(torch::Tensor embedded);

 private:
  std::vector<torch::nn::Conv1d> convs_;
  std::vector<int64_t> widths_;
  std::shared_ptr<DocumentLengths> lengths_;
};
TORCH_MODULE(TextConvolutions);

// A GRU reading each document: [N, L, E] to its state after the document's last token,
// [N, H]. Packed (pack_padded_sequence), it never steps through padding; unpacked, it
// runs over the whole padded batch and the state is read at each document's end.
class DocumentGruImpl : public torch::nn::Module {
 public:
  DocumentGruImpl(int64_t dim, int64_t hidden, bool packed, std::shared_ptr<DocumentLengths> lengths);
  torch::Tensor forward(torch::Tensor embedded);
  torch::nn::GRU gru{nullptr};

 private:
  bool packed_;
  std::shared_ptr<DocumentLengths> lengths_;
};
TORCH_MODULE(DocumentGru);

}  // namespace trainscope
