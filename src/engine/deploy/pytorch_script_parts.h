// The sections of a PyTorch script (pytorch_script.h), each written from the config.
// Internal to engine/deploy.
#pragma once

#include "engine/config/config.h"
#include "engine/config/config_checks.h"
#include "engine/deploy/pytorch_script.h"

#include <string>
#include <utility>
#include <vector>

namespace trainscope::script {

// A number as Python writes it (shortest round trip: 0.1, 1e-08, 3.0).
std::string number(double value);
// A string as a Python literal (pythonString: quotes, line breaks, control characters
// and non-UTF-8 bytes escaped; it reads back as the same text).
std::string quoted(const std::string& text);
// `text` with each {{key}} replaced by its value in one pass: a value is never scanned
// again, so text inside a value that looks like a placeholder stays text.
std::string fill(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values);

// The Dataset classes and make_datasets(train_transform, val_transform) for the config's
// dataset kind; an error (field, message) for a kind not written yet.
struct Section {
  std::string text, field, error;
  std::vector<std::string> omitted;
};
// The script's data family (config_checks.h: images, a table's rows or documents)
// decides the rest of it: imports, the model's arguments, the loop's loss and metrics.
bool isRegression(const ScriptSources& sources);  // a table whose target is a number
// The imports the script's data and model need, first after its docstring.
std::string importsFor(DataFamily family);

Section dataSection(const ExperimentConfig& config, const ScriptSources& sources);
// The kinds' own sections (dataSection calls them).
Section tableDataSection(const ExperimentConfig& config, const TableEncoding& table);
Section textDataSection(const ExperimentConfig& config);
// inside_root(path) and utf8_name(name): a folder's links and names taken as the engine takes them.
extern const char* const kFolderRules;
// stratified_split(labels, fraction, seed): the Python every split-by-class kind shares.
extern const char* const kStratifiedSplit;
// read_rows(path), number(cell), level_order(level) and MISSING: a CSV as the engine reads it.
extern const char* const kReadRows;
// The two transforms.Compose pipelines.
Section transformSection(const ExperimentConfig& config);
// The model's nn.Module (and the blocks it uses), named as the engine names its layers.
Section modelSection(const ExperimentConfig& config);

// A model as a list of layers applied in order (the engine's LayerStack), written as
// an nn.Module class by classText.
struct Layer {
  Layer(std::string name_, std::string module_, std::string before_ = "", std::string call_ = "")
      : name(std::move(name_)), module(std::move(module_)), before(std::move(before_)), call(std::move(call_)) {}
  std::string name, module;  // "conv1", "nn.Conv2d(channels, 6, kernel_size=5, padding=2)"
  std::string before;        // lines written before it in __init__ (shape arithmetic), indented
  std::string call;          // how forward calls it ("self.convs(x, lengths)"); empty: self.<name>(x)
};
struct Model {
  Model() = default;
  Model(std::string className_, std::string doc_, std::string helpers_ = "", std::string init_ = "")
      : className(std::move(className_)), doc(std::move(doc_)), helpers(std::move(helpers_)), init(std::move(init_)) {}
  std::string className, doc, helpers, init;  // init: lines after the layers (weight initialisation)
  std::vector<Layer> layers;
  std::string arguments = "channels, height, width, num_classes";  // __init__'s, after self
  std::string prologue;                                            // forward's first lines, indented
};
std::string classText(const Model& m);
// The table's and the text models (tabular_mlp, text_cnn, text_gru).
Model tabularMlp(const ModelConfig& c);
Model textModel(const ModelConfig& c);
// The experiment's numbers as module constants (SEED, EPOCHS, LR, ...), first in the script.
std::string constantsSection(const ExperimentConfig& config);
// The optimizer, the learning-rate schedule, the loop, validation, checkpoints, main().
Section loopSection(const ExperimentConfig& config, DataFamily family, bool regression);

}  // namespace trainscope::script
