// samples.h5: per-sample training dynamics, from the forward passes training already
// does. For every training sample and completed epoch: its loss, the probability of
// its label, the margin of its label's logit over the largest other, and the class
// predicted (NaN / -1 where a sample was not seen, e.g. in a mixed batch). With
// dataset.label_noise, the flipped samples and their true labels. Rewritten whole,
// atomically, at each epoch's end (a few MB for 60,000 samples).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct SampleDynamics {
  std::vector<int64_t> labels;                    // [N] the labels trained on
  std::vector<std::vector<float>> loss, p_label;  // [epochs][N]
  std::vector<std::vector<float>> margin;         // [epochs][N] label logit - largest other
  std::vector<std::vector<int32_t>> predicted;    // [epochs][N]
  std::vector<int64_t> flipped, original_labels;  // dataset.label_noise
  int64_t samples() const { return static_cast<int64_t>(labels.size()); }
  int64_t epochs() const { return static_cast<int64_t>(loss.size()); }
};

// The largest class index a record may hold (checked when read back).
constexpr int64_t kMaxClassIndex = 1 << 20;

void writeSampleFile(const std::string& path, const SampleDynamics& d);
// Throws BadInput naming the file and dataset when it cannot be read or its shapes
// and class indices do not fit together.
SampleDynamics readSampleFile(const std::string& path);

// What an epoch in progress has recorded so far (the trainer's
// checkpoints/samples-epoch<E>-batch<B>.h5): the samples seen and their values, sparse,
// so a checkpoint early in an epoch writes little. Written before the checkpoint, read
// by the resume that starts from it.
struct SampleEntries {
  std::vector<int64_t> index;  // into the training split
  std::vector<float> loss, p_label, margin;
  std::vector<int32_t> predicted;
};
void writeSampleEntries(const std::string& path, const SampleEntries& e);
// Throws BadInput naming the file and dataset when the datasets do not fit together.
SampleEntries readSampleEntries(const std::string& path);

// One training sample whose label looks wrong: ranked by the area under the margin
// (AUM, Pleiss et al. 2020): the mean over epochs of its label's logit minus the
// largest other logit. Mislabelled samples stay below zero while the rest rise.
struct Suspect {
  int64_t index = 0;      // in the training split
  int64_t label = 0;      // the label trained on
  int64_t predicted = 0;  // at the last epoch
  double score = 0;       // -AUM: higher is more suspect
  double p_label = 0;     // probability of its label at the last epoch
  int forgetting = 0;     // epochs where it went from correct to wrong
};
std::vector<Suspect> rankSuspects(const SampleDynamics& d, int64_t top);

}  // namespace trainscope
