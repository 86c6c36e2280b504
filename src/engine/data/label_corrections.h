// dataset.corrections: the labels a user fixed after looking at a run's suspects (the
// app's "relabel" and "exclude"), kept in a small JSON file that the next run applies
// to its training split. Samples are named as Dataset::describe names them (a file
// path, "train-images-idx3-ubyte[123]"), so a correction survives another subset or seed.
#pragma once

#include "engine/data/dataset.h"

#include <memory>
#include <string>
#include <vector>

namespace trainscope {

struct LabelCorrection {
  std::string sample;  // as Dataset::describe names it
  std::string label;   // the class it should have; empty: excluded from training
  bool excluded() const { return label.empty(); }
};

struct LabelCorrections {
  std::vector<LabelCorrection> items;  // one per sample; a later one replaces an earlier
  // Adds or replaces the correction of `sample`.
  void set(const LabelCorrection& c);
  // Removes the correction of `sample`; false when it had none.
  bool remove(const std::string& sample);
  const LabelCorrection* find(const std::string& sample) const;
};

// Throws std::runtime_error naming the file and the entry when it cannot be used.
LabelCorrections readLabelCorrections(const std::string& path);
// Atomic; throws std::runtime_error naming the file.
void writeLabelCorrections(const std::string& path, const LabelCorrections& c);

// The training split with the corrections applied: relabelled samples take their new
// class, excluded ones are left out (the others keep their order).
class CorrectedLabels : public Dataset {
 public:
  CorrectedLabels(std::shared_ptr<const Dataset> base, const LabelCorrections& corrections);
  int64_t size() const override { return static_cast<int64_t>(kept_.size()); }
  int64_t label(int64_t i) const override { return labels_.at(static_cast<size_t>(i)); }
  cv::Mat load(int64_t i, std::string* error) const override { return base_->load(kept_.at(i), error); }
  cv::Mat loadPreview(int64_t i, int minSide, std::string* error) const override {
    return base_->loadPreview(kept_.at(i), minSide, error);
  }
  cv::Mat loadForCrop(int64_t i, const CropPlanner& plan, cv::Rect* crop, std::string* error) const override {
    return base_->loadForCrop(kept_.at(i), plan, crop, error);
  }
  std::string describe(int64_t i) const override { return base_->describe(kept_.at(i)); }
  const std::vector<std::string>& classes() const override { return base_->classes(); }
  int channels() const override { return base_->channels(); }
  int64_t featureCount() const override { return base_->featureCount(); }
  int64_t tokenCount(int64_t i) const override { return base_->tokenCount(kept_.at(i)); }

  const Dataset& base() const { return *base_; }
  // The base index of each sample, ascending.
  const std::vector<int64_t>& baseIndex() const { return kept_; }
  int64_t relabelled() const { return relabelled_; }
  int64_t excluded() const { return base_->size() - size(); }
  // Corrections that matched no sample of the split, or name no class of the dataset.
  const std::vector<std::string>& unmatched() const { return unmatched_; }

 private:
  std::shared_ptr<const Dataset> base_;
  std::vector<int64_t> kept_, labels_;
  int64_t relabelled_ = 0;
  std::vector<std::string> unmatched_;
};

}  // namespace trainscope
