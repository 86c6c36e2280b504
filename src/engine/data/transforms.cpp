#include "engine/data/transforms.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace trainscope {

namespace {

// Python's round(): halves go to the even neighbour, as torchvision computes crops.
int pyRound(double v) { return static_cast<int>(std::nearbyint(v)); }

void requireImage(const PipelineImage& img, const char* name) {
  if (img.isTensor) throw std::logic_error(std::string(name) + " needs an image; put it before ToTensor");
}

// Shrinking must average (antialias, as PIL's bilinear does) or small details alias.
// Area averaging by a whole factor is fast in OpenCV; the remaining < 2x step is
// bilinear, which does not alias at that ratio.
cv::Mat resizeTo(const cv::Mat& src, cv::Size size) {
  if (src.size() == size) return src;
  cv::Mat in = src, out;
  const int kx = src.cols / size.width, ky = src.rows / size.height;
  if (kx >= 2 && ky >= 2) {
    const int k = std::min(kx, ky);
    cv::resize(src, in, cv::Size(src.cols / k, src.rows / k), 0, 0, cv::INTER_AREA);
    if (in.size() == size) return in;
  }
  cv::resize(in, out, size, 0, 0, cv::INTER_LINEAR);
  return out;
}

cv::Size targetSize(const std::vector<int>& size) {
  return size.size() == 1 ? cv::Size(size[0], size[0]) : cv::Size(size[1], size[0]);
}

class Resize : public Transform {
 public:
  explicit Resize(std::vector<int> size) : size_(std::move(size)) {}
  void apply(PipelineImage& img, Rng&) const override {
    requireImage(img, "Resize");
    img.pixels = resizeTo(img.pixels, resizedSize(img.pixels.rows, img.pixels.cols, size_));
  }

 private:
  std::vector<int> size_;
};

class CenterCrop : public Transform {
 public:
  explicit CenterCrop(std::vector<int> size) : size_(targetSize(size)) {}
  void apply(PipelineImage& img, Rng&) const override {
    requireImage(img, "CenterCrop");
    cv::Mat src = img.pixels;
    const int th = size_.height, tw = size_.width;
    if (tw > src.cols || th > src.rows) {  // torchvision pads with zeros first
      const int padW = std::max(0, tw - src.cols), padH = std::max(0, th - src.rows);
      cv::Mat padded;
      cv::copyMakeBorder(src, padded, padH / 2, (padH + 1) / 2, padW / 2, (padW + 1) / 2, cv::BORDER_CONSTANT,
                         cv::Scalar::all(0));
      src = padded;
    }
    const int top = pyRound((src.rows - th) / 2.0), left = pyRound((src.cols - tw) / 2.0);
    img.pixels = src(cv::Rect(left, top, tw, th)).clone();
  }

 private:
  cv::Size size_;
};

class RandomResizedCrop : public Transform {
 public:
  explicit RandomResizedCrop(const TransformSpec& s) : size_(targetSize(s.size)), scale_(s.scale), ratio_(s.ratio) {}
  void apply(PipelineImage& img, Rng& rng) const override {
    requireImage(img, "RandomResizedCrop");
    const cv::Rect r = randomResizedCropRect(img.pixels.rows, img.pixels.cols, scale_, ratio_, rng);
    img.pixels = resizeTo(img.pixels(r), size_);
    if (img.pixels.data == nullptr) throw std::logic_error("RandomResizedCrop produced an empty image");
  }

 private:
  cv::Size size_;
  std::vector<double> scale_, ratio_;
};

class RandomHorizontalFlip : public Transform {
 public:
  explicit RandomHorizontalFlip(double p) : p_(p) {}
  void apply(PipelineImage& img, Rng& rng) const override {
    requireImage(img, "RandomHorizontalFlip");
    if (!rng.bernoulli(p_)) return;
    cv::Mat out;
    cv::flip(img.pixels, out, /*flipCode=*/1);
    img.pixels = out;
  }

 private:
  double p_;
};

cv::Mat grayOf(const cv::Mat& rgb) {
  if (rgb.channels() == 1) return rgb;
  cv::Mat gray;
  cv::cvtColor(rgb, gray, cv::COLOR_RGB2GRAY);  // ITU-R 601-2 luma, as PIL's convert("L")
  return gray;
}

class ColorJitter : public Transform {
 public:
  explicit ColorJitter(const TransformSpec& s) : spec_(s) {}
  void apply(PipelineImage& img, Rng& rng) const override {
    requireImage(img, "ColorJitter");
    // Factors drawn as torchvision does: uniform in [max(0, 1 - v), 1 + v], hue in [-h, h],
    // applied in a random order.
    std::array<int, 4> order{0, 1, 2, 3};
    std::shuffle(order.begin(), order.end(), rng.engine());
    const double b = factor(spec_.brightness, rng), c = factor(spec_.contrast, rng), s = factor(spec_.saturation, rng);
    const double h = spec_.hue > 0 ? rng.uniform(-spec_.hue, spec_.hue) : 0.0;
    for (int op : order) {
      if (op == 0 && spec_.brightness > 0) img.pixels = adjustBrightness(img.pixels, b);
      if (op == 1 && spec_.contrast > 0) img.pixels = adjustContrast(img.pixels, c);
      if (op == 2 && spec_.saturation > 0) img.pixels = adjustSaturation(img.pixels, s);
      if (op == 3 && spec_.hue > 0) img.pixels = adjustHue(img.pixels, h);
    }
  }

