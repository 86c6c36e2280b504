#include "engine/models/script_model.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"

#include <chrono>
#include <cmath>
#include <future>
#include <optional>
#include <thread>

namespace trainscope {

namespace {

// The scripted module's tensors under nn::Module, child by child: PyTorch's names.
class ScriptTensorsImpl : public torch::nn::Module {
 public:
  explicit ScriptTensorsImpl(const torch::jit::Module& m) { mirror(*this, m); }
  static void mirror(torch::nn::Module& into, const torch::jit::Module& m) {
    for (const auto& p : m.named_parameters(/*recurse=*/false))
      into.register_parameter(p.name, p.value, /*requires_grad=*/true);
    for (const auto& b : m.named_buffers(/*recurse=*/false)) into.register_buffer(b.name, b.value);
    for (const auto& c : m.named_children()) into.register_module(c.name, std::make_shared<ScriptTensorsImpl>(c.value));
  }
};

// A user's module may loop for ever (a scripted `while True`), and TorchScript cannot be
// interrupted: each probe forward runs on a thread of its own, and one that has not
// returned by the deadline is left behind (it holds its own module handle and input)
// while the caller is told, so graph, summary and train end with a sentence.
constexpr int kProbeForwardSeconds = 30;
struct NeverReturned : std::runtime_error {
  using std::runtime_error::runtime_error;
};

torch::Tensor run(torch::jit::Module& m, const torch::Tensor& x) {
  auto task = std::make_shared<std::packaged_task<torch::Tensor()>>([module = m, input = x]() mutable {
    torch::NoGradGuard noGrad;  // grad mode is per thread: the caller's probes need none
    return module.forward({input}).toTensor();
  });
  std::future<torch::Tensor> result = task->get_future();
  std::thread([task] { (*task)(); }).detach();
  if (result.wait_for(std::chrono::seconds(kProbeForwardSeconds)) != std::future_status::ready)
    throw NeverReturned("its forward has not returned in " + std::to_string(kProbeForwardSeconds) +
                        " s on a batch of 2 (a loop that never ends?)");
  return result.get();
}

// What the module's children need between them to match its forward, found by trying.
enum class Bridge { None, Flatten, PoolFlatten };

torch::Tensor bridge(Bridge b, const torch::Tensor& x) {
  if (b == Bridge::Flatten) return torch::flatten(x, 1);
  if (b == Bridge::PoolFlatten) return torch::flatten(torch::adaptive_avg_pool2d(x, {1, 1}), 1);
  return x;
}

struct Split {
  std::vector<std::pair<std::string, torch::jit::Module>> children;
  std::vector<Bridge> bridges;  // before each child
};

// The children in order, when running them so gives the module's own output.
std::optional<Split> splitSequential(torch::jit::Module& m, const torch::Tensor& probe) {
  Split s;
  for (const auto& c : m.named_children()) s.children.emplace_back(c.name, c.value);
  if (s.children.size() < 2) return std::nullopt;
  torch::Tensor x = probe;
  for (auto& [name, child] : s.children) {
    bool done = false;
    for (Bridge b : {Bridge::None, Bridge::Flatten, Bridge::PoolFlatten}) {
      if (b != Bridge::None && x.dim() <= 2) break;
      try {
        x = run(child, bridge(b, x));
        s.bridges.push_back(b);
        done = true;
        break;
      } catch (const NeverReturned&) {
        throw;
      } catch (const std::exception&) {  // the wrong shape for this child: try the next bridge
      }
    }
    if (!done) return std::nullopt;
  }
  const torch::Tensor whole = run(m, probe);
  if (whole.sizes() != x.sizes() || !torch::allclose(whole, x, 1e-5, 1e-6)) return std::nullopt;
  return s;
}

// The last Linear-like weight: 2-D, `outputs` rows. Its owner's path and the weight.
std::optional<std::pair<std::string, torch::Tensor>> findHead(const torch::jit::Module& m, int64_t outputs) {
  std::optional<std::pair<std::string, torch::Tensor>> head;
  for (const auto& p : m.named_parameters(/*recurse=*/true)) {
    const std::string& name = p.name;
    if (p.value.dim() == 2 && p.value.size(0) == outputs && name.size() >= 6 &&
        name.compare(name.size() - 6, 6, "weight") == 0)
      head = std::make_pair(name.size() > 7 ? name.substr(0, name.size() - 7) : std::string(), p.value);
  }
  return head;
}

torch::jit::Module submodule(torch::jit::Module m, const std::string& path) {
  size_t start = 0;
  while (start < path.size()) {
    const size_t dot = path.find('.', start);
    const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    m = m.attr(part).toModule();
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return m;
}

// A new classifier of `classes` outputs in place of the old, initialised as nn.Linear.
void replaceHead(torch::jit::Module& m, const std::string& path, const torch::Tensor& oldWeight, int64_t classes) {
  torch::jit::Module owner = submodule(m, path);
  const int64_t in = oldWeight.size(1);
  const double bound = 1.0 / std::sqrt(static_cast<double>(in));
  torch::NoGradGuard noGrad;
  owner.register_parameter("weight", torch::empty({classes, in}).uniform_(-bound, bound), /*is_buffer=*/false);
  if (owner.hasattr("bias") && owner.attr("bias").isTensor())
    owner.register_parameter("bias", torch::empty({classes}).uniform_(-bound, bound), /*is_buffer=*/false);
  // out_features stays: a constant of scripted nn.Linear, which its forward never reads.
}

}  // namespace

ScriptLayerImpl::ScriptLayerImpl(torch::jit::Module module) : module_(std::move(module)) {
  ScriptTensorsImpl::mirror(*this, module_);
}

torch::Tensor ScriptLayerImpl::forward(torch::Tensor x) { return module_.forward({x}).toTensor(); }

void ScriptLayerImpl::train(bool on) {
  torch::nn::Module::train(on);
  module_.train(on);
}

namespace {
template <class T>
std::string scriptModelField(T ModelConfig::*member) {
  return configField(&ExperimentConfig::model, member).key;
}
}  // namespace

LayerStack buildScriptedModel(const ModelConfig& c, const std::vector<int64_t>& inputShape, int64_t classes) {
  torch::jit::Module m;
  if (const std::string why = whyNotRegularFile(c.path); !why.empty())  // a FIFO would block the load
    throw ConfigError(scriptModelField(&ModelConfig::path), c.path + " " + why);
  try {
    m = torch::jit::load(c.path, torch::kCPU);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    throw ConfigError(
        scriptModelField(&ModelConfig::path),
        "cannot load " + c.path + " as TorchScript (save it with torch.jit.save): " + what.substr(0, what.find('\n')));
  }
  std::vector<int64_t> shape{2};
  shape.insert(shape.end(), inputShape.begin(), inputShape.end());
  const torch::Tensor probe = torch::randn(shape);
  torch::NoGradGuard noGrad;
  m.eval();
  torch::Tensor out;
  try {
    out = run(m, probe);
  } catch (const NeverReturned& e) {
    throw ConfigError(scriptModelField(&ModelConfig::path), c.path + ": " + e.what());
  } catch (const std::exception& e) {
    const std::string what = e.what();
    throw ConfigError(scriptModelField(&ModelConfig::path),
                      c.path + " does not take [N, " + std::to_string(inputShape[0]) + ", " +
                          std::to_string(inputShape[1]) + ", " + std::to_string(inputShape[2]) +
                          "] images (check the channels and " + scriptModelField(&ModelConfig::image_size) +
                          "): " + what.substr(0, what.find('\n')));
  }
  if (out.dim() != 2)
    throw ConfigError(scriptModelField(&ModelConfig::path), c.path + " outputs " + std::to_string(out.dim()) +
                                                                "-D tensors; a classifier outputs [N, classes]");
  // Losses, probes and summaries take float32 logits: anything else would fail deep in
  // LibTorch, mid-run, with its backtrace.
  if (out.scalar_type() != torch::kFloat32)
    throw ConfigError(scriptModelField(&ModelConfig::path),
                      c.path + " outputs " + std::string(c10::toString(out.scalar_type())) +
                          " logits; a classifier here outputs Float (float32): call model.float() and make its "
                          "forward return floating-point logits before torch.jit.save");
  const bool replace = c.head == "replace" || (c.head == "auto" && out.size(1) != classes);
  if (replace) {
    const auto head = findHead(m, out.size(1));
    if (!head)
      throw ConfigError(scriptModelField(&ModelConfig::head), c.path + " has no final Linear layer of " +
                                                                  std::to_string(out.size(1)) + " outputs to replace");
    replaceHead(m, head->first, head->second, classes);
    out = run(m, probe);
  }
  if (out.size(1) != classes)
    throw ConfigError(scriptModelField(&ModelConfig::head),
                      "the module outputs " + std::to_string(out.size(1)) + " classes and the dataset has " +
                          std::to_string(classes) + "; set it to \"replace\" (or \"auto\")");

  LayerStack stack;
  if (const auto split = splitSequential(m, probe)) {
    for (size_t i = 0; i < split->children.size(); ++i) {
      const Bridge b = split->bridges[i];
      if (b == Bridge::PoolFlatten)
        stack->add("avgpool_" + std::to_string(i), "AdaptiveAvgPool2d",
                   torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1})));
      if (b != Bridge::None) stack->add("flatten_" + std::to_string(i), "Flatten", torch::nn::Flatten());
      const auto& [name, child] = split->children[i];
      stack->add(name, child.type()->name() ? child.type()->name()->name() : "ScriptModule", ScriptLayer(child));
    }
  } else {
    stack->add("model", m.type()->name() ? m.type()->name()->name() : "ScriptModule", ScriptLayer(m));
  }
  stack->train();
  return stack;
}

}  // namespace trainscope
