// Everything the probes reported during a run, kept for the Inspect page: per tensor
// (layer or parameter, and kind) every step's statistics and every histogram, and per
// layer the norm of its parameters' gradients. Plain C++ (no Qt, no torch).
#pragma once

#include "engine/run/events.h"

#include <map>
#include <string>
#include <vector>

namespace trainscope {

struct StatSeries {
  std::vector<double> steps;
  std::vector<double> mean, std, min, max, zero_fraction, saturation_fraction, norm, update_ratio;
};

struct HistogramSeries {
  std::vector<int64_t> steps;
  std::vector<std::vector<double>> edges, counts;
};

class ProbeHistory {
 public:
  void clear();
  void setLayers(std::vector<LayerInfo> layers) { layers_ = std::move(layers); }
  void add(const ProbeSample& sample);
  void add(const Histogram& histogram);

  const std::vector<LayerInfo>& layers() const { return layers_; }
  // Parameter names by layer ("conv1" -> conv1.weight, conv1.bias), as reported.
  std::vector<std::string> parametersOf(const std::string& layer) const;
  const StatSeries* stats(const std::string& name, const std::string& kind) const;
  const HistogramSeries* histograms(const std::string& name, const std::string& kind) const;
  // Layers with parameters, and the L2 norm of all their gradients at every step.
  const std::map<std::string, StatSeries>& layerGradNorms() const { return layerGradNorms_; }
  const StatSeries& totalGradNorm() const { return total_; }
  int64_t lastStep() const { return lastStep_; }
  bool empty() const { return stats_.empty(); }

 private:
  static std::string key(const std::string& name, const std::string& kind) { return name + "\n" + kind; }
  std::vector<LayerInfo> layers_;
  std::map<std::string, StatSeries> stats_;
  std::map<std::string, HistogramSeries> histograms_;
  std::map<std::string, std::vector<std::string>> parameters_;
  std::map<std::string, StatSeries> layerGradNorms_;  // only .steps and .norm are used
  StatSeries total_;                                  // only .steps and .norm are used
  int64_t lastStep_ = 0;
};

// The layer a parameter belongs to: "conv1.weight" -> "conv1".
std::string layerOfParameter(const std::string& parameter);

}  // namespace trainscope
