// Decodes only what a crop needs from a JPEG, with libjpeg-turbo: the rows and the
// columns (to the nearest 8x8 block) that hold the crop, at the smallest DCT scale
// (1/8, 1/4, 1/2 or 1) at which the crop keeps at least `atLeast` pixels. A random
// crop of a 4000 px photo resized to 224 then costs a fraction of a full decode, and
// the crop box is still the one torchvision draws on the full image (docs/config.md
// states the tolerance against a full decode).
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct JpegRegion {
  cv::Mat pixels;        // CV_8UC3 (RGB) or CV_8UC1
  cv::Rect crop;         // the requested crop, in the pixels' coordinates
  int scaleEighths = 8;  // the DCT scale used: the pixels are the image at scaleEighths / 8
};

// The image's size from its header (no decoding); false when `bytes` is no JPEG that
// this path decodes (a CMYK or YCCK JPEG, say: the caller then decodes it in full).
bool jpegSize(const std::vector<unsigned char>& bytes, cv::Size* size);

// `crop` in full-image pixels, inside the image; `channels` 1 or 3. False (and why)
// when the file cannot be decoded this way; nothing is thrown and nothing exits.
bool decodeJpegRegion(const std::vector<unsigned char>& bytes, const cv::Rect& crop, cv::Size atLeast, int channels,
                      JpegRegion* out, std::string* error);

}  // namespace trainscope