  static double factor(double v, Rng& rng) { return v > 0 ? rng.uniform(std::max(0.0, 1.0 - v), 1.0 + v) : 1.0; }

 private:
  TransformSpec spec_;
};

class Grayscale : public Transform {
 public:
  explicit Grayscale(int channels) : channels_(channels) {}
  void apply(PipelineImage& img, Rng&) const override {
    requireImage(img, "Grayscale");
    cv::Mat gray = grayOf(img.pixels);
    if (channels_ == 3) {
      cv::Mat rgb;
      cv::cvtColor(gray, rgb, cv::COLOR_GRAY2RGB);
      gray = rgb;
    }
    img.pixels = gray;
  }

 private:
  int channels_;
};

class ToTensor : public Transform {
 public:
  void apply(PipelineImage& img, Rng&) const override {
    requireImage(img, "ToTensor");
    const cv::Mat& m = img.pixels;
    const int c = m.channels(), h = m.rows, w = m.cols;
    img.tensor.resize(static_cast<size_t>(c) * h * w);
    const size_t plane = static_cast<size_t>(h) * w;
    constexpr float kScale = 1.0f / 255.0f;
    float* out = img.tensor.data();
    for (int y = 0; y < h; ++y) {
      const uint8_t* row = m.ptr<uint8_t>(y);
      float* dst = out + static_cast<size_t>(y) * w;
      if (c == 1) {
        for (int x = 0; x < w; ++x) dst[x] = row[x] * kScale;
      } else {  // c == 3: de-interleave HWC into three planes
        float* r = dst;
        float* g = dst + plane;
        float* b = dst + 2 * plane;
        for (int x = 0; x < w; ++x) {
          r[x] = row[3 * x] * kScale;
          g[x] = row[3 * x + 1] * kScale;
          b[x] = row[3 * x + 2] * kScale;
        }
      }
    }
    img.channels = c, img.height = h, img.width = w;
    img.isTensor = true;
    img.pixels.release();
  }
};

class Normalize : public Transform {
 public:
  Normalize(std::vector<double> mean, std::vector<double> std) : mean_(std::move(mean)), std_(std::move(std)) {}
  void apply(PipelineImage& img, Rng&) const override {
    if (!img.isTensor) throw std::logic_error("Normalize needs a tensor; put it after ToTensor");
    if (static_cast<int>(mean_.size()) != img.channels)
      throw std::invalid_argument("Normalize has " + std::to_string(mean_.size()) + " means for an image with " +
                                  std::to_string(img.channels) + " channels");
    const size_t plane = static_cast<size_t>(img.height) * img.width;
    for (int ch = 0; ch < img.channels; ++ch) {
      const float m = static_cast<float>(mean_[ch]), inv = static_cast<float>(1.0 / std_[ch]);
      float* p = img.tensor.data() + ch * plane;
      for (size_t i = 0; i < plane; ++i) p[i] = (p[i] - m) * inv;
    }
  }

 private:
  std::vector<double> mean_, std_;
};

}  // namespace

cv::Mat adjustBrightness(const cv::Mat& img, double f) {
  cv::Mat out;
  img.convertTo(out, -1, f, 0.0);  // blend with black, saturating
  return out;
}
cv::Mat adjustContrast(const cv::Mat& img, double f) {
  const double mean = cv::mean(grayOf(img))[0];  // blend with the mean grey level
  cv::Mat out;
  img.convertTo(out, -1, f, (1.0 - f) * mean);
  return out;
}
cv::Mat adjustSaturation(const cv::Mat& img, double f) {
  if (img.channels() == 1) return img;  // torchvision leaves grayscale images alone
  cv::Mat gray3, out;
  cv::cvtColor(grayOf(img), gray3, cv::COLOR_GRAY2RGB);
  cv::addWeighted(img, f, gray3, 1.0 - f, 0.0, out);
  return out;
}
cv::Mat adjustHue(const cv::Mat& img, double h) {
  if (img.channels() == 1) return img;
  cv::Mat hsv;
  cv::cvtColor(img, hsv, cv::COLOR_RGB2HSV_FULL);  // 8-bit hue over 0..255, as PIL's HSV
  const auto shift = static_cast<uint8_t>(static_cast<int>(std::lround(h * 255.0)) & 0xFF);
  for (int y = 0; y < hsv.rows; ++y) {
    auto* p = hsv.ptr<cv::Vec3b>(y);
    for (int x = 0; x < hsv.cols; ++x) p[x][0] = static_cast<uint8_t>(p[x][0] + shift);  // wraps
  }
  cv::Mat out;
  cv::cvtColor(hsv, out, cv::COLOR_HSV2RGB_FULL);
  return out;
}

