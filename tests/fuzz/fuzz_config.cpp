// The experiment reader: any bytes as a --config file. A config is refused with a
// ConfigError naming fields, or accepted; nothing else (no other exception, no crash).
#include "engine/config/config.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = trainscope::fuzz::writeInput("experiment.json", data, size);
  try {
    const trainscope::ExperimentConfig c = trainscope::loadConfigFile(path);
    trainscope::parseConfig(trainscope::toJson(c));  // what it accepted, it accepts again
  } catch (const trainscope::ConfigError&) {
  }
  return 0;
}
