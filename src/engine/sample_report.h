// The engine's face for what a run learnt about its training samples (samples.h5):
// the suspect labels, with where each sample is and what the model made of it. Plain
// types: the CLI and the app include this, never torch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct SuspectSample {
  int64_t index = 0;  // in the training split
  std::string where;  // the file, or the IDX file and position
  std::string label, predicted;
  double score = 0;            // -AUM: higher is more suspect
  double p_label = 0;          // probability of its label at the last epoch
  int forgetting = 0;          // correct -> wrong transitions
  bool known_flipped = false;  // flipped on purpose by dataset.label_noise
};

struct SuspectReport {
  bool ok = false;
  std::string error;
  int64_t samples = 0, epochs = 0;
  int64_t flipped = 0;    // dataset.label_noise's flips in the split (0 without)
  double precision = -1;  // share of the suspects that were flipped (when there are flips)
  std::vector<SuspectSample> suspects;
};

// The `top` most suspect training labels of a run (its samples.h5 and its dataset,
// reopened as the run's config says). Never throws.
SuspectReport findSuspects(const std::string& runDir, int64_t top);

}  // namespace trainscope
