#include "engine/record/tensorboard_export.h"

#include "engine/record/h5_columns.h"
#include "engine/record/h5_read.h"
#include "engine/record/metrics_file.h"
#include "engine/record/probe_file.h"
#include "engine/record/run_library.h"
#include "engine/record/tfevent_writer.h"
#include "engine/system/atomic_file.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace trainscope {

namespace {

// A probes file as the export reads it: the reader every probes reader shares.
ProbeRecords readProbes(const fs::path& file) {
  const H5Handle f = h5OpenForReading(file.string(), true);
  return readProbeRecords(f.get());
}

// One event to write: scalars or histograms at a step.
struct PendingEvent {
  int64_t step;
  double wallTime;
  std::vector<std::pair<std::string, double>> scalars;
  std::vector<TfHistogram> histograms;
};

// The earlier probes files of a resumed run first, then probes.h5.
std::vector<fs::path> probeFiles(const fs::path& run) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(run, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("probes-until-step", 0) == 0 && entry.path().extension() == ".h5") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
    auto stepOf = [](const fs::path& p) {
      return std::atoll(p.stem().string().c_str() + std::strlen("probes-until-step"));
    };
    return stepOf(a) != stepOf(b) ? stepOf(a) < stepOf(b) : a.filename().string() < b.filename().string();
  });
  if (fs::exists(run / "probes.h5", ec)) files.push_back(run / "probes.h5");
  return files;
}

void addMetrics(const MetricsFile::Contents& m, std::vector<PendingEvent>& events, std::map<int64_t, double>& wallOf,
                TensorBoardExport& out) {
  auto columnOf = [](const std::vector<std::string>& columns, const char* name) {
    const auto it = std::find(columns.begin(), columns.end(), name);
    return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
  };
  struct Group {
    std::string name;
    const std::vector<std::string>& columns;
    const std::vector<H5Columns::Row>& rows;
  };
  for (const Group& g : {Group{"steps", m.step_columns, m.steps}, Group{"epochs", m.epoch_columns, m.epochs}}) {
    const auto& [group, columns, rows] = g;
    const int stepColumn = columnOf(columns, "step"), wallColumn = columnOf(columns, "wall_time");
    if (stepColumn < 0) continue;
    // A column never logged (a script's run fills it with NaN) is no curve.
    std::vector<bool> logged(columns.size(), false);
    for (const auto& row : rows)
      for (size_t c = 0; c < columns.size(); ++c) logged[c] = logged[c] || std::isfinite(row[c]);
    for (const auto& row : rows) {
      PendingEvent e{static_cast<int64_t>(row[stepColumn]), wallColumn < 0 ? 0.0 : row[wallColumn], {}, {}};
      for (size_t c = 0; c < columns.size(); ++c)
        if (static_cast<int>(c) != stepColumn && static_cast<int>(c) != wallColumn && logged[c])
          e.scalars.emplace_back(group + "/" + columns[c], row[c]);
      if (group == "steps") wallOf[e.step] = e.wallTime;
      out.scalar_values += static_cast<int64_t>(e.scalars.size());
      if (!e.scalars.empty()) events.push_back(std::move(e));
    }
  }
  for (const auto& [name, series] : m.scalars)
    for (size_t i = 0; i < series.step.size(); ++i) {
      events.push_back(
          PendingEvent{static_cast<int64_t>(series.step[i]), series.wall_time[i], {{name, series.value[i]}}, {}});
      ++out.scalar_values;
    }
}

void addProbes(const ProbeRecords& p, const std::map<int64_t, double>& wallOf, std::vector<PendingEvent>& events,
               TensorBoardExport& out) {
  auto wallTime = [&](int64_t step) {
    const auto it = wallOf.find(step);
    return it == wallOf.end() ? 0.0 : it->second;
  };
  for (size_t r = 0; r < p.histogram_steps.size(); ++r) {
    PendingEvent e{p.histogram_steps[r], wallTime(p.histogram_steps[r]), {}, {}};
    for (size_t t = 0; t < p.tensors; ++t) {
      const double* c = p.counts.data() + (r * p.stride + t) * p.bins;
      const double* edge = p.edges.data() + (r * p.stride + t) * (p.bins + 1);
      TfHistogram h{p.names[t] + "/" + p.kinds[t], std::vector<double>(edge, edge + p.bins + 1),
                    std::vector<double>(c, c + p.bins)};
      // A tensor the probes skipped at this step has NaN edges: nothing to show.
      if (std::any_of(h.edges.begin(), h.edges.end(), [](double v) { return !std::isfinite(v); })) continue;
      e.histograms.push_back(std::move(h));
    }
    out.histogram_values += static_cast<int64_t>(e.histograms.size());
    if (!e.histograms.empty()) events.push_back(std::move(e));
  }
  for (size_t i = 0; i < p.steps.size(); ++i) {
    const auto step = static_cast<int64_t>(p.steps[i]);
    events.push_back(PendingEvent{step, wallTime(step), {{"probes/grad_norm", p.grad_norms[i]}}, {}});
    ++out.scalar_values;
  }
}

}  // namespace

void checkProbeFile(const std::string& path) { readProbes(path); }

TensorBoardExport exportTensorBoard(const std::string& runDir, const std::string& outDir) {
  const fs::path run = runFolderPath(runDir);
  if (!fs::exists(run / "metrics.h5"))
    throw BadInput(runDir + " has no metrics.h5: not a run folder, or the run never stepped");
  TensorBoardExport out;
  std::vector<PendingEvent> events;
  std::map<int64_t, double> wallOf;
  addMetrics(MetricsFile::read((run / "metrics.h5").string()), events, wallOf, out);
  const auto probes = probeFiles(run);
  if (probes.empty()) out.notes.push_back("no probes.h5 (probes were off): no histograms");
  // A probes file that cannot be read fails the export: an event file without its
  // histograms must not replace a complete one (`repair` sets a damaged file aside).
  for (const auto& file : probes) addProbes(readProbes(file), wallOf, events, out);
  // TensorBoard keeps a tag's points in the order they come: write them by step.
  std::stable_sort(events.begin(), events.end(),
                   [](const PendingEvent& a, const PendingEvent& b) { return a.step < b.step; });

  const fs::path folder = fs::path(outDir) / run.filename();
  fs::create_directories(folder);
  const auto started = fs::file_time_type::clock::now();
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  const std::string file = tfEventFileName(now);
  // Written beside under a name TensorBoard does not read, then renamed: an earlier
  // export stays whole until this one is.
  const fs::path partial = partialPathFor(folder / "trainscope-export");
  try {
    TfEventWriter writer(partial.string(), events.empty() ? now : events.front().wallTime);
    for (const auto& e : events) {
      if (!e.scalars.empty()) writer.writeScalars(e.step, e.wallTime, e.scalars);
      if (!e.histograms.empty()) writer.writeHistograms(e.step, e.wallTime, e.histograms);
    }
    writer.close();
    out.events = writer.events();
    fs::rename(partial, folder / file);
  } catch (...) {
    std::error_code ec;
    fs::remove(partial, ec);
    throw;
  }
  // The event files of earlier exports go; one written meanwhile by another export of
  // the same run (started before this one ended) stays: at worst TensorBoard shows
  // the run twice, never none.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string n = entry.path().filename().string();
    if (n != file && n.rfind("events.out.tfevents.", 0) == 0 && entry.last_write_time(ec) < started)
      fs::remove(entry.path(), ec);
  }
  out.file = (folder / file).string();
  return out;
}

}  // namespace trainscope
