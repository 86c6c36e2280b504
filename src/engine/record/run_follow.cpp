#include "engine/record/run_follow.h"

#include "engine/config/file_input.h"
#include "engine/record/h5_read.h"
#include "engine/record/metrics_file.h"
#include "engine/record/probe_file.h"
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
  for (size_t c = 0; c < columns.size(); ++c)
    if (const auto* f = metricColumn<Row>(columns[c])) f->set(r, values[c]);
  return r;
}

// The probes file's records (the shared reader) and its statistics, [row, stride, 8].
struct ProbeRecordsWithStats {
  ProbeRecords records;
  std::vector<double> stats;
  size_t rows = 0;  // statistics rows with their step and gradient norm
};

ProbeRecordsWithStats readProbeRecordsWithStats(const std::string& path) {
  const H5Handle f = h5OpenForReading(path, true);
  ProbeRecordsWithStats p{readProbeRecords(f.get()), {}, 0};
  std::vector<hsize_t> dims;
  p.stats = h5ReadChecked<double>(f.get(), "/stats", H5T_NATIVE_DOUBLE, 3, &dims);
  if (dims[1] != p.records.stride || dims[2] != 8)
    throwDamaged(f.get(), "/stats", "does not hold 8 statistics per tensor of /histograms");
  p.rows = std::min(p.records.steps.size(), static_cast<size_t>(dims[0]));
  return p;
}

void addProbeEvents(const ProbeRecordsWithStats& withStats, FollowCursor& cursor, std::vector<Event>& events) {
  const ProbeRecords& p = withStats.records;
  const size_t stride = p.stride;
  for (size_t r = cursor.probe_rows; r < withStats.rows; ++r) {
    ProbeSample s;
    s.step = static_cast<int64_t>(p.steps[r]);
    s.grad_norm = p.grad_norms[r];
    for (size_t t = 0; t < p.tensors; ++t) {
      const double* v = withStats.stats.data() + (r * stride + t) * 8;
      // Not measured at this step: every statistic NaN (a diverged layer keeps a NaN mean).
      if (std::all_of(v, v + 8, [](double x) { return std::isnan(x); })) continue;
      s.tensors.push_back({p.names[t], p.kinds[t], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]});
    }
    events.emplace_back(std::move(s));
  }
  for (size_t r = cursor.histogram_rows; r < p.histogram_steps.size(); ++r)
    for (size_t t = 0; t < p.tensors; ++t) {
      const double* e = p.edges.data() + (r * stride + t) * (p.bins + 1);
      if (!std::isfinite(e[0]) || !std::isfinite(e[p.bins])) continue;
      const double* c = p.counts.data() + (r * stride + t) * p.bins;
      events.emplace_back(Histogram{p.histogram_steps[r], p.names[t], p.kinds[t],
                                    std::vector<double>(e, e + p.bins + 1), std::vector<double>(c, c + p.bins)});
    }
  cursor.probe_rows = std::max(cursor.probe_rows, withStats.rows);
  cursor.histogram_rows = std::max(cursor.histogram_rows, p.histogram_steps.size());
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
    const auto& steps = probes->histogram_steps;  // the steps between the last two histograms
    if (steps.size() >= 2) s.histogram_every = steps[steps.size() - 1] - steps[steps.size() - 2];
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
    ProbeRecordsWithStats probes;
    const bool probed = fs::exists(dir / "probes.h5");
    if (probed) probes = readProbeRecordsWithStats((dir / "probes.h5").string());
    if (!cursor.started) {
      const int64_t lastStep = m.steps.empty() ? 0 : static_cast<int64_t>(m.steps.back()[0]);
      b.events.emplace_back(startOf(run, info, probed ? &probes.records : nullptr, lastStep));
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
