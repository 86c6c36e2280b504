#include "cli/model_commands.h"
#include "cli/terminal_output.h"

#include "engine/config/file_input.h"
#include "engine/data/text_dataset.h"
#include "engine/deploy/pytorch_script.h"
#include "engine/deploy/run_report.h"
#include "engine/deploy/similar_images.h"
#include "engine/deploy/table_tools.h"
#include "engine/deploy/text_tools.h"
#include "engine/repro/collect_runs.h"
#include "engine/system/install_paths.h"

#include "engine/config/config_fields.h"

#include "cli/cli_support.h"
#include "engine/sample_report.h"
#include "engine/system/atomic_file.h"
#include "engine/tuning.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

namespace trainscope::cli {

int exportCommand(const ExportRequest& request) {
  const ExportResult r = exportModel(request);
  if (!r.ok) {
    std::cerr << "error: " << r.error << "\n";
    return r.bad_input ? kBadInput : kFailed;
  }
  std::cout << "exported " << r.checkpoint << (r.average ? " (its weights' moving average)" : "")
            << "\n  model:         " << r.model_path << "\n  preprocessing: " << r.preprocessing_path << "\n";
  if (r.max_abs_diff >= 0) {
    char diff[64];
    std::snprintf(diff, sizeof diff, "%.3g", r.max_abs_diff);
    std::cout << "  checked:       torch::jit::load of the file gives the engine's logits (max abs diff " << diff
              << ")\n";
  }
  if (!request.example.empty()) std::cout << "  example batch: " << request.example << " (/input, /logits)\n";
  return 0;
}

int predictTableCommand(const std::string& runDir, const std::vector<std::string>& inputs, const std::string& out,
                        const std::string& checkpoint) {
  if (inputs.size() != 1) {
    std::cerr << "error: a table's run predicts the rows of one CSV file, got " << inputs.size() << " files\n";
    return kBadInput;
  }
  const TablePredictor predictor(runDir, checkpoint);
  const TablePredictionFile r = predictor.predictFile(inputs[0], out, std::cout);
  if (!r.ok) {
    std::cerr << "error: " << r.error << "\n";
    return r.bad_input ? kBadInput : kFailed;
  }
  std::cerr << "predicted " << r.rows << " rows of " << inputs[0] << (out.empty() ? "" : " into " + out) << "\n";
  return 0;
}

namespace {
// The files to read: each file named, and the .txt files under each folder, sorted.
std::vector<std::string> textFiles(const std::vector<std::string>& inputs) {
  std::vector<std::string> files;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(in, ec)) {
      files.push_back(in);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = std::filesystem::recursive_directory_iterator(in, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file(ec) && isTextDocument(it->path())) found.push_back(it->path().string());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}
}  // namespace

int predictTextCommand(const std::string& runDir, const std::vector<std::string>& inputs, const std::string& checkpoint,
                       bool json) {
  const TextPredictor predictor(runDir, checkpoint);
  if (!predictor.ok()) {
    std::cerr << "error: " << predictor.error() << "\n";
    return predictor.badInput() ? kBadInput : kFailed;
  }
  int failures = 0;
  for (const std::string& file : textFiles(inputs)) {
    const TextPrediction p = predictor.predictFile(file);
    if (!p.ok) {
      ++failures;
      std::cerr << "error: " << p.error << "\n";
      if (json)
        std::cout << nlohmann::json{{"file", file}, {"error", p.error}}.dump(-1, ' ', false,
                                                                             nlohmann::json::error_handler_t::replace)
                  << "\n";
      continue;
    }
    if (json) {
      nlohmann::json classes = nlohmann::json::array();
      for (const auto& c : p.classes) classes.push_back({{"label", c.label}, {"probability", c.probability}});
      std::cout << nlohmann::json{{"file", file}, {"predicted", p.predicted}, {"classes", classes}}.dump(
                       -1, ' ', false, nlohmann::json::error_handler_t::replace)
                << "\n";
    } else {
      std::cout << file << "\t" << p.predicted << "\t" << p.classes.front().probability << "\n";
    }
  }
  return failures > 0 ? kBadInput : 0;
}

int predictCommand(const std::string& runDir, const std::vector<std::string>& images, int k,
                   const std::string& checkpoint, bool json) {
  const std::vector<Prediction> predictions = predictImages(runDir, images, k, checkpoint);
  int failures = 0, badInputs = 0;
  for (const auto& p : predictions) {
    if (!p.ok) ++failures, badInputs += p.bad_input;
    if (json) {
      nlohmann::json top = nlohmann::json::array();
      for (const auto& c : p.top)
        top.push_back({{"index", c.index}, {"label", c.label}, {"probability", c.probability}});
      nlohmann::json line = {{"image", p.image}, {"top", top}};
      if (!p.ok) line["error"] = p.error;
      std::cout << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      continue;
    }
    if (!p.ok) {
      std::cerr << "error: " << p.error << "\n";
      continue;
    }
    std::cout << p.image << "\n";
    for (const auto& c : p.top) {
      char line[64];
      std::snprintf(line, sizeof line, "  %6.2f%%  ", 100.0 * c.probability);
      std::cout << line << c.label << "\n";
    }
  }
  return failures == 0 ? 0 : failures == badInputs ? kBadInput : kFailed;
}

namespace {
// The loss against log10(lr) as 60 columns x 15 rows of text, the suggestion marked.
void plotCurve(const LrFinderResult& r) {
  const int width = 60, height = 15;
  double lo = INFINITY, hi = -INFINITY;
  for (double l : r.losses) lo = std::min(lo, l), hi = std::max(hi, l);
  hi = std::min(hi, lo + 3 * (r.losses.front() - lo + 1e-9));  // a blow-up at the end would flatten the rest
  const double x0 = std::log10(r.lrs.front()), x1 = std::log10(r.lrs.back());
  std::vector<std::string> rows(height, std::string(width, ' '));
  for (size_t i = 0; i < r.lrs.size(); ++i) {
    const int x = static_cast<int>((std::log10(r.lrs[i]) - x0) / std::max(1e-9, x1 - x0) * (width - 1));
    const double v = std::clamp((r.losses[i] - lo) / std::max(1e-9, hi - lo), 0.0, 1.0);
    rows[static_cast<size_t>((1 - v) * (height - 1))][static_cast<size_t>(x)] = '*';
  }
  if (r.suggestion > 0) {
    const int x = static_cast<int>((std::log10(r.suggestion) - x0) / std::max(1e-9, x1 - x0) * (width - 1));
    for (auto& row : rows)
      if (row[static_cast<size_t>(x)] == ' ') row[static_cast<size_t>(x)] = '|';
  }
  char label[32];
  for (int i = 0; i < height; ++i) {
    std::snprintf(label, sizeof label, "%9.4g ", i == 0 ? hi : i == height - 1 ? lo : NAN);
    std::cout << (i == 0 || i == height - 1 ? label : std::string(10, ' ')) << rows[static_cast<size_t>(i)] << "\n";
  }
  std::snprintf(label, sizeof label, "%-10.0e", r.lrs.front());
  std::cout << std::string(10, ' ') << label << std::string(width - 20, ' ');
  std::snprintf(label, sizeof label, "%10.0e", r.lrs.back());
  std::cout << label << "  (learning rate, log scale)\n";
}
}  // namespace

int lrFindCommand(const std::string& config, const std::vector<std::string>& overrides, int iterations,
                  const std::string& csv, bool json) {
  return guarded([&] {
    const ExperimentConfig c = configFromFile(config, overrides, "");
    const bool terminal = !json && isTerminal(stderr);  // a log file gets no progress line
    if (!csv.empty()) requireOutputFile(csv, "--csv");  // before the range test, not after it
    const LrFinderResult r = findLearningRate(c, iterations, [&](int i, int n) {
      if (terminal) std::fprintf(rawStream(stderr), "\rrange test: step %d of at most %d", i, n);
    });
    if (terminal) std::fprintf(stderr, "\n");
    if (!r.ok) throw std::runtime_error(r.error);
    if (!csv.empty()) {
      std::ofstream out(csv);
      out << "lr,loss\n";
      for (size_t i = 0; i < r.lrs.size(); ++i) out << r.lrs[i] << "," << r.losses[i] << "\n";
      if (!out) throw std::runtime_error(csv + ": cannot write the curve");
    }
    if (json) {
      std::cout << nlohmann::json{{"lrs", r.lrs},
                                  {"losses", r.losses},
                                  {"suggestion", r.suggestion},
                                  {"diverged", r.diverged},
                                  {"state_restored", r.state_restored}}
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << "\n";
      return 0;
    }
    if (r.lrs.size() >= 2) plotCurve(r);
    std::cout << r.lrs.size() << " steps" << (r.diverged ? ", stopped when the loss blew up" : "")
              << "; weights, optimizer and RNG " << (r.state_restored ? "restored exactly" : "NOT restored") << "\n";
    if (r.suggestion > 0) {
      char lr[32];
      std::snprintf(lr, sizeof lr, "%.3g", r.suggestion);
      std::cout << "suggested learning rate: " << lr << "  (--set "
                << configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key << "=" << lr << ")\n";
    } else {
      std::cout << "no suggestion: the curve is too short (a tiny dataset?)\n";
    }
    return 0;
  });
}

namespace {

nlohmann::json measuredJson(const std::vector<std::pair<int, int64_t>>& measured) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [b, bytes] : measured) list.push_back({{"batch", b}, {"peak_bytes", bytes}});
  return list;
}

