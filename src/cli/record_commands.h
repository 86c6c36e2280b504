// Subcommands that take a run elsewhere: TensorBoard event files, a reproducibility
// bundle, and its verification on this machine.
#pragma once

#include <cstdint>
#include <string>

namespace trainscope::cli {

int exportTensorBoardCommand(const std::string& runDir, const std::string& outDir);
// Every TensorBoard run under logDir as a run folder in runsDir (exit 2: no event files).
int importTensorBoardCommand(const std::string& logDir, const std::string& runsDir);
int bundleCommand(const std::string& runDir, const std::string& out);

struct VerifyArgs {
  std::string bundle;
  int64_t steps = 20;
  double tolerance = 1e-3;
  std::string dataset;
  bool keep = false, json = false;
};
// Exit 0 when the losses match, 1 when they do not, 2 for a bad bundle.
int verifyCommand(const VerifyArgs& args);

}  // namespace trainscope::cli
