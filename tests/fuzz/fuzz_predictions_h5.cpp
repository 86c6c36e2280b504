// predictions.h5 as any bytes (seeds: a real run's): what the Mistakes page indexes by
// class. A file that reads has every label in [0, classes), every prediction in
// [-1, classes), one value per sample and classes x classes confusion matrices.
#include "engine/record/prediction_file.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = trainscope::fuzz::writeInput("predictions.h5", data, size);
  try {
    const trainscope::ValidationPredictions p = trainscope::readPredictionFile(path);
    const size_t n = p.labels.size();
    if (p.predicted.size() != n || p.probability.size() != n || p.loss.size() != n) __builtin_trap();
    for (const int64_t l : p.labels)
      if (l < 0 || l >= p.classes) __builtin_trap();
    for (const int32_t c : p.predicted)
      if (c < -1 || c >= p.classes) __builtin_trap();
    for (const auto& m : p.confusion)
      if (static_cast<int64_t>(m.size()) != p.classes * p.classes) __builtin_trap();
    if (!p.class_names.empty() && static_cast<int64_t>(p.class_names.size()) != p.classes) __builtin_trap();
  } catch (const std::exception&) {
  }
  return 0;
}
