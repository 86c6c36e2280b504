#include "engine/data/fashion_mnist.h"

#include "engine/data/idx_file.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace fs = std::filesystem;

namespace trainscope {

namespace {
std::string idxPath(const std::string& dir, const std::string& stem) {
  for (const char* ext : {".gz", ""}) {
    fs::path p = fs::path(dir) / (stem + ext);
    if (fs::exists(p)) return p.string();
  }
  return (fs::path(dir) / (stem + ".gz")).string();
}
}  // namespace

const std::vector<std::string>& fashionMnistClasses() {
  static const std::vector<std::string> names{"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                              "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
  return names;
}

std::string findFashionMnistDir() {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("TRAINSCOPE_FASHION_MNIST_DIR")) candidates.emplace_back(env);
  candidates.emplace_back("/usr/share/datasets/fashion-mnist");
  candidates.emplace_back("/usr/local/share/datasets/fashion-mnist");
  for (const auto& dir : candidates) {
    std::error_code ec;
    if (fs::exists(idxPath(dir, "train-images-idx3-ubyte"), ec) &&
        fs::exists(idxPath(dir, "t10k-labels-idx1-ubyte"), ec))
      return dir;
  }
  return {};
}

FashionMnist::FashionMnist(const std::string& dir, const std::string& split) : split_(split) {
  const std::string prefix = split == "train" ? "train" : "t10k";
  IdxArray images = readIdxFile(idxPath(dir, prefix + "-images-idx3-ubyte"));
  IdxArray labels = readIdxFile(idxPath(dir, prefix + "-labels-idx1-ubyte"));
  if (images.dims.size() != 3 || labels.dims.size() != 1 || images.dims[0] != labels.dims[0])
    throw std::runtime_error(dir + ": " + prefix + " images and labels do not match");
  count_ = images.dims[0];
  rows_ = images.dims[1];
  cols_ = images.dims[2];
  images_ = std::move(images.data);
  labels_ = std::move(labels.data);
  for (auto l : labels_)
    if (l >= fashionMnistClasses().size())
      throw std::runtime_error(dir + ": label " + std::to_string(l) + " is not a Fashion-MNIST class");
}

cv::Mat FashionMnist::load(int64_t i, std::string* error) const {
  if (i < 0 || i >= count_) {
    if (error) *error = "index out of range";
    return {};
  }
  // A read-only view into the decoded array; transforms always write new images.
  return cv::Mat(rows_, cols_, CV_8UC1, const_cast<uint8_t*>(images_.data() + i * rows_ * cols_));
}

std::string FashionMnist::describe(int64_t i) const {
  return "fashion-mnist/" + split_ + "[" + std::to_string(i) + "]";
}

DatasetSplits openFashionMnist(const std::string& dir) {
  DatasetSplits s;
  s.train = std::make_shared<FashionMnist>(dir, "train");
  s.val = std::make_shared<FashionMnist>(dir, "test");
  s.label = {"trainscope::Data", QT_TRANSLATE_NOOP("trainscope::Data", "Fashion-MNIST (%1)"), {dir}};
  s.description = s.label.english();
  s.sizes.measured = s.train->size() + s.val->size();  // every image is 28x28 grayscale
  s.sizes.min_width = s.sizes.median_width = s.sizes.max_width = 28;
  s.sizes.min_height = s.sizes.median_height = s.sizes.max_height = 28;
  s.sizes.grayscale = s.sizes.measured;
  return s;
}

}  // namespace trainscope
