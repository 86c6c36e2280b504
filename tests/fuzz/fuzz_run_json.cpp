// The run library's readers: any bytes as a run's run.json and user.json. A run is
// listed (maybe as "damaged", with the reason), never a crash or an escaping exception.
#include "engine/record/run_library.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The first half is run.json, the rest user.json.
  const size_t half = size / 2;
  trainscope::fuzz::writeInput("runs/r/run.json", data, half);
  trainscope::fuzz::writeInput("runs/r/user.json", data + half, size - half);
  const auto runs = trainscope::listRuns((trainscope::fuzz::scratchDir() / "runs").string());
  if (runs.size() != 1) __builtin_trap();
  if (runs[0].status == "damaged" && runs[0].damage.empty()) __builtin_trap();
  return 0;
}
