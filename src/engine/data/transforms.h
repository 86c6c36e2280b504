// torchvision's transforms with their names and semantics, on OpenCV images.
// Images travel as 8-bit RGB (or single-channel) HWC until ToTensor, then as float CHW.
#pragma once

#include "engine/config/config.h"
#include "engine/data/dataset.h"
#include "engine/data/rng.h"

#include <opencv2/core.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trainscope {

struct PipelineImage {
  cv::Mat pixels;             // CV_8UC1 or CV_8UC3 (RGB order) before ToTensor
  std::vector<float> tensor;  // channels * height * width, CHW, after ToTensor
  int channels = 0, height = 0, width = 0;
  bool isTensor = false;
};

class Transform {
 public:
  virtual ~Transform() = default;
  virtual void apply(PipelineImage& image, Rng& rng) const = 0;
};

class Compose {
 public:
  explicit Compose(const std::vector<TransformSpec>& specs);
  void apply(PipelineImage& image, Rng& rng) const;
  // When the pipeline begins with RandomResizedCrop or Resize: the crop and output
  // size that step gives an image of `full` size, its random draws taken from rng
  // exactly as apply() takes them, so a loader can decode just that part.
  std::optional<CropPlan> planLeadingCrop(cv::Size full, Rng& rng) const;
  bool startsWithCrop() const;
  // apply() for an image holding the planned crop at `crop`, at any scale: that region
  // is resized to plan.output (as the first step would), then the other steps run.
  void applyPlanned(PipelineImage& image, const cv::Rect& crop, const CropPlan& plan, Rng& rng) const;
  // Channels and size of the output for an input of the given shape (shape-only dry run).
  std::vector<int64_t> outputShape(int channels, int height, int width) const;

 private:
  std::vector<std::unique_ptr<Transform>> steps_;
  std::vector<TransformSpec> specs_;
};

std::unique_ptr<Transform> makeTransform(const TransformSpec& spec);

// torchvision.transforms.RandomResizedCrop.get_params: the crop rectangle.
cv::Rect randomResizedCropRect(int height, int width, const std::vector<double>& scale,
                               const std::vector<double>& ratio, Rng& rng);
// ColorJitter's four operations with a fixed factor, as torchvision.transforms.functional:
// brightness blends with black, contrast with the mean grey level, saturation with the
// greyscale image; hue rotates the hue by h (a fraction of the circle, -0.5..0.5).
cv::Mat adjustBrightness(const cv::Mat& img, double factor);
cv::Mat adjustContrast(const cv::Mat& img, double factor);
cv::Mat adjustSaturation(const cv::Mat& img, double factor);
cv::Mat adjustHue(const cv::Mat& img, double h);

// torchvision's output size for Resize(size) on a height x width image.
cv::Size resizedSize(int height, int width, const std::vector<int>& size);

}  // namespace trainscope