cv::Size resizedSize(int height, int width, const std::vector<int>& size) {
  if (size.size() == 2) return {size[1], size[0]};
  const int s = size.at(0);
  if (width <= height) return {s, static_cast<int>(static_cast<int64_t>(s) * height / width)};
  return {static_cast<int>(static_cast<int64_t>(s) * width / height), s};
}

cv::Rect randomResizedCropRect(int height, int width, const std::vector<double>& scale,
                               const std::vector<double>& ratio, Rng& rng) {
  const double area = static_cast<double>(height) * width;
  const double logLo = std::log(ratio[0]), logHi = std::log(ratio[1]);
  for (int attempt = 0; attempt < 10; ++attempt) {
    const double targetArea = area * rng.uniform(scale[0], scale[1]);
    const double aspect = std::exp(rng.uniform(logLo, logHi));
    const int w = pyRound(std::sqrt(targetArea * aspect));
    const int h = pyRound(std::sqrt(targetArea / aspect));
    if (w > 0 && h > 0 && w <= width && h <= height) {
      const int top = static_cast<int>(rng.randint(0, height - h + 1));
      const int left = static_cast<int>(rng.randint(0, width - w + 1));
      return {left, top, w, h};
    }
  }
  // Fallback: the whole image, trimmed to the allowed aspect ratios, centred.
  const double inRatio = static_cast<double>(width) / height;
  int w = width, h = height;
  if (inRatio < ratio[0]) {
    h = pyRound(w / ratio[0]);
  } else if (inRatio > ratio[1]) {
    w = pyRound(h * ratio[1]);
  }
  return {(width - w) / 2, (height - h) / 2, w, h};
}

std::unique_ptr<Transform> makeTransform(const TransformSpec& s) {
  if (s.name == "Resize") return std::make_unique<Resize>(s.size);
  if (s.name == "CenterCrop") return std::make_unique<CenterCrop>(s.size);
  if (s.name == "RandomResizedCrop") return std::make_unique<RandomResizedCrop>(s);
  if (s.name == "RandomHorizontalFlip") return std::make_unique<RandomHorizontalFlip>(s.p);
  if (s.name == "ColorJitter") return std::make_unique<ColorJitter>(s);
  if (s.name == "Grayscale") return std::make_unique<Grayscale>(s.num_output_channels);
  if (s.name == "ToTensor") return std::make_unique<ToTensor>();
  if (s.name == "Normalize") return std::make_unique<Normalize>(s.mean, s.std);
  throw std::invalid_argument("unknown transform \"" + s.name + "\"");
}

Compose::Compose(const std::vector<TransformSpec>& specs) : specs_(specs) {
  for (const auto& s : specs) steps_.push_back(makeTransform(s));
}

void Compose::apply(PipelineImage& image, Rng& rng) const {
  for (const auto& step : steps_) step->apply(image, rng);
}

bool Compose::startsWithCrop() const {
  return !specs_.empty() && (specs_[0].name == "RandomResizedCrop" || specs_[0].name == "Resize");
}

std::optional<CropPlan> Compose::planLeadingCrop(cv::Size full, Rng& rng) const {
  if (!startsWithCrop() || full.width <= 0 || full.height <= 0) return std::nullopt;
  const TransformSpec& s = specs_[0];
  if (s.name == "Resize")
    return CropPlan{cv::Rect(0, 0, full.width, full.height), resizedSize(full.height, full.width, s.size)};
  return CropPlan{randomResizedCropRect(full.height, full.width, s.scale, s.ratio, rng), targetSize(s.size)};
}

void Compose::applyPlanned(PipelineImage& image, const cv::Rect& crop, const CropPlan& plan, Rng& rng) const {
  requireImage(image, specs_.empty() ? "a crop" : specs_[0].name.c_str());
  image.pixels = resizeTo(image.pixels(crop & cv::Rect(0, 0, image.pixels.cols, image.pixels.rows)), plan.output);
  for (size_t i = 1; i < steps_.size(); ++i) steps_[i]->apply(image, rng);
}

std::vector<int64_t> Compose::outputShape(int channels, int height, int width) const {
  for (const auto& s : specs_) {
    if (s.name == "Grayscale") channels = s.num_output_channels;
    if (s.name == "Resize") {
      const cv::Size sz = resizedSize(height, width, s.size);
      height = sz.height, width = sz.width;
    }
    if (s.name == "CenterCrop" || s.name == "RandomResizedCrop") {
      const cv::Size sz = targetSize(s.size);
      height = sz.height, width = sz.width;
    }
  }
  return {channels, height, width};
}

}  // namespace trainscope
