#include "engine/data/jpeg_region.h"

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdio>

#include <jpeglib.h>

namespace trainscope {

namespace {

// libjpeg reports a fatal error by calling error_exit, which by default exits the
// process: here it jumps back to the caller's setjmp instead.
struct ErrorManager {
  jpeg_error_mgr base;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void onError(j_common_ptr info) {
  auto* e = reinterpret_cast<ErrorManager*>(info->err);
  (*info->err->format_message)(info, e->message);
  std::longjmp(e->jump, 1);
}

void silent(j_common_ptr) {}  // warnings (a truncated file, say) are not printed

// The decompressor with its error manager, destroyed on every path.
struct Decompressor {
  jpeg_decompress_struct info{};
  ErrorManager error{};
  Decompressor() {
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = onError;
    error.base.output_message = silent;
    jpeg_create_decompress(&info);
  }
  ~Decompressor() { jpeg_destroy_decompress(&info); }
  Decompressor(const Decompressor&) = delete;
  Decompressor& operator=(const Decompressor&) = delete;
};

bool decodable(const jpeg_decompress_struct& info) {
  return info.jpeg_color_space == JCS_YCbCr || info.jpeg_color_space == JCS_GRAYSCALE ||
         info.jpeg_color_space == JCS_RGB;
}

int pick(double v, int lo, int hi) { return std::clamp(static_cast<int>(std::lround(v)), lo, hi); }

}  // namespace

bool jpegSize(const std::vector<unsigned char>& bytes, cv::Size* size) {
  if (bytes.size() < 4) return false;
  Decompressor d;
  if (setjmp(d.error.jump)) return false;
  jpeg_mem_src(&d.info, bytes.data(), static_cast<unsigned long>(bytes.size()));
  if (jpeg_read_header(&d.info, TRUE) != JPEG_HEADER_OK || !decodable(d.info)) return false;
  *size = cv::Size(static_cast<int>(d.info.image_width), static_cast<int>(d.info.image_height));
  return true;
}

bool decodeJpegRegion(const std::vector<unsigned char>& bytes, const cv::Rect& crop, cv::Size atLeast, int channels,
                      JpegRegion* out, std::string* error) {
  if (bytes.size() < 4 || crop.width <= 0 || crop.height <= 0) {
    if (error) *error = "empty file or crop";
    return false;
  }
  Decompressor d;
  cv::Mat pixels;  // constructed before setjmp, so a jump back skips no constructor
  if (setjmp(d.error.jump)) {
    if (error) *error = std::string("cannot decode: ") + d.error.message;
    return false;
  }
  jpeg_mem_src(&d.info, bytes.data(), static_cast<unsigned long>(bytes.size()));
  if (jpeg_read_header(&d.info, TRUE) != JPEG_HEADER_OK || !decodable(d.info)) {
    if (error) *error = "not a JPEG this decoder reads (CMYK?)";
    return false;
  }
  const int width = static_cast<int>(d.info.image_width), height = static_cast<int>(d.info.image_height);
  if (crop.x < 0 || crop.y < 0 || crop.x + crop.width > width || crop.y + crop.height > height) {
    if (error) *error = "crop outside the image";
    return false;
  }
  // The smallest scale at which the crop keeps the pixels it will be resized to.
  int eighths = 8;
  while (eighths > 1 && crop.width * (eighths / 2) / 8 >= atLeast.width &&
         crop.height * (eighths / 2) / 8 >= atLeast.height)
    eighths /= 2;
  d.info.scale_num = static_cast<unsigned int>(eighths);
  d.info.scale_denom = 8;
  d.info.out_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(&d.info);
  const double s = eighths / 8.0;
  const int outW = static_cast<int>(d.info.output_width), outH = static_cast<int>(d.info.output_height);
  // The crop's edges on the scaled grid, and the rows and columns holding them.
  const double x0 = crop.x * s, x1 = (crop.x + crop.width) * s;
  const double y0 = crop.y * s, y1 = (crop.y + crop.height) * s;
  const int firstRow = std::clamp(static_cast<int>(std::floor(y0)), 0, outH - 1);
  const int endRow = std::clamp(static_cast<int>(std::ceil(y1)), firstRow + 1, outH);
  JDIMENSION xOffset = static_cast<JDIMENSION>(std::clamp(static_cast<int>(std::floor(x0)), 0, outW - 1));
  JDIMENSION columns = static_cast<JDIMENSION>(std::clamp(static_cast<int>(std::ceil(x1)), 1, outW)) - xOffset;
  columns = std::max<JDIMENSION>(columns, 1);
  jpeg_crop_scanline(&d.info, &xOffset, &columns);  // widened to whole blocks
  if (firstRow > 0) jpeg_skip_scanlines(&d.info, static_cast<JDIMENSION>(firstRow));
  pixels.create(endRow - firstRow, static_cast<int>(d.info.output_width), channels == 1 ? CV_8UC1 : CV_8UC3);
  while (static_cast<int>(d.info.output_scanline) < endRow) {
    JSAMPROW row = pixels.ptr<unsigned char>(static_cast<int>(d.info.output_scanline) - firstRow);
    if (jpeg_read_scanlines(&d.info, &row, 1) != 1) {  // never with a memory source; no half image
      jpeg_abort_decompress(&d.info);
      if (error) *error = "cannot decode: the decoder stopped early";
      return false;
    }
  }
  jpeg_abort_decompress(&d.info);  // the rows below the crop are never decoded
  const int left = static_cast<int>(xOffset);
  out->crop.x = pick(x0 - left, 0, pixels.cols - 1);
  out->crop.y = pick(y0 - firstRow, 0, pixels.rows - 1);
  out->crop.width = pick(x1 - left, out->crop.x + 1, pixels.cols) - out->crop.x;
  out->crop.height = pick(y1 - firstRow, out->crop.y + 1, pixels.rows) - out->crop.y;
  out->pixels = pixels;
  out->scaleEighths = eighths;
  return true;
}

}  // namespace trainscope
