// Activation checkpointing (model.activation_checkpointing): what a training step
// (forward, loss, backward, SGD step) costs in memory and time with and without it.
// One model and one setting per process, so a setting never inherits another's heap:
// bench/activation_checkpointing.sh runs the settings side by side.
// Memory: the process's peak resident set during the steps (Linux's VmHWM, restarted
// after the warm-up with the freed memory handed back), and that peak above the
// resting set between steps (weights, gradients, momentum, the batch): what the
// activations and the backward pass take.
// Usage: bench_checkpointing --model resnet18 --size 224 --batch 16 --segments 4
//        [--threads 2] [--steps 5]
#include "engine/models/checkpoint_segments.h"
#include "engine/models/model_factory.h"

#include <c10/core/CPUAllocator.h>

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace trainscope;
using Clock = std::chrono::steady_clock;

namespace {

int64_t statusBytes(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return std::stoll(line.substr(std::strlen(key))) * 1024;
  return 0;
}

// Every CPU tensor's bytes, counted as LibTorch allocates and frees them: the live
// tensor memory and its peak, which the resident set cannot show (glibc keeps freed
// memory for reuse). The CPU's counterpart of CUDA's max_memory_allocated.
std::atomic<int64_t> liveBytes{0}, peakBytes{0};

// Each block carries its size in a 64-byte header (keeping the 64-byte alignment),
// so the data pointer is its own context, as LibTorch's raw allocations need.
c10::Allocator* baseAllocator = nullptr;
constexpr size_t kHeader = 64;

void releaseCounted(void* data) {
  char* block = static_cast<char*>(data) - kHeader;
  liveBytes -= static_cast<int64_t>(*reinterpret_cast<size_t*>(block));
  baseAllocator->raw_deleter()(block);
}

class CountingCpuAllocator final : public c10::Allocator {
 public:
  c10::DataPtr allocate(size_t n) const override {
    char* block = static_cast<char*>(baseAllocator->raw_allocate(n + kHeader));
    *reinterpret_cast<size_t*>(block) = n;
    const int64_t now = liveBytes += static_cast<int64_t>(n);
    for (int64_t peak = peakBytes; now > peak && !peakBytes.compare_exchange_weak(peak, now);) {
    }
    return {block + kHeader, block + kHeader, &releaseCounted, c10::Device(c10::kCPU)};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &releaseCounted; }
};

void restartPeak() {
  malloc_trim(0);
  std::ofstream("/proc/self/clear_refs") << "5";
}

}  // namespace

int main(int argc, char** argv) {
  std::string modelName = "resnet18";
  int size = 224, batch = 16, segments = 0, threads = 2, steps = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--model") modelName = argv[i + 1];
    if (flag == "--size") size = std::atoi(argv[i + 1]);
    if (flag == "--batch") batch = std::atoi(argv[i + 1]);
    if (flag == "--segments") segments = std::atoi(argv[i + 1]);
    if (flag == "--threads") threads = std::atoi(argv[i + 1]);
    if (flag == "--steps") steps = std::atoi(argv[i + 1]);
  }
  torch::set_num_threads(threads);
  baseAllocator = c10::GetDefaultCPUAllocator();
  static CountingCpuAllocator counting;
  c10::SetCPUAllocator(&counting, /*priority=*/100);
  torch::manual_seed(0);
  ModelConfig m;
  m.name = modelName;
  m.activation_checkpointing = segments;
  LayerStack model = buildModel(m, {3, size, size}, 10);
  model->train();
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  const torch::Tensor x = torch::randn({batch, 3, size, size}), y = torch::randint(10, {batch});
  int64_t afterForward = 0;  // the live tensors with the loss computed, before backward
  auto step = [&] {
    optimizer.zero_grad();
    torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    afterForward = std::max<int64_t>(afterForward, liveBytes);
    loss.backward();
    optimizer.step();
  };
  step();  // the gradients and momentum buffers exist from here on
  restartPeak();
  const int64_t resting = statusBytes("VmRSS:"), restingTensors = liveBytes;
  peakBytes = restingTensors;
  std::vector<double> ms;
  for (int s = 0; s < steps; ++s) {
    const auto t = Clock::now();
    step();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
  }
  const int64_t peak = statusBytes("VmHWM:");
  std::sort(ms.begin(), ms.end());
  const size_t layers = model->layers().size();
  std::printf("%s %d %d %d %zu %zu %.1f %.1f %.1f %.1f %.1f\n", modelName.c_str(), size, batch, segments, layers,
              checkpointedSegments(layers, segments).size(), ms[ms.size() / 2], peak / 1048576.0,
              (peak - resting) / 1048576.0, (peakBytes - restingTensors) / 1048576.0,
              (afterForward - restingTensors) / 1048576.0);
  return 0;
}
