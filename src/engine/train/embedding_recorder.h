// embeddings.h5 (record/embedding_file.h): after each complete epoch, one eval() and
// no_grad pass over a fixed, seeded choice of samples (up to 10,000 of the validation
// split and 1,000 of the training split, through the validation transforms), the input
// of the model's last layer captured as PyTorch's register_forward_hook would (the
// LayerStack's observer). Classification only; rank 0 of a data-parallel run.
#pragma once

#include "engine/config/config.h"
#include "engine/data/data_loader.h"
#include "engine/data/dataset.h"
#include "engine/models/layer_stack.h"
#include "engine/record/embedding_file.h"

#include <torch/torch.h>

#include <memory>
#include <string>

namespace trainscope {

class EmbeddingRecorder {
 public:
  static constexpr int64_t kValidationPoints = 10000, kTrainingPoints = 1000, kComponents = 32;
  static constexpr int64_t kMostFeatures = 4096;  // wider features (a flattened conv map) are not recorded
  // On a resume the epochs already in the run folder's embeddings.h5 are kept.
  EmbeddingRecorder(const DatasetSplits& splits, const ExperimentConfig& config, const std::string& runDir,
                    bool resuming);
  // The epoch (0-based) just completed: its pass, then the file rewritten. "" or why not
  // (a view: the run goes on without it).
  std::string endEpoch(LayerStack& model, int64_t epoch, const torch::Device& device);
  double seconds() const { return seconds_; }

 private:
  // Each chosen sample's features [N, dims] and predicted class, in the record's order.
  std::vector<float> features(LayerStack& model, const torch::Device& device, int64_t* dims,
                              std::vector<int32_t>* predicted);
  std::unique_ptr<DataLoader> val_, train_;
  EmbeddingRecord record_;
  std::string path_;
  double seconds_ = 0;
};

}  // namespace trainscope
