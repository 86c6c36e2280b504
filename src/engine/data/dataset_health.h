// A dataset health check (the Data page and `trainscope-cli check`): exact duplicates
// (the same decoded pixels) and near duplicates (a perceptual hash within a Hamming
// distance, found with an index and confirmed on 16x16 thumbnails), within and across
// the training and validation splits (leakage), the same image under two labels, class
// imbalance, the image-quality checks (image_quality.h: blurry, dark, bright, low
// information, odd aspect or size, grey in colour), and what the import skipped.
#pragma once

#include "engine/data/dataset.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace trainscope {

struct HealthOptions {
  int hamming = 4;             // dHash bits that may differ for a near duplicate
  double thumbnail_mad = 6.0;  // and the mean absolute difference of 16x16 thumbnails (0..255)
  size_t max_listed = 50;      // groups and images listed per finding (all are counted)
  // A quality check's threshold by its key (image_quality.h), instead of its default.
  std::map<std::string, double> thresholds;
  bool all_pairs = false;  // compare every pair of images (quadratic: the index's reference)
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

struct QualitySample {
  SampleRef sample;
  double score = 0;
};

// One quality check's images, the most marked first.
struct QualityFinding {
  std::string check;  // its key (image_quality.h)
  double threshold = 0;
  int64_t count = 0;                  // all of them
  std::vector<QualitySample> listed;  // the first max_listed
};

struct DatasetHealth {
  int64_t train = 0, val = 0, unreadable = 0;
  HealthFinding exact, near;
  int64_t exact_across_splits = 0, near_across_splits = 0, conflicting_labels = 0;
  std::vector<std::pair<std::string, int64_t>> class_counts;  // training split
  double imbalance = 1;                                       // largest class / smallest class
  std::vector<QualityFinding> quality;                        // one per check, in qualityChecks()'s order
  std::vector<SkippedItem> skipped;                           // what the import could not use
  double seconds = 0;
  double decode_seconds = 0, near_seconds = 0;  // of which: decoding and fingerprinting; the near-duplicate search
  int64_t bytes_per_image = 0;                  // what the check holds per image while it runs
};

// Checks both splits (decoding every image once, on all cores). Throws
// std::runtime_error when cancelled, std::invalid_argument for an unknown threshold.
DatasetHealth checkDatasetHealth(const DatasetSplits& splits, const HealthOptions& options = {});

}  // namespace trainscope
