// metrics.h5 as any bytes (seeds: a real run's, tests/fuzz/make_h5_seeds.py): read as
// the CLI, the app's curves and resume read it. Only std::exception may come out, and
// what is read has one value per column in every row.
#include "engine/record/metrics_file.h"
#include "engine/record/run_library.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = trainscope::fuzz::writeInput("run/metrics.h5", data, size);
  try {
    const auto c = trainscope::MetricsFile::read(path);
    for (const auto& row : c.steps)
      if (row.size() != c.step_columns.size()) __builtin_trap();
    for (const auto& row : c.epochs)
      if (row.size() != c.epoch_columns.size()) __builtin_trap();
    trainscope::readRunCurves((trainscope::fuzz::scratchDir() / "run").string());
  } catch (const std::exception&) {
  }
  return 0;
}
