#include "engine/data/image_header.h"

#include "engine/config/config_fields.h"
#include "engine/config/file_input.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <vector>

namespace trainscope {

namespace {
uint32_t be16(const unsigned char* p) { return (uint32_t{p[0]} << 8) | p[1]; }
uint32_t be32(const unsigned char* p) { return (be16(p) << 16) | be16(p + 2); }
uint32_t le16(const unsigned char* p) { return (uint32_t{p[1]} << 8) | p[0]; }
uint32_t le24(const unsigned char* p) { return (uint32_t{p[2]} << 16) | le16(p); }
uint32_t le32(const unsigned char* p) { return (uint32_t{p[3]} << 24) | le24(p); }

// JPEG: the frame header (SOFn) holds the size. Segments before it (EXIF, XMP, ICC:
// megabytes on some phones) are skipped by their lengths, read from the file as it
// goes. Sets *sofAt to the frame header's offset.
bool jpegSize(std::ifstream& in, ImageHeader* h, std::streamoff* sofAt) {
  std::streamoff at = 2;
  for (int segments = 0; segments < 4096; ++segments) {
    unsigned char m[10];
    in.clear();
    in.seekg(at);
    in.read(reinterpret_cast<char*>(m), 2);
    if (in.gcount() < 2 || m[0] != 0xFF) return false;
    const unsigned char marker = m[1];
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    if (marker == 0xDA || marker == 0xD9) return false;  // scan data before any frame header
    in.read(reinterpret_cast<char*>(m + 2), 8);
    if (in.gcount() < 2) return false;
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) {
      if (in.gcount() < 8) return false;
      h->height = be16(&m[5]);
      h->width = be16(&m[7]);
      h->channels = m[9] == 1 ? 1 : 3;  // 3 components: YCbCr; 4: CMYK, decoded as colour
      *sofAt = at;
      return true;
    }
    at += 2 + be16(&m[2]);
  }
  return false;
}

// Whether the JPEG's image ends with its end-of-image marker after the frame header.
// Most files end with it; phones' motion photos carry a video after it, so the rest
// of the file is searched when the last bytes do not hold it. (An EXIF thumbnail's own
// marker comes before the frame header and does not count.)
bool jpegComplete(std::ifstream& in, uintmax_t size, std::streamoff sofAt);

// Whether the last bytes hold `marker` (files may carry a little trailing padding).
bool tailHas(std::ifstream& in, uintmax_t size, const char* marker, size_t markerSize, size_t window) {
  const size_t take = static_cast<size_t>(std::min<uintmax_t>(size, window));
  std::vector<char> tail(take);
  in.clear();
  in.seekg(static_cast<std::streamoff>(size - take));
  in.read(tail.data(), static_cast<std::streamsize>(take));
  return std::search(tail.begin(), tail.end(), marker, marker + markerSize) != tail.end();
}
}  // namespace

namespace {
bool jpegComplete(std::ifstream& in, uintmax_t size, std::streamoff sofAt) {
  std::vector<char> chunk(1 << 20);
  char previous = 0;
  in.clear();
  in.seekg(sofAt);
  for (uintmax_t done = static_cast<uintmax_t>(sofAt); done < size;) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto n = static_cast<size_t>(in.gcount());
    if (n == 0) break;
    if (previous == '\xFF' && chunk[0] == '\xD9') return true;
    for (size_t i = 0; i + 1 < n; ++i)
      if (chunk[i] == '\xFF' && chunk[i + 1] == '\xD9') return true;
    previous = chunk[n - 1];
    done += n;
  }
  return false;
}
}  // namespace

