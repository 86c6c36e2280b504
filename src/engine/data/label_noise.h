// dataset.label_noise: a training split whose labels are wrong on purpose, to measure
// how well the suspect-label ranking finds them. A seeded share of the samples gets
// another class, chosen uniformly among the others; which ones is kept.
#pragma once

#include "engine/data/dataset.h"

#include <memory>
#include <vector>

namespace trainscope {

class NoisyLabels : public Dataset {
 public:
  NoisyLabels(std::shared_ptr<const Dataset> base, double share, uint64_t seed);
  int64_t size() const override { return base_->size(); }
  int64_t label(int64_t i) const override { return labels_.at(static_cast<size_t>(i)); }
  cv::Mat load(int64_t i, std::string* error) const override { return base_->load(i, error); }
  cv::Mat loadPreview(int64_t i, int minSide, std::string* error) const override {
    return base_->loadPreview(i, minSide, error);
  }
  cv::Mat loadForCrop(int64_t i, const CropPlanner& plan, cv::Rect* crop, std::string* error) const override {
    return base_->loadForCrop(i, plan, crop, error);
  }
  std::string describe(int64_t i) const override { return base_->describe(i); }
  const std::vector<std::string>& classes() const override { return base_->classes(); }
  int channels() const override { return base_->channels(); }
  int64_t featureCount() const override { return base_->featureCount(); }
  int64_t tokenCount(int64_t i) const override { return base_->tokenCount(i); }

  // The flipped samples (sorted) and their true labels.
  const std::vector<int64_t>& flipped() const { return flipped_; }
  const std::vector<int64_t>& originalLabels() const { return original_; }

 private:
  std::shared_ptr<const Dataset> base_;
  std::vector<int64_t> labels_, flipped_, original_;
};

}  // namespace trainscope
