// Where a training step's time goes, for every built-in model: zero_grad, forward +
// loss, backward and the optimizer step (Adam, as the presets), timed apart on a fixed
// batch (no data loader), with the step's share of this machine's GEMM peak (a large
// torch::mm). FLOPs are counted from the convolutions and matrix products the forward
// pass runs (LibTorch's RecordFunction, the way torch.profiler's with_flops counts),
// times 3 for forward + backward.
// Usage: bench_models [--threads 2] [--steps 30] [--only NAME]
#include "engine/models/model_factory.h"
#include "engine/system/device.h"

#include <ATen/record_function.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

using namespace trainscope;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// FLOPs of the convolutions and matrix products in one forward pass, counted once
// each (ops called inside a counted op are not counted again).
thread_local double countedFlops = 0;
thread_local int countedDepth = 0;

double flopsOf(const at::RecordFunction& fn) {
  const std::string name = fn.name();
  const auto inputs = fn.inputs();
  auto sizes = [&](size_t i) { return inputs[i].toTensor().sizes().vec(); };
  if (name == "aten::convolution" && inputs.size() >= 9 && inputs[0].isTensor() && inputs[1].isTensor()) {
    const auto x = sizes(0), w = sizes(1);
    const auto stride = inputs[3].toIntVector(), padding = inputs[4].toIntVector(), dilation = inputs[5].toIntVector();
    double out = 1;
    for (size_t d = 0; d < 2 && d + 2 < x.size(); ++d)
      out *= static_cast<double>((x[d + 2] + 2 * padding[d] - dilation[d] * (w[d + 2] - 1) - 1) / stride[d] + 1);
    return 2.0 * static_cast<double>(x[0]) * static_cast<double>(w[0]) * out * static_cast<double>(w[1] * w[2] * w[3]);
  }
  if (name == "aten::addmm" && inputs.size() >= 3 && inputs[1].isTensor() && inputs[2].isTensor()) {
    const auto a = sizes(1), b = sizes(2);
    return 2.0 * static_cast<double>(a[0]) * static_cast<double>(a[1]) * static_cast<double>(b[1]);
  }
  if (name == "aten::mm" && inputs.size() >= 2 && inputs[0].isTensor() && inputs[1].isTensor()) {
    const auto a = sizes(0), b = sizes(1);
    return 2.0 * static_cast<double>(a[0]) * static_cast<double>(a[1]) * static_cast<double>(b[1]);
  }
  return -1;  // not counted
}

double forwardFlops(LayerStack& model, const torch::Tensor& x) {
  countedFlops = 0;
  auto handle =
      at::addThreadLocalCallback(at::RecordFunctionCallback(
                                     [](const at::RecordFunction& fn) -> std::unique_ptr<at::ObserverContext> {
                                       if (countedDepth == 0) {
                                         const double f = flopsOf(fn);
                                         if (f >= 0) countedFlops += f;
                                         if (f >= 0) ++countedDepth;
                                       } else {
                                         ++countedDepth;
                                       }
                                       return nullptr;
                                     },
                                     [](const at::RecordFunction&, at::ObserverContext*) {
                                       if (countedDepth > 0) --countedDepth;
                                     })
                                     .needsInputs(true));
  {
    torch::NoGradGuard noGrad;
    (void)model->forward(x, {});
  }
  at::removeCallback(handle);
  return countedFlops;
}

