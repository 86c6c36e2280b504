#include "engine/record/tensorboard_live.h"

#include "engine/record/run_record.h"
#include "engine/run/metric_fields.h"

#include <cmath>
#include <filesystem>

namespace trainscope {

namespace {
// Every declared column but the row's own coordinates, tagged as the export tags them.
template <class Row>
std::vector<std::pair<std::string, double>> columnScalars(const std::string& group, const Row& row) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& f : metricFields<Row>())
    if (f.column && f.key != "step" && f.key != "wall_time" && std::isfinite(f.get(row)))
      out.emplace_back(group + "/" + f.key, f.get(row));
  return out;
}
}  // namespace

std::string liveTensorBoardFolder(const std::string& runDir) {
  return (std::filesystem::path(runDir) / "tensorboard").string();
}

LiveTensorBoard::LiveTensorBoard(const std::string& runDir) : lastFlush_(std::chrono::steady_clock::now()) {
  std::filesystem::create_directories(liveTensorBoardFolder(runDir));
  const double now = unixTimeNow();
  path_ = (std::filesystem::path(liveTensorBoardFolder(runDir)) / tfEventFileName(now)).string();
  writer_ = std::make_unique<TfEventWriter>(path_, now);
  writer_->flush();  // the file_version event: TensorBoard lists the run at once
}

void LiveTensorBoard::write(const StepMetrics& m) { writeScalars(m.step, m.wall_time, columnScalars("steps", m)); }

void LiveTensorBoard::write(const EpochMetrics& m) { writeScalars(m.step, m.wall_time, columnScalars("epochs", m)); }

void LiveTensorBoard::writeScalars(int64_t step, double wallTime,
                                   const std::vector<std::pair<std::string, double>>& scalars) {
  if (writer_ && !scalars.empty()) writer_->writeScalars(step, wallTime, scalars);
}

void LiveTensorBoard::write(const ProbeSample& sample, double wallTime) {
  if (std::isfinite(sample.grad_norm))
    writer_->writeScalars(sample.step, wallTime, {{"probes/grad_norm", sample.grad_norm}});
}

void LiveTensorBoard::write(const std::vector<Histogram>& histograms, double wallTime) {
  if (!writer_ || histograms.empty()) return;
  std::vector<TfHistogram> out;
  for (const auto& h : histograms) out.push_back({h.name + "/" + h.kind, h.edges, h.counts});
  writer_->writeHistograms(histograms.front().step, wallTime, out);
}

void LiveTensorBoard::flushIfDue(std::chrono::milliseconds every) {
  if (!writer_ || std::chrono::steady_clock::now() - lastFlush_ < every) return;
  writer_->flush();
  lastFlush_ = std::chrono::steady_clock::now();
}

void LiveTensorBoard::close() {
  if (writer_) writer_->close();
  writer_.reset();
}

}  // namespace trainscope
