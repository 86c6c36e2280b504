#include "engine/data/dataset.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace trainscope {

cv::Mat Dataset::loadForCrop(int64_t index, const CropPlanner& plan, cv::Rect* crop, std::string* error) const {
  cv::Mat image = load(index, error);
  if (!image.empty()) *crop = plan(image.size()).crop;
  return image;
}

std::vector<int64_t> classCounts(const Dataset& d) {
  std::vector<int64_t> counts(d.classes().size(), 0);
  for (int64_t i = 0; i < d.size(); ++i) {
    const auto l = d.label(i);
    if (l >= 0 && l < static_cast<int64_t>(counts.size())) ++counts[l];
  }
  return counts;
}

ImageSizeStats summarizeSizes(std::vector<int> widths, std::vector<int> heights, const std::vector<int>& channels) {
  ImageSizeStats s;
  s.measured = static_cast<int64_t>(widths.size());
  if (widths.empty()) return s;
  std::sort(widths.begin(), widths.end());
  std::sort(heights.begin(), heights.end());
  s.min_width = widths.front(), s.median_width = widths[widths.size() / 2], s.max_width = widths.back();
  s.min_height = heights.front(), s.median_height = heights[heights.size() / 2], s.max_height = heights.back();
  for (int c : channels) (c == 1 ? s.grayscale : c == 4 ? s.rgba : s.rgb)++;
  return s;
}

std::shared_ptr<const Dataset> randomSubset(std::shared_ptr<const Dataset> d, int64_t n, uint64_t seed) {
  if (n <= 0 || n >= d->size()) return d;
  std::vector<int64_t> idx(d->size());
  std::iota(idx.begin(), idx.end(), 0);
  std::mt19937_64 gen(seed);
  std::shuffle(idx.begin(), idx.end(), gen);
  idx.resize(n);
  std::sort(idx.begin(), idx.end());
  return std::make_shared<SubsetDataset>(std::move(d), std::move(idx));
}

}  // namespace trainscope
