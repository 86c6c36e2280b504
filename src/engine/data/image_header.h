// What an image file's header says, read without decoding it: its size, and whether
// the file is complete (PNG's IEND, JPEG's end-of-image marker). Lets the scan refuse
// decompression bombs and truncated files before anything is decoded, so a folder
// scan, `datasets`, the app and training agree on what is usable. It is also the gate to
// OpenCV: only the signatures of JPEG, PNG, BMP, WebP, TIFF and PNM pass.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace trainscope {

// The default cap on an image's pixels (dataset.max_image_pixels): larger files are
// skipped as "too large", never decoded.
constexpr int64_t kDefaultMaxImagePixels = 40'000'000;

struct ImageHeader {
  int64_t width = 0, height = 0;  // 0 when the format's header is not read here (TIFF)
  int channels = 0;               // as stored: 1 grey, 3 colour, 4 with alpha; 0 unknown (TIFF, PNM)
  bool complete = true;           // false: the file ends before the image does
  // Whether width x height exceeds `maxPixels` (without overflowing on absurd headers).
  bool exceeds(int64_t maxPixels) const { return width > 0 && height > maxPixels / width; }
};

// False, with the reason, when the file cannot be read or its header is malformed.
// Without checkComplete only the size is read (cheap enough for every decode).
bool readImageHeader(const std::filesystem::path& path, ImageHeader* header, std::string* why,
                     bool checkComplete = true);

// "" when the file may be decoded under the cap; otherwise why not ("too large
// (20000x20000, 400 MP; ...)", "truncated ...", or the header's problem).
// The header read, when `header` is given.
std::string imageFileProblem(const std::filesystem::path& path, int64_t maxPixels, ImageHeader* header = nullptr);

}  // namespace trainscope
