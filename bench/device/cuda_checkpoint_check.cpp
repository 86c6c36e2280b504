// On a GPU machine (issue 33): the engine's activation checkpointing and bf16 autocast
// (src/engine/models/activation_checkpoint.cpp, src/engine/train/precision.cpp) on CUDA,
// compiled against that machine's LibTorch. A conv-BN-ReLU stack with dropout: the
// checkpointed step's gradients, BatchNorm statistics and CUDA random stream against the
// plain step's, in float32 and under bf16 autocast; and the peak CUDA memory of each.
// Built and run by bench/device/cuda_checks.sh.
#include "engine/models/layer_stack.h"
#include "engine/train/precision.h"

#include <c10/cuda/CUDACachingAllocator.h>

#include <cstdio>

using namespace trainscope;
namespace nn = torch::nn;

namespace {

LayerStack makeStack(int segments) {
  torch::manual_seed(3);
  LayerStack s;
  int64_t channels = 3;
  for (int i = 0; i < 6; ++i) {
    const std::string n = std::to_string(i);
    s->add("conv" + n, "Conv2d", nn::Conv2d(nn::Conv2dOptions(channels, 64, 3).padding(1)));
    s->add("bn" + n, "BatchNorm2d", nn::BatchNorm2d(64));
    s->add("relu" + n, "ReLU", nn::ReLU());
    s->add("drop" + n, "Dropout", nn::Dropout(0.1));
    channels = 64;
  }
  s->add("pool", "AdaptiveAvgPool2d", nn::AdaptiveAvgPool2d(nn::AdaptiveAvgPool2dOptions({1, 1})));
  s->add("flatten", "Flatten", nn::Flatten());
  s->add("fc", "Linear", nn::Linear(64, 10));
  s->setCheckpointSegments(segments);
  s->to(torch::kCUDA);
  s->train();
  return s;
}

struct Step {
  std::vector<torch::Tensor> grads, buffers;
  torch::Tensor rngAfter, logits;
  int64_t peak = 0;
};

Step step(int segments, const std::string& precision) {
  LayerStack s = makeStack(segments);
  torch::manual_seed(5);
  const auto x = torch::randn({32, 3, 128, 128}, torch::kCUDA), y = torch::randint(10, {32}, torch::kCUDA);
  torch::cuda::synchronize();
  c10::cuda::CUDACachingAllocator::resetPeakStats(0);
  Step r;
  {
    AutocastScope autocast(precision, torch::kCUDA);
    r.logits = s->forward(x);
  }
  torch::nn::functional::cross_entropy(asFloat32(r.logits), y).backward();
  torch::cuda::synchronize();
  // allocated_bytes[0]: StatType::AGGREGATE, whose namespace moved between LibTorch versions.
  r.peak = c10::cuda::CUDACachingAllocator::getDeviceStats(0).allocated_bytes[0].peak;
  for (const auto& p : s->parameters()) r.grads.push_back(p.grad().float().cpu());
  for (const auto& b : s->buffers()) r.buffers.push_back(b.cpu());
  r.rngAfter = torch::rand({4}, torch::kCUDA).cpu();
  return r;
}

double largestDifference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, ((a[i] - b[i]).abs().max() / (a[i].abs().max() + 1e-12)).item<double>());
  return worst;
}

}  // namespace

int main() {
  int failures = 0;
  for (const std::string precision : {"fp32", "bf16"}) {
    const Step plain = step(0, precision);
    for (int segments : {3, 6}) {
      const Step checkpointed = step(segments, precision);
      const double grads = largestDifference(plain.grads, checkpointed.grads);
      const double buffers = largestDifference(plain.buffers, checkpointed.buffers);
      const bool rng = torch::equal(plain.rngAfter, checkpointed.rngAfter);
      const bool ok = grads < (precision == "bf16" ? 2e-2 : 1e-4) && buffers == 0 && rng;
      failures += !ok;
      std::printf(
          "%s %s: segments %d, logits %s, largest relative gradient difference %.2e, BN statistics %s, "
          "CUDA random stream %s; peak CUDA memory %.0f MiB against %.0f MiB plain (%.2fx)\n",
          ok ? "ok" : "FAILED", precision.c_str(), segments, c10::toString(checkpointed.logits.scalar_type()), grads,
          buffers == 0 ? "equal" : "DIFFER", rng ? "continues alike" : "DIFFERS", checkpointed.peak / 1048576.0,
          plain.peak / 1048576.0, static_cast<double>(checkpointed.peak) / static_cast<double>(plain.peak));
    }
  }
  return failures;
}
