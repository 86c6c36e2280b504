#include "engine/train/pitfalls.h"

#include <algorithm>

namespace trainscope {

void applyPitfalls(const PitfallConfig& pitfalls, std::vector<TransformSpec>& train, std::vector<TransformSpec>& val) {
  if (!pitfalls.skip_normalize) return;
  for (auto* pipeline : {&train, &val})
    pipeline->erase(std::remove_if(pipeline->begin(), pipeline->end(),
                                   [](const TransformSpec& t) { return t.name == "Normalize"; }),
                    pipeline->end());
}

std::string describePitfalls(const PitfallConfig& pitfalls) {
  std::string which;
  if (pitfalls.skip_zero_grad) which += " zero_grad() is skipped: gradients accumulate across steps;";
  if (pitfalls.skip_eval) which += " validation runs without eval(): Dropout and BatchNorm stay in training mode;";
  if (pitfalls.skip_normalize) which += " Normalize is left out of the transforms;";
  if (!which.empty()) which.pop_back();
  return "teaching pitfall on (this run is deliberately wrong):" + which;
}

}  // namespace trainscope
