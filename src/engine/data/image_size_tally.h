// Image sizes and channels gathered one image at a time (from headers while a folder is
// scanned, or from decoded images when it is verified), then summarised.
#pragma once

#include "engine/data/dataset.h"

#include <vector>

namespace trainscope {

class ImageSizeTally {
 public:
  // An image whose size is unknown (0: TIFF and PNM headers say none) is not counted.
  void add(int64_t width, int64_t height, int channels) {
    if (width <= 0 || height <= 0) return;
    widths_.push_back(static_cast<int>(width));
    heights_.push_back(static_cast<int>(height));
    channels_.push_back(channels);
  }
  ImageSizeStats summary() const { return summarizeSizes(widths_, heights_, channels_); }

 private:
  std::vector<int> widths_, heights_, channels_;
};

}  // namespace trainscope
