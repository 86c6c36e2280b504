// trainscope-cli's subcommands, one setup function each (CLI11's usual shape): it adds
// the subcommand and its options, and when that subcommand is the one given, its
// callback hands the command to run back to main.
#include "cli/subcommands.h"

#include "cli/check_command.h"
#include "cli/commands.h"
#include "cli/graph_command.h"
#include "cli/local_launcher.h"
#include "cli/model_commands.h"
#include "cli/record_commands.h"
#include "cli/search_command.h"
#include "engine/config/config_fields.h"
#include "engine/data/image_quality.h"
#include "engine/deploy/run_family.h"
#include "engine/deploy/table_tools.h"
#include "engine/deploy/text_tools.h"
#include "engine/system/install_paths.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

namespace trainscope::cli {

namespace {
constexpr const char* kEventsHelp =
    "Write the run's events as JSON Lines to FILE (\"-\": stdout, and the usual output goes to stderr); "
    "see docs/run-format.md";

// --save-tensors and --tensor-layers: shorthands for the config's `tensors` section.
struct TensorArgs {
  std::vector<int> steps;
  std::vector<std::string> layers;
};

void addTensorOptions(CLI::App& command, TensorArgs& args) {
  command
      .add_option("--save-tensors", args.steps, "Save tensors to the run's tensors.h5 at these steps (e.g. 100,500)")
      ->delimiter(',');
  command.add_option("--tensor-layers", args.layers, "Layers whose tensors to save (e.g. conv1,fc1; default all)")
      ->delimiter(',');
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// A file, or the name of one shipped with Trainscope (share/trainscope/<kind>): the
// installed CLI runs `train -c fashion_lenet` or `lesson 02_zero_grad` from anywhere.
CLI::Validator shippedFile(const std::string& kind) {
  return CLI::Validator(
      [kind](std::string& value) -> std::string {
        value = resolveShippedFile(value, kind);
        if (std::filesystem::exists(value)) return {};
        const auto names = shippedNames(kind);
        return "no such file: " + value +
               (names.empty() ? "" : " (or one of the shipped " + kind + ": " + joined(names) + ")");
      },
      "FILE|NAME");
}

std::string experimentHelp() {
  const auto names = shippedNames("experiments");
  return "Experiment JSON, or a shipped experiment by name" + (names.empty() ? "" : " (" + joined(names) + ")");
}

std::string runsDirKey() { return trainscope::configField(&trainscope::ExperimentConfig::runs_dir).key; }
std::string outHelp() { return "Runs folder (overrides " + runsDirKey() + ")"; }
std::string setHelp() {
  using trainscope::configField, trainscope::ExperimentConfig, trainscope::OptimizerConfig;
  return "Override a field: key=value, e.g. --set " + configField(&ExperimentConfig::epochs).key + "=1 --set " +
         configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key + "=0.1";
}

void appendTensorOverrides(const TensorArgs& args, std::vector<std::string>& overrides) {
  using trainscope::configField, trainscope::ExperimentConfig, trainscope::TensorDumpConfig;
  const std::string steps = configField(&ExperimentConfig::tensors, &TensorDumpConfig::steps).key;
  const std::string layers = configField(&ExperimentConfig::tensors, &TensorDumpConfig::layers).key;
  if (!args.steps.empty())
    overrides.push_back(steps + "=" +
                        nlohmann::json(args.steps).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  if (!args.layers.empty())
    overrides.push_back(layers + "=" +
                        nlohmann::json(args.layers).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

// Sets `command` to run `action` with `args` when `sub` is the subcommand given.
template <typename Args, typename Action>
void runs(CLI::App* sub, Command& command, std::shared_ptr<Args> args, Action action) {
  sub->callback([&command, args, action] { command = [args, action] { return action(*args); }; });
}

void setupTrain(CLI::App& app, const CommandLine& line, Command& command) {
  struct Args {
    TrainArgs train;
    TensorArgs tensors;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("train", "Train an experiment; writes a run folder under " + runsDirKey());
  sub->add_option("-c,--config", args->train.config, experimentHelp())
      ->required()
      ->transform(shippedFile("experiments"));
  sub->add_option("-o,--out", args->train.out, outHelp());
  sub->add_option("-s,--set", args->train.overrides, setHelp())->take_all();
  sub->add_flag("-q,--quiet", args->train.quiet, "Only log lines, no progress");
  sub->add_option("--events", args->train.events, kEventsHelp);
  sub->add_option("--nproc", args->train.nproc, "Train on N local processes (data parallel; docs/distributed.md)")
      ->check(CLI::Range(1, 1024));
  addTensorOptions(*sub, args->tensors);
  runs(sub, command, args, [line](Args& a) {
    appendTensorOverrides(a.tensors, a.train.overrides);
    int ignored = 1;
    a.train.commandLine = withoutNproc(line.argc, line.argv, &ignored);
    return trainCommand(a.train);
  });
}

void setupResume(CLI::App& app, const CommandLine& line, Command& command) {
  struct Args {
    std::string runDir, events, from;
    std::vector<std::string> overrides;
    bool quiet = false;
    int nproc = 1;
    TensorArgs tensors;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("resume", "Continue a run from its last checkpoint, in the same folder");
  sub->add_option("run_dir", args->runDir, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("-s,--set", args->overrides, "Override a recorded field, e.g. --set epochs=20")->take_all();
  sub->add_flag("-q,--quiet", args->quiet, "Only log lines, no progress");
  sub->add_option("--events", args->events, kEventsHelp);
  sub->add_option("--from", args->from,
                  "Resume from this checkpoint instead of checkpoints/last.pt (e.g. best.pt, or a path)");
  sub->add_option("--nproc", args->nproc, "Resume on N local processes (as many as the run had)")
      ->check(CLI::Range(1, 1024));
  addTensorOptions(*sub, args->tensors);
  runs(sub, command, args, [line](Args& a) {
    appendTensorOverrides(a.tensors, a.overrides);
    int ignored = 1;
    return resumeCommand(a.runDir, a.overrides, a.quiet, a.events, a.from, a.nproc,
                         withoutNproc(line.argc, line.argv, &ignored));
  });
}

void setupFork(CLI::App& app, Command& command) {
  struct Args {
    std::string runDir, events;
    int64_t at = 0;
    std::vector<std::string> changes;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "fork", "Rewind a run to a checkpoint of its ring and train a child run from there with other settings");
  sub->add_option("run_dir", args->runDir, "The parent run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("--at", args->at, "The step to rewind to (the newest ring checkpoint at or before it)")
      ->required()
      ->check(CLI::NonNegativeNumber);
  sub->add_option(
         "-s,--set", args->changes,
         "What the child changes, e.g. --set " +
             trainscope::configField(&trainscope::ExperimentConfig::optimizer, &trainscope::OptimizerConfig::lr).key +
             "=0.01")
      ->take_all();
  sub->add_flag("-q,--quiet", args->quiet, "Only log lines, no progress");
  sub->add_option("--events", args->events, kEventsHelp);
  runs(sub, command, args, [](Args& a) { return forkCommand(a.runDir, a.at, a.changes, a.quiet, a.events); });
}

void setupSummary(CLI::App& app, Command& command) {
  struct Args {
    std::string config;
    std::vector<std::string> overrides;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("summary", "Print the model summary (layers, output shapes, parameters)");
  sub->add_option("-c,--config", args->config, experimentHelp())->required()->transform(shippedFile("experiments"));
  sub->add_option("-s,--set", args->overrides, "Override a field: key=value")->take_all();
  runs(sub, command, args, [](Args& a) { return summaryCommand(a.config, a.overrides); });
}

void setupDatasets(CLI::App& app, Command& command) {
  auto path = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("datasets", "List the built-in datasets, or check an image folder");
  sub->add_option("path", *path, "An image folder to check (classes, counts, skipped files)");
  runs(sub, command, path, [](std::string& p) { return datasetsCommand(p); });
}

void setupStats(CLI::App& app, Command& command) {
  struct Args {
    std::string config;
    std::vector<std::string> overrides;
    int64_t maxSamples = 0;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("stats", "Compute the training set's per-channel mean and std for Normalize");
  sub->add_option("-c,--config", args->config, experimentHelp())->required()->transform(shippedFile("experiments"));
  sub->add_option("-s,--set", args->overrides, "Override a field: key=value")->take_all();
  sub->add_option("--max-samples", args->maxSamples, "Measure at most this many images, spread over the set (0 = all)");
  runs(sub, command, args, [](Args& a) { return statsCommand(a.config, a.overrides, a.maxSamples); });
}

void setupDoctor(CLI::App& app, Command& command) {
  auto threads = std::make_shared<int>(0);
  auto* sub = app.add_subcommand("doctor", "Check the environment: versions, CUDA, threads, a timed matmul");
  sub->add_option("--threads", *threads, "LibTorch threads for the check (0 = all cores)");
  runs(sub, command, threads, [](int& t) { return doctorCommand(t); });
}

void setupTensors(CLI::App& app, Command& command) {
  auto run = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("tensors", "List the tensors saved in a run (its tensors.h5)");
  sub->add_option("run", *run, "A run folder, or a tensors.h5 file")->required()->check(CLI::ExistingPath);
  runs(sub, command, run, [](std::string& r) { return tensorsCommand(r); });
}

void setupLesson(CLI::App& app, Command& command) {
  struct Args {
    std::string path, out, language = "en";
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("lesson", "Run a lesson's experiments one after another, or list a folder's lessons");
  sub->add_option("lesson", args->path,
                  "A lesson file, a shipped lesson by name (02_zero_grad), or a folder of lessons to list "
                  "(default: list the shipped lessons)")
      ->transform(shippedFile("lessons"));
  sub->add_option("-o,--out", args->out, outHelp());
  sub->add_option("--lang", args->language, "Language of the explanation")->check(CLI::IsMember({"en", "zh_CN"}));
  sub->add_flag("-q,--quiet", args->quiet, "Only log lines, no progress");
  runs(sub, command, args, [](Args& a) { return lessonCommand(a.path, a.out, a.language, a.quiet); });
}

void setupRepair(CLI::App& app, Command& command) {
  auto run = std::make_shared<std::string>();
  auto* sub = app.add_subcommand(
      "repair", "After a crash: let plain h5py open the run's HDF5 files again and mark the run interrupted");
  sub->add_option("run", *run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  runs(sub, command, run, [](std::string& r) { return repairCommand(r); });
}

void setupRuns(CLI::App& app, Command& command) {
  auto dir = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("runs", "List the runs in a runs folder: status, model, best accuracy, time, tags");
  sub->add_option("dir", *dir, "The runs folder (default: ~/Trainscope/runs)");
  runs(sub, command, dir, [](std::string& d) { return runsCommand(runsFolder(d)); });
}

void setupExport(CLI::App& app, Command& command) {
  auto request = std::make_shared<ExportRequest>();
  auto* sub = app.add_subcommand(
      "export", "Write a run's trained model as TorchScript (torch.jit.load) or ONNX (onnx, OpenCV DNN, onnxruntime)");
  sub->add_option("run", request->run_dir, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("--format", request->format, "torchscript or onnx")->check(CLI::IsMember({"torchscript", "onnx"}));
  sub->add_option("--out", request->out, "The model file to write; <out>.json gets its preprocessing")->required();
  sub->add_option("--checkpoint", request->checkpoint,
                  "best, last or a file (default: the run's model, best unless restore_best is off; "
                  "its weights' moving average when the run chose its best epoch by it)");
  sub->add_option("--example", request->example,
                  "Also write an HDF5 file with a test batch (/input) and the engine's logits (/logits)");
  runs(sub, command, request, [](ExportRequest& r) { return exportCommand(r); });
}

void setupCheck(CLI::App& app, Command& command) {
  auto args = std::make_shared<CheckRequest>();
  auto* sub = app.add_subcommand("check",
                                 "Check a dataset's health: duplicates and leakage between splits, label conflicts, "
                                 "imbalance, blurry, dark, bright, flat and odd images");
  sub->add_option("folder", args->folder, "An image folder (default: the experiment's dataset, else Fashion-MNIST)")
      ->check(CLI::ExistingDirectory);
  sub->add_option("-c,--config", args->config, "Experiment JSON whose dataset to check")
      ->transform(shippedFile("experiments"));
  sub->add_option("-s,--set", args->overrides, "Override a field: key=value")->take_all();
  sub->add_option(
         "--threshold", args->thresholds,
         "A quality check's threshold, KEY=VALUE (" + qualityCheckKeys() + "; docs/data-health.md); repeat for more")
      ->allow_extra_args(false)  // `--threshold blurry=0.1 FOLDER`: the folder is not a threshold
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  sub->add_flag("--all-pairs", args->all_pairs, "Find near duplicates by comparing every pair (slow; the reference)");
  sub->add_flag("--json", args->json, "Print one JSON object");
  runs(sub, command, args, [](CheckRequest& a) { return checkCommand(a); });
}

void setupSuspects(CLI::App& app, Command& command) {
  struct Args {
    std::string run;
    int64_t top = 20;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "suspects", "List the training labels a run finds most suspect (from samples.h5: the area under the margin)");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("--top", args->top, "How many (default 20)")->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  sub->add_flag("--json", args->json, "Print a JSON list of objects");
  runs(sub, command, args, [](Args& a) { return suspectsCommand(a.run, a.top, a.json); });
}

void setupPredict(CLI::App& app, Command& command) {
  struct Args {
    std::string run, checkpoint, out;
    std::vector<std::string> inputs;
    int top = 5;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "predict", "Print the top classes of images, or predict every row of a CSV file, with a run's trained model");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("inputs", args->inputs,
                  "Image files; for a table's run, one CSV file; for a text run, .txt files or folders of them")
      ->required();
  sub->add_option("-k,--top", args->top, "How many classes to print")->check(CLI::Range(1, 1000));
  sub->add_option("--checkpoint", args->checkpoint,
                  "best, last or a file (default: the run's model, best unless restore_best is off)");
  sub->add_option("--out", args->out, "A table's run: write the predictions to this CSV file (default: print them)");
  sub->add_flag("--json", args->json, "One JSON object per image");
  runs(sub, command, args, [](Args& a) {
    const DataFamily family = trainedDataFamily(a.run);
    if (family == DataFamily::Table) return predictTableCommand(a.run, a.inputs, a.out, a.checkpoint);
    if (family == DataFamily::Text) return predictTextCommand(a.run, a.inputs, a.checkpoint, a.json);
    return predictCommand(a.run, a.inputs, a.top, a.checkpoint, a.json);
  });
}

void setupSimilar(CLI::App& app, Command& command) {
  struct Args {
    std::string run, image;
    int top = 10;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "similar", "List the recorded images nearest to an image in what the run's model makes of them (embeddings.h5)");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("image", args->image,
                  "A recorded sample (its path, val:N or train:N), or any image file (its features from the last "
                  "checkpoint)")
      ->required();
  sub->add_option("-k,--top", args->top, "How many (default 10)")->check(CLI::Range(1, 100000));
  sub->add_flag("--json", args->json, "Print one JSON object");
  runs(sub, command, args, [](Args& a) { return similarCommand(a.run, a.image, a.top, a.json); });
}

void setupCollect(CLI::App& app, Command& command) {
  struct Args {
    std::string source, into, teacher;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "collect", "Collect a folder of students' run folders and bundles into the runs folder, with a leaderboard");
  sub->add_option("folder", args->source, "The hand-ins: run folders and .bundle.tar files, at most 4 levels down")
      ->required()
      ->check(CLI::ExistingDirectory);
  sub->add_option("--into", args->into, "The runs folder (default: ~/Trainscope/runs)");
  sub->add_option("--teacher", args->teacher, "A run folder or experiment file to hold the settings against")
      ->check(CLI::ExistingPath);
  sub->add_flag("--json", args->json, "Print one JSON object");
  runs(sub, command, args, [](Args& a) { return collectCommand(a.source, a.into, a.teacher, a.json); });
}

void setupReport(CLI::App& app, Command& command) {
  struct Args {
    std::string run, out;
    int mistakes = 24;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "report", "A run as one HTML file: curves, confusion matrix, top mistakes, config and versions (works offline)");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("-o,--out", args->out, "The HTML file (default: printed)");
  sub->add_option("--mistakes", args->mistakes, "How many mistakes to show (default 24)")->check(CLI::Range(0, 1000));
  runs(sub, command, args, [](Args& a) { return reportCommand(a.run, a.out, a.mistakes); });
}

void setupExportScript(CLI::App& app, Command& command) {
  struct Args {
    std::string run, config, out;
    std::vector<std::string> overrides;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "export-script", "Write the experiment as a PyTorch script: Dataset, DataLoader, nn.Module, optimizer, the loop");
  auto* run = sub->add_option("run", args->run, "A run's folder (its config as the run resolved it)")
                  ->check(CLI::ExistingDirectory);
  auto* config = sub->add_option("-c,--config", args->config, experimentHelp())->transform(shippedFile("experiments"));
  run->excludes(config);
  sub->add_option("--set", args->overrides, "Override a field: a.b=value (repeatable; with --config)");
  sub->add_option("-o,--out", args->out, "The script's file (default: printed)");
  runs(sub, command, args, [](Args& a) {
    if (a.run.empty() && a.config.empty()) {
      std::fprintf(stderr, "export-script: give a run folder or --config FILE\n");
      return 2;
    }
    return exportScriptCommand(a.run, a.config, a.overrides, a.out);
  });
}

void setupGraph(CLI::App& app, Command& command) {
  auto args = std::make_shared<GraphArgs>();
  auto* sub = app.add_subcommand(
      "graph", "Draw the model graph, or the autograd graph of one step (grad_fn nodes, leaves, saved tensors)");
  auto* run = sub->add_option("run", args->run, "A run's folder (its config as the run resolved it)")
                  ->check(CLI::ExistingDirectory);
  auto* config = sub->add_option("-c,--config", args->config, experimentHelp())->transform(shippedFile("experiments"));
  run->excludes(config);
  sub->add_option("--set", args->overrides, "Override a field: a.b=value (repeatable; with --config)");
  sub->add_flag("--autograd", args->autograd, "The autograd graph of one training step instead of the modules");
  sub->add_option("--expand", args->expand, "Draw a block by its parts: a module path, or all (repeatable)");
  sub->add_option("--batch", args->batch, "The batch size of the step (default: the config's)")
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--format", args->format, "dot, svg or json (default: from --out's extension, else dot)")
      ->check(CLI::IsMember({"dot", "svg", "json"}));
  sub->add_option("-o,--out", args->out, "The file (default: printed)");
  runs(sub, command, args, [](GraphArgs& a) {
    if (a.run.empty() && a.config.empty()) {
      std::fprintf(stderr, "graph: give a run folder or --config FILE\n");
      return 2;
    }
    if (!a.run.empty() && !a.overrides.empty()) {
      std::fprintf(stderr, "graph: --set changes a --config; a run is drawn as it ran\n");
      return 2;
    }
    return graphCommand(a);
  });
}

void setupLrFind(CLI::App& app, Command& command) {
  struct Args {
    std::string config, csv;
    std::vector<std::string> overrides;
    int iterations = 100;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "lr-find", "Learning-rate range test: a short run with a growing rate, the loss plot and a suggested rate");
  sub->add_option("--config", args->config, experimentHelp())->required()->transform(shippedFile("experiments"));
  sub->add_option("--set", args->overrides, "Override a field: a.b=value (repeatable)");
  sub->add_option("--iterations", args->iterations, "At most this many steps")->check(CLI::Range(2, 1000));
  sub->add_option("--csv", args->csv, "Write the curve (lr, smoothed loss) to this file");
  sub->add_flag("--json", args->json, "Print the curve and suggestion as one JSON object");
  runs(sub, command, args, [](Args& a) { return lrFindCommand(a.config, a.overrides, a.iterations, a.csv, a.json); });
}

void setupFitBatch(CLI::App& app, Command& command) {
  struct Args {
    std::string config;
    std::vector<std::string> overrides;
    double headroom = 0.2;
    int target = 0;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "fit-batch", "The largest batch that fits in memory with headroom, and the accumulation for a target batch");
  sub->add_option("--config", args->config, experimentHelp())->required()->transform(shippedFile("experiments"));
  sub->add_option("--set", args->overrides, "Override a field: a.b=value (repeatable)");
  sub->add_option("--headroom", args->headroom, "Share of the memory left free (default 0.2)")
      ->check(CLI::Range(0.0, 0.9));
  sub->add_option("--target-batch", args->target, "Effective batch to reach (default: the config's)")
      ->check(CLI::Range(1, 1 << 20));
  sub->add_flag("--json", args->json, "Print the result as one JSON object");
  runs(sub, command, args,
       [](Args& a) { return fitBatchCommand(a.config, a.overrides, a.headroom, a.target, a.json); });
}

void setupExportTensorBoard(CLI::App& app, Command& command) {
  struct Args {
    std::string run, out;
  };
  auto args = std::make_shared<Args>();
  auto* sub =
      app.add_subcommand("export-tensorboard",
                         "Write a run's scalars and histograms as TensorBoard event files (tensorboard --logdir OUT)");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("out", args->out, "The TensorBoard log folder; the run goes to OUT/<run folder name>")->required();
  runs(sub, command, args, [](Args& a) { return exportTensorBoardCommand(a.run, a.out); });
}

void setupImportTensorBoard(CLI::App& app, Command& command) {
  struct Args {
    std::string logdir, out;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "import-tensorboard", "Turn each TensorBoard run under LOGDIR (a folder of events.out.tfevents.*) into a run");
  sub->add_option("logdir", args->logdir, "The TensorBoard log folder")->required();
  sub->add_option("--out", args->out, "The runs folder to write to (default: ~/Trainscope/runs)");
  runs(sub, command, args, [](Args& a) { return importTensorBoardCommand(a.logdir, a.out); });
}

void setupBundle(CLI::App& app, Command& command) {
  struct Args {
    std::string run, out;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "bundle", "Write a reproducibility bundle: config, versions, seed, threads, dataset fingerprint, checkpoint");
  sub->add_option("run", args->run, "The run's folder")->required()->check(CLI::ExistingDirectory);
  sub->add_option("-o,--out", args->out, "The archive to write (default: <run folder>.bundle.tar beside it)");
  runs(sub, command, args, [](Args& a) { return bundleCommand(a.run, a.out); });
}

void setupVerify(CLI::App& app, Command& command) {
  auto args = std::make_shared<VerifyArgs>();
  auto* sub = app.add_subcommand(
      "verify", "Re-run a bundle's first steps from scratch here and compare the losses (exit 1 when they differ)");
  sub->add_option("bundle", args->bundle, "A bundle written by `trainscope-cli bundle`")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--steps", args->steps, "Compare the first N optimizer steps (default 20)")
      ->check(CLI::Range(int64_t{1}, int64_t{1000}));
  sub->add_option("--tolerance", args->tolerance,
                  "Largest relative loss difference outside deterministic mode (default 1e-3)")
      ->check(CLI::Range(0.0, 1.0));
  sub->add_option("--dataset", args->dataset, "The image folder's root on this machine, when it moved")
      ->check(CLI::ExistingDirectory);
  sub->add_flag("--keep", args->keep, "Keep the re-run's folder");
  sub->add_flag("--json", args->json, "Print the comparison as one JSON object");
  runs(sub, command, args, [](VerifyArgs& a) { return verifyCommand(a); });
}

}  // namespace

void setupSearch(CLI::App& app, Command& command) {
  auto args = std::make_shared<SearchArgs>();
  auto* sub = app.add_subcommand(
      "search", "Search hyperparameters: trials drawn from a space, weaker ones stopped early (docs/search.md)");
  sub->add_option("-c,--config", args->config, experimentHelp())->transform(shippedFile("experiments"));
  sub->add_option("--space", args->space, "The space: config fields with ranges or values (docs/search.md)");
  sub->add_option("-s,--set", args->overrides, setHelp())->take_all();
  sub->add_option("-o,--out", args->out, outHelp());
  sub->add_option("-n,--trials", args->trials, "Trials drawn from the space (the preset runs besides)")
      ->check(CLI::Range(1, 100000));
  sub->add_option("--sampler", args->sampler, "random or grid")->check(CLI::IsMember({"random", "grid"}));
  sub->add_flag("--halving", args->halving, "Successive halving (ASHA): stop the weaker trials at rungs");
  sub->add_option("--eta", args->eta, "Halving's reduction factor: the top 1/eta go on at each rung (3)");
  sub->add_option("--min-epochs", args->min_epochs, "Halving's first rung, in epochs (1)");
  sub->add_option("--parallel", args->parallel, "Trials training at once, sharing the cores (1)")
      ->check(CLI::Range(1, 64));
  sub->add_option("--metric", args->metric, "The epoch metric to optimise (auto: val_accuracy; a regression's val_r2)");
  sub->add_option("--mode", args->mode, "min or max (auto: by the metric)")
      ->check(CLI::IsMember({"auto", "min", "max"}));
  sub->add_option("--seed", args->seed, "The random sampler's seed (the experiment's seed)");
  sub->add_flag("--no-preset", args->no_preset, "Do not train the experiment as it is as trial 0");
  sub->add_flag("-q,--quiet", args->quiet, "The trials' starts and ends only");
  sub->add_option("--resume", args->resume, "Continue a stopped or killed search: its folder")
      ->check(CLI::ExistingDirectory);
  runs(sub, command, args, [](SearchArgs& a) { return searchCommand(a); });
}

void addSubcommands(CLI::App& app, const CommandLine& line, Command& command) {
  setupTrain(app, line, command);
  setupResume(app, line, command);
  setupSearch(app, command);
  setupFork(app, command);
  setupSummary(app, command);
  setupDatasets(app, command);
  setupStats(app, command);
  setupDoctor(app, command);
  setupTensors(app, command);
  setupLesson(app, command);
  setupRepair(app, command);
  setupRuns(app, command);
  setupExport(app, command);
  setupCheck(app, command);
  setupSuspects(app, command);
  setupPredict(app, command);
  setupSimilar(app, command);
  setupExportScript(app, command);
  setupReport(app, command);
  setupGraph(app, command);
  setupCollect(app, command);
  setupLrFind(app, command);
  setupFitBatch(app, command);
  setupExportTensorBoard(app, command);
  setupImportTensorBoard(app, command);
  setupBundle(app, command);
  setupVerify(app, command);
}

}  // namespace trainscope::cli
