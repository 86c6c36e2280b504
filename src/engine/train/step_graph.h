// The autograd graph of one training step, as plain values: the graph that the forward
// pass builds and backward() walks. Each node is a grad_fn (ConvolutionBackward0, ...)
// or a leaf tensor's AccumulateGrad, with the layer it belongs to, the shape of the
// tensor it made in the forward pass and what it saved for backward.
#pragma once

#include "engine/config/config.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace trainscope {

// A tensor a grad_fn saved for backward (PyTorch's grad_fn._saved_<name>).
struct SavedTensor {
  std::string name;  // "input", "weight", "result", ...
  std::vector<int64_t> shape;
  std::string dtype;
  int64_t bytes = 0;
  bool parameter = false;  // a leaf's own tensor: saving it costs no extra memory
};

struct StepGraphNode {
  std::string op;              // "ConvolutionBackward0"; a leaf: "AccumulateGrad"
  std::string module;          // the module whose parameters it uses ("layer1_0.conv1"), else its layer
  std::string layer;           // the model's top-level layer ("layer1_0"); "loss" after the model
  std::string module_type;     // "Conv2d", "BasicBlock", ... of `module`, when known
  std::string parameter;       // a leaf: its name in state_dict ("conv1.weight")
  std::vector<int64_t> shape;  // the forward output's shape; a leaf: the parameter's
  bool requires_grad = true;   // a leaf: whether backward accumulates into .grad
  std::vector<SavedTensor> saved;
  bool saved_known = true;  // false: an op whose saved tensors are not read here
};

// An edge in the forward direction: node `from`'s output is an input of node `to`.
struct StepGraphEdge {
  int from = 0, to = 0;
};

struct StepGraph {
  std::string model;
  std::vector<int64_t> input_shape;  // [batch, ...]
  std::vector<std::string> layers;   // the model's top-level layers, in order
  std::vector<std::string> layer_types;
  std::map<std::string, std::string> module_types;  // module path -> "Conv2d", "BasicBlock", ...
  std::vector<StepGraphNode> nodes;
  std::vector<StepGraphEdge> edges;
  int loss = -1;            // the node backward() starts from
  int64_t saved_bytes = 0;  // saved for backward: each storage once, parameters not counted
};

struct StepGraphResult {
  bool ok = false;
  std::string field, error;  // what stopped it: a config field, or "run"
  StepGraph graph;
  // The same step without activation checkpointing, whose segments run their layers
  // without a graph: what the model graph is drawn from. The graph itself otherwise.
  StepGraph structure;
};

// Whether the module path `path` is `module` or lies inside it ("layer1_0.conv1" in "layer1_0").
bool moduleWithin(const std::string& path, const std::string& module);

// Every module with modules inside it ("layer1_0", "layer1"): what "open all blocks" opens.
std::set<std::string> modulesWithParts(const StepGraph& graph);

// One forward pass and loss of the experiment's model on a batch of `batch` zero
// inputs (0: the config's batch_size), in train() mode, before backward() frees what
// was saved. The weights are freshly initialised: structure and sizes do not depend
// on them.
StepGraphResult stepGraphOf(const ExperimentConfig& config, int64_t batch = 0);

// The same for a run folder's experiment, as the run resolved its config.
StepGraphResult stepGraphForRun(const std::string& runDir, int64_t batch = 0);

}  // namespace trainscope
