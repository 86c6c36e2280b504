// Probe and NaN-guard cost on a LeNet training step (batch 64, Fashion-MNIST shape),
// by part: the observer, the gradient hooks, parameter statistics, histograms.
// Usage: bench_probes [--threads 2] [--steps 300]
#include "engine/inspect/nan_guard.h"
#include "engine/inspect/probes.h"
#include "engine/models/model_factory.h"
#include "engine/system/device.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

using namespace trainscope;

namespace {
enum Part { kPlain, kObserver, kObserverHooks, kAll, kAllHistograms, kGuard };

double msPerStep(Part part, int steps) {
  torch::manual_seed(0);
  ModelConfig m;
  m.name = "lenet";
  LayerStack model = buildModel(m, {1, 28, 28}, 10);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  ProbeConfig pc;
  pc.enabled = true;
  pc.histogram_every = part == kAllHistograms ? 50 : 0;
  Probes probes(pc, model);
  const torch::Tensor x = torch::randn({64, 1, 28, 28}), y = torch::randint(10, {64});
  double total = 0;
  for (int s = -20; s < steps; ++s) {  // 20 warm-up steps
    const auto t0 = std::chrono::steady_clock::now();
    for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
    LayerObserver observer;
    if (part == kObserver) observer = [&](size_t i, const torch::Tensor& out) { (void)sampleOf(out, pc.sample); };
    if (part >= kObserverHooks && part != kGuard) observer = probes.observer(s + 1);
    torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x, observer), y);
    (void)loss.item<double>();
    loss.backward();
    if (part == kGuard) (void)firstNonFiniteGradient(model);
    if (part >= kAll && part != kGuard) probes.afterBackward(s + 1);
    opt.step();
    if (part >= kAll && part != kGuard) {
      (void)probes.takeSample(s + 1);
      (void)probes.takeHistograms(s + 1);
    }
    if (s >= 0) total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  return total / steps;
}
}  // namespace

int main(int argc, char** argv) {
  int threads = 2, steps = 100;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--steps")) steps = std::atoi(argv[i + 1]);
  }
  torch::set_num_threads(threads);
  keepFreedMemoryForReuse();  // as the trainer does
  const char* names[] = {"plain step",
                         "+ sampling every layer output",
                         "+ gradient hooks (activation_grad)",
                         "+ parameter statistics (all per-step probes)",
                         "+ histograms every 50 steps",
                         "plain step + NaN guard gradient check"};
  // Rounds over all variants, interleaved, so drift in the machine hits all of them.
  // The fastest round of each is reported: interference from other processes only ever
  // adds time, so the minimum is the steadiest estimate of a variant's own cost.
  const int rounds = 15;
  std::vector<std::vector<double>> times(6);
  for (int r = 0; r < rounds; ++r)
    for (Part p : {kPlain, kObserver, kObserverHooks, kAll, kAllHistograms, kGuard})
      times[p].push_back(msPerStep(p, steps));
  auto fastest = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  const double base = fastest(times[kPlain]);
  std::printf(
      "| LeNet step, batch 64, %d threads (fastest of %d rounds of %d steps) | ms per step | overhead "
      "|\n|---|---|---|\n",
      threads, rounds, steps);
  std::printf("| %s | %.3f | |\n", names[0], base);
  for (Part p : {kObserver, kObserverHooks, kAll, kAllHistograms, kGuard}) {
    const double t = fastest(times[p]);
    std::printf("| %s | %.3f | %+.1f%% |\n", names[p], t, 100.0 * (t / base - 1.0));
  }
  return 0;
}
