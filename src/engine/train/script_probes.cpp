// ScriptRun::watch and its measurements: the trainer's own statistics and histograms
// (inspect/probes.h) of tensors a script's hooks hand over.
#include "engine/config/problem.h"
#include "engine/inspect/probes.h"
#include "engine/inspect/tensor_scan.h"
#include "engine/train/script_run_impl.h"

#include <cmath>

namespace trainscope {

namespace {
double l2(const torch::Tensor& t) { return std::sqrt(squaredSum(t)); }
}  // namespace

void ScriptRun::watch(const std::vector<std::pair<std::string, std::string>>& tensors, int bins, int sample) {
  Impl& m = *impl_;
  if (finished_) throw std::logic_error("watch: the run has finished");
  if (!m.probed.empty()) throw ConfigError("model", "this run already watches a model (watch is called once per run)");
  if (tensors.empty()) throw ConfigError("model", "the model has no modules or parameters to watch");
  m.bins = bins;
  m.sample = sample;
  m.probed.insert(tensors.begin(), tensors.end());
  const std::string path = (std::filesystem::path(folder_) / "probes.h5").string();
  m.post([&m, path, tensors, bins] {
    m.probes = std::make_unique<ProbeFile>(path, tensors, bins);
    if (m.tensorboard) m.probes->mirrorTo(m.tensorboard);
  });
}

bool ScriptRun::watching() const { return !impl_->probed.empty(); }

void ScriptRun::measure(const std::string& name, const std::string& kind, const torch::Tensor& t,
                        const std::string& bounded) {
  Impl& m = *impl_;
  if (finished_ || !t.defined() || t.numel() == 0 || !m.probed.count({name, kind})) return;
  torch::NoGradGuard noGrad;
  m.probing = true;
  TensorStats s = statsOf(sampleOf(t, m.sample), bounded);
  s.name = name, s.kind = kind;
  if (kind == "weight" || kind == "weight_grad") s.norm = l2(t);
  if (kind == "weight_grad") m.gradSquares += s.norm * s.norm;
  if (kind == "weight") m.weightsBefore[name] = {t, t.detach().clone()};
  m.pendingSample.tensors.push_back(std::move(s));
  Histogram h = histogramOf(t, m.bins);
  h.name = name, h.kind = kind;
  m.pendingHistograms.push_back(std::move(h));
}

void ScriptRun::commitProbes(int64_t step) {
  Impl& m = *impl_;
  if (!m.probing) return;
  torch::NoGradGuard noGrad;
  ProbeSample sample = std::move(m.pendingSample);
  std::vector<Histogram> histograms = std::move(m.pendingHistograms);
  sample.step = step;
  sample.grad_norm = m.gradSquares > 0 ? std::sqrt(m.gradSquares) : std::nan("");
  // The update the optimizer made since the weight was measured, relative to it.
  for (auto& s : sample.tensors) {
    const auto it = m.weightsBefore.find(s.name);
    if (s.kind != "weight" || it == m.weightsBefore.end()) continue;
    const double before = l2(it->second.copy);
    s.update_ratio = before > 0 ? l2(it->second.live.detach() - it->second.copy) / before : std::nan("");
  }
  for (auto& h : histograms) h.step = step;
  m.pendingSample = ProbeSample{};
  m.pendingHistograms.clear();
  m.weightsBefore.clear();
  m.gradSquares = 0;
  m.probing = false;
  m.post([&m, sample = std::move(sample), histograms = std::move(histograms)] {
    if (!m.probes) return;
    m.probes->append(sample);
    m.probes->append(histograms);
  });
}

}  // namespace trainscope
