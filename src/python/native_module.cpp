// trainscope._native: the engine's ScriptRun for Python (pybind11 + torch's extension
// headers, so tensors cross as they are, without copies). The package's Python side
// (trainscope/__init__.py) checks arguments and hooks the model; this side writes the
// run folder with the engine's own writers. Engine exceptions become Python ones here:
// a ConfigError or BadInput is a ValueError naming the argument.
#include "engine/config/file_input.h"
#include "engine/config/problem.h"
#include "engine/record/run_lock.h"
#include "engine/train/script_run.h"

#include <torch/extension.h>

namespace py = pybind11;
using trainscope::ScriptRun;

namespace {

trainscope::RunState stateNamed(const std::string& status) {
  if (status == "finished") return trainscope::RunState::Finished;
  if (status == "stopped") return trainscope::RunState::Stopped;
  if (status == "failed") return trainscope::RunState::Failed;
  throw trainscope::ConfigError("status", "expected \"finished\", \"stopped\" or \"failed\", not \"" + status + "\"");
}

std::unique_ptr<ScriptRun> openRun(const std::string& runsDir, const std::string& name, const std::string& configJson,
                                   bool tensorboard, const std::string& command) {
  trainscope::ScriptRunOptions o;
  o.runs_dir = runsDir;
  o.name = name;
  o.config = trainscope::parseJsonText(configJson, "config");
  o.tensorboard = tensorboard;
  o.command = command;
  return std::make_unique<ScriptRun>(o);
}

void translateExceptions(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const trainscope::ConfigError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const trainscope::BadInput& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const trainscope::RunLockedError& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    PyErr_SetString(PyExc_OSError, e.what());
  }
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "Trainscope's engine for Python scripts (use the trainscope package, not this module)";
  py::register_exception_translator(translateExceptions);
  py::class_<ScriptRun>(m, "ScriptRun")
      .def(py::init(&openRun), py::arg("runs_dir"), py::arg("name"), py::arg("config_json"), py::arg("tensorboard"),
           py::arg("command"))
      .def_property_readonly("folder", &ScriptRun::folder)
      .def_property_readonly("finished", &ScriptRun::finished)
      .def("log", &ScriptRun::log, py::arg("values"), py::arg("step"))
      .def("log_epoch", &ScriptRun::logEpoch, py::arg("values"), py::arg("epoch"))
      .def("watch", &ScriptRun::watch, py::arg("tensors"), py::arg("bins"), py::arg("sample"))
      .def("measure", &ScriptRun::measure, py::arg("name"), py::arg("kind"), py::arg("tensor"), py::arg("bounded"))
      .def("commit_probes", &ScriptRun::commitProbes, py::arg("step"))
      .def("log_predictions", &ScriptRun::logPredictions, py::arg("split"), py::arg("epoch"), py::arg("indices"),
           py::arg("labels"), py::arg("logits"), py::arg("class_names"))
      .def(
          "finish",
          // With the GIL held throughout: no other Python thread changes the run while it
          // ends, and the writer thread never needs the GIL (its jobs hold no Python objects).
          [](ScriptRun& run, const std::string& status, const std::string& reason) {
            return run.finish(stateNamed(status), reason);
          },
          py::arg("status"), py::arg("reason"))
      .def("write_error", &ScriptRun::writeError);
}
