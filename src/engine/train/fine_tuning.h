// Fine-tuning: the classifier head apart from the backbone, frozen layers
// (requires_grad off until model.unfreeze_epoch), and a lower learning rate for the
// backbone (model.backbone_lr_factor). For built-in and TorchScript models alike.
#pragma once

#include "engine/config/config.h"
#include "engine/models/layer_stack.h"

#include <torch/torch.h>

#include <optional>
#include <string>

#include <memory>
#include <string>
#include <vector>

namespace trainscope {

// The head's parameter names: those of the module owning the last 2-D weight with
// one row per class ("fc3" of LeNet, "fc" of ResNet-18 or of a torchvision model).
std::vector<std::string> headParameterNames(LayerStack& model, int64_t classes);

// Sets requires_grad for this epoch (0-based): off for model.freeze's parameters
// ("backbone" = all but the head, else names or name prefixes such as "layer1")
// before model.unfreeze_epoch, on otherwise. Returns the number of frozen tensors.
// Throws ConfigError when a model.freeze entry names no parameter.
int64_t applyFreezing(LayerStack& model, const ModelConfig& config, int64_t classes, int64_t epoch);
// applyFreezing at an epoch's start; the log's note when the frozen count changes from
// `frozenTensors` (updated; -1 before the first epoch).
std::optional<std::string> freezeForEpoch(LayerStack& model, const ModelConfig& config, int64_t classes, int64_t epoch,
                                          int64_t& frozenTensors);

// The optimizer with two groups when the backbone learns slower: group 0 the backbone
// (its rate times model.backbone_lr_factor), group 1 the head; else one group.
std::unique_ptr<torch::optim::Optimizer> makeFineTuningOptimizer(const OptimizerConfig& optimizer,
                                                                 const ModelConfig& model, LayerStack& stack,
                                                                 int64_t classes);

}  // namespace trainscope
