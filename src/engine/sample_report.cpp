#include "engine/sample_report.h"

#include "engine/config/config.h"
#include "engine/data/dataset_source.h"
#include "engine/record/run_library.h"
#include "engine/record/sample_file.h"

#include <algorithm>
#include <filesystem>

namespace trainscope {

SuspectReport findSuspects(const std::string& runDir, int64_t top) {
  SuspectReport r;
  try {
    const std::string samplesPath = runDir + "/samples.h5";
    if (!std::filesystem::exists(samplesPath))
      throw std::runtime_error(runDir + " has no samples.h5 (it is written at the end of each epoch)");
    const SampleDynamics d = readSampleFile(samplesPath);
    const RunEntry run = readRunEntry(runDir);  // run.json, read as the run library reads it
    if (!run.damage.empty()) throw std::runtime_error(run.damage);
    if (run.config.empty()) throw std::runtime_error(runDir + "/run.json has no config");
    const ExperimentConfig cfg = parseConfig(run.config);
    const DatasetSplits splits = openDataset(cfg);  // the same subset and flips: both come from the seed
    if (splits.train->size() != d.samples())
      throw std::runtime_error("the dataset has changed since the run: " + std::to_string(splits.train->size()) +
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
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

}  // namespace trainscope
