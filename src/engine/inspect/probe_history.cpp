#include "engine/inspect/probe_history.h"

#include <algorithm>
#include <cmath>

namespace trainscope {

std::string layerOfParameter(const std::string& parameter) { return parameter.substr(0, parameter.find('.')); }

void ProbeHistory::clear() {
  layers_.clear();
  stats_.clear();
  histograms_.clear();
  parameters_.clear();
  layerGradNorms_.clear();
  total_ = {};
  lastStep_ = 0;
}

void ProbeHistory::add(const ProbeSample& sample) {
  const double step = static_cast<double>(sample.step);
  lastStep_ = std::max(lastStep_, sample.step);
  std::map<std::string, double> squares;  // per layer: sum of its gradients' squared norms
  for (const auto& t : sample.tensors) {
    StatSeries& s = stats_[key(t.name, t.kind)];
    s.steps.push_back(step);
    s.mean.push_back(t.mean);
    s.std.push_back(t.std);
    s.min.push_back(t.min);
    s.max.push_back(t.max);
    s.zero_fraction.push_back(t.zero_fraction);
    s.saturation_fraction.push_back(t.saturation_fraction);
    s.norm.push_back(t.norm);
    s.update_ratio.push_back(t.update_ratio);
    if (t.kind == "weight") {
      auto& list = parameters_[layerOfParameter(t.name)];
      if (std::find(list.begin(), list.end(), t.name) == list.end()) list.push_back(t.name);
    }
    if (t.kind == "weight_grad") squares[layerOfParameter(t.name)] += t.norm * t.norm;
  }
  for (const auto& [layer, sum] : squares) {
    StatSeries& s = layerGradNorms_[layer];
    s.steps.push_back(step);
    s.norm.push_back(std::sqrt(sum));
  }
  total_.steps.push_back(step);
  total_.norm.push_back(sample.grad_norm);
}

void ProbeHistory::add(const Histogram& h) {
  HistogramSeries& s = histograms_[key(h.name, h.kind)];
  s.steps.push_back(h.step);
  s.edges.push_back(h.edges);
  s.counts.push_back(h.counts);
}

std::vector<std::string> ProbeHistory::parametersOf(const std::string& layer) const {
  const auto it = parameters_.find(layer);
  return it == parameters_.end() ? std::vector<std::string>{} : it->second;
}

const StatSeries* ProbeHistory::stats(const std::string& name, const std::string& kind) const {
  const auto it = stats_.find(key(name, kind));
  return it == stats_.end() ? nullptr : &it->second;
}

const HistogramSeries* ProbeHistory::histograms(const std::string& name, const std::string& kind) const {
  const auto it = histograms_.find(key(name, kind));
  return it == histograms_.end() ? nullptr : &it->second;
}

}  // namespace trainscope
