#include "engine/train/step_graph.h"

#include "engine/config/problem.h"
#include "engine/data/dataset.h"
#include "engine/data/dataset_source.h"
#include "engine/models/max_pool.h"
#include "engine/models/model_factory.h"
#include "engine/models/script_model.h"
#include "engine/record/run_record.h"
#include "engine/train/criterion.h"

#include <torch/csrc/autograd/functions/accumulate_grad.h>
#include <torch/csrc/autograd/generated/Functions.h>

#include <functional>
#include <map>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace trainscope {

namespace {

using torch::autograd::Node;
using AddSaved = std::function<void(const char*, const torch::autograd::SavedVariable&)>;
using SavedReader = void (*)(Node*, const AddSaved&);

// What each grad_fn keeps, as Functions.h declares its SavedVariable members (from
// derivatives.yaml). Ops not listed are shown without their saved tensors.
#define TS_SAVED_BEGIN(T) \
  {                       \
#T, [](Node * n, const AddSaved& add) {                                        \
     if (auto* f = dynamic_cast<torch::autograd::generated::T*>(n)) {
#define TS_SAVED_END \
  }                  \
  }                  \
  }
#define TS_S(m) add(#m, f->m##_);

const std::map<std::string, SavedReader>& savedReaders() {
  static const std::map<std::string, SavedReader> readers{
      TS_SAVED_BEGIN(ConvolutionBackward0) TS_S(input) TS_S(weight) TS_SAVED_END,
      TS_SAVED_BEGIN(AddmmBackward0) TS_S(mat1) TS_S(mat2) TS_SAVED_END,
      TS_SAVED_BEGIN(MmBackward0) TS_S(self) TS_S(mat2) TS_SAVED_END,
      TS_SAVED_BEGIN(BmmBackward0) TS_S(self) TS_S(mat2) TS_SAVED_END,
      TS_SAVED_BEGIN(ReluBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(SigmoidBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(TanhBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(GeluBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(SiluBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(LeakyReluBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(HardtanhBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(EluBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(NativeBatchNormBackward0) TS_S(input) TS_S(weight) TS_S(running_mean) TS_S(running_var)
          TS_S(result1) TS_S(result2) TS_SAVED_END,
      TS_SAVED_BEGIN(NativeLayerNormBackward0) TS_S(input) TS_S(weight) TS_S(bias) TS_S(result1) TS_S(result2)
          TS_SAVED_END,
      TS_SAVED_BEGIN(MaxPool2DWithIndicesBackward0) TS_S(self) TS_S(result1) TS_SAVED_END,
      TS_SAVED_BEGIN(AvgPool2DBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(AdaptiveAvgPool2DBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(MeanBackward1) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(MaxBackward1) TS_S(self) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(AmaxBackward0) TS_S(self) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(MulBackward0) TS_S(self) TS_S(other) TS_SAVED_END,
      TS_SAVED_BEGIN(NativeDropoutBackward0) TS_S(result1) TS_SAVED_END,
      TS_SAVED_BEGIN(EmbeddingBackward0) TS_S(indices) TS_SAVED_END,
      TS_SAVED_BEGIN(LogSoftmaxBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(SoftmaxBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(NllLossBackward0) TS_S(self) TS_S(target) TS_S(weight) TS_S(total_weight) TS_SAVED_END,
      TS_SAVED_BEGIN(MseLossBackward0) TS_S(self) TS_S(target) TS_SAVED_END,
      TS_SAVED_BEGIN(SmoothL1LossBackward0) TS_S(self) TS_S(target) TS_SAVED_END,
      TS_SAVED_BEGIN(ExpBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(LogBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(SqrtBackward0) TS_S(result) TS_SAVED_END,
      TS_SAVED_BEGIN(PowBackward0) TS_S(self) TS_SAVED_END,
      TS_SAVED_BEGIN(WhereBackward0) TS_S(condition) TS_SAVED_END,
  };
  return readers;
}
#undef TS_S
#undef TS_SAVED_END
#undef TS_SAVED_BEGIN

// Ops that save nothing for backward (shapes and scalars only).
bool savesNoTensor(const std::string& op) {
  static const char* const none[] = {
      "AddBackward0",        "AddBackward1",     "SubBackward0",       "ViewBackward0",    "ReshapeAliasBackward0",
      "UnsafeViewBackward0", "TBackward0",       "TransposeBackward0", "PermuteBackward0", "CloneBackward0",
      "ExpandBackward0",     "SqueezeBackward0", "UnsqueezeBackward0", "SumBackward0",     "SumBackward1",
      "MeanBackward0",       "SliceBackward0",   "SelectBackward0",    "CatBackward0",     "StackBackward0",
      "NegBackward0",        "DivBackward1",     "MulBackward1",       "ToCopyBackward0",  "SplitBackward0",
      "UnbindBackward0",     "AccumulateGrad"};
  for (const char* n : none)
    if (op == n) return true;
  return false;
}

std::string shortName(std::string name) {
  if (!name.empty() && name.back() == '>') name = name.substr(name.find('<') + 1, name.size() - name.find('<') - 2);
  const size_t colon = name.rfind("::");
  if (colon != std::string::npos) name = name.substr(colon + 2);
  if (name.size() > 4 && name.compare(name.size() - 4, 4, "Impl") == 0) name.resize(name.size() - 4);
  return name;
}

std::string parentPath(const std::string& path) {
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

// Module path → type ("layer1_0" → "BasicBlock"; a TorchScript module's own type names).
std::map<std::string, std::string> moduleTypes(LayerStack& model) {
  std::map<std::string, std::string> types;
  for (const auto& m : model->named_modules("", /*include_self=*/false)) types[m.key()] = shortName(m.value()->name());
  for (const auto& layer : model->layers()) {
    auto script = std::dynamic_pointer_cast<ScriptLayerImpl>(layer.module.ptr());
    if (!script) continue;
    for (const auto& m : script->script().named_modules()) {
      const auto type = m.value.type()->name();
      if (type) types[m.name.empty() ? layer.name : layer.name + "." + m.name] = type->name();
    }
  }
  return types;
}

// The shape of the tensor a grad_fn's forward op made. LibTorch 1.13's InputMetadata
// keeps it private; its public mismatch message is the one place that prints it.
std::vector<int64_t> forwardShapeOf(const torch::autograd::InputMetadata& meta) {
  const std::string text = meta.incompatible_shape_error_message(0, torch::empty({0})).str();
  const std::string marker = "compatible with [";
  const size_t at = text.find(marker);
  std::vector<int64_t> shape;
  if (at == std::string::npos) return shape;
  std::istringstream in(text.substr(at + marker.size()));
  int64_t size = 0;
  while (in >> size) {
    shape.push_back(size);
    char separator = 0;
    if (!(in >> separator) || separator != ',') break;
  }
  return shape;
}

// A saved tensor that is a parameter, or a view of one (Linear's t(weight)), costs no memory.
using ParameterStorages = std::unordered_map<const c10::StorageImpl*, bool>;

SavedTensor savedTensorOf(const char* name, const torch::Tensor& t, const ParameterStorages& parameters) {
  SavedTensor s;
  s.name = name;
  s.shape = t.sizes().vec();
  s.dtype = c10::toString(t.scalar_type());
  s.bytes = static_cast<int64_t>(t.numel()) * static_cast<int64_t>(t.element_size());
  s.parameter = t.has_storage() && parameters.count(t.storage().unsafeGetStorageImpl());
  return s;
}

// The graph's nodes and edges, from the loss down through next_functions.
class GraphWalk {
 public:
  GraphWalk(StepGraph& graph, const std::unordered_map<const c10::TensorImpl*, std::string>& parameters)
      : graph_(graph), parameters_(parameters) {
    for (const auto& p : parameters) storages_[p.first->storage().unsafeGetStorageImpl()] = true;
  }

  // Every node reachable from `root` not yet seen, as part of `layer`.
  void walk(const std::shared_ptr<Node>& root, const std::string& layer) {
    if (!root || index_.count(root.get())) return;
    std::vector<std::shared_ptr<Node>> todo{root};
    add(root, layer);
    while (!todo.empty()) {
      const std::shared_ptr<Node> node = todo.back();
      todo.pop_back();
      for (const auto& edge : node->next_edges()) {
        if (!edge.function) continue;  // an input that needs no gradient
        if (!index_.count(edge.function.get())) {
          add(edge.function, layer);
          todo.push_back(edge.function);
        }
        graph_.edges.push_back({index_.at(edge.function.get()), index_.at(node.get())});
      }
    }
  }
  int indexOf(const Node* node) const {
    const auto it = index_.find(node);
    return it == index_.end() ? -1 : it->second;
  }
  const std::vector<std::shared_ptr<Node>>& nodes() const { return nodes_; }

 private:
  void add(const std::shared_ptr<Node>& node, const std::string& layer) {
    index_[node.get()] = static_cast<int>(graph_.nodes.size());
    nodes_.push_back(node);
    StepGraphNode n;
    n.op = shortName(node->name());
    n.layer = layer;
    n.module = layer;
    if (auto* leaf = dynamic_cast<torch::autograd::AccumulateGrad*>(node.get())) {
      const auto it = parameters_.find(leaf->variable.unsafeGetTensorImpl());
      n.parameter = it == parameters_.end() ? "tensor" : it->second;
      n.module = parentPath(n.parameter);
      n.shape = leaf->variable.sizes().vec();
      n.requires_grad = leaf->variable.requires_grad();
    } else if (node->num_inputs() > 0) {
      n.shape = forwardShapeOf(node->input_metadata(0));
    }
    readSaved(node, n);
    graph_.nodes.push_back(std::move(n));
  }

  // A saved tensor; the step's total counts each storage once (a ReLU's result is
  // often the next max pool's input: one tensor saved twice).
  void keep(StepGraphNode& n, const char* name, const torch::Tensor& t) {
    n.saved.push_back(savedTensorOf(name, t, storages_));
    if (n.saved.back().parameter || !t.has_storage()) return;
    if (counted_.insert(t.storage().unsafeGetStorageImpl()).second)
      graph_.saved_bytes += static_cast<int64_t>(t.storage().nbytes());
  }

  void readSaved(const std::shared_ptr<Node>& node, StepGraphNode& n) {
    const auto pooled = directMaxPoolSaved(node.get());
    if (!pooled.empty()) {  // the engine's own max pool: LibTorch's backward, drawn as LibTorch's op
      n.op = "MaxPool2DWithIndicesBackward0";
      for (const auto& [name, t] : pooled) keep(n, name.c_str(), t);
      return;
    }
    const auto segment = checkpointedSegmentSaved(node.get());
    if (!segment.empty()) {  // activation checkpointing: the segment's input, recomputed from in backward
      for (const auto& [name, t] : segment) keep(n, name.c_str(), t);
      return;
    }
    const auto it = savedReaders().find(n.op);
    n.saved_known = it != savedReaders().end() || savesNoTensor(n.op);
    if (it == savedReaders().end()) return;
    it->second(node.get(), [&](const char* name, const torch::autograd::SavedVariable& v) {
      try {
        const torch::Tensor t = v.unpack(node);
        if (t.defined()) keep(n, name, t);
      } catch (const std::exception&) {  // released or never saved: nothing held
      }
    });
  }

  StepGraph& graph_;
  const std::unordered_map<const c10::TensorImpl*, std::string>& parameters_;
  ParameterStorages storages_;
  std::unordered_set<const c10::StorageImpl*> counted_;
  std::unordered_map<const Node*, int> index_;
  std::vector<std::shared_ptr<Node>> nodes_;
};

// The nodes in the order the forward pass made them (inputs first).
std::vector<int> forwardOrder(const StepGraph& g, const std::vector<std::vector<int>>& inputs) {
  std::vector<int> waiting(g.nodes.size()), order, ready;
  std::vector<std::vector<int>> consumers(g.nodes.size());
  for (const auto& e : g.edges) consumers[e.from].push_back(e.to), ++waiting[e.to];
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (waiting[i] == 0) ready.push_back(static_cast<int>(i));
  while (!ready.empty()) {
    const int i = ready.back();
    ready.pop_back();
    order.push_back(i);
    for (int c : consumers[i])
      if (--waiting[c] == 0) ready.push_back(c);
  }
  return order;
}

// An op that uses parameters belongs to their module, within its own layer: a leaf
// directly below it, or below a view or cast of leaves that saves nothing (Linear's
// weight reaches addmm through t(); autocast's bf16 copy of a weight). Returns whether
// each node's module came from parameters.
std::vector<bool> assignParameterModules(StepGraph& g, const std::vector<std::vector<int>>& inputs) {
  auto leafModule = [&](int i) -> std::string {
    if (!g.nodes[i].parameter.empty()) return g.nodes[i].module;
    if (!g.nodes[i].saved.empty() || !g.nodes[i].saved_known) return {};
    std::string only;
    for (int j : inputs[i]) {
      if (g.nodes[j].parameter.empty()) return {};
      only = g.nodes[j].module;
    }
    return only;
  };
  std::vector<bool> fromParameters(g.nodes.size(), false);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    auto& n = g.nodes[i];
    fromParameters[i] = !n.parameter.empty();
    if (!n.parameter.empty()) continue;
    for (int j : inputs[i]) {
      const std::string m = leafModule(j);
      if (!m.empty() && moduleWithin(m, n.layer)) {
        n.module = m, fromParameters[i] = true;
        break;
      }
    }
  }
  return fromParameters;
}

// The longest path both lie in ("layer2_0.downsample", "layer2_0.bn2" -> "layer2_0").
std::string commonPath(const std::string& a, const std::string& b) {
  std::string common;
  for (size_t i = 0; i <= std::min(a.size(), b.size()); ++i) {
    const bool endA = i == a.size() || a[i] == '.', endB = i == b.size() || b[i] == '.';
    if (endA && endB) common = a.substr(0, i);
    if (endA != endB || (i < a.size() && i < b.size() && a[i] != b[i])) break;
  }
  return common;
}

// An op without parameters (a block's ReLU or its add) sits in the module around the
// ops that feed it: the parent of a parameterised op's module, or the module of an op
// like itself; parameterised inputs win, and several inputs meet in their common module.
void assignModules(StepGraph& g) {
  std::vector<std::vector<int>> inputs(g.nodes.size());
  for (const auto& e : g.edges) inputs[e.to].push_back(e.from);
  const std::vector<bool> fromParameters = assignParameterModules(g, inputs);
  for (int i : forwardOrder(g, inputs)) {
    auto& n = g.nodes[i];
    if (fromParameters[i] || n.layer == "loss") continue;
    std::string found[2];  // [0]: from ops like itself, [1]: from parameterised ops
    bool any[2] = {false, false};
    for (int j : inputs[i]) {
      if (!g.nodes[j].parameter.empty()) continue;
      const int kind = fromParameters[j] ? 1 : 0;
      const std::string candidate = kind ? parentPath(g.nodes[j].module) : g.nodes[j].module;
      if (candidate.empty() || !moduleWithin(candidate, n.layer)) continue;
      found[kind] = any[kind] ? commonPath(found[kind], candidate) : candidate;
      any[kind] = true;
    }
    const std::string& best = any[1] ? found[1] : found[0];
    if (!best.empty()) n.module = best;
  }
  for (auto& n : g.nodes) {
    const auto it = g.module_types.find(n.module);
    if (it != g.module_types.end()) n.module_type = it->second;
  }
}

torch::Tensor lossOf(const torch::Tensor& out, bool regression, const ExperimentConfig& config, int64_t batch) {
  if (!regression) return torch::nn::functional::cross_entropy(out, torch::zeros({batch}, torch::kInt64));
  const Criterion c = criterionFor(config, true, 1.0);
  return regressionLosses(c, out, torch::zeros({batch})).mean();
}

StepGraph buildGraph(const ExperimentConfig& config, int64_t batch) {
  const auto problems = checkDatasetAvailable(config.dataset);
  if (!problems.empty()) throw ConfigError(problems);
  const DatasetSplits splits = openDataset(config);
  const auto shape = inputShapeOf(*splits.train, config.val_transforms, config.seed);
  const ModelOutputs outputs = modelOutputsFor(splits);
  LayerStack model = buildModel(config.model, shape, outputs.outputs, outputs.category_sizes);
  model->train();
  StepGraph g;
  g.model = config.model.name;
  g.input_shape = {batch > 0 ? batch : std::max(1, config.loader.batch_size)};
  g.input_shape.insert(g.input_shape.end(), shape.begin(), shape.end());
  for (const auto& layer : model->layers()) g.layers.push_back(layer.name), g.layer_types.push_back(layer.type);
  const bool text = !model->layers().empty() && model->layers().front().type == "Embedding";
  // Each layer's grad_fn as it leaves the layer: an in-place op further on (ReLU(inplace=True))
  // moves the tensor's grad_fn along.
  std::vector<std::shared_ptr<Node>> layerOutputs(model->layers().size());
  torch::AutoGradMode grad(true);
  const torch::Tensor out =
      model->forward(text ? torch::ones(g.input_shape, torch::kInt64) : torch::zeros(g.input_shape),
                     [&](size_t i, const torch::Tensor& t) { layerOutputs[i] = t.grad_fn(); });
  const torch::Tensor loss = lossOf(out, splits.train->regression(), config, g.input_shape[0]);
  std::unordered_map<const c10::TensorImpl*, std::string> parameters;
  for (const auto& p : model->named_parameters()) parameters[p.value().unsafeGetTensorImpl()] = p.key();
  GraphWalk walk(g, parameters);
  for (size_t i = 0; i < layerOutputs.size(); ++i) walk.walk(layerOutputs[i], g.layers[i]);
  walk.walk(loss.grad_fn(), "loss");
  g.loss = walk.indexOf(loss.grad_fn().get());
  g.module_types = moduleTypes(model);
  for (size_t i = 0; i < g.layers.size(); ++i) g.module_types[g.layers[i]] = g.layer_types[i];
  assignModules(g);
  return g;
}

}  // namespace

bool moduleWithin(const std::string& path, const std::string& module) {
  return path == module ||
         (path.size() > module.size() && path.compare(0, module.size(), module) == 0 && path[module.size()] == '.');
}

std::set<std::string> modulesWithParts(const StepGraph& graph) {
  std::set<std::string> modules;
  for (const auto& n : graph.nodes)
    for (size_t dot = n.module.find('.'); dot != std::string::npos; dot = n.module.find('.', dot + 1))
      modules.insert(n.module.substr(0, dot));
  return modules;
}

StepGraphResult stepGraphOf(const ExperimentConfig& config, int64_t batch) {
  StepGraphResult r;
  try {
    r.graph = buildGraph(config, batch);
    if (config.model.activation_checkpointing > 1) {
      ExperimentConfig plain = config;
      plain.model.activation_checkpointing = 0;
      r.structure = buildGraph(plain, batch);
    } else {
      r.structure = r.graph;
    }
    r.ok = true;
  } catch (const ConfigError& e) {
    const Problem first = e.problems().empty() ? Problem{"config", e.what()} : e.problems().front();
    r.field = first.field, r.error = first.message;
  } catch (const std::exception& e) {
    r.field = "model", r.error = e.what();
  }
  return r;
}

StepGraphResult stepGraphForRun(const std::string& runDir, int64_t batch) {
  try {
    RunRecord record = RunRecord::open(runDir);
    const nlohmann::json& info = record.info();
    if (!info.contains("config"))
      return {false, "run", runDir + " has no experiment config (a Python script's run)", {}};
    return stepGraphOf(parseConfig(info["config"]), batch);
  } catch (const std::exception& e) {
    return {false, "run", e.what(), {}};
  }
}

}  // namespace trainscope
