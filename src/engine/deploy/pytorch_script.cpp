#include "engine/deploy/pytorch_script.h"

#include "engine/config/config_fields.h"
#include "engine/data/dataset_source.h"
#include "engine/deploy/pytorch_script_parts.h"
#include "engine/record/run_record.h"
#include "engine/system/quoting.h"
#include "engine/system/versions.h"

#include <filesystem>

namespace trainscope {

namespace {

constexpr const char* kHeader = R"PY("""{{title}}

Written by Trainscope {{version}} (trainscope-cli export-script) from {{origin}}.
It does what the experiment does, in PyTorch's own names: {{dataset}},
a DataLoader, the model as an nn.Module (its layers named as the run's, so state_dict
keys match), the optimizer and its learning-rate schedule, the loop (zero_grad,
forward, loss, backward, step), validation under no_grad, and state_dict checkpoints.
Run it with /usr/bin/python3 ({{needs}}):
    python3 {{file}} [--epochs N] [--workers N] [--out FOLDER]
{{omitted}}"""
{{imports}}
)PY";

std::string omittedText(const std::vector<std::string>& omitted) {
  if (omitted.empty()) return "";
  std::string out = "\nNot written out (the engine applies them; this script does not):\n";
  for (const auto& key : omitted) out += "    " + key + "\n";
  return out;
}

// A CSV's columns named in the config (text and target of a text column) are in its
// header; the problem when one is not.
Problem csvColumnsProblem(const DatasetConfig& d) {
  CsvReadOptions header;
  header.max_rows = 1;
  const CsvTable table = readCsvTable(d.path, header);
  for (std::string DatasetConfig::*field : {&DatasetConfig::text_column, &DatasetConfig::target})
    if (table.find(d.*field) < 0)
      return {configField(&ExperimentConfig::dataset, field).key,
              "no column of " + d.path + " is named \"" + d.*field + "\""};
  return {};
}

// The sources checked as a run would open the data (when they are a config's), with a
// table's encoding read from the table when they do not bring the run's.
ScriptSources checkedSources(const ExperimentConfig& config, ScriptSources sources, Problem& problem) {
  if (!sources.check_data || config.dataset.kind == "fashion-mnist") return sources;
  if (const Problems missing = checkDatasetAvailable(config.dataset); !missing.empty()) {
    problem = missing.front();
    return sources;
  }
  try {
    if (dataFamilyOf(config.dataset) == DataFamily::Table && !sources.table)
      sources.table = openDataset(config).table;
    else if (dataFamilyOf(config.dataset) == DataFamily::Text && config.dataset.kind == "csv")
      problem = csvColumnsProblem(config.dataset);
  } catch (const ConfigError& e) {  // names the file's field: dataset.path or dataset.val_path
    problem = e.problems().empty() ? Problem{"dataset", e.what()} : e.problems().front();
  } catch (const std::exception& e) {
    problem = {configField(&ExperimentConfig::dataset, &DatasetConfig::path).key, e.what()};
  }
  return sources;
}

std::string titleOf(const ExperimentConfig& config) {
  const DatasetConfig& d = config.dataset;
  const std::string data = d.kind == "fashion-mnist" ? std::string("Fashion-MNIST") : d.kind == "csv" ? d.path : d.root;
  return "Train " + config.model.name + " on " + data + ": the Trainscope experiment \"" + config.name +
         "\" as a PyTorch script.";
}

}  // namespace

PytorchScript pytorchScript(const ExperimentConfig& config, const ScriptSources& given) {
  PytorchScript out;
  Problem problem;
  const ScriptSources sources = checkedSources(config, given, problem);
  if (!problem.message.empty()) {
    out.field = problem.field, out.error = problem.message;
    return out;
  }
  const DataFamily kind = dataFamilyOf(config.dataset);
  const script::Section parts[] = {script::dataSection(config, sources), script::transformSection(config),
                                   script::modelSection(config),
                                   script::loopSection(config, kind, script::isRegression(sources))};
  for (const auto& part : parts) {
    if (!part.error.empty()) {
      out.field = part.field, out.error = part.error;
      return out;
    }
    out.omitted.insert(out.omitted.end(), part.omitted.begin(), part.omitted.end());
  }
  const std::string title = titleOf(config);
  // The docstring is a plain (not raw) literal: a name's backslashes, quotes and line
  // breaks are escapes in it and read back as written.
  auto docText = [](const std::string& text) { return pythonStringBody(text); };
  out.text = script::fill(kHeader, {{"title", docText(title)},
                                    {"version", trainscopeVersion()},
                                    {"origin", docText(sources.origin.empty() ? "a config" : sources.origin)},
                                    {"file", "train.py"},
                                    {"dataset", kind == DataFamily::Images  ? "a Dataset and its transforms"
                                                : kind == DataFamily::Table ? "a Dataset of encoded rows"
                                                                            : "a Dataset of token ids"},
                                    {"needs", kind == DataFamily::Images ? "torch and torchvision" : "torch"},
                                    {"imports", script::importsFor(kind)},
                                    {"omitted", omittedText(out.omitted)}});
  out.text += script::constantsSection(config);
  for (const auto& part : parts) out.text += part.text;
  out.ok = true;
  return out;
}

PytorchScript pytorchScriptForRun(const std::string& runDir) {
  PytorchScript out;
  try {
    RunRecord record = RunRecord::open(runDir);
    const nlohmann::json& info = record.info();
    if (info.value("source", std::string()) == "python" || !info.contains("config")) {
      out.field = "run",
      out.error = runDir + " was recorded from a Python script, not an experiment: it is its own script";
      return out;
    }
    ScriptSources sources;
    sources.check_data = false;  // the run read its data; the script is what it did
    const std::filesystem::path folder = std::filesystem::path(runDir).lexically_normal();  // "run/" too
    sources.origin = "the run " + (folder.has_filename() ? folder : folder.parent_path()).filename().string();
    // Fashion-MNIST's folder as the run found it: "Fashion-MNIST (<folder>)".
    const std::string description = info.value("dataset", nlohmann::json::object()).value("description", "");
    const size_t open = description.find("Fashion-MNIST ("), close = description.rfind(')');
    if (open != std::string::npos && close != std::string::npos && close > open + 15)
      sources.fashion_mnist_dir = description.substr(open + 15, close - open - 15);
    if (info.contains("table"))  // the columns and classes as the run found them
      sources.table = std::make_shared<const TableEncoding>(TableEncoding::fromJson(info["table"]));
    return pytorchScript(parseConfig(info["config"]), sources);
  } catch (const ConfigError& e) {
    const Problem first = e.problems().empty() ? Problem{"config", e.what()} : e.problems().front();
    out.field = first.field, out.error = first.message;
  } catch (const std::exception& e) {
    out.field = "run", out.error = e.what();
  }
  return out;
}

}  // namespace trainscope
