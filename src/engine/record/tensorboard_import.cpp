#include "engine/record/tensorboard_import.h"

#include "engine/config/file_input.h"
#include "engine/record/metrics_file.h"
#include "engine/record/probe_file.h"
#include "engine/record/run_record.h"
#include "engine/record/tfevent_reader.h"
#include "engine/run/metric_fields.h"
#include "engine/system/install_paths.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxBins = 512;
const std::set<std::string> kProbeKinds{"activation", "activation_grad", "weight", "weight_grad"};

// Folders holding event files: logDir itself and any folder below it.
std::vector<fs::path> tensorBoardRuns(const fs::path& logDir) {
  std::vector<fs::path> runs;
  if (!tfEventFiles(logDir.string()).empty()) runs.push_back(logDir);
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(logDir, ec);
  for (auto it = fs::recursive_directory_iterator(logDir, fs::directory_options::skip_permission_denied, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (it->is_symlink(ec) && !staysWithin(root, it->path())) continue;  // never a link out of the log folder
    if (it->is_directory(ec) && !tfEventFiles(it->path().string()).empty()) runs.push_back(it->path());
  }
  return runs;
}

// "logdir" for the log folder's own events, "a-b" for logdir/a/b.
std::string runName(const fs::path& logDir, const fs::path& run) {
  if (run == logDir) return fs::absolute(logDir).lexically_normal().filename().string();
  std::string name = run.lexically_relative(logDir).string();
  std::replace(name.begin(), name.end(), '/', '-');
  return name;
}

// (name, kind) of a histogram tag: ours as exported, another's as a weight or gradient.
std::pair<std::string, std::string> tensorOf(const std::string& tag) {
  const auto slash = tag.rfind('/');
  if (slash != std::string::npos && kProbeKinds.count(tag.substr(slash + 1)))
    return {tag.substr(0, slash), tag.substr(slash + 1)};
  const bool grad = tag.size() >= 4 && tag.compare(tag.size() - 4, 4, "grad") == 0;
  return {tag, grad ? "weight_grad" : "weight"};
}

// A histogram spread over `bins` equal buckets between its ends (each old bucket's
// count shared by overlap); one with `bins` buckets already stays as it is.
Histogram rebinned(const TfHistogramPoint& h, int bins) {
  Histogram out;
  out.step = h.step;
  if (static_cast<int>(h.counts.size()) == bins) {
    out.edges = h.edges, out.counts = h.counts;
    return out;
  }
  // A zero-width histogram gets a width that survives lo's magnitude (1e-12 vanishes at 1e4).
  const double lo = h.edges.front(), hi = std::max(h.edges.back(), lo + std::max(1e-12, std::abs(lo) * 1e-9));
  out.counts.assign(static_cast<size_t>(bins), 0.0);
  for (int b = 0; b <= bins; ++b) out.edges.push_back(lo + (hi - lo) * b / bins);
  for (size_t i = 0; i < h.counts.size(); ++i) {
    const double a = h.edges[i], z = h.edges[i + 1];
    if (z <= a) {  // a zero-width bucket: all of it where it sits
      const int b = std::clamp(static_cast<int>((a - lo) / (hi - lo) * bins), 0, bins - 1);
      out.counts[b] += h.counts[i];
      continue;
    }
    for (int b = 0; b < bins; ++b) {
      const double overlap = std::min(z, out.edges[b + 1]) - std::max(a, out.edges[b]);
      if (overlap > 0) out.counts[b] += h.counts[i] * overlap / (z - a);
    }
  }
  return out;
}

// Mean, std, min and max of a histogram (values at bucket centres).
TensorStats statsOfHistogram(const Histogram& h) {
  TensorStats s;
  double n = 0, sum = 0, squares = 0;
  for (size_t i = 0; i < h.counts.size(); ++i) {
    const double centre = 0.5 * (h.edges[i] + h.edges[i + 1]);
    n += h.counts[i], sum += h.counts[i] * centre, squares += h.counts[i] * centre * centre;
  }
  s.mean = n > 0 ? sum / n : std::nan("");
  s.std = n > 0 ? std::sqrt(std::max(0.0, squares / n - s.mean * s.mean)) : std::nan("");
  s.min = h.edges.front(), s.max = h.edges.back();
  s.norm = std::nan("");
  return s;
}

// Rows of one group (steps/..., epochs/...) by step; the other tags as named scalars.
template <class Row>
void collectRows(const TfEventLog& log, const std::string& group, std::map<int64_t, Row>& rows,
                 std::set<std::string>& used) {
  for (const auto& [tag, points] : log.scalars) {
    if (tag.rfind(group + "/", 0) != 0) continue;
    const auto* f = metricColumn<Row>(tag.substr(group.size() + 1));
    if (!f) continue;
    used.insert(tag);
    for (const auto& p : points) {
      auto it = rows.try_emplace(p.step, rowOfNaNs<Row>()).first;
      f->set(it->second, p.value);
      metricColumn<Row>("step")->set(it->second, static_cast<double>(p.step));
      metricColumn<Row>("wall_time")->set(it->second, p.wall_time);
    }
  }
}

void writeMetrics(const std::string& path, const std::string& name, const TfEventLog& log, ImportedRun& out,
                  nlohmann::json& info) {
  std::map<int64_t, StepMetrics> steps;
  std::map<int64_t, EpochMetrics> epochs;
  std::set<std::string> used{"probes/grad_norm"};
  collectRows(log, "steps", steps, used);
  collectRows(log, "epochs", epochs, used);
  auto file = MetricsFile::create(path, name);
  int64_t lastStep = 0, epoch = 0;
  double best = -1;
  for (auto& [step, row] : steps) file->append(row), lastStep = std::max(lastStep, step);
  for (auto& [step, row] : epochs) {
    if (row.epoch <= 0) row.epoch = epoch + 1;  // a foreign epochs/ group without its epoch column
    epoch = row.epoch;
    if (std::isfinite(row.val_accuracy) && row.val_accuracy > best) best = row.val_accuracy, info["best_epoch"] = epoch;
    if (std::isfinite(row.val_accuracy)) info["final_val_accuracy"] = row.val_accuracy;
    file->append(row);
  }
  for (const auto& [tag, points] : log.scalars) {
    if (used.count(tag) == 0)
      for (const auto& p : points) file->appendScalar(tag.substr(0, 255), p.step, p.wall_time, p.value);
    for (const auto& p : points) lastStep = std::max(lastStep, p.step);
    out.scalar_values += static_cast<int64_t>(points.size());
  }
  file->flush();
  info["steps"] = lastStep;
  info["epochs_completed"] = epoch;
  if (best >= 0) info["best_val_accuracy"] = best;
}

void writeProbes(const std::string& path, const TfEventLog& log, ImportedRun& out) {
  std::map<int, int> binsSeen;
  for (const auto& [tag, points] : log.histograms)
    for (const auto& p : points) ++binsSeen[std::min(kMaxBins, static_cast<int>(p.counts.size()))];
  const int bins =
      std::max_element(binsSeen.begin(), binsSeen.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
  std::vector<std::pair<std::string, std::string>> tensors;
  std::map<int64_t, std::vector<Histogram>> byStep;
  for (const auto& [tag, points] : log.histograms) {
    const auto [name, kind] = tensorOf(tag);
    tensors.emplace_back(name, kind);
    for (const auto& p : points) {
      Histogram h = rebinned(p, bins);
      h.name = name, h.kind = kind;
      byStep[p.step].push_back(std::move(h));
      ++out.histogram_values;
    }
  }
  std::map<int64_t, double> gradNorm;
  if (const auto it = log.scalars.find("probes/grad_norm"); it != log.scalars.end())
    for (const auto& p : it->second) gradNorm[p.step] = p.value;
  ProbeFile file(path, tensors, bins);
  for (const auto& [step, histograms] : byStep) {
    ProbeSample sample;
    sample.step = step;
    sample.grad_norm = gradNorm.count(step) ? gradNorm[step] : std::nan("");
    for (const auto& h : histograms) {
      TensorStats s = statsOfHistogram(h);
      s.name = h.name, s.kind = h.kind;
      sample.tensors.push_back(s);
    }
    file.append(sample);
    file.append(histograms);
  }
  file.flush();
}

ImportedRun importOne(const fs::path& logDir, const fs::path& source, const fs::path& runsDir) {
  ImportedRun out;
  out.source = source.string();
  TfEventLog log;
  for (const auto& file : tfEventFiles(source.string())) {
    try {
      readTfEventFile(file, log);
    } catch (const std::exception& e) {
      out.note += (out.note.empty() ? "" : "; ") + std::string(e.what());
    }
  }
  out.records = log.records, out.damaged_records = log.damaged_records, out.cut_short = log.cut_short;
  if (log.scalars.empty() && log.histograms.empty()) {
    std::string why = out.note;
    if (log.damaged_records)
      why += (why.empty() ? "" : "; ") + std::to_string(log.damaged_records) + " damaged records";
    out.note = "no scalars or histograms" + (why.empty() ? "" : " (" + why + ")");
    return out;
  }
  const std::string name = runName(logDir, source);
  // Written in a hidden folder of the runs folder, then renamed into it: whole or absent.
  const fs::path staging = runsDir / (".importing-" + std::to_string(getpid()));
  fs::create_directories(staging);
  try {
    RunRecord record = RunRecord::create(staging.string(), name);
    auto& info = record.info();
    info["name"] = name;
    info["source"] = "tensorboard";
    info["imported_from"] = fs::absolute(source).lexically_normal().string();
    info["import"] = {{"records", log.records}, {"damaged_records", log.damaged_records}, {"cut_short", log.cut_short}};
    info["config"] = nlohmann::json::object();
    info["dataset"] = {{"description", "imported from TensorBoard"}};
    info["status"] = "finished";
    info["reason"] = "imported from TensorBoard";
    info["start_time"] = isoTimeNow();
    writeMetrics(record.metricsPath().string(), name, log, out, info);
    if (!log.histograms.empty()) writeProbes((record.dir() / "probes.h5").string(), log, out);
    record.save();
    const fs::path target = firstUnusedPath(runsDir, record.dir().filename().string(), "");
    fs::rename(record.dir(), target);
    out.folder = target.string();
  } catch (...) {
    std::error_code ec;
    fs::remove_all(staging, ec);
    throw;
  }
  std::error_code ec;
  fs::remove_all(staging, ec);
  return out;
}

}  // namespace

std::vector<ImportedRun> importTensorBoard(const std::string& logDirText, const std::string& runsDirText) {
  const fs::path logDir = fs::path(expandHome(logDirText)).lexically_normal();
  std::error_code ec;
  if (!fs::is_directory(logDir, ec)) throw BadInput(logDirText + " is not a folder");
  const auto runs = tensorBoardRuns(logDir);
  if (runs.empty()) throw BadInput(logDirText + " holds no TensorBoard event files (events.out.tfevents.*)");
  const fs::path runsDir = runsFolder(runsDirText);
  fs::create_directories(runsDir);
  std::vector<ImportedRun> out;
  for (const auto& run : runs) out.push_back(importOne(logDir, run, runsDir));
  return out;
}

}  // namespace trainscope
