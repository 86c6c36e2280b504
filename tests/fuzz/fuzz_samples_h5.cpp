// samples.h5 as any bytes (seeds: a real run's): what `suspects` and the Mistakes page
// read. A file that reads has [epochs][samples] rows of one length, and ranking it
// never reads out of bounds (ASan would say).
#include "engine/record/sample_file.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = trainscope::fuzz::writeInput("samples.h5", data, size);
  try {
    const trainscope::SampleDynamics d = trainscope::readSampleFile(path);
    for (const auto* rows : {&d.loss, &d.p_label, &d.margin})
      for (const auto& row : *rows)
        if (static_cast<int64_t>(row.size()) != d.samples()) __builtin_trap();
    for (const auto& s : trainscope::rankSuspects(d, 20))
      if (s.index < 0 || s.index >= d.samples()) __builtin_trap();
  } catch (const std::exception&) {
  }
  return 0;
}
