#include "cli/record_commands.h"

#include "cli/cli_support.h"
#include "engine/record/tensorboard_export.h"
#include "engine/record/tensorboard_import.h"
#include "engine/repro/bundle.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <csignal>
#include <cstdio>

namespace trainscope::cli {

int exportTensorBoardCommand(const std::string& runDir, const std::string& outDir) {
  return guarded([&] {
    const TensorBoardExport e = exportTensorBoard(runDir, outDir);
    std::printf("wrote %s\n  %lld scalar values and %lld histograms in %lld events\n", e.file.c_str(),
                static_cast<long long>(e.scalar_values), static_cast<long long>(e.histogram_values),
                static_cast<long long>(e.events));
    for (const auto& note : e.notes) std::printf("  note: %s\n", note.c_str());
    std::printf("view it: tensorboard --logdir %s\n", outDir.c_str());
    return 0;
  });
}

int importTensorBoardCommand(const std::string& logDir, const std::string& runsDir) {
  return guarded([&] {
    int64_t imported = 0;
    for (const ImportedRun& r : importTensorBoard(logDir, runsDir)) {
      if (r.folder.empty()) {
        std::printf("skipped %s: %s\n", r.source.c_str(), r.note.c_str());
        continue;
      }
      ++imported;
      std::printf("imported %s\n  -> %s\n  %lld scalar values, %lld histograms from %lld records", r.source.c_str(),
                  r.folder.c_str(), static_cast<long long>(r.scalar_values), static_cast<long long>(r.histogram_values),
                  static_cast<long long>(r.records));
      if (r.damaged_records) std::printf("; %lld damaged records skipped", static_cast<long long>(r.damaged_records));
      if (r.cut_short) std::printf("; the last record was cut short");
      std::printf("\n");
      if (!r.note.empty()) std::printf("  note: %s\n", r.note.c_str());
    }
    std::printf("%lld TensorBoard runs imported\n", static_cast<long long>(imported));
    return 0;
  });
}

int bundleCommand(const std::string& runDir, const std::string& out) {
  return guarded([&] {
    const BundleWritten b = writeBundle(runDir, out);
    std::printf(
        "wrote %s (%.1f MB)\n  config, versions, seed, threads, %lld dataset files fingerprinted, the first %lld "
        "steps' losses%s\n",
        b.file.c_str(), static_cast<double>(b.bytes) / 1e6, static_cast<long long>(b.dataset_files),
        static_cast<long long>(b.reference_steps),
        b.checkpoint.empty() ? " (the run has no checkpoint yet)" : ", checkpoints/last.pt");
    std::printf("check it on any machine: trainscope-cli verify %s\n", b.file.c_str());
    return 0;
  });
}

namespace {

nlohmann::json reportJson(const VerifyReport& r) {
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& s : r.steps) steps.push_back({{"step", s.step}, {"recorded", s.recorded}, {"rerun", s.rerun}});
  return {{"matched", r.matched},
          {"bit_exact", r.bit_exact},
          {"deterministic", r.deterministic},
          {"steps_compared", r.steps_compared},
          {"first_difference", r.first_difference},
          {"max_relative_difference", r.max_relative_difference},
          {"worst_step", r.worst_step},
          {"tolerance", r.tolerance},
          {"environment", r.environment},
          {"notes", r.notes},
          {"rerun_dir", r.rerun_dir},
          {"steps", steps}};
}

void printReport(const VerifyReport& r) {
  std::printf("%6s %22s %22s\n", "step", "recorded loss", "re-run loss");
  for (const auto& s : r.steps)
    std::printf("%6lld %22.17g %22.17g%s\n", static_cast<long long>(s.step), s.recorded, s.rerun,
                s.step == r.first_difference ? "  <- first difference" : "");
  std::printf("\n");
  if (r.bit_exact)
    std::printf("MATCH: the losses of the first %lld steps are identical, bit for bit\n",
                static_cast<long long>(r.steps_compared));
  else if (r.matched)
    std::printf(
        "MATCH within tolerance: the largest relative difference is %.3g (step %lld), within %.3g; not bit "
        "for bit from step %lld (the run is not in deterministic mode)\n",
        r.max_relative_difference, static_cast<long long>(r.worst_step), r.tolerance,
        static_cast<long long>(r.first_difference));
  else if (r.deterministic)
    std::printf(
        "DIFFERENT: the run is deterministic, yet the losses differ from step %lld (largest relative "
        "difference %.3g at step %lld)\n",
        static_cast<long long>(r.first_difference), r.max_relative_difference, static_cast<long long>(r.worst_step));
  else
    std::printf(
        "DIFFERENT: the largest relative difference is %.3g (step %lld), beyond the tolerance %.3g; they "
        "differ from step %lld\n",
        r.max_relative_difference, static_cast<long long>(r.worst_step), r.tolerance,
        static_cast<long long>(r.first_difference));
  if (r.environment.empty()) {
    std::printf("same versions, threads, device, CPU and inputs as recorded\n");
  } else {
    std::printf("what differs from the recorded run:\n");
    for (const auto& line : r.environment) std::printf("  - %s\n", line.c_str());
  }
  for (const auto& note : r.notes) std::printf("note: %s\n", note.c_str());
  if (!r.rerun_dir.empty()) std::printf("the re-run is kept in %s\n", r.rerun_dir.c_str());
}

}  // namespace

int verifyCommand(const VerifyArgs& args) {
  return guarded([&] {
    auto previous = std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    VerifyOptions options;
    options.steps = args.steps;
    options.tolerance = args.tolerance;
    options.dataset_root = args.dataset;
    options.keep = args.keep;
    options.interrupted = [] { return interruptCount() > 0; };
    if (!args.json) options.progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    VerifyReport r;
    try {
      r = verifyBundle(args.bundle, options);
    } catch (const std::exception&) {
      std::signal(SIGINT, previous);
      if (interruptCount() == 0) throw;
      std::fprintf(stderr, "verification interrupted\n");
      return kInterrupted;
    }
    std::signal(SIGINT, previous);
    if (args.json)
      std::printf("%s\n", reportJson(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    else
      printReport(r);
    return r.matched ? 0 : kFailed;
  });
}

}  // namespace trainscope::cli
