// The built-in models, built for a given input shape and class count.
#pragma once

#include "engine/config/config.h"
#include "engine/models/layer_stack.h"

namespace trainscope {

// input_shape is [C, H, W], or [F] for tabular_mlp, whose categorySizes are each
// category column's code count (TableEncoding::categorySizes) and whose num_classes is
// 1 for regression; text_cnn's and text_gru's input_shape is [tokens] (the longest
// document) and categorySizes {vocabulary size}: a document is one column of token
// codes. Throws std::invalid_argument when the input is too small for the
// model (e.g. LeNet on 8x8 images).
LayerStack buildModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                      const std::vector<int64_t>& categorySizes = {});

// buildModel initialised from `seed`, as a run initialises its weights. Initialisation
// draws from LibTorch's global generator: this holds one process-wide lock while it
// seeds and builds, and (restoreGenerator) puts the generator back as it found it, so
// a tool building a model (export, the LR finder) leaves a run's draws alone. A run
// itself goes on drawing from where its initialisation left the generator.
LayerStack buildSeededModel(const ModelConfig& config, const std::vector<int64_t>& input_shape, int64_t num_classes,
                            uint64_t seed, bool restoreGenerator = true,
                            const std::vector<int64_t>& categorySizes = {});

}  // namespace trainscope
