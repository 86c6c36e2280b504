// The engine's face for what a run learnt about its training samples (samples.h5):
// the suspect labels, with where each sample is and what the model made of it. Plain
// types: the CLI and the app include this, never torch.
#pragma once

#include "engine/data/dataset.h"
#include "engine/record/prediction_file.h"
#include "engine/record/residual_file.h"
#include "engine/record/saliency_file.h"
#include "engine/record/sample_file.h"

#include <cstdint>
#include <memory>
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
  bool bad_input = false;  // the error is in the run's files or dataset, not in reading them
  int64_t samples = 0, epochs = 0;
  int64_t flipped = 0;    // dataset.label_noise's flips in the split (0 without)
  double precision = -1;  // share of the suspects that were flipped (when there are flips)
  std::vector<SuspectSample> suspects;
};

// The `top` most suspect training labels of a run (its samples.h5 and its dataset,
// reopened as the run's config says). Never throws.
SuspectReport findSuspects(const std::string& runDir, int64_t top);

// Everything the app's Mistakes page shows of a run: its validation predictions, its
// training samples' dynamics (each may be absent before the first epoch ends), and its
// dataset reopened as the run's config says, to show the images.
struct RunDiagnosis {
  std::string run_dir, run_name;
  std::string error;                       // the run or its dataset could not be opened
  std::string dataset_kind, dataset_root;  // as the run's config names its dataset
  std::shared_ptr<const DatasetSplits> splits;
  bool has_predictions = false, has_dynamics = false, has_residuals = false, has_saliency = false;
  ValidationPredictions predictions;
  SampleDynamics dynamics;
  ValidationResiduals residuals;        // a regression's validation predictions against the truth
  TokenSaliencies saliency;             // a text run's misclassified documents, explained
  std::vector<std::string> vocabulary;  // a text run's, from run.json: names saliency's token ids
  std::string predictions_error, dynamics_error, residuals_error, saliency_error;  // a file there but unreadable
};

// Reads a run's diagnosis; `reuse`, when given, is the run's dataset opened before (the
// app keeps it between epochs). Never throws.
RunDiagnosis readRunDiagnosis(const std::string& runDir, std::shared_ptr<const DatasetSplits> reuse = nullptr);

}  // namespace trainscope