void printMeasured(const std::vector<std::pair<int, int64_t>>& measured, int64_t budget) {
  for (const auto& [b, bytes] : measured)
    std::cout << "  batch " << b << ": " << (bytes >> 20) << " MiB" << (bytes > budget ? "  (over)" : "") << "\n";
}

// The --set lines that reach the target batch with `batch` (and `segments` of checkpointing).
void printSettings(int target, int batch, int accumulation, int segments) {
  if (batch == 0) return void(std::cout << "no batch fits\n");
  std::cout << "largest batch that fits: " << batch << "\n";
  if (accumulation == 1 && segments == 0)
    return void(std::cout << "an effective batch of " << target << " fits without accumulation\n");
  std::cout << "for an effective batch of " << target << ":";
  if (segments > 0)
    std::cout << " --set " << configField(&ExperimentConfig::model, &ModelConfig::activation_checkpointing).key << "="
              << segments;
  std::cout << " --set " << configField(&ExperimentConfig::loader, &LoaderConfig::batch_size).key << "=" << batch;
  if (accumulation > 1 || segments > 0)  // the config's own accumulation would multiply the batch
    std::cout << " --set " << configField(&ExperimentConfig::training, &TrainingConfig::grad_accum_steps).key << "="
              << accumulation;
  std::cout << "\n";
}

}  // namespace

