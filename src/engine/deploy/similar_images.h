// "Similar images": an image's nearest neighbours in what the model's penultimate layer
// made of the recorded samples (embeddings.h5, the last epoch). The image is one of those
// samples (its path, or val:N / train:N for the N-th of a split), or any image file,
// whose features the run's last checkpoint computes. Torch-free: the app and the CLI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct SimilarImage {
  int64_t point = 0;      // its row in embeddings.h5
  std::string path;       // the sample's file (or fashion-mnist/test[N])
  int split = 0;          // 0 validation, 1 training
  int64_t index = 0;      // in its split
  std::string label;      // its class
  std::string predicted;  // the last epoch's prediction for it
  float distance = 0;     // in feature space (Euclidean)
};

struct SimilarImages {
  std::string query;                  // as given
  int64_t point = -1;                 // the query's row when it is a recorded sample; -1 when computed
  std::string layer;                  // the features' layer
  std::vector<SimilarImage> nearest;  // nearest first
};

// Throws BadInput when the run has no embeddings.h5, or the image is neither a recorded
// sample nor a readable image file.
SimilarImages findSimilarImages(const std::string& runDir, const std::string& image, int k);

}  // namespace trainscope
