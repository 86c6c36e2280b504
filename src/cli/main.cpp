// trainscope-cli: trains Trainscope experiments headless.
#include "cli/commands.h"
#include "engine/system/versions.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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

void appendTensorOverrides(const TensorArgs& args, std::vector<std::string>& overrides) {
  if (!args.steps.empty()) overrides.push_back("tensors.steps=" + nlohmann::json(args.steps).dump());
  if (!args.layers.empty()) overrides.push_back("tensors.layers=" + nlohmann::json(args.layers).dump());
}
}  // namespace

int main(int argc, char** argv) {
  using namespace trainscope::cli;
  const auto v = trainscope::libraryVersions();
  CLI::App app{"trainscope-cli: train and inspect Trainscope experiments without a display"};
  app.set_version_flag("--version", "trainscope " + v.trainscope + " (LibTorch " + v.libtorch + ", OpenCV " + v.opencv +
                                        ", HDF5 " + v.hdf5 + ")");
  app.require_subcommand(1);

  TrainArgs train;
  auto* trainCmd = app.add_subcommand("train", "Train an experiment; writes a run folder under runs_dir");
  trainCmd->add_option("-c,--config", train.config, "Experiment JSON (e.g. resources/experiments/fashion_lenet.json)")
      ->required()
      ->check(CLI::ExistingFile);
  trainCmd->add_option("-o,--out", train.out, "Runs folder (overrides runs_dir)");
  trainCmd
      ->add_option("-s,--set", train.overrides,
                   "Override a field: key=value, e.g. --set epochs=1 --set optimizer.lr=0.1")
      ->take_all();
  trainCmd->add_flag("-q,--quiet", train.quiet, "Only log lines, no progress");
  trainCmd->add_option("--events", train.events, kEventsHelp);
  TensorArgs trainTensors;
  addTensorOptions(*trainCmd, trainTensors);

  std::string runDir;
  std::vector<std::string> resumeOverrides;
  bool resumeQuiet = false;
  auto* resumeCmd = app.add_subcommand("resume", "Continue a run from its last checkpoint, in the same folder");
  resumeCmd->add_option("run_dir", runDir, "The run's folder")->required()->check(CLI::ExistingDirectory);
  resumeCmd->add_option("-s,--set", resumeOverrides, "Override a recorded field, e.g. --set epochs=20")->take_all();
  resumeCmd->add_flag("-q,--quiet", resumeQuiet, "Only log lines, no progress");
  std::string resumeEvents;
  resumeCmd->add_option("--events", resumeEvents, kEventsHelp);
  TensorArgs resumeTensors;
  addTensorOptions(*resumeCmd, resumeTensors);

  std::string summaryConfig;
  std::vector<std::string> summaryOverrides;
  auto* summaryCmd = app.add_subcommand("summary", "Print the model summary (layers, output shapes, parameters)");
  summaryCmd->add_option("-c,--config", summaryConfig, "Experiment JSON")->required()->check(CLI::ExistingFile);
  summaryCmd->add_option("-s,--set", summaryOverrides, "Override a field: key=value")->take_all();

  std::string inspect;
  auto* datasetsCmd = app.add_subcommand("datasets", "List the built-in datasets, or check an image folder");
  datasetsCmd->add_option("path", inspect, "An image folder to check (classes, counts, skipped files)");

  std::string statsConfig;
  std::vector<std::string> statsOverrides;
  int64_t statsMax = 0;
  auto* statsCmd = app.add_subcommand("stats", "Compute the training set's per-channel mean and std for Normalize");
  statsCmd->add_option("-c,--config", statsConfig, "Experiment JSON")->required()->check(CLI::ExistingFile);
  statsCmd->add_option("-s,--set", statsOverrides, "Override a field: key=value")->take_all();
  statsCmd->add_option("--max-samples", statsMax, "Measure at most this many images, spread over the set (0 = all)");

  int doctorThreads = 0;
  auto* doctorCmd = app.add_subcommand("doctor", "Check the environment: versions, CUDA, threads, a timed matmul");
  doctorCmd->add_option("--threads", doctorThreads, "LibTorch threads for the check (0 = all cores)");

  std::string tensorsRun;
  auto* tensorsCmd = app.add_subcommand("tensors", "List the tensors saved in a run (its tensors.h5)");
  tensorsCmd->add_option("run", tensorsRun, "A run folder, or a tensors.h5 file")->required()->check(CLI::ExistingPath);

  std::string lessonPath, lessonOut, lessonLanguage = "en";
  bool lessonQuiet = false;
  auto* lessonCmd =
      app.add_subcommand("lesson", "Run a lesson's experiments one after another, or list a folder's lessons");
  lessonCmd->add_option("lesson", lessonPath, "A lesson file (resources/lessons/02_zero_grad.json) or a folder of them")
      ->required()
      ->check(CLI::ExistingPath);
  lessonCmd->add_option("-o,--out", lessonOut, "Runs folder (overrides runs_dir)");
  lessonCmd->add_option("--lang", lessonLanguage, "Language of the explanation")->check(CLI::IsMember({"en", "zh_CN"}));
  lessonCmd->add_flag("-q,--quiet", lessonQuiet, "Only log lines, no progress");

  std::string runsDir = "runs";
  auto* runsCmd =
      app.add_subcommand("runs", "List the runs in a runs folder: status, model, best accuracy, time, tags");
  runsCmd->add_option("dir", runsDir, "The runs folder (default: runs)");

  CLI11_PARSE(app, argc, argv);
  if (*trainCmd) {
    appendTensorOverrides(trainTensors, train.overrides);
    return trainCommand(train);
  }
  if (*resumeCmd) {
    appendTensorOverrides(resumeTensors, resumeOverrides);
    return resumeCommand(runDir, resumeOverrides, resumeQuiet, resumeEvents);
  }
  if (*summaryCmd) return summaryCommand(summaryConfig, summaryOverrides);
  if (*datasetsCmd) return datasetsCommand(inspect);
  if (*statsCmd) return statsCommand(statsConfig, statsOverrides, statsMax);
  if (*doctorCmd) return doctorCommand(doctorThreads);
  if (*tensorsCmd) return tensorsCommand(tensorsRun);
  if (*lessonCmd) return lessonCommand(lessonPath, lessonOut, lessonLanguage, lessonQuiet);
  if (*runsCmd) return runsCommand(runsDir);
  return 0;
}
