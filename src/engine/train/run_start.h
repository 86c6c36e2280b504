// What a run tells when it starts, from one set of facts: the fields of run.json that
// describe it (docs/run-format.md) and the RunStarted event.
#pragma once

#include "engine/config/config.h"
#include "engine/run/events.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct RunStartFacts {
  std::string run_dir, device;
  int threads = 0;
  std::string dataset;  // its description
  int64_t train_samples = 0, val_samples = 0;
  std::vector<std::string> classes;
  std::vector<int64_t> input_shape;
  int64_t steps_per_epoch = 0, total_steps = 0;
  std::vector<LayerInfo> layers;
  bool probes = false, resumed = false;
  int64_t resumed_at_step = 0;
  std::string name;  // the run's name: filled in by recordRunStart from run.json
};

// Writes config, seed, versions, device, threads, dataset, steps_per_epoch and the
// "running" status into run.json's contents (the caller saves it); takes the run's name
// from there into facts.name.
void recordRunStart(const ExperimentConfig& config, RunStartFacts& facts, nlohmann::json& info);
RunStarted runStartedEvent(const ExperimentConfig& config, const RunStartFacts& facts);

// Adds a resume to run.json's "resumes": when, at which step and epoch, and the epochs
// the run had before it (a resume may add epochs, which changes the learning-rate
// schedule from there: `verify` replays the steps before with the epochs they had).
void recordResume(nlohmann::json& info, int64_t step, int64_t epoch, int64_t epochs);

}  // namespace trainscope
