// `trainscope-cli search`: a hyperparameter search over an experiment, its trials run
// as trainscope-cli children (cli/trial_process.h), scheduled by the engine's
// SearchScheduler and recorded in the search's folder; `--resume DIR` continues one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope::cli {

struct SearchArgs {
  std::string config, space, out, resume;
  std::vector<std::string> overrides;
  int trials = 10;
  std::string sampler = "random";
  bool halving = false;
  double eta = 3;
  int64_t min_epochs = 1;
  int parallel = 1;
  std::string metric = "auto", mode = "auto";
  int64_t seed = -1;  // -1: the experiment's seed
  bool no_preset = false;
  bool quiet = false;  // the trials' starts and ends only, no epochs
};

int searchCommand(const SearchArgs& args);

}  // namespace trainscope::cli
