#include "engine/data/recorded_samples.h"

namespace trainscope {

cv::Mat RecordedSamples::load(int64_t, std::string*) const {
  return cv::Mat(32, 32, CV_8UC1, cv::Scalar(200));  // no pixels were recorded: a light tile
}

std::vector<std::string> recordedClassNames(const std::vector<std::string>& names, int64_t count) {
  if (static_cast<int64_t>(names.size()) == count) return names;
  std::vector<std::string> out;
  for (int64_t c = 0; c < count; ++c) out.push_back(std::to_string(c));
  return out;
}

}  // namespace trainscope
