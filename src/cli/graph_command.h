// trainscope-cli graph: the model graph or the autograd graph of one step, as DOT, SVG
// or JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope::cli {

struct GraphArgs {
  std::string run, config, out;
  std::vector<std::string> overrides;
  bool autograd = false;
  std::vector<std::string> expand;  // module paths drawn by their parts; "all"
  int64_t batch = 0;
  std::string format;  // dot | svg | json; default: from --out's extension, else dot
};

int graphCommand(const GraphArgs& args);

}  // namespace trainscope::cli
