// trainscope-cli's commands around a model: export and predict a trained run's, find
// a learning rate and fit a batch size before one.
#pragma once

#include "engine/model_tools.h"

#include <string>
#include <vector>

namespace trainscope::cli {

// Writes the model and <out>.json (its preprocessing); prints what was written.
int exportCommand(const ExportRequest& request);
// A table's run: predicts every row of the one CSV file in `inputs`, into `out` or
// printed; says how many rows on stderr.
// A text run: the class of each .txt file (a folder: each .txt file under it), one line
// each ("file<TAB>class<TAB>probability", or JSON).
int predictTextCommand(const std::string& runDir, const std::vector<std::string>& inputs, const std::string& checkpoint,
                       bool json);
int predictTableCommand(const std::string& runDir, const std::vector<std::string>& inputs, const std::string& out,
                        const std::string& checkpoint);
// Prints each image's top-k classes, or with json one JSON object per image.
int predictCommand(const std::string& runDir, const std::vector<std::string>& images, int k,
                   const std::string& checkpoint, bool json);

// The learning-rate range test: a log-scale plot in text, the curve as CSV when asked,
// the suggestion; --json prints one JSON object instead.
int lrFindCommand(const std::string& config, const std::vector<std::string>& overrides, int iterations,
                  const std::string& csv, bool json);
// The largest batch within the memory budget, and the accumulation for the target batch.
// The run's most suspect training labels (samples.h5): a table, or with json one JSON
// list of objects (index, path, label, predicted, score, ...).
int suspectsCommand(const std::string& runDir, int64_t top, bool json);
// An image's nearest recorded samples in the run's feature space (embeddings.h5).
int similarCommand(const std::string& runDir, const std::string& image, int top, bool json);
// The experiment as a PyTorch script: from a run folder, or a config with --set
// overrides; to `out` (written atomically) or to stdout when `out` is empty.
// Students' runs and bundles under `source` into `runsDir`, and the leaderboard.
int collectCommand(const std::string& source, const std::string& runsDir, const std::string& teacher, bool json);
// The run as one self-contained HTML page: to `out` (atomically) or stdout.
int reportCommand(const std::string& runDir, const std::string& out, int mistakes);
int exportScriptCommand(const std::string& runDir, const std::string& config, const std::vector<std::string>& overrides,
                        const std::string& out);
int fitBatchCommand(const std::string& config, const std::vector<std::string>& overrides, double headroom,
                    int targetBatch, bool json);

}  // namespace trainscope::cli
