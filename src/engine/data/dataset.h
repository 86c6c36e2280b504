// A map-style dataset, as torch.utils.data.Dataset: a size and random access to
// (image, label). Plain OpenCV, no torch; transforms are applied by the loader.
#pragma once

#include "engine/run/message.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace trainscope {

// A file or record that could not be used, and why. Reported, never fatal.
struct SkippedItem {
  std::string path;
  std::string reason;  // English, as the run's record keeps it; skipReasonMessage() translates
};

// A pipeline's leading crop-and-resize (RandomResizedCrop, Resize): the crop in
// full-image pixels and the size it is resized to.
struct CropPlan {
  cv::Rect crop;
  cv::Size output;
};
using CropPlanner = std::function<CropPlan(cv::Size fullSize)>;

class Dataset {
 public:
  virtual ~Dataset() = default;
  virtual int64_t size() const = 0;
  virtual int64_t label(int64_t index) const = 0;
  // The decoded image: CV_8UC1 or CV_8UC3 in RGB order. On failure returns an
  // empty Mat and says why in *error.
  virtual cv::Mat load(int64_t index, std::string* error) const = 0;
  // The image for a thumbnail: at least `minSide` pixels on its shorter side where the
  // file allows, decoded at a reduced scale when the format can (JPEG's DCT scaling),
  // so a 24-megapixel photo costs a fraction of a full decode. Default: load().
  virtual cv::Mat loadPreview(int64_t index, int minSide, std::string* error) const { return load(index, error); }
  // For a pipeline that begins by cropping and resizing: `plan` is told the image's
  // full size and chooses the crop; returns pixels that hold it, and in *crop where it
  // lies in them. A JPEG file is decoded only around the crop, at a reduced scale where
  // the crop keeps its output's pixels (data/jpeg_region.h). Default: load(), and the
  // crop as planned. Empty on failure, with the reason in *error.
  virtual cv::Mat loadForCrop(int64_t index, const CropPlanner& plan, cv::Rect* crop, std::string* error) const;
  // Where a sample comes from, for reports: a file path or "train[123]".
  virtual std::string describe(int64_t index) const = 0;
  virtual const std::vector<std::string>& classes() const = 0;
  virtual int channels() const = 0;
  // A table (data/table_dataset.h): load() gives a 1 x featureCount() CV_32F row of
  // already encoded features, batched as [N, F] without transforms. 0: images.
  virtual int64_t featureCount() const { return 0; }
  // A text document (data/text_dataset.h): load() gives a 1 x tokenCount() CV_32S row of
  // token ids (at least one), batched as [N, L] int64 padded with 0. 0: not text.
  virtual int64_t tokenCount(int64_t /*index*/) const { return 0; }
  // A regression target: value() is the (standardised) number to predict; classes() is empty.
  virtual bool regression() const { return false; }
  virtual double value(int64_t index) const { return static_cast<double>(label(index)); }
};

// A view on some indices of another dataset (torch.utils.data.Subset).
class SubsetDataset : public Dataset {
 public:
  SubsetDataset(std::shared_ptr<const Dataset> base, std::vector<int64_t> indices)
      : base_(std::move(base)), indices_(std::move(indices)) {}
  int64_t size() const override { return static_cast<int64_t>(indices_.size()); }
  int64_t label(int64_t i) const override { return base_->label(indices_.at(i)); }
  cv::Mat load(int64_t i, std::string* error) const override { return base_->load(indices_.at(i), error); }
  cv::Mat loadPreview(int64_t i, int minSide, std::string* error) const override {
    return base_->loadPreview(indices_.at(i), minSide, error);
  }
  cv::Mat loadForCrop(int64_t i, const CropPlanner& plan, cv::Rect* crop, std::string* error) const override {
    return base_->loadForCrop(indices_.at(i), plan, crop, error);
  }
  std::string describe(int64_t i) const override { return base_->describe(indices_.at(i)); }
  const std::vector<std::string>& classes() const override { return base_->classes(); }
  int channels() const override { return base_->channels(); }
  int64_t featureCount() const override { return base_->featureCount(); }
  int64_t tokenCount(int64_t i) const override { return base_->tokenCount(indices_.at(i)); }
  bool regression() const override { return base_->regression(); }
  double value(int64_t i) const override { return base_->value(indices_.at(i)); }

 private:
  std::shared_ptr<const Dataset> base_;
  std::vector<int64_t> indices_;
};

// Image sizes as stored in the files, before any transform.
struct ImageSizeStats {
  int64_t measured = 0;  // 0: not measured (only an image-folder import with verify measures)
  int min_width = 0, median_width = 0, max_width = 0;
  int min_height = 0, median_height = 0, max_height = 0;
  int64_t grayscale = 0, rgb = 0, rgba = 0;  // images per channel layout in the files
};

// The train and validation halves of a dataset, with what was skipped on the way.
struct TableEncoding;
struct TextEncoding;

struct DatasetSplits {
  std::shared_ptr<const Dataset> train;
  std::shared_ptr<const Dataset> val;
  std::vector<SkippedItem> skipped;
  std::string description;  // e.g. "Fashion-MNIST (/usr/share/datasets/fashion-mnist)"
  Message label;            // the description in translatable form
  ImageSizeStats sizes;
  std::string index_file;                      // an image folder's cached index ("" when none was kept)
  bool from_index = false;                     // opened from that index: the folder was unchanged, no file was read
  int64_t list_bytes = 0;                      // memory the list of an image folder's files takes (paths and labels)
  std::shared_ptr<const TableEncoding> table;  // a CSV dataset: how its columns become features
  std::shared_ptr<const TextEncoding> text;    // a text dataset: its tokenizer and vocabulary
  struct Corrections {                         // dataset.corrections, applied to the training split
    std::string file;
    int64_t relabelled = 0, excluded = 0;
    std::vector<std::string> unmatched;  // corrections that match no training sample
  } corrections;
};

// What a model built for a dataset needs besides its input shape: its outputs (one per
// class, or one value for a regression) and a table's category sizes (TableEncoding::
// categorySizes; empty for images). The trainer, the summary and the tools all build so.
struct ModelOutputs {
  int64_t outputs = 0;
  std::vector<int64_t> category_sizes;
};
ModelOutputs modelOutputsFor(const DatasetSplits& splits);

// Summarises (width, height, file channels) triples.
ImageSizeStats summarizeSizes(std::vector<int> widths, std::vector<int> heights, const std::vector<int>& channels);

// Per-class sample counts of a dataset.
std::vector<int64_t> classCounts(const Dataset& d);

// Keeps the first n samples of a seeded shuffle (all when n <= 0 or n >= size).
std::shared_ptr<const Dataset> randomSubset(std::shared_ptr<const Dataset> d, int64_t n, uint64_t seed);

}  // namespace trainscope
