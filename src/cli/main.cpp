// trainscope-cli: trains Trainscope experiments headless.
#include "cli/check_command.h"
#include "cli/commands.h"
#include "cli/local_launcher.h"
#include "cli/model_commands.h"
#include "cli/record_commands.h"
#include "engine/config/config_fields.h"
#include "engine/system/install_paths.h"
#include "engine/system/versions.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
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
        value = trainscope::resolveShippedFile(value, kind);
        if (std::filesystem::exists(value)) return {};
        const auto names = trainscope::shippedNames(kind);
        return "no such file: " + value +
               (names.empty() ? "" : " (or one of the shipped " + kind + ": " + joined(names) + ")");
      },
      "FILE|NAME");
}

std::string experimentHelp() {
  const auto names = trainscope::shippedNames("experiments");
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
  if (!args.steps.empty()) overrides.push_back(steps + "=" + nlohmann::json(args.steps).dump());
  if (!args.layers.empty()) overrides.push_back(layers + "=" + nlohmann::json(args.layers).dump());
}
}  // namespace

namespace {
int runCommand(int argc, char** argv);
}  // namespace

int main(int argc, char** argv) {
  const int code = runCommand(argc, argv);
  // Every file of the run is closed by now. What is left at exit is HDF5's own
  // clean-up, which crashes on a file whose close failed (a full disk, HDF5 1.10.8):
  // the run's failure is recorded, so the process ends here with its exit code.
  std::fflush(nullptr);
  std::_Exit(code);
}

