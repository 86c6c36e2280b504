// One class of a prediction, for the torch-free faces of trained models (model_tools.h
// for images, deploy/table_tools.h for tables).
#pragma once

#include <string>

namespace trainscope {

struct ClassProbability {
  int index = 0;
  std::string label;
  double probability = 0;
};

}  // namespace trainscope
