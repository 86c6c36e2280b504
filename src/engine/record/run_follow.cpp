#include "engine/record/run_follow.h"

#include "engine/config/file_input.h"
#include "engine/record/h5_read.h"
#include "engine/record/metrics_file.h"
#include "engine/record/run_library.h"
#include "engine/run/event_json.h"
#include "engine/run/metric_fields.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

template <class Row>
Row rowFrom(const std::vector<std::string>& columns, const H5Columns::Row& values) {
  Row r;
  for (const auto& f : metricFields<Row>())
    for (size_t c = 0; c < columns.size(); ++c)
      if (columns[c] == f.key) f.set(r, values[c]);
  return r;
}

struct ProbeRecords {
  std::vector<std::string> names, kinds;
  std::vector<double> steps, gradNorms, stats, histogramSteps, counts, edges;
  size_t rows = 0, histogramRows = 0, tensors = 0, bins = 0;
};

ProbeRecords readProbeRecords(const std::string& path) {
  ProbeRecords p;
  const H5Handle f = h5OpenForReading(path, true);
  p.names = h5ReadFixedStrings(f.get(), "/names");
  p.kinds = h5ReadFixedStrings(f.get(), "/kinds");
  std::vector<hsize_t> dims, countDims, edgeDims;
  p.steps = h5ReadChecked<double>(f.get(), "/step", H5T_NATIVE_DOUBLE, 1, &dims);
  p.gradNorms = h5ReadChecked<double>(f.get(), "/grad_norm", H5T_NATIVE_DOUBLE, 1, &dims);
  p.stats = h5ReadChecked<double>(f.get(), "/stats", H5T_NATIVE_DOUBLE, 3, &dims);
  p.tensors = std::min({static_cast<size_t>(dims[1]), p.names.size(), p.kinds.size()});
  if (dims[2] != 8) throwDamaged(f.get(), "/stats", "does not hold 8 statistics per tensor");
  p.rows = std::min({p.steps.size(), p.gradNorms.size(), static_cast<size_t>(dims[0])});
  const size_t stride = dims[1];
  p.histogramSteps = h5ReadChecked<double>(f.get(), "/histograms/step", H5T_NATIVE_DOUBLE, 1, &dims);
  p.counts = h5ReadChecked<double>(f.get(), "/histograms/counts", H5T_NATIVE_DOUBLE, 3, &countDims);
  p.edges = h5ReadChecked<double>(f.get(), "/histograms/edges", H5T_NATIVE_DOUBLE, 3, &edgeDims);
  if (countDims[1] != stride || edgeDims[1] != stride || edgeDims[2] != countDims[2] + 1)
    throwDamaged(f.get(), "/histograms/edges", "does not fit /histograms/counts and /stats");
  p.bins = countDims[2];
  p.histogramRows =
      std::min({p.histogramSteps.size(), static_cast<size_t>(countDims[0]), static_cast<size_t>(edgeDims[0])});
  // Strides: the stored tensor count, which p.tensors never exceeds.
  p.stats.resize(p.rows * stride * 8), p.counts.resize(p.histogramRows * stride * p.bins);
  p.edges.resize(p.histogramRows * stride * (p.bins + 1));
  p.tensors = std::min(p.tensors, stride);
  p.bins = countDims[2];
  p.names.resize(stride), p.kinds.resize(stride);
  return p;
}

void addProbeEvents(const ProbeRecords& p, FollowCursor& cursor, std::vector<Event>& events) {
  const size_t stride = p.names.size();
  for (size_t r = cursor.probe_rows; r < p.rows; ++r) {
    ProbeSample s;
    s.step = static_cast<int64_t>(p.steps[r]);
    s.grad_norm = p.gradNorms[r];
    for (size_t t = 0; t < p.tensors; ++t) {
      const double* v = p.stats.data() + (r * stride + t) * 8;
      // Not measured at this step: every statistic NaN (a diverged layer keeps a NaN mean).
      if (std::all_of(v, v + 8, [](double x) { return std::isnan(x); })) continue;
      s.tensors.push_back({p.names[t], p.kinds[t], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]});
    }
    events.emplace_back(std::move(s));
  }
  for (size_t r = cursor.histogram_rows; r < p.histogramRows; ++r)
    for (size_t t = 0; t < p.tensors; ++t) {
      const double* e = p.edges.data() + (r * stride + t) * (p.bins + 1);
      if (!std::isfinite(e[0]) || !std::isfinite(e[p.bins])) continue;
      const double* c = p.counts.data() + (r * stride + t) * p.bins;
      events.emplace_back(Histogram{static_cast<int64_t>(p.histogramSteps[r]), p.names[t], p.kinds[t],
                                    std::vector<double>(e, e + p.bins + 1), std::vector<double>(c, c + p.bins)});
    }
  cursor.probe_rows = std::max(cursor.probe_rows, p.rows);
  cursor.histogram_rows = std::max(cursor.histogram_rows, p.histogramRows);
}