namespace {
int runCommand(int argc, char** argv) {
  using namespace trainscope::cli;
  const auto v = trainscope::libraryVersions();
  CLI::App app{"trainscope-cli: train and inspect Trainscope experiments without a display"};
  app.set_version_flag("--version", "trainscope " + v.trainscope + " (LibTorch " + v.libtorch + ", OpenCV " + v.opencv +
                                        ", HDF5 " + v.hdf5 + ")");
  app.require_subcommand(1);

  TrainArgs train;
  auto* trainCmd = app.add_subcommand("train", "Train an experiment; writes a run folder under " + runsDirKey());
  const CLI::Validator experimentFile = shippedFile("experiments");
  trainCmd->add_option("-c,--config", train.config, experimentHelp())->required()->transform(experimentFile);
  trainCmd->add_option("-o,--out", train.out, outHelp());
  trainCmd->add_option("-s,--set", train.overrides, setHelp())->take_all();
  trainCmd->add_flag("-q,--quiet", train.quiet, "Only log lines, no progress");
  trainCmd->add_option("--events", train.events, kEventsHelp);
  trainCmd->add_option("--nproc", train.nproc, "Train on N local processes (data parallel; docs/distributed.md)")
      ->check(CLI::Range(1, 1024));
  TensorArgs trainTensors;
  addTensorOptions(*trainCmd, trainTensors);

  std::string runDir;
  std::vector<std::string> resumeOverrides;
  bool resumeQuiet = false;
  auto* resumeCmd = app.add_subcommand("resume", "Continue a run from its last checkpoint, in the same folder");
  resumeCmd->add_option("run_dir", runDir, "The run's folder")->required()->check(CLI::ExistingDirectory);
  resumeCmd->add_option("-s,--set", resumeOverrides, "Override a recorded field, e.g. --set epochs=20")->take_all();
  resumeCmd->add_flag("-q,--quiet", resumeQuiet, "Only log lines, no progress");
  std::string resumeEvents, resumeFrom;
  resumeCmd->add_option("--events", resumeEvents, kEventsHelp);
  resumeCmd->add_option("--from", resumeFrom,
                        "Resume from this checkpoint instead of checkpoints/last.pt (e.g. best.pt, or a path)");
  int resumeNproc = 1;
  resumeCmd->add_option("--nproc", resumeNproc, "Resume on N local processes (as many as the run had)")
      ->check(CLI::Range(1, 1024));
  TensorArgs resumeTensors;
  addTensorOptions(*resumeCmd, resumeTensors);

  std::string summaryConfig;
  std::vector<std::string> summaryOverrides;
  auto* summaryCmd = app.add_subcommand("summary", "Print the model summary (layers, output shapes, parameters)");
  summaryCmd->add_option("-c,--config", summaryConfig, experimentHelp())->required()->transform(experimentFile);
  summaryCmd->add_option("-s,--set", summaryOverrides, "Override a field: key=value")->take_all();

  std::string inspect;
  auto* datasetsCmd = app.add_subcommand("datasets", "List the built-in datasets, or check an image folder");
  datasetsCmd->add_option("path", inspect, "An image folder to check (classes, counts, skipped files)");

  std::string statsConfig;
  std::vector<std::string> statsOverrides;
  int64_t statsMax = 0;
  auto* statsCmd = app.add_subcommand("stats", "Compute the training set's per-channel mean and std for Normalize");
  statsCmd->add_option("-c,--config", statsConfig, experimentHelp())->required()->transform(experimentFile);
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
  lessonCmd
      ->add_option("lesson", lessonPath,
                   "A lesson file, a shipped lesson by name (02_zero_grad), or a folder of lessons to list "
                   "(default: list the shipped lessons)")
      ->transform(shippedFile("lessons"));
  lessonCmd->add_option("-o,--out", lessonOut, outHelp());
  lessonCmd->add_option("--lang", lessonLanguage, "Language of the explanation")->check(CLI::IsMember({"en", "zh_CN"}));
  lessonCmd->add_flag("-q,--quiet", lessonQuiet, "Only log lines, no progress");

  std::string repairDir;
  auto* repairCmd = app.add_subcommand(
      "repair", "After a crash: let plain h5py open the run's HDF5 files again and mark the run interrupted");
  repairCmd->add_option("run", repairDir, "The run's folder")->required()->check(CLI::ExistingDirectory);

  std::string runsDir;
  auto* runsCmd =
      app.add_subcommand("runs", "List the runs in a runs folder: status, model, best accuracy, time, tags");
  runsCmd->add_option("dir", runsDir, "The runs folder (default: ~/Trainscope/runs)");

  trainscope::ExportRequest exportRequest;
  auto* exportCmd = app.add_subcommand(
      "export", "Write a run's trained model as TorchScript (torch.jit.load) or ONNX (onnx, OpenCV DNN, onnxruntime)");
  exportCmd->add_option("run", exportRequest.run_dir, "The run's folder")->required()->check(CLI::ExistingDirectory);
  exportCmd->add_option("--format", exportRequest.format, "torchscript or onnx")
      ->check(CLI::IsMember({"torchscript", "onnx"}));
  exportCmd->add_option("--out", exportRequest.out, "The model file to write; <out>.json gets its preprocessing")
      ->required();
  exportCmd->add_option("--checkpoint", exportRequest.checkpoint, "best, last or a file (default: best, else last)");
  exportCmd->add_option("--example", exportRequest.example,
                        "Also write an HDF5 file with a test batch (/input) and the engine's logits (/logits)");

  std::string checkFolder, checkConfig;
  std::vector<std::string> checkOverrides;
  bool checkJson = false;
  auto* checkCmd = app.add_subcommand(
      "check", "Check a dataset's health: duplicates and leakage between splits, label conflicts, imbalance, outliers");
  checkCmd->add_option("folder", checkFolder, "An image folder (default: the experiment's dataset, else Fashion-MNIST)")
      ->check(CLI::ExistingDirectory);
  checkCmd->add_option("-c,--config", checkConfig, "Experiment JSON whose dataset to check")->transform(experimentFile);
  checkCmd->add_option("-s,--set", checkOverrides, "Override a field: key=value")->take_all();
  checkCmd->add_flag("--json", checkJson, "Print one JSON object");

  std::string suspectsRun;
  int64_t suspectsTop = 20;
  bool suspectsJson = false;
  auto* suspectsCmd = app.add_subcommand(
      "suspects", "List the training labels a run finds most suspect (from samples.h5: the area under the margin)");
  suspectsCmd->add_option("run", suspectsRun, "The run's folder")->required()->check(CLI::ExistingDirectory);
  suspectsCmd->add_option("--top", suspectsTop, "How many (default 20)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  suspectsCmd->add_flag("--json", suspectsJson, "Print a JSON list of objects");

  std::string predictRun, predictCheckpoint;
  std::vector<std::string> predictImagesList;
  int predictTop = 5;
  bool predictJson = false;
  auto* predictCmd = app.add_subcommand("predict", "Print the top classes of images for a run's trained model");
  predictCmd->add_option("run", predictRun, "The run's folder")->required()->check(CLI::ExistingDirectory);
  predictCmd->add_option("images", predictImagesList, "Image files")->required();
  predictCmd->add_option("-k,--top", predictTop, "How many classes to print")->check(CLI::Range(1, 1000));
  predictCmd->add_option("--checkpoint", predictCheckpoint, "best, last or a file (default: best, else last)");
  predictCmd->add_flag("--json", predictJson, "One JSON object per image");

  std::string lrConfig, lrCsv;
  std::vector<std::string> lrOverrides;
  int lrIterations = 100;
  bool lrJson = false;
  auto* lrCmd = app.add_subcommand(
      "lr-find", "Learning-rate range test: a short run with a growing rate, the loss plot and a suggested rate");
  lrCmd->add_option("--config", lrConfig, experimentHelp())->required()->transform(experimentFile);
  lrCmd->add_option("--set", lrOverrides, "Override a field: a.b=value (repeatable)");
  lrCmd->add_option("--iterations", lrIterations, "At most this many steps")->check(CLI::Range(2, 1000));
  lrCmd->add_option("--csv", lrCsv, "Write the curve (lr, smoothed loss) to this file");
  lrCmd->add_flag("--json", lrJson, "Print the curve and suggestion as one JSON object");

  std::string fitConfig;
  std::vector<std::string> fitOverrides;
  double fitHeadroom = 0.2;
  int fitTarget = 0;
  bool fitJson = false;
  auto* fitCmd = app.add_subcommand(
      "fit-batch", "The largest batch that fits in memory with headroom, and the accumulation for a target batch");
  fitCmd->add_option("--config", fitConfig, experimentHelp())->required()->transform(experimentFile);
  fitCmd->add_option("--set", fitOverrides, "Override a field: a.b=value (repeatable)");
  fitCmd->add_option("--headroom", fitHeadroom, "Share of the memory left free (default 0.2)")
      ->check(CLI::Range(0.0, 0.9));
  fitCmd->add_option("--target-batch", fitTarget, "Effective batch to reach (default: the config's)")
      ->check(CLI::Range(1, 1 << 20));
  fitCmd->add_flag("--json", fitJson, "Print the result as one JSON object");

  std::string tensorboardRun, tensorboardOut;
  auto* tensorboardCmd =
      app.add_subcommand("export-tensorboard",
                         "Write a run's scalars and histograms as TensorBoard event files (tensorboard --logdir OUT)");
  tensorboardCmd->add_option("run", tensorboardRun, "The run's folder")->required()->check(CLI::ExistingDirectory);
  tensorboardCmd->add_option("out", tensorboardOut, "The TensorBoard log folder; the run goes to OUT/<run folder name>")
      ->required();

  std::string bundleRun, bundleOut;
  auto* bundleCmd = app.add_subcommand(
      "bundle", "Write a reproducibility bundle: config, versions, seed, threads, dataset fingerprint, checkpoint");
  bundleCmd->add_option("run", bundleRun, "The run's folder")->required()->check(CLI::ExistingDirectory);
  bundleCmd->add_option("-o,--out", bundleOut, "The archive to write (default: <run folder>.bundle.tar beside it)");

  trainscope::cli::VerifyArgs verify;
  auto* verifyCmd = app.add_subcommand(
      "verify", "Re-run a bundle's first steps from scratch here and compare the losses (exit 1 when they differ)");
  verifyCmd->add_option("bundle", verify.bundle, "A bundle written by `trainscope-cli bundle`")
      ->required()
      ->check(CLI::ExistingFile);
  verifyCmd->add_option("--steps", verify.steps, "Compare the first N optimizer steps (default 20)")
      ->check(CLI::Range(int64_t{1}, int64_t{1000}));
  verifyCmd
      ->add_option("--tolerance", verify.tolerance,
                   "Largest relative loss difference outside deterministic mode (default 1e-3)")
      ->check(CLI::Range(0.0, 1.0));
  verifyCmd->add_option("--dataset", verify.dataset, "The image folder's root on this machine, when it moved")
      ->check(CLI::ExistingDirectory);
  verifyCmd->add_flag("--keep", verify.keep, "Keep the re-run's folder");
  verifyCmd->add_flag("--json", verify.json, "Print the comparison as one JSON object");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here too (code 0); every other problem with the
    // command line is a bad argument: exit 2, as the README promises.
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (*trainCmd) {
    appendTensorOverrides(trainTensors, train.overrides);
    int ignored = 1;
    train.commandLine = trainscope::cli::withoutNproc(argc, argv, &ignored);
    return trainCommand(train);
  }
  if (*resumeCmd) {
    appendTensorOverrides(resumeTensors, resumeOverrides);
    int ignored = 1;
    return resumeCommand(runDir, resumeOverrides, resumeQuiet, resumeEvents, resumeFrom, resumeNproc,
                         trainscope::cli::withoutNproc(argc, argv, &ignored));
  }
  if (*summaryCmd) return summaryCommand(summaryConfig, summaryOverrides);
  if (*datasetsCmd) return datasetsCommand(inspect);
  if (*statsCmd) return statsCommand(statsConfig, statsOverrides, statsMax);
  if (*doctorCmd) return doctorCommand(doctorThreads);
  if (*tensorsCmd) return tensorsCommand(tensorsRun);
  if (*lessonCmd) return lessonCommand(lessonPath, lessonOut, lessonLanguage, lessonQuiet);
  if (*runsCmd) return runsCommand(trainscope::runsFolder(runsDir));
  if (*repairCmd) return repairCommand(repairDir);
  if (*exportCmd) return exportCommand(exportRequest);
  if (*lrCmd) return lrFindCommand(lrConfig, lrOverrides, lrIterations, lrCsv, lrJson);
  if (*fitCmd) return fitBatchCommand(fitConfig, fitOverrides, fitHeadroom, fitTarget, fitJson);
  if (*checkCmd) return checkCommand(checkFolder, checkConfig, checkOverrides, checkJson);
  if (*suspectsCmd) return suspectsCommand(suspectsRun, suspectsTop, suspectsJson);
  if (*predictCmd) return predictCommand(predictRun, predictImagesList, predictTop, predictCheckpoint, predictJson);
  if (*tensorboardCmd) return exportTensorBoardCommand(tensorboardRun, tensorboardOut);
  if (*bundleCmd) return bundleCommand(bundleRun, bundleOut);
  if (*verifyCmd) return verifyCommand(verify);
  return 0;
}
}  // namespace
