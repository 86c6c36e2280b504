// LayerStack's forward with model.activation_checkpointing: PyTorch's
// torch.utils.checkpoint (its reentrant form), which LibTorch lacks. A checkpointed
// segment runs forward without keeping its activations; a custom autograd function
// runs it again in backward, with grad on, from its saved input, and returns the
// gradients of that input and of the segment's parameters from the recomputation.
#include "engine/models/autocast_state.h"
#include "engine/models/checkpoint_segments.h"
#include "engine/models/layer_stack.h"

#include <cstdint>

namespace trainscope {

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// One segment's layers and the observer of all but its last layer, whose output the
// caller observes as the autograd function returns it (with its gradient).
struct SegmentRun {
  LayerStackImpl* stack;
  size_t first, end;
  const LayerObserver* observe;
};

std::vector<torch::Tensor> trainableParameters(const LayerStackImpl& stack, size_t first, size_t end) {
  std::vector<torch::Tensor> found;
  for (size_t i = first; i < end; ++i)
    for (const auto& p : stack.layers()[i].module.ptr()->parameters())
      if (p.requires_grad()) found.push_back(p);
  return found;
}

// The autocast settings of the first forward, kept for the recomputation (backward runs
// outside the autocast scope), as PyTorch's checkpoint does.
void saveAutocast(AutogradContext* ctx, const AutocastState& state) {
  ctx->saved_data["autocast_cpu"] = state.cpu, ctx->saved_data["autocast_gpu"] = state.gpu;
  ctx->saved_data["autocast_cpu_type"] = static_cast<int64_t>(state.cpuType);
  ctx->saved_data["autocast_gpu_type"] = static_cast<int64_t>(state.gpuType);
}

AutocastState savedAutocast(AutogradContext* ctx) {
  return {ctx->saved_data["autocast_cpu"].toBool(), ctx->saved_data["autocast_gpu"].toBool(),
          static_cast<at::ScalarType>(ctx->saved_data["autocast_cpu_type"].toInt()),
          static_cast<at::ScalarType>(ctx->saved_data["autocast_gpu_type"].toInt())};
}

class AutocastAs {
 public:
  explicit AutocastAs(const AutocastState& state) : before_(AutocastState::current()) { state.apply(); }
  ~AutocastAs() {
    if (!before_.cpu && !before_.gpu) at::autocast::clear_cache();
    before_.apply();
  }
  AutocastAs(const AutocastAs&) = delete;
  AutocastAs& operator=(const AutocastAs&) = delete;

 private:
  AutocastState before_;
};

at::Generator generatorOf(const torch::Device& device) {
  return device.is_cpu() ? at::detail::getDefaultCPUGenerator() : at::globalContext().defaultGenerator(device);
}

torch::Tensor stateOf(at::Generator generator) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  return generator.get_state();
}

void restoreState(at::Generator generator, const torch::Tensor& state) {
  std::lock_guard<std::mutex> lock(generator.mutex());
  generator.set_state(state);
}

// The recomputation draws the random numbers the first forward drew (dropout's masks),
// then the generators go on from where they were: preserve_rng_state=True.
class RandomStateReplay {
 public:
  RandomStateReplay(AutogradContext* ctx, const torch::Device& device) : device_(device) {
    cpuNow_ = stateOf(generatorOf(torch::kCPU));
    restoreState(generatorOf(torch::kCPU), ctx->saved_data["rng_cpu"].toTensor());
    if (!device_.is_cpu()) {
      deviceNow_ = stateOf(generatorOf(device_));
      restoreState(generatorOf(device_), ctx->saved_data["rng_device"].toTensor());
    }
  }
  ~RandomStateReplay() {
    restoreState(generatorOf(torch::kCPU), cpuNow_);
    if (!device_.is_cpu()) restoreState(generatorOf(device_), deviceNow_);
  }
  RandomStateReplay(const RandomStateReplay&) = delete;
  RandomStateReplay& operator=(const RandomStateReplay&) = delete;
  static void save(AutogradContext* ctx, const torch::Device& device) {
    ctx->saved_data["rng_cpu"] = stateOf(generatorOf(torch::kCPU));
    if (!device.is_cpu()) ctx->saved_data["rng_device"] = stateOf(generatorOf(device));
  }

 private:
  torch::Device device_;
  torch::Tensor cpuNow_, deviceNow_;
};

