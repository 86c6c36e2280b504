#include "engine/data/image_quality.h"

#include <opencv2/imgproc.hpp>

#include <array>
#include <cmath>
#include <sstream>

namespace trainscope {

namespace {
// Perceived brightness (the HSP model: sqrt(0.299 R² + 0.587 G² + 0.114 B²)), 0..255.
cv::Mat perceivedBrightness(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  cv::Mat f;
  image.convertTo(f, CV_32F);
  f = f.mul(f);
  cv::Mat weighted;
  cv::transform(f, weighted, cv::Matx13f(0.299f, 0.587f, 0.114f));  // RGB order, as decoded
  cv::sqrt(weighted, weighted);
  cv::Mat out;
  weighted.convertTo(out, CV_8U);
  return out;
}

std::array<double, 256> histogram(const cv::Mat& grey) {
  std::array<double, 256> h{};
  for (int r = 0; r < grey.rows; ++r) {
    const uchar* p = grey.ptr<uchar>(r);
    for (int c = 0; c < grey.cols; ++c) ++h[p[c]];
  }
  return h;
}

// The value below which `share` of the pixels lie, 0..1.
float percentile(const std::array<double, 256>& h, double total, double share) {
  double seen = 0;
  for (int v = 0; v < 256; ++v)
    if ((seen += h[static_cast<size_t>(v)]) >= share * total) return static_cast<float>(v) / 255.0f;
  return 1.0f;
}

float entropyBits(const std::array<double, 256>& h, double total) {
  double bits = 0;
  for (double n : h)
    if (n > 0) bits -= n / total * std::log2(n / total);
  return static_cast<float>(bits);
}

// Edges' strength against contrast, on at most 256 px a side (as a viewer sees the
// image whole): a blurred copy keeps its contrast but loses its Laplacian.
float sharpness(const cv::Mat& grey) {
  cv::Mat g = grey;
  const int longer = std::max(grey.cols, grey.rows);
  if (longer > 256) {
    const double s = 256.0 / longer;
    cv::resize(grey, g, cv::Size(), s, s, cv::INTER_AREA);
  }
  cv::Mat lap;
  cv::Laplacian(g, lap, CV_32F);
  cv::Scalar mean, lapStd, greyStd;
  cv::meanStdDev(lap, mean, lapStd);
  cv::meanStdDev(g, mean, greyStd);
  return static_cast<float>(lapStd[0] / (greyStd[0] + 1.0));
}
}  // namespace

ImageQuality measureImageQuality(const cv::Mat& image) {
  ImageQuality q;
  if (image.empty()) return q;
  const cv::Mat bright = perceivedBrightness(image);
  const auto h = histogram(bright);
  const double total = static_cast<double>(bright.total());
  q.brightest = percentile(h, total, 0.99);
  q.darkest = percentile(h, total, 0.05);
  cv::Mat grey = image;
  if (image.channels() == 3) cv::cvtColor(image, grey, cv::COLOR_RGB2GRAY);
  q.entropy = entropyBits(histogram(grey), total);
  q.sharpness = sharpness(grey);
  return q;
}

const std::vector<QualityCheck>& qualityChecks() {
  static const std::vector<QualityCheck> checks = {
      {"blurry", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Blurry"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "The Laplacian's standard deviation over the grey values' (on at most 256 px a side) is below %1: "
           "edges are weak for the image's contrast."),
       0.2, false, 0, 100},
      {"dark", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Too dark"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "The 99th percentile of perceived brightness is below %1 (of 1): even the brightest pixels are dim."),
       0.2, false, 0, 1},
      {"light", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Too bright"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "The 5th percentile of perceived brightness is above %1 (of 1): even the darkest pixels are light."),
       0.9, true, 0, 1},
      {"low_information", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Low information"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "The grey histogram's entropy is below %1 bits (of 8): a blank, flat or nearly one-colour image."),
       1.5, false, 0, 8},
      {"odd_aspect_ratio", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Odd aspect ratio"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "Width over height is more than %1 times the dataset's median, or less than its inverse: a crop "
           "may cut off the object."),
       3.0, true, 1, 1000},
      {"odd_size", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Odd size"),
       QT_TRANSLATE_NOOP("trainscope::QualityCheck",
                         "The pixel count is more than %1 times the dataset's median, or less than its inverse."),
       16.0, true, 1, 10000},
      {"grayscale", QT_TRANSLATE_NOOP("trainscope::QualityCheck", "Grey in a colour set"),
       QT_TRANSLATE_NOOP(
           "trainscope::QualityCheck",
           "The three channels differ by less than %1 of 255 everywhere, in a dataset with colour images."),
       3.0, false, 0, 255},
  };
  return checks;
}

bool QualityCheck::flags(double score, double limit) const { return above ? score > limit : score < limit; }

std::string QualityCheck::thresholdProblem(double limit) const {
  if (limit >= min && limit <= max) return "";
  std::ostringstream why;
  why << key << " must be from " << min << " to " << max;
  return why.str();
}

std::string qualityCheckKeys() {
  std::string keys;
  for (const auto& c : qualityChecks()) keys += (keys.empty() ? "" : ", ") + std::string(c.key);
  return keys;
}

const QualityCheck* qualityCheck(const std::string& key) {
  for (const auto& c : qualityChecks())
    if (key == c.key) return &c;
  return nullptr;
}

}  // namespace trainscope