bool readImageHeader(const std::filesystem::path& path, ImageHeader* h, std::string* why, bool checkComplete) {
  // A FIFO would block the read; a missing file is said below, as before.
  if (const std::string special = whyNotRegularFile(path); !special.empty() && special != "does not exist") {
    *why = special;
    return false;
  }
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) {
    *why = "cannot open file (permission denied or vanished)";
    return false;
  }
  unsigned char b[32] = {0};
  in.read(reinterpret_cast<char*>(b), sizeof b);
  const auto n = in.gcount();
  *h = {};
  if (n >= 24 && std::memcmp(b, "\x89PNG\r\n\x1A\n", 8) == 0) {
    if (std::memcmp(b + 12, "IHDR", 4) != 0) {
      *why = "malformed PNG header";
      return false;
    }
    h->width = be32(b + 16), h->height = be32(b + 20);
    const unsigned char colourType = b[25];  // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    h->channels = colourType == 0 ? 1 : colourType == 4 || colourType == 6 ? 4 : 3;
    if (checkComplete) h->complete = tailHas(in, size, "IEND", 4, 64);
    return true;
  }
  if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) {
    std::streamoff sofAt = 0;
    if (!jpegSize(in, h, &sofAt)) {
      *why = "malformed JPEG header (no frame header)";
      return false;
    }
    if (checkComplete) h->complete = tailHas(in, size, "\xFF\xD9", 2, 64 * 1024) || jpegComplete(in, size, sofAt);
    return true;
  }
  if (n >= 26 && b[0] == 'B' && b[1] == 'M') {
    if (le32(b + 14) == 12) {  // OS/2 BITMAPCOREHEADER: 16-bit sizes
      h->width = le16(b + 18), h->height = le16(b + 20);
    } else {
      h->width = static_cast<int32_t>(le32(b + 18));
      h->height = std::abs(int64_t{static_cast<int32_t>(le32(b + 22))});  // negative: stored top-down
    }
    h->channels = n >= 30 && le16(b + 28) == 32 ? 4 : 3;
    if (h->width <= 0) {
      *why = "malformed BMP header (width " + std::to_string(h->width) + ")";
      return false;
    }
    if (checkComplete) h->complete = size >= le32(b + 2);
    return true;
  }
  if (n >= 30 && std::memcmp(b, "RIFF", 4) == 0 && std::memcmp(b + 8, "WEBP", 4) == 0) {
    h->channels = 3;
    if (std::memcmp(b + 12, "VP8L", 4) == 0 && (le32(b + 21) >> 28 & 1)) h->channels = 4;  // alpha_is_used
    if (std::memcmp(b + 12, "VP8X", 4) == 0 && (b[20] & 0x10)) h->channels = 4;            // the alpha flag
    if (std::memcmp(b + 12, "VP8 ", 4) == 0)
      h->width = le16(b + 26) & 0x3FFF, h->height = le16(b + 28) & 0x3FFF;
    else if (std::memcmp(b + 12, "VP8L", 4) == 0)
      h->width = (le32(b + 21) & 0x3FFF) + 1, h->height = ((le32(b + 21) >> 14) & 0x3FFF) + 1;
    else if (std::memcmp(b + 12, "VP8X", 4) == 0)
      h->width = le24(b + 24) + 1, h->height = le24(b + 27) + 1;
    if (checkComplete) h->complete = size >= uintmax_t{le32(b + 4)} + 8;
    return true;
  }
  // TIFF and PNM: no size from here; the decoder's own limit applies.
  if (n >= 4 && (std::memcmp(b, "II*\0", 4) == 0 || std::memcmp(b, "MM\0*", 4) == 0)) return true;
  if (n >= 2 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6') return true;
  // Anything else never reaches OpenCV, whose other decoders (DICOM, OpenEXR, ...) are
  // not formats a folder of images offers, and have aborted on fuzzed bytes.
  *why = n == 0 ? "empty file" : "not a recognised image (unknown file header)";
  return false;
}

std::string imageFileProblem(const std::filesystem::path& path, int64_t maxPixels, ImageHeader* header) {
  ImageHeader own;
  ImageHeader& h = header ? *header : own;
  std::string why;
  if (!readImageHeader(path, &h, &why)) return why;
  if (h.exceeds(maxPixels))
    return "too large (" + std::to_string(h.width) + "x" + std::to_string(h.height) + ", " +
           std::to_string(static_cast<long long>(static_cast<double>(h.width) * static_cast<double>(h.height) / 1e6)) +
           " MP; the limit is " + configField(&ExperimentConfig::dataset, &DatasetConfig::max_image_pixels).key + ", " +
           std::to_string(maxPixels / 1'000'000) + " MP)";
  if (!h.complete) return "truncated (the file ends before the image does)";
  return "";
}

}  // namespace trainscope
