// A TensorBoard event file as any bytes (seeds: an export of a real run, and events of
// TF2-style tensor scalars): the reader checks both CRCs of every record and decodes the
// protocol buffers by hand; it skips and counts what does not decode, never reads past
// a record, never allocates a declared length.
#include "engine/record/tfevent_reader.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto path = trainscope::fuzz::scratchDir() / "events.out.tfevents.fuzz";
  trainscope::fuzz::writeInput("events.out.tfevents.fuzz", data, size);
  trainscope::TfEventLog log;
  try {
    trainscope::readTfEventFile(path.string(), log);
  } catch (const std::exception&) {
  }
  return 0;
}
