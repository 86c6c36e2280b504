// A dataset health check (the Data page and `trainscope-cli check`): exact duplicates
// (the same decoded pixels) and near duplicates (a perceptual hash within a Hamming
// distance, confirmed on 16x16 thumbnails), within and across the training and
// validation splits (leakage), the same image under two labels, class imbalance, size
// and aspect outliers, grayscale images in a colour set, and what the import skipped.
#pragma once

#include "engine/data/dataset.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace trainscope {

struct HealthOptions {
  int hamming = 4;             // dHash bits that may differ for a near duplicate
  double thumbnail_mad = 6.0;  // and the mean absolute difference of 16x16 thumbnails (0..255)
  size_t max_listed = 50;      // groups and outliers listed per finding (all are counted)
  std::function<bool(int64_t done, int64_t total)> progress;  // false cancels
};

struct SampleRef {
  std::string split;  // train or val
  int64_t index = 0;
  std::string where, label;
};

struct DuplicateGroup {
  std::vector<SampleRef> members;
  bool across_splits = false;  // in train and val: validation leaks into training
  bool conflicting_labels = false;
};

struct HealthFinding {
  int64_t count = 0;                   // all of them
  std::vector<DuplicateGroup> groups;  // the first max_listed
};

struct DatasetHealth {
  int64_t train = 0, val = 0, unreadable = 0;
  HealthFinding exact, near;
  int64_t exact_across_splits = 0, near_across_splits = 0, conflicting_labels = 0;
  std::vector<std::pair<std::string, int64_t>> class_counts;  // training split
  double imbalance = 1;                                       // largest class / smallest class
  std::vector<SampleRef> size_outliers, aspect_outliers, grayscale_in_colour;
  int64_t size_outlier_count = 0, aspect_outlier_count = 0, grayscale_in_colour_count = 0;
  std::vector<SkippedItem> skipped;  // what the import could not use
  double seconds = 0;
};

// Checks both splits (decoding every image once, on all cores). Throws
// std::runtime_error when cancelled.
DatasetHealth checkDatasetHealth(const DatasetSplits& splits, const HealthOptions& options = {});

}  // namespace trainscope