int fitBatchCommand(const std::string& config, const std::vector<std::string>& overrides, double headroom,
                    int targetBatch, bool json) {
  return guarded([&] {
    const ExperimentConfig c = configFromFile(config, overrides, "");
    const BatchSizeAdvice a = adviseBatchSize(c, headroom, targetBatch);
    if (!a.ok) throw std::runtime_error(a.error);
    if (json) {
      nlohmann::json out{{"batch_size", a.batch_size},
                         {"grad_accum_steps", a.grad_accum_steps},
                         {"target_batch", a.target_batch},
                         {"budget_bytes", a.budget_bytes},
                         {"device", a.device},
                         {"measured", measuredJson(a.measured)}};
      if (a.checkpoint_segments > 0)
        out["activation_checkpointing"] = {{"segments", a.checkpoint_segments},
                                           {"batch_size", a.checkpointed_batch_size},
                                           {"grad_accum_steps", a.checkpointed_grad_accum_steps},
                                           {"measured", measuredJson(a.checkpointed_measured)}};
      std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      return 0;
    }
    std::cout << "one training step and one validation pass on " << a.device << ", " << a.memory << ":\n";
    printMeasured(a.measured, a.budget_bytes);
    std::cout << "budget: " << (a.budget_bytes >> 20) << " MiB (" << static_cast<int>(headroom * 100)
              << "% left free)\n";
    printSettings(a.target_batch, a.batch_size, a.grad_accum_steps, 0);
    if (a.checkpoint_segments == 0) return 0;
    std::cout << "with activation checkpointing (" << a.checkpoint_segments
              << " segments; all but the last recomputed in backward, so a step computes more):\n";
    printMeasured(a.checkpointed_measured, a.budget_bytes);
    if (a.checkpointed_batch_size <= a.batch_size)
      std::cout << "no larger batch fits with it on this measure: keep it off\n";
    else
      printSettings(a.target_batch, a.checkpointed_batch_size, a.checkpointed_grad_accum_steps, a.checkpoint_segments);
    return 0;
  });
}

