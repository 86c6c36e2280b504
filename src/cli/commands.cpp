#include "cli/commands.h"
#include "cli/cli_support.h"
#include "cli/event_stream.h"
#include "cli/terminal_output.h"
#include "engine/record/run_library.h"
#include "engine/record/run_repair.h"
#include "engine/record/tensor_listing.h"
#include "engine/run/lesson.h"
#include "engine/system/quoting.h"

#include "cli/local_launcher.h"
#include "cli/progress_printer.h"
#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"
#include "engine/config/recipes.h"
#include "engine/data/channel_stats.h"
#include "engine/data/dataset_source.h"
#include "engine/data/fashion_mnist.h"
#include "engine/data/image_folder.h"
#include "engine/models/model_summary.h"
#include "engine/session.h"
#include "engine/system/doctor.h"
#include "engine/system/install_paths.h"
#include "engine/system/threads.h"
#include "engine/train/run_fork.h"

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

namespace trainscope::cli {

namespace {

// A data-parallel rank other than 0: rank 0 shows the run; this one says only what
// went wrong here, marked with its rank.
int followAsRank(TrainingSession& session, int rank) {
  auto previous = std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  bool stopRequested = false, configProblem = false;
  RunState final = RunState::Failed;
  for (;;) {
    if (interruptCount() > 0 && !stopRequested) stopRequested = true, session.stop();
    const bool finished = session.waitFinished(std::chrono::milliseconds(50));
    for (const auto& e : session.events().drain()) {
      if (const auto* l = std::get_if<LogLine>(&e); l && l->level != LogLevel::Info)
        std::fprintf(stderr, "[rank %d] %s\n", rank, l->text.c_str());
      if (const auto* error = std::get_if<RunError>(&e)) configProblem = configProblem || error->config;
      if (const auto* s = std::get_if<StateChanged>(&e)) final = s->state;
    }
    if (finished) break;
  }
  std::signal(SIGINT, previous);
  if (configProblem) return kBadConfig;
  return final == RunState::Finished ? 0 : final == RunState::Stopped ? kInterrupted : kFailed;
}

// What to tell the user when an event pauses the run (the NaN guard, a breakpoint):
// the CLI then stops it and says how to go on.
std::optional<std::string> pausedFor(const Event& e, const std::string& runFolder) {
  const std::string runDir = shellWord(runFolder);  // a command to paste: the folder is one word
  if (const auto* g = std::get_if<GuardTripped>(&e); g && g->action == "pause")
    return "the NaN guard paused the run; stopping it (resume with `trainscope-cli resume " + runDir +
           "` after lowering " + configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key + " or setting " +
           configField(&ExperimentConfig::training, &TrainingConfig::clip_grad_norm).key + ")";
  if (const auto* b = std::get_if<BreakpointHit>(&e))
    return "a breakpoint paused the run at step " + std::to_string(b->step) +
           "; stopping it. Rewind to the checkpoint before it and fork with other settings (`trainscope-cli fork " +
           runDir + " --at " + std::to_string(b->step - 1) + " --set " +
           configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key +
           "=...`), or go on with `trainscope-cli resume " + runDir + "`";
  return std::nullopt;
}

// How long a stopped run may go without a sign of life (an event) before one Ctrl+C
// quits anyway: a step that never ends sends none.
constexpr std::chrono::seconds kStopGrace{20};

// Drains the session's events until it ends; Ctrl+C stops the run cleanly.
int follow(TrainingSession& session, bool quiet, EventStream* events = nullptr) {
  auto previous = std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  if (events && !events->enabled()) events = nullptr;
  if (events) events->writeRunFolder(session.runDir());
  std::FILE* human = events ? events->humanOutput() : stdout;
  ProgressPrinter printer(human, !quiet && isTerminal(human));
  bool stopRequested = false, configProblem = false;
  std::optional<std::chrono::steady_clock::time_point> interruptedAt;
  for (;;) {
    if (interruptCount() > 0 && !stopRequested) {
      stopRequested = true;
      interruptedAt = std::chrono::steady_clock::now();
      printer.finishLine();
      std::fprintf(stderr,
                   "stopping after the current step (the run's record is kept; Ctrl+C again quits at once)...\n");
      session.stop();
    }
    // A step that never ends (a model's forward that never returns) never sees the stop:
    // one Ctrl+C still ends the command. What was recorded up to the last flush is kept.
    if (interruptedAt && std::chrono::steady_clock::now() - *interruptedAt > kStopGrace) {
      printer.finishLine();
      std::fprintf(stderr,
                   "the run has not moved for %llds since Ctrl+C (a step that never ends?); quitting. Its record is "
                   "kept up to its last flush: `trainscope-cli repair %s` marks it interrupted\n",
                   static_cast<long long>(kStopGrace.count()), shellWord(session.runDir()).c_str());
      std::fflush(nullptr);
      std::_Exit(130);
    }
    const bool finished = session.waitFinished(std::chrono::milliseconds(50));
    const auto drained = session.events().drain();
    if (interruptedAt && !drained.empty()) interruptedAt = std::chrono::steady_clock::now();  // it still moves
    for (const auto& e : drained) {
      if (events) events->write(e);
      if (const auto* error = std::get_if<RunError>(&e)) configProblem = configProblem || error->config;
      // Nobody can press Resume in a terminal: a paused run would wait forever.
      if (const auto why = pausedFor(e, session.runDir()); why && !stopRequested) {
        stopRequested = true;
        printer.finishLine();
        std::fprintf(stderr, "%s\n", why->c_str());
        session.stop();
      }
      if (quiet && !std::holds_alternative<LogLine>(e) && !std::holds_alternative<StateChanged>(e) &&
          !std::holds_alternative<RunError>(e) && !std::holds_alternative<RunStarted>(e))
        continue;
      printer.handle(e);
    }
    if (finished) break;
  }
  printer.finishLine();
  std::signal(SIGINT, previous);
  if (std::filesystem::exists(session.runDir()))
    std::fprintf(human, "run folder: %s\n", session.runDir().c_str());
  else  // a run that could not start keeps no folder (the reason is above)
    std::fprintf(human, "no run folder was kept: the run could not start\n");
  if (configProblem) return kBadConfig;
  switch (printer.finalState()) {
    case RunState::Finished: return 0;
    case RunState::Stopped: return printer.guardTripped() ? kFailed : kInterrupted;
    default: return kFailed;
  }
}

}  // namespace

namespace {
// The launcher's environment (torchrun, srun, --nproc); refuses --nproc inside one.
ProcessGroupSpec groupFor(int nproc) {
  const ProcessGroupSpec spec = processGroupFromEnvironment();
  if (nproc > 1 && spec.distributed())
    throw ConfigError("--nproc", "this process is already rank " + std::to_string(spec.rank) + " of " +
                                     std::to_string(spec.world_size) + " (started by " + spec.launcher +
                                     "); use either the launcher or --nproc");
  return spec;
}
}  // namespace

int trainCommand(const TrainArgs& args) {
  EventStream events;
  return guarded(
      [&] {
        const ProcessGroupSpec group = groupFor(args.nproc);
        if (group.rank == 0) events.open(args.events);  // a bad config ends the stream too
        const ExperimentConfig config = configFromFile(args.config, args.overrides, args.out);
        if (args.nproc > 1) return launchLocalRanks(args.nproc, args.commandLine, config.distributed.timeout_seconds);
        if (group.rank > 0) return followAsRank(*TrainingSession::start(config, group), group.rank);
        auto session = TrainingSession::start(config, group);
        return follow(*session, args.quiet, &events);
      },
      &events);
}

int resumeCommand(const std::string& runDir, const std::vector<std::string>& overrides, bool quiet,
                  const std::string& eventsTarget, const std::string& from, int nproc,
                  const std::vector<std::string>& commandLine) {
  EventStream events;
  return guarded(
      [&] {
        const ProcessGroupSpec group = groupFor(nproc);
        if (nproc > 1) return launchLocalRanks(nproc, commandLine, recordedDistributedTimeout(runDir));
        if (group.rank > 0) return followAsRank(*TrainingSession::resume(runDir, overrides, from, group), group.rank);
        events.open(eventsTarget);
        auto session = TrainingSession::resume(runDir, overrides, from, group);
        return follow(*session, quiet, &events);
      },
      &events);
}

int forkCommand(const std::string& runDir, int64_t atStep, const std::vector<std::string>& changes, bool quiet,
                const std::string& events) {
  std::string child;
  const int made = guarded([&] {
    const ForkedRun fork = forkRunFolder(runFolderPath(runDir).string(), atStep, changes);
    child = fork.dir;
    std::fprintf(stderr, "forked at step %lld (the newest checkpoint at or before %lld) into %s\n",
                 static_cast<long long>(fork.step), static_cast<long long>(atStep), child.c_str());
    return 0;
  });
  return made != 0 ? made : resumeCommand(child, changes, quiet, events, "");
}

int summaryCommand(const std::string& config, const std::vector<std::string>& overrides) {
  return guarded([&] {
    std::cout << formatSummary(summarizeExperiment(configFromFile(config, overrides, "")));
    return 0;
  });
}

// The photo recipe's validation split (its shipped JSON), so the epochs printed are for
// the training images that recipe would have; the folder default when it is not installed.
static double photoRecipeValFraction() {
  const std::string preset = resolveShippedFile(presetForDataKind("image-folder"), "experiments");
  if (!std::filesystem::is_regular_file(preset)) return ImageFolderOptions{}.val_fraction;
  return configFromFile(preset, {}, "").dataset.val_fraction;
}

int datasetsCommand(const std::string& inspectPath) {
  if (!inspectPath.empty()) {
    return guarded([&] {
      ImageFolderOptions o;
      o.val_fraction = photoRecipeValFraction();
      o.index_cache = userCacheDir();  // headers only, as the app and training read it
      const DatasetSplits s = openImageFolder(inspectPath, o);
      std::printf("%s\n", s.description.c_str());
      const int64_t images = s.train->size() + s.val->size();
      std::printf("%s; the list of files takes %.1f MB (%.0f bytes per image)\n",
                  s.from_index ? "re-opened from its index (the folder is unchanged)" : "every file's header read",
                  static_cast<double>(s.list_bytes) / 1e6,
                  static_cast<double>(s.list_bytes) / static_cast<double>(std::max<int64_t>(1, images)));
      const auto train = classCounts(*s.train), val = classCounts(*s.val);
      std::printf("%-24s %10s %10s\n", "class", "train", "val");
      for (size_t i = 0; i < train.size(); ++i)
        std::printf("%-24s %10lld %10lld\n", s.train->classes()[i].c_str(), static_cast<long long>(train[i]),
                    static_cast<long long>(val[i]));
      std::printf("skipped: %zu (images that fail to decode are found by: trainscope-cli check %s)\n", s.skipped.size(),
                  inspectPath.c_str());
      for (const auto& k : s.skipped) std::printf("  %s: %s\n", k.path.c_str(), k.reason.c_str());
      const SampleBudget& budget = photoSampleBudget();
      std::printf("photo recipe (%s): %lld epochs over these %lld training images (%lld samples; --set %s=N)\n",
                  presetForDataKind("image-folder").c_str(),
                  static_cast<long long>(epochsForBudget(budget, s.train->size())),
                  static_cast<long long>(s.train->size()), static_cast<long long>(budget.samples),
                  configField(&ExperimentConfig::epochs).key.c_str());
      return 0;
    });
  }
  const std::string dir = findFashionMnistDir();
  std::printf("built-in datasets:\n");
  if (dir.empty())
    std::printf(
        "  fashion-mnist  NOT FOUND (install Debian's dataset-fashion-mnist, or set TRAINSCOPE_FASHION_MNIST_DIR)\n");
  else
    std::printf(
        "  fashion-mnist  Fashion-MNIST: 60,000 train / 10,000 test, 28x28 grayscale, 10 classes\n"
        "                 %s\n",
        dir.c_str());
  const auto key = [](auto member) { return configField(&ExperimentConfig::dataset, member).key; };
  std::printf(
      "your own images:\n"
      "  image-folder   torchvision ImageFolder layout root/<class>/<image> (JPEG, PNG, BMP, WebP, TIFF);\n"
      "                 set %s=image-folder and %s. A val/ folder is used when\n"
      "                 present, otherwise %s is split off per class.\n"
      "                 `trainscope-cli datasets PATH` checks a folder and lists what it would skip.\n",
      key(&DatasetConfig::kind).c_str(), key(&DatasetConfig::root).c_str(), key(&DatasetConfig::val_fraction).c_str());
  return 0;
}

int doctorCommand(int threads) {
  return guarded([&] {
    configureThreads(threads);
    std::cout << formatReport(checkEnvironment());
    return 0;
  });
}

int lessonCommand(const std::string& file, const std::string& out, const std::string& language, bool quiet) {
  return guarded([&] {
    const std::string path = file.empty() ? sharedResourceDir("lessons") : file;
    if (path.empty())
      throw ConfigError("lesson", "no lessons are installed beside this trainscope-cli; name a lesson file");
    if (std::filesystem::is_directory(path)) {  // a folder: list its lessons
      std::printf("Lessons in %s:\n", path.c_str());
      Problems problems;
      for (const auto& l : loadLessons(path, &problems))
        std::printf("%d. %-48s %zu runs  %s\n", l.number, l.titleIn(language).c_str(), l.runs.size(),
                    std::filesystem::path(l.file).filename().string().c_str());
      for (const auto& p : problems) std::fprintf(stderr, "skipped %s\n", p.text().c_str());
      if (file.empty()) std::printf("Run one: trainscope-cli lesson 02_zero_grad (its file name)\n");
      return problems.empty() ? 0 : kBadConfig;
    }
    const Lesson lesson = loadLesson(path);
    std::printf("Lesson %d: %s\n\n%s\n\n", lesson.number, lesson.titleIn(language).c_str(),
                lesson.explanationIn(language).c_str());
    struct Result {
      std::string label, dir, state;
      double loss = std::nan(""), valAccuracy = std::nan("");
    };
    std::vector<Result> results;
    for (const auto& variant : lesson.runs) {
      ExperimentConfig c = variant.config;
      if (!out.empty()) c.runs_dir = out;
      std::printf("== %s\n", variant.label.c_str());
      auto session = TrainingSession::start(c);
      follow(*session, quiet);                        // its exit code is the record's status, read below
      const bool userStopped = interruptCount() > 0;  // Ctrl+C ends the lesson; the NaN guard ends only its run
      // The record says how the run ended ("stopped" by the NaN guard, say).
      Result r{variant.label, session->runDir(), readRunEntry(session->runDir()).status};
      try {
        const RunCurves curves = readRunCurves(session->runDir());
        if (!curves.steps.at("loss").empty()) r.loss = curves.steps.at("loss").back();
        if (!curves.epochs.at("val_accuracy").empty()) r.valAccuracy = curves.epochs.at("val_accuracy").back();
      } catch (const std::exception&) {  // a run that never stepped has no curve
      }
      results.push_back(r);
      if (userStopped) break;
    }
    std::printf("\n%-20s %-11s %12s %14s  %s\n", "run", "state", "last loss", "val accuracy", "folder");
    for (const auto& r : results)
      std::printf("%-20s %-11s %12.4g %13.2f%%  %s\n", r.label.c_str(), r.state.c_str(), r.loss, r.valAccuracy * 100,
                  r.dir.c_str());
    std::printf("\nCompare them: open the runs folder in the app (Compare page); curves to look at: ");
    for (size_t i = 0; i < lesson.metrics.size(); ++i) std::printf("%s%s", i ? ", " : "", lesson.metrics[i].c_str());
    std::printf(" (by %s)\n", lesson.x.c_str());
    return 0;
  });
}

int repairCommand(const std::string& runDir) {
  return guarded([&] {
    const RepairReport r = repairRun(runDir);
    for (const auto& f : r.cleared) std::printf("cleared the write mark of %s\n", f.c_str());
    for (const auto& f : r.set_aside) std::printf("set aside %s\n", f.c_str());
    for (const auto& p : r.problems) std::fprintf(stderr, "could not repair %s\n", p.c_str());
    if (r.marked_interrupted) std::printf("run.json: status interrupted (its writer had ended without closing it)\n");
    if (r.restored_before_resume)
      std::printf("metrics.h5: put back as it was before a resume that ended before its first checkpoint\n");
    if (r.cleared.empty() && r.set_aside.empty() && r.problems.empty() && !r.marked_interrupted &&
        !r.restored_before_resume)
      std::printf("%s needs no repair\n", runDir.c_str());
    return r.problems.empty() ? 0 : kBadInput;
  });
}

int runsCommand(const std::string& dir) {
  return guarded([&] {
    if (!std::filesystem::is_directory(dir))
      throw ConfigError("runs", dir + " is not a folder (the runs folder of your experiments, " +
                                    configField(&ExperimentConfig::runs_dir).key + ")");
    const auto runs = listRuns(dir);
    std::printf("%-40s %-11s %-9s %-8s %10s %10s %9s  %s\n", "run", "status", "model", "optim", "lr", "best val",
                "time", "tags");
    for (const auto& r : runs) {
      std::string tags;
      for (const auto& t : r.tags) tags += (tags.empty() ? "" : ",") + t;
      // A run without a finished epoch (or a damaged one) has no accuracy yet: "-", not "nan%".
      const auto shown = [](double v, const char* format) {
        char text[32] = "-";
        if (!std::isnan(v)) std::snprintf(text, sizeof text, format, v);
        return std::string(text);
      };
      std::printf("%-40s %-11s %-9s %-8s %10s %10s %8.0fs  %s%s\n", r.name.c_str(), r.status.c_str(), r.model.c_str(),
                  r.optimizer.c_str(), shown(r.lr, "%.3g").c_str(), shown(r.best_val_accuracy * 100, "%.2f%%").c_str(),
                  r.train_seconds, tags.c_str(), r.damage.empty() ? "" : ("  (" + r.damage + ")").c_str());
    }
    std::printf("%zu runs in %s\n", runs.size(), dir.c_str());
    return 0;
  });
}

int tensorsCommand(const std::string& runOrFile) {
  return guarded([&] {
    std::filesystem::path file = runOrFile;
    if (std::filesystem::is_directory(file)) file /= "tensors.h5";
    if (!std::filesystem::exists(file))
      throw BadInput(file.string() +
                     " does not exist: no tensors were saved in this run (use --save-tensors STEPS, "
                     "the config's tensors section, or Save tensors on the Inspect page)");
    const auto stored = listStoredTensors(file.string());
    for (const auto& s : stored) {
      std::string shape;
      for (size_t i = 0; i < s.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(s.shape[i]);
      std::printf("%-48s %-8s [%s]\n", s.path.c_str(), s.dtype.c_str(), shape.c_str());
    }
    std::printf("%zu tensors in %s\n", stored.size(), file.string().c_str());
    return 0;
  });
}

int statsCommand(const std::string& config, const std::vector<std::string>& overrides, int64_t maxSamples) {
  return guarded([&] {
    const ExperimentConfig c = configFromFile(config, overrides, "");
    if (c.dataset.kind == "csv")
      throw ConfigError(configField(&ExperimentConfig::dataset, &DatasetConfig::kind).key,
                        "stats measures image channels; a table's columns are standardised with the training "
                        "split's statistics when it trains (trainscope-cli check shows them)");
    const auto problems = checkDatasetAvailable(c.dataset);
    if (!problems.empty()) throw ConfigError(problems);
    const DatasetSplits splits = openDataset(c);
    const bool terminal = isTerminal(stderr);
    const ChannelStats s =
        computeChannelStats(*splits.train, c.val_transforms, maxSamples, [&](int64_t done, int64_t total) {
          if (terminal)
            std::fprintf(rawStream(stderr), "\rmeasuring %lld/%lld images", static_cast<long long>(done),
                         static_cast<long long>(total));
          return true;
        });
    if (terminal) std::fprintf(stderr, "\n");
    nlohmann::ordered_json normalize{
        {"name", "Normalize"}, {"mean", nlohmann::json::array()}, {"std", nlohmann::json::array()}};
    for (size_t i = 0; i < s.mean.size(); ++i) {
      normalize["mean"].push_back(std::round(s.mean[i] * 1e4) / 1e4);
      normalize["std"].push_back(std::round(s.std[i] * 1e4) / 1e4);
    }
    std::printf("measured %lld training images (%lld could not be loaded) after the val transforms up to ToTensor\n",
                static_cast<long long>(s.samples), static_cast<long long>(s.skipped));
    std::printf("mean %s\nstd  %s\n",
                normalize["mean"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str(),
                normalize["std"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    std::printf("for the config: %s\n",
                normalize.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    for (int c : s.constant_channels) std::printf("note: channel %d never varies; its std is set to 1\n", c);
    return 0;
  });
}

}  // namespace trainscope::cli
