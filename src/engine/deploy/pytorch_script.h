// An experiment written out as a PyTorch script (trainscope-cli export-script, Model >
// Show as PyTorch code): the Dataset and its transforms, the DataLoader, the model as an
// nn.Module with the run's layer names (so state_dict keys match), the optimizer and
// its schedule, the loop (zero_grad, forward, loss, backward, step), validation under
// no_grad, state_dict checkpoints and the seed. Idiomatic and commented: the bridge from
// watching the loop to writing it. Plain C++ (no torch, no Qt); errors come back as
// values ({field, message}).
#pragma once

#include "engine/config/config.h"
#include "engine/data/table_encoding.h"

#include <memory>

#include <string>
#include <vector>

namespace trainscope {

struct PytorchScript {
  bool ok = false;
  std::string field, error;          // what could not be written, and why
  std::string text;                  // the script
  std::vector<std::string> omitted;  // settings the engine applies and the script does not (also in its docstring)
};

// Where the script's data comes from when the config leaves it to the engine.
struct ScriptSources {
  std::string fashion_mnist_dir;  // the folder of the IDX files (empty: found as the engine finds it)
  std::string origin;             // what it was written from, for the docstring ("runs/x", "experiment.json")
  // A table's columns as the engine typed them, its target's task and classes: the run's
  // (run.json "table"); when absent, the table is read as a run would read it.
  std::shared_ptr<const TableEncoding> table;
  // Whether the data is checked as a run would open it (a config's: a missing folder or
  // column is said now, not when the script runs); a run's was read when it ran.
  bool check_data = true;
};

PytorchScript pytorchScript(const ExperimentConfig& config, const ScriptSources& sources);
// From a run folder's run.json (its config, as the run resolved it).
PytorchScript pytorchScriptForRun(const std::string& runDir);

}  // namespace trainscope