// New lines of log.txt: "TIME [WARNING |ERROR ]text".
void addLogLines(const fs::path& path, FollowCursor& cursor, std::vector<Event>& events) {
  std::ifstream in(path, std::ios::binary);
  if (!in || !whyNotRegularFile(path).empty()) return;
  in.seekg(static_cast<std::streamoff>(cursor.log_bytes));
  std::string line;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // a line still being written: next time
    cursor.log_bytes += line.size() + 1;
    const auto space = line.find(' ');
    std::string text = space == std::string::npos ? line : line.substr(space + 1);
    LogLevel level = LogLevel::Info;
    for (const auto& [prefix, l] : {std::pair{"WARNING ", LogLevel::Warning}, std::pair{"ERROR ", LogLevel::Error}})
      if (text.rfind(prefix, 0) == 0) level = l, text = text.substr(std::string(prefix).size());
    events.emplace_back(LogLine{level, text, 0.0, {}});
  }
}

RunStarted startOf(const RunEntry& run, const nlohmann::json& info, const ProbeRecords* probes, int64_t lastStep) {
  RunStarted s;
  s.run_dir = run.dir;
  s.name = run.name;
  s.device = info.value("device", "");
  s.dataset = run.dataset;
  if (info.contains("dataset") && info["dataset"].is_object()) {
    const auto& d = info["dataset"];
    if (d.contains("classes") && d["classes"].is_array())
      for (const auto& c : d["classes"])
        if (c.is_string()) s.classes.push_back(c.get<std::string>());
    if (d.contains("train_samples") && d["train_samples"].is_number()) s.train_samples = d["train_samples"];
    if (d.contains("val_samples") && d["val_samples"].is_number()) s.val_samples = d["val_samples"];
  }
  s.steps_per_epoch = info.value("steps_per_epoch", int64_t{0});
  s.total_steps = s.steps_per_epoch * run.epochs;
  s.resumed = true;  // the pages load what is recorded from the files
  s.resumed_at_step = lastStep;
  if (probes) {
    s.probes = true;
    const size_t n = probes->histogramRows;  // the steps between the last two histograms
    if (n >= 2) s.histogram_every = static_cast<int64_t>(probes->histogramSteps[n - 1] - probes->histogramSteps[n - 2]);
    for (size_t t = 0; t < probes->tensors; ++t)
      if (probes->kinds[t] == "activation") s.layers.push_back({probes->names[t], ""});
  }
  return s;
}

}  // namespace

FollowBatch readRunSince(const std::string& runDir, const FollowCursor& cursor) {
  FollowBatch b;
  b.next = cursor;
  const fs::path dir(runDir);
  const RunEntry run = readRunEntry(runDir);
  nlohmann::json info = nlohmann::json::object();
  try {
    info = readJsonObject(dir / "run.json");
    MetricsFile::Contents m;
    if (fs::exists(dir / "metrics.h5")) m = MetricsFile::read((dir / "metrics.h5").string());
    ProbeRecords probes;
    const bool probed = fs::exists(dir / "probes.h5");
    if (probed) probes = readProbeRecords((dir / "probes.h5").string());
    if (!cursor.started) {
      const int64_t lastStep = m.steps.empty() ? 0 : static_cast<int64_t>(m.steps.back()[0]);
      b.events.emplace_back(startOf(run, info, probed ? &probes : nullptr, lastStep));
      b.events.emplace_back(StateChanged{RunState::Running, {}, {}});
      b.next.started = true;
      b.next.steps = m.steps.size(), b.next.epochs = m.epochs.size();  // drawn by the pages from the files
    }
    for (size_t i = b.next.steps; i < m.steps.size(); ++i)
      b.events.emplace_back(rowFrom<StepMetrics>(m.step_columns, m.steps[i]));
    for (size_t i = b.next.epochs; i < m.epochs.size(); ++i)
      b.events.emplace_back(rowFrom<EpochMetrics>(m.epoch_columns, m.epochs[i]));
    b.next.steps = std::max(b.next.steps, m.steps.size());
    b.next.epochs = std::max(b.next.epochs, m.epochs.size());
    if (probed) addProbeEvents(probes, b.next, b.events);
    if (!m.steps.empty()) {
      Progress p;
      const StepMetrics last = rowFrom<StepMetrics>(m.step_columns, m.steps.back());
      p.global_step = last.step;
      p.steps_per_epoch = info.value("steps_per_epoch", int64_t{0});
      p.epochs = run.epochs;
      p.total_steps = p.steps_per_epoch * p.epochs;
      p.epoch = static_cast<int64_t>(m.epochs.size()) + 1;
      p.step_in_epoch = p.steps_per_epoch > 0 ? (last.step - 1) % p.steps_per_epoch + 1 : last.step;
      p.elapsed = last.wall_time - rowFrom<StepMetrics>(m.step_columns, m.steps.front()).wall_time;
      b.events.emplace_back(p);
    }
  } catch (const std::exception& e) {
    b.error = e.what();  // a writer midway, or damage: the next poll tries again
  }
  addLogLines(dir / "log.txt", b.next, b.events);
  const auto state = runStateFromString(run.status);
  if (run.status == "interrupted" || run.status == "damaged" || (state && isFinal(*state))) {
    const RunState ended = state && isFinal(*state) ? *state : RunState::Stopped;
    const std::string reason = run.status == "interrupted" ? "its writer ended without closing it (interrupted)"
                                                           : info.value("reason", run.damage);
    b.events.emplace_back(StateChanged{ended, reason, {}});
    b.ended = true;
  }
  return b;
}

}  // namespace trainscope
