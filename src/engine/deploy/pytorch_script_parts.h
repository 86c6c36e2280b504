// The sections of a PyTorch script (pytorch_script.h), each written from the config.
// Internal to engine/deploy.
#pragma once

#include "engine/config/config.h"
#include "engine/deploy/pytorch_script.h"

#include <string>
#include <utility>
#include <vector>

namespace trainscope::script {

// A number as Python writes it (shortest round trip: 0.1, 1e-08, 3.0).
std::string number(double value);
// A string as a Python literal.
std::string quoted(const std::string& text);
// `text` with each {{key}} replaced by its value.
std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values);

// The Dataset classes and make_datasets(train_transform, val_transform) for the config's
// dataset kind; an error (field, message) for a kind not written yet.
struct Section {
  std::string text, field, error;
  std::vector<std::string> omitted;
};
Section dataSection(const ExperimentConfig& config, const ScriptSources& sources);
// The two transforms.Compose pipelines.
Section transformSection(const ExperimentConfig& config);
// The model's nn.Module (and the blocks it uses), named as the engine names its layers.
Section modelSection(const ExperimentConfig& config);
// The experiment's numbers as module constants (SEED, EPOCHS, LR, ...), first in the script.
std::string constantsSection(const ExperimentConfig& config);
// The optimizer, the learning-rate schedule, the loop, validation, checkpoints, main().
Section loopSection(const ExperimentConfig& config);

}  // namespace trainscope::script
