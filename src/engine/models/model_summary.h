// A model summary like torchinfo's, as plain values for the app and the CLI.
#pragma once

#include "engine/config/config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct LayerSummary {
  std::string name;
  std::string type;
  std::vector<int64_t> output_shape;  // with the batch dimension, batch = 1
  int64_t parameters = 0;
};

struct ModelSummary {
  std::string model;
  std::vector<int64_t> input_shape;  // [1, C, H, W]
  std::vector<LayerSummary> layers;
  int64_t total_parameters = 0;
  int64_t trainable_parameters = 0;
  double parameters_mb = 0;  // float32 parameters, MB (10^6 bytes) as torchinfo
  double buffers_mb = 0;     // e.g. BatchNorm running statistics
  double size_mb = 0;        // parameters + buffers
};

// Builds the model for an input of [channels, height, width] and runs one sample
// through it. Throws std::invalid_argument when the model cannot take that input.
ModelSummary summarizeModel(const ModelConfig& model, const std::vector<int64_t>& input_shape, int64_t num_classes,
                            const std::vector<int64_t>& categorySizes = {});

// The summary of an experiment's model for its dataset (opens the dataset to learn
// the input shape and classes). Throws ConfigError or std::runtime_error.
ModelSummary summarizeExperiment(const ExperimentConfig& config);

// A fixed-width text table, as torchinfo prints.
std::string formatSummary(const ModelSummary& s);

std::string formatShape(const std::vector<int64_t>& shape);

}  // namespace trainscope
