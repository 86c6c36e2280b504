// probes.h5 as any bytes (seeds: a real run's), exported to TensorBoard beside a good
// metrics.h5: the export either writes its event file or throws; it never reads past a
// dataset, whatever shapes the file declares.
#include "engine/record/metrics_file.h"
#include "engine/record/tensorboard_export.h"
#include "fuzz_input.h"

#include <filesystem>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto run = trainscope::fuzz::scratchDir() / "run";
  static const bool metricsWritten = [&] {
    std::filesystem::create_directories(run);
    auto m = trainscope::MetricsFile::create((run / "metrics.h5").string(), "fuzz");
    for (int64_t s = 1; s <= 8; ++s) m->append(trainscope::StepMetrics{s, 0, 0, 1.0});
    return true;
  }();
  (void)metricsWritten;
  trainscope::fuzz::writeInput("run/probes.h5", data, size);
  try {
    trainscope::exportTensorBoard(run.string(), (trainscope::fuzz::scratchDir() / "tb").string());
  } catch (const std::exception&) {
  }
  return 0;
}
