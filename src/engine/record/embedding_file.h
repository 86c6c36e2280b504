// embeddings.h5: what the model's penultimate layer makes of the validation split and of a
// fixed training subset, epoch by epoch. Each epoch's features projected on that epoch's
// principal components (/pca), its predictions, and the last epoch's features in full
// (/features, for "similar images"). Rewritten whole, atomically, at each epoch's end.
// The map's 2-D layout is computed from /pca when shown (inspect/embedding_layout.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct EmbeddingRecord {
  std::string layer;  // the layer whose output the features are
  std::vector<std::string> class_names;
  std::vector<int32_t> split;      // [N] 0 validation, 1 training
  std::vector<int64_t> index;      // [N] the sample's index in its split
  std::vector<int64_t> labels;     // [N]
  std::vector<std::string> paths;  // [N] the sample's file (or "val:INDEX" for IDX data)
  std::vector<int64_t> epochs;     // [E] 1-based epoch numbers
  int64_t pca_dims = 0;            // K
  std::vector<float> pca;          // [E, N, K]
  std::vector<int32_t> predicted;  // [E, N]
  int64_t feature_dims = 0;        // D
  std::vector<float> features;     // [N, D], the last epoch

  int64_t points() const { return static_cast<int64_t>(labels.size()); }
  // Epoch e's (0-based) principal-component coordinates of point i.
  const float* pcaOf(size_t epoch, int64_t i) const {
    return pca.data() + (epoch * static_cast<size_t>(points()) + static_cast<size_t>(i)) * pca_dims;
  }
};

void writeEmbeddingFile(const std::string& path, const EmbeddingRecord& r);
// Throws BadInput naming the file and dataset when it cannot be read or its shapes disagree.
EmbeddingRecord readEmbeddingFile(const std::string& path);

}  // namespace trainscope