int suspectsCommand(const std::string& runDir, int64_t top, bool json) {
  const SuspectReport r = findSuspects(runDir, top);
  if (!r.ok) {
    std::fprintf(stderr, "error: %s\n", r.error.c_str());
    return r.bad_input ? kBadInput : kFailed;
  }
  if (json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& s : r.suspects)
      list.push_back({{"index", s.index},
                      {"path", s.where},
                      {"label", s.label},
                      {"predicted", s.predicted},
                      {"score", s.score},
                      {"p_label", s.p_label},
                      {"forgetting", s.forgetting},
                      {"known_flipped", s.known_flipped}});
    std::printf("%s\n", list.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return 0;
  }
  std::printf(
      "%zu most suspect of %lld training labels, %lld epochs (score: minus the mean margin of the label's "
      "logit, AUM)\n",
      r.suspects.size(), static_cast<long long>(r.samples), static_cast<long long>(r.epochs));
  for (const auto& s : r.suspects)
    std::printf("%8lld  %-14s -> %-14s score %6.2f  p(label) %.2f  %s%s\n", static_cast<long long>(s.index),
                s.label.c_str(), s.predicted.c_str(), s.score, s.p_label, s.where.c_str(),
                s.known_flipped ? "  [flipped]" : "");
  if (r.precision >= 0)
    std::printf("%s flipped %lld labels: %.1f%% of these suspects are flips\n",
                configField(&ExperimentConfig::dataset, &DatasetConfig::label_noise).key.c_str(),
                static_cast<long long>(r.flipped), r.precision * 100);
  return 0;
}

int similarCommand(const std::string& runDir, const std::string& image, int top, bool json) {
  return guarded([&] {
    const SimilarImages found = findSimilarImages(runDir, image, top);
    if (json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& n : found.nearest)
        list.push_back({{"path", n.path},
                        {"split", n.split == 0 ? "val" : "train"},
                        {"index", n.index},
                        {"label", n.label},
                        {"predicted", n.predicted},
                        {"distance", n.distance}});
      std::printf("%s\n", nlohmann::json{{"image", image}, {"layer", found.layer}, {"nearest", list}}
                              .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                              .c_str());
      return 0;
    }
    std::printf("%zu images nearest to %s in the features of layer %s (%s):\n", found.nearest.size(), image.c_str(),
                found.layer.c_str(), found.point >= 0 ? "a recorded sample" : "computed with the last checkpoint");
    for (const auto& n : found.nearest)
      std::printf("  %8.3f  %-5s %-14s -> %-14s %s\n", n.distance, n.split == 0 ? "val" : "train", n.label.c_str(),
                  n.predicted.c_str(), n.path.c_str());
    return 0;
  });
}