// This machine's single-precision GEMM peak, GFLOP/s: the faster of a large torch::mm
// (OpenBLAS) and a large 1x1 convolution, which is a GEMM run by oneDNN (MKL-DNN), the
// library LibTorch's convolutions use, with wider vector kernels than OpenBLAS picks here.
struct Peak {
  double blas = 0, onednn = 0;
  double best() const { return std::max(blas, onednn); }
};
Peak gemmPeak() {
  Peak p;
  torch::NoGradGuard noGrad;
  for (int64_t n : {1024, 2048}) {
    const torch::Tensor a = torch::randn({n, n}), b = torch::randn({n, n});
    torch::Tensor c = torch::mm(a, b);
    for (int r = 0; r < 5; ++r) {
      const auto t = Clock::now();
      c = torch::mm(a, b);
      p.blas = std::max(p.blas, 2.0 * n * n * n / (msSince(t) / 1e3) / 1e9);
    }
  }
  const int64_t batch = 16, side = 16, channels = 1024;
  const torch::Tensor x = torch::randn({batch, channels, side, side}), w = torch::randn({channels, channels, 1, 1});
  torch::Tensor y = torch::conv2d(x, w);
  for (int r = 0; r < 5; ++r) {
    const auto t = Clock::now();
    y = torch::conv2d(x, w);
    const double flops = 2.0 * batch * side * side * channels * channels;
    p.onednn = std::max(p.onednn, flops / (msSince(t) / 1e3) / 1e9);
  }
  return p;
}

struct Case {
  const char* name;
  std::vector<int64_t> input;  // C, H, W
  int64_t batch;
};

}  // namespace

int main(int argc, char** argv) {
  int threads = 2, steps = 30;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--steps")) steps = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--only")) only = argv[i + 1];
  }
  torch::set_num_threads(threads);
  keepFreedMemoryForReuse();  // as the trainer does
  const Peak measured = gemmPeak();
  const double peak = measured.best();
  std::printf("GEMM peak, %d threads: %.1f GFLOP/s (torch::mm, OpenBLAS: %.1f; 1x1 convolution, oneDNN: %.1f)\n\n",
              threads, peak, measured.blas, measured.onednn);
  std::printf(
      "| model, input, batch | samples/s | zero_grad | forward + loss | backward | optimizer step | GFLOP per sample "
      "(train) | GFLOP/s | share of GEMM peak |\n|---|---|---|---|---|---|---|---|---|\n");
  const Case cases[] = {{"mlp", {1, 28, 28}, 64},
                        {"lenet", {1, 28, 28}, 64},
                        {"vgg", {1, 28, 28}, 64},
                        {"resnet18", {1, 28, 28}, 128},
                        {"fastcnn", {3, 64, 64}, 64}};
  for (const Case& c : cases) {
    if (!only.empty() && only != c.name) continue;
    torch::manual_seed(0);
    ModelConfig m;
    m.name = c.name;
    LayerStack model = buildModel(m, c.input, 10);
    model->train();
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.003));
    std::vector<int64_t> shape{c.batch};
    shape.insert(shape.end(), c.input.begin(), c.input.end());
    const torch::Tensor x = torch::randn(shape), y = torch::randint(10, {c.batch});
    const double flops = forwardFlops(model, x) / static_cast<double>(c.batch);
    const int warmup = 3, n = std::string(c.name) == "resnet18" || std::string(c.name) == "vgg" ? std::max(5, steps / 5)
                                                                                                : steps * 10;
    double zero = 0, forward = 0, backward = 0, step = 0;
    for (int s = -warmup; s < n; ++s) {
      auto t = Clock::now();
      for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();  // zero_grad(set_to_none=True)
      const double z = msSince(t);
      t = Clock::now();
      torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x, {}), y);
      (void)loss.item<double>();
      const double f = msSince(t);
      t = Clock::now();
      loss.backward();
      const double b = msSince(t);
      t = Clock::now();
      optimizer.step();
      const double o = msSince(t);
      if (s >= 0) zero += z, forward += f, backward += b, step += o;
    }
    const double total = (zero + forward + backward + step) / n;
    const double samplesPerSec = static_cast<double>(c.batch) / (total / 1e3);
    const double achieved = 3.0 * flops * samplesPerSec / 1e9;
    std::printf("| %s, %lldx%lldx%lld, %lld | %.0f | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.4f | %.1f | %.0f%% |\n",
                c.name, static_cast<long long>(c.input[0]), static_cast<long long>(c.input[1]),
                static_cast<long long>(c.input[2]), static_cast<long long>(c.batch), samplesPerSec, zero / n,
                forward / n, backward / n, step / n, 3.0 * flops / 1e9, achieved, 100.0 * achieved / peak);
    std::fflush(stdout);
  }
  return 0;
}
