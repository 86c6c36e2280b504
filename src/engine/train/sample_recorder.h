// Per-sample training dynamics (samples.h5, record/sample_file.h) from the forward
// passes training already does: no extra pass. Each training batch's logits give every
// sample's loss, the probability of its label, its margin and its prediction; a mixed
// batch (MixUp, CutMix) is not recorded, its samples' labels being blended.
#pragma once

#include "engine/data/dataset.h"
#include "engine/record/sample_file.h"

#include <torch/torch.h>

#include <string>

namespace trainscope {

class SampleRecorder {
 public:
  // `train`: the training split (NoisyLabels' flips are recorded too). On a resume the
  // epochs already in `path` are kept.
  SampleRecorder(const Dataset& train, std::string path, bool resuming);
  void startEpoch();
  void record(const torch::Tensor& samples, const torch::Tensor& logits, const torch::Tensor& targets);
  // Writes samples.h5 with the epoch just completed; "" or why it could not (the
  // dynamics are a view: the run goes on without them).
  std::string endEpoch();
  // Seconds spent recording and writing so far (its cost: run.json's samples_seconds).
  double seconds() const { return seconds_; }

 private:
  SampleDynamics d_;
  std::string path_;
  bool inEpoch_ = false;
  double seconds_ = 0;
};

}  // namespace trainscope