// BatchNorm's running statistics as the first forward left them: the recomputation
// (in training mode) would update them a second time.
class BuffersKept {
 public:
  BuffersKept(const LayerStackImpl& stack, size_t first, size_t end) {
    for (size_t i = first; i < end; ++i)
      for (const auto& b : stack.layers()[i].module.ptr()->buffers()) kept_.emplace_back(b, b.clone());
  }
  ~BuffersKept() {
    torch::NoGradGuard noGrad;
    for (auto& [buffer, value] : kept_) buffer.copy_(value);
  }
  BuffersKept(const BuffersKept&) = delete;
  BuffersKept& operator=(const BuffersKept&) = delete;

 private:
  std::vector<std::pair<torch::Tensor, torch::Tensor>> kept_;
};

class CheckpointedSegment : public torch::autograd::Function<CheckpointedSegment> {
 public:
  // Runs with grad off (the autograd function's forward always does): no activations kept.
  static torch::Tensor forward(AutogradContext* ctx, torch::Tensor x, torch::TensorList parameters,
                               const SegmentRun& run) {
    std::vector<torch::Tensor> saved{x};
    saved.insert(saved.end(), parameters.begin(), parameters.end());
    ctx->save_for_backward(saved);
    ctx->saved_data["stack"] = static_cast<int64_t>(reinterpret_cast<intptr_t>(run.stack));
    ctx->saved_data["first"] = static_cast<int64_t>(run.first);
    ctx->saved_data["end"] = static_cast<int64_t>(run.end);
    saveAutocast(ctx, AutocastState::current());
    RandomStateReplay::save(ctx, x.device());
    LayerObserver inner;
    if (run.observe && *run.observe)
      inner = [&run](size_t i, const torch::Tensor& out) {
        if (i + 1 < run.end) (*run.observe)(i, out);
      };
    return run.stack->forwardRange(run.first, run.end, x, inner);
  }

  static variable_list backward(AutogradContext* ctx, variable_list gradOutputs) {
    const variable_list saved = ctx->get_saved_variables();
    auto* stack = reinterpret_cast<LayerStackImpl*>(static_cast<intptr_t>(ctx->saved_data["stack"].toInt()));
    const auto first = static_cast<size_t>(ctx->saved_data["first"].toInt());
    const auto end = static_cast<size_t>(ctx->saved_data["end"].toInt());
    torch::Tensor input = saved[0].detach();
    input.requires_grad_(saved[0].requires_grad());
    // Put back after the gradients: the recomputed graph saved the buffers as they are.
    BuffersKept buffers(*stack, first, end);
    torch::Tensor output;
    {
      RandomStateReplay random(ctx, input.device());
      AutocastAs autocast(savedAutocast(ctx));
      torch::AutoGradMode grad(true);
      output = stack->forwardRange(first, end, input);
    }
    variable_list wrt;
    if (input.requires_grad()) wrt.push_back(input);
    wrt.insert(wrt.end(), saved.begin() + 1, saved.end());
    const variable_list grads =
        torch::autograd::grad({output}, wrt, {gradOutputs[0]}, /*retain_graph=*/false, /*create_graph=*/false,
                              /*allow_unused=*/true);
    variable_list result;
    result.push_back(input.requires_grad() ? grads[0] : torch::Tensor());
    result.insert(result.end(), grads.begin() + (input.requires_grad() ? 1 : 0), grads.end());
    result.emplace_back();  // the SegmentRun is no tensor
    return result;
  }
};

}  // namespace

torch::Tensor forwardCheckpointed(LayerStackImpl& stack, torch::Tensor x, const LayerObserver& observe) {
  size_t next = 0;
  for (const auto& [first, end] : checkpointedSegments(stack.layers().size(), stack.checkpointSegments())) {
    const std::vector<torch::Tensor> parameters = trainableParameters(stack, first, end);
    const SegmentRun run{&stack, first, end, &observe};
    x = CheckpointedSegment::apply(x, torch::TensorList(parameters), run);
    if (observe) observe(end - 1, x);
    next = end;
  }
  return stack.forwardRange(next, stack.layers().size(), x, observe);
}

std::vector<std::pair<std::string, torch::Tensor>> checkpointedSegmentSaved(torch::autograd::Node* node) {
  auto* segment = dynamic_cast<torch::autograd::CppNode<CheckpointedSegment>*>(node);
  if (!segment) return {};
  std::vector<std::pair<std::string, torch::Tensor>> out;
  const auto saved = segment->ctx_.get_saved_variables();
  for (size_t i = 0; i < saved.size(); ++i) out.emplace_back(i == 0 ? "input" : "parameter", saved[i]);
  return out;
}

}  // namespace trainscope