int exportScriptCommand(const std::string& runDir, const std::string& config, const std::vector<std::string>& overrides,
                        const std::string& out) {
  return guarded([&] {
    PytorchScript script;
    if (!runDir.empty()) {
      script = pytorchScriptForRun(runDir);
    } else {
      ScriptSources sources;
      sources.origin = std::filesystem::path(config).filename().string();
      script = pytorchScript(configFromFile(config, overrides, ""), sources);
    }
    if (!script.ok) {
      std::fprintf(stderr, "export-script: %s%s%s\n", script.field.c_str(), script.field.empty() ? "" : ": ",
                   script.error.c_str());
      return 2;
    }
    for (const auto& key : script.omitted)
      std::fprintf(stderr, "export-script: not written out (the engine applies it, the script does not): %s\n",
                   key.c_str());
    return printOrWrite("export-script", script.text, out, "run it with /usr/bin/python3 " + out);
  });
}

int reportCommand(const std::string& runDir, const std::string& out, int mistakes) {
  return guarded([&] {
    const RunReport report = runReport(runDir, mistakes);
    if (!report.ok) {
      std::fprintf(stderr, "report: %s\n", report.error.c_str());
      return 2;
    }
    for (const auto& note : report.notes) std::fprintf(stderr, "report: left out: %s\n", note.c_str());
    return printOrWrite(
        "report", report.html, out,
        std::to_string(report.html.size() / 1024) + " KB, self-contained: open it in any browser, offline");
  });
}

namespace {
void printLeaderboard(const Collection& c) {
  int collected = 0, again = 0, skipped = 0;
  for (const auto& r : c.runs) {
    collected += r.outcome == "collected", again += r.outcome == "already collected";
    if (r.outcome == "skipped") ++skipped, std::printf("skipped %s: %s\n", r.source.c_str(), r.reason.c_str());
  }
  std::printf("%d run(s) collected, %d already there, %d skipped; tagged \"%s\" (Compare: filter by the tag)\n\n",
              collected, again, skipped, c.tag.c_str());
  std::printf("%4s  %-14s %-34s %9s %6s  settings against %s\n", "rank", "student", "run", "best acc", "epochs",
              c.against.english().c_str());
  int rank = 0;
  for (const auto& row : c.leaderboard) {
    std::string differences;
    for (const auto& [key, value] : row.differences)
      differences += (differences.empty() ? "" : ", ") + key + "=" + value;
    const std::string accuracy =
        std::isnan(row.best_val_accuracy)
            ? "-"
            : std::to_string(std::lround(row.best_val_accuracy * 10000) / 100.0).substr(0, 5) + "%";
    std::printf("%4d  %-14s %-34s %9s %6lld  %s\n", ++rank, row.student.c_str(), row.name.c_str(), accuracy.c_str(),
                static_cast<long long>(row.epochs_completed), differences.empty() ? "(the same)" : differences.c_str());
  }
}
}  // namespace

int collectCommand(const std::string& source, const std::string& runsDir, const std::string& teacher, bool json) {
  return guarded([&] {
    const Collection c = collectRuns(source, runsDir.empty() ? defaultRunsDir() : runsDir, teacher);
    if (!json) {
      printLeaderboard(c);
      return 0;
    }
    nlohmann::json runs = nlohmann::json::array(), board = nlohmann::json::array();
    for (const auto& r : c.runs)
      runs.push_back({{"source", r.source},
                      {"student", r.student},
                      {"folder", r.folder},
                      {"outcome", r.outcome},
                      {"reason", r.reason}});
    for (const auto& row : c.leaderboard) {
      nlohmann::json differences = nlohmann::json::object();
      for (const auto& [key, value] : row.differences) differences[key] = value;
      board.push_back({{"student", row.student},
                       {"name", row.name},
                       {"folder", row.folder},
                       {"best_val_accuracy",
                        std::isnan(row.best_val_accuracy) ? nlohmann::json() : nlohmann::json(row.best_val_accuracy)},
                       {"epochs_completed", row.epochs_completed},
                       {"differences", differences}});
    }
    std::printf("%s\n",
                nlohmann::json{{"tag", c.tag}, {"against", c.against.english()}, {"runs", runs}, {"leaderboard", board}}
                    .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                    .c_str());
    return 0;
  });
}

}  // namespace trainscope::cli
