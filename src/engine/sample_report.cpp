#include "engine/sample_report.h"

#include "engine/config/config.h"
#include "engine/config/file_input.h"
#include "engine/data/dataset_source.h"
#include "engine/data/recorded_samples.h"
#include "engine/data/text_encoding.h"
#include "engine/record/run_library.h"
#include "engine/record/sample_file.h"

#include <algorithm>
#include <filesystem>

namespace trainscope {

namespace {

// The run's config (and display name), as the run library reads run.json. Its dataset,
// opened from it, has the same subsets, flips and corrections as the run trained on:
// all come from the config and its seed.
ExperimentConfig readRunConfig(const std::string& runDir, std::string* name = nullptr) {
  const RunEntry run = readRunEntry(runDir);
  if (!run.damage.empty()) throw BadInput(run.damage);
  if (run.config.empty()) throw BadInput(runDir + "/run.json has no config");
  if (name) *name = run.name;
  return parseConfig(run.config);
}

// A text run's saliency.h5 and the vocabulary (run.json "text") that names its tokens.
void readTextMistakes(const std::string& runDir, RunDiagnosis& r) {
  const std::string path = runDir + "/saliency.h5";
  if (!std::filesystem::exists(path)) return;
  try {
    const nlohmann::json run = readJsonObject(std::filesystem::path(runDir) / "run.json");
    if (!run.contains("text")) throw BadInput(runDir + "/run.json has no vocabulary (\"text\")");
    r.vocabulary = TextEncoding::fromJson(run["text"]).vocabulary.tokens;
    r.saliency = readSaliencyFile(path), r.has_saliency = true;
  } catch (const std::exception& e) {
    r.saliency_error = e.what();
  }
}

// A run that trained on data of its own (a Python script's, an import): its samples as
// it recorded them, without pixels (data/recorded_samples.h).
bool recordsItsOwnData(const std::string& runDir) { return !readRunEntry(runDir).source.empty(); }

DatasetSplits recordedSplits(const std::string& runDir, const std::vector<int64_t>& trainLabels,
                             const std::vector<int64_t>& valLabels, const std::vector<std::string>& names,
                             int64_t classes) {
  std::vector<std::string> recorded = names;
  if (recorded.empty()) {
    const nlohmann::json run = readJsonObject(std::filesystem::path(runDir) / "run.json");
    const auto& listed = run.value("/dataset/classes"_json_pointer, nlohmann::json::array());
    if (listed.is_array())
      for (const auto& c : listed)
        if (c.is_string()) recorded.push_back(c.get<std::string>());
  }
  for (const auto* labels : {&trainLabels, &valLabels})
    for (int64_t l : *labels) classes = std::max(classes, l + 1);
  const auto classNames = recordedClassNames(recorded, classes);
  DatasetSplits s;
  s.train = std::make_shared<RecordedSamples>("train", trainLabels, classNames);
  s.val = std::make_shared<RecordedSamples>("val", valLabels, classNames);
  s.description = "recorded by the run's script";
  return s;
}

}  // namespace

SuspectReport findSuspects(const std::string& runDir, int64_t top) {
  SuspectReport r;
  try {
    const std::string samplesPath = runDir + "/samples.h5";
    if (!std::filesystem::exists(samplesPath))
      throw BadInput(runDir + " has no samples.h5 (it is written at the end of each epoch)");
    const SampleDynamics d = readSampleFile(samplesPath);
    const DatasetSplits splits =
        recordsItsOwnData(runDir) ? recordedSplits(runDir, d.labels, {}, {}, 0) : openDataset(readRunConfig(runDir));
    if (splits.train->size() != d.samples())
      throw BadInput("the dataset has changed since the run: " + std::to_string(splits.train->size()) +
                     " training samples, samples.h5 has " + std::to_string(d.samples()));
    r.samples = d.samples(), r.epochs = d.epochs();
    r.flipped = static_cast<int64_t>(d.flipped.size());
    const auto& classes = splits.train->classes();
    auto name = [&](int64_t c) { return c >= 0 && c < static_cast<int64_t>(classes.size()) ? classes[c] : "?"; };
    int64_t hits = 0;
    for (const Suspect& s : rankSuspects(d, top)) {
      SuspectSample out;
      out.index = s.index;
      out.where = splits.train->describe(s.index);
      out.label = name(s.label), out.predicted = name(s.predicted);
      out.score = s.score, out.p_label = s.p_label, out.forgetting = s.forgetting;
      out.known_flipped = std::binary_search(d.flipped.begin(), d.flipped.end(), s.index);
      hits += out.known_flipped;
      r.suspects.push_back(std::move(out));
    }
    if (r.flipped > 0 && !r.suspects.empty())
      r.precision = static_cast<double>(hits) / static_cast<double>(r.suspects.size());
    r.ok = true;
  } catch (const BadInput& e) {
    r.error = e.what(), r.bad_input = true;
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

RunDiagnosis readRunDiagnosis(const std::string& runDir, std::shared_ptr<const DatasetSplits> reuse) {
  RunDiagnosis r;
  r.run_dir = runDir;
  const bool ownData = recordsItsOwnData(runDir);
  try {
    if (ownData) {
      r.run_name = readRunEntry(runDir).name, r.dataset_kind = "recorded";
    } else {
      const ExperimentConfig config = readRunConfig(runDir, &r.run_name);
      r.dataset_kind = config.dataset.kind, r.dataset_root = config.dataset.root;
      r.splits = reuse ? std::move(reuse) : std::make_shared<const DatasetSplits>(openDataset(config));
    }
  } catch (const std::exception& e) {
    r.error = e.what();
    return r;
  }
  const std::string predictions = runDir + "/predictions.h5", samples = runDir + "/samples.h5";
  try {
    if (std::filesystem::exists(predictions)) r.predictions = readPredictionFile(predictions), r.has_predictions = true;
  } catch (const std::exception& e) {
    r.predictions_error = e.what();
  }
  try {
    if (std::filesystem::exists(samples)) r.dynamics = readSampleFile(samples), r.has_dynamics = true;
  } catch (const std::exception& e) {
    r.dynamics_error = e.what();
  }
  try {
    const std::string residuals = runDir + "/residuals.h5";
    if (std::filesystem::exists(residuals)) r.residuals = readResidualFile(residuals), r.has_residuals = true;
  } catch (const std::exception& e) {
    r.residuals_error = e.what();
  }
  readTextMistakes(runDir, r);
  if (ownData) {
    try {
      r.splits = std::make_shared<const DatasetSplits>(recordedSplits(
          runDir, r.dynamics.labels, r.predictions.labels, r.predictions.class_names, r.predictions.classes));
    } catch (const std::exception& e) {
      r.error = e.what();
      return r;
    }
  }
  // A dataset that changed since the run would show the wrong images.
  if (r.has_predictions && static_cast<int64_t>(r.predictions.labels.size()) != r.splits->val->size())
    r.has_predictions = false, r.predictions_error = "the validation split has changed since the run";
  if (r.has_residuals && r.residuals.samples() != r.splits->val->size())
    r.has_residuals = false, r.residuals_error = "the validation split has changed since the run";
  if (r.has_dynamics && r.dynamics.samples() != r.splits->train->size())
    r.has_dynamics = false, r.dynamics_error = "the training split has changed since the run";
  return r;
}

}  // namespace trainscope
