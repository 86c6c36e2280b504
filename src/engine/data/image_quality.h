// The image-quality checks CleanVision made standard (blurry, too dark, too bright, low
// information, odd aspect ratio, odd size, grey among colour), by measures of our own
// that a user can read: each is a number per image and a threshold, declared once here
// for the health check, `trainscope-cli check --threshold`, the Data page and the docs.
#pragma once

#include "engine/config/translatable.h"

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace trainscope {

// What is measured on one decoded image (RGB or grey, 8-bit).
struct ImageQuality {
  float brightest = 0;  // the 99th percentile of perceived brightness, 0..1
  float darkest = 0;    // the 5th percentile, 0..1
  float entropy = 0;    // of the grey histogram, in bits (0..8)
  float sharpness = 0;  // the Laplacian's spread over the grey values' spread
};

ImageQuality measureImageQuality(const cv::Mat& image);

// One check: flagged when its score is below the threshold (above, when `above`).
// Sizes and aspects are judged against the dataset's median, not a fixed number.
struct QualityCheck {
  const char* key;    // blurry, dark, light, low_information, odd_aspect_ratio, odd_size, grayscale
  const char* title;  // translatable, context "trainscope::QualityCheck"
  const char* rule;   // translatable: what the score is, and when it flags
  double threshold;
  bool above;       // flagged above the threshold (else below)
  double min, max;  // the thresholds that mean something (a ratio to the median is at least 1)
  bool flags(double score, double limit) const;
  // "" when `limit` is within [min, max]; else what the key must be.
  std::string thresholdProblem(double limit) const;
};

// Every check, in the order findings are listed.
const std::vector<QualityCheck>& qualityChecks();
// Every check's key, comma-separated, for help and error texts.
std::string qualityCheckKeys();
// The check named `key`, or nullptr.
const QualityCheck* qualityCheck(const std::string& key);

}  // namespace trainscope
