// The samples a user looks at to see why a model is wrong: the misclassified ones and the
// ones with the highest loss (of either split, at the last epoch), and the data map of
// dataset cartography (Swayamdipta et al. 2020): each training sample's confidence (mean
// probability of its label over the epochs) against its variability (their spread).
#pragma once

#include "engine/record/prediction_file.h"
#include "engine/record/sample_file.h"

#include <cstdint>
#include <vector>

namespace trainscope {

struct SampleVerdict {
  int64_t index = 0;  // in its split
  int64_t label = 0, predicted = 0;
  double loss = 0;
  double p_label = 0;  // probability of its label
};

// Misclassified samples (most confident mistakes first: highest loss), or every sample
// by loss, highest first. Samples not seen in the last epoch are left out.
std::vector<SampleVerdict> rankValidationSamples(const ValidationPredictions& p, bool misclassifiedOnly);
std::vector<SampleVerdict> rankTrainingSamples(const SampleDynamics& d, bool misclassifiedOnly);
// The validation samples in one cell of the last confusion matrix, by loss.
std::vector<SampleVerdict> samplesInCell(const ValidationPredictions& p, int64_t truth, int64_t predicted);

struct DataMapPoint {
  float confidence = 0;   // mean p(label) over the epochs it was seen
  float variability = 0;  // their standard deviation
  float correctness = 0;  // share of those epochs it was predicted right
  bool seen = false;
};
std::vector<DataMapPoint> dataMap(const SampleDynamics& d);

}  // namespace trainscope
