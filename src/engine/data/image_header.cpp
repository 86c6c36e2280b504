#include "engine/data/image_header.h"

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

// JPEG: the frame header (SOFn) holds the size; markers before it are skipped by
// their lengths. Only the first 1 MiB is searched (EXIF thumbnails come first).
bool jpegSize(std::ifstream& in, ImageHeader* h) {
  std::vector<unsigned char> b(1 << 20);
  in.seekg(0);
  in.read(reinterpret_cast<char*>(b.data()), static_cast<std::streamsize>(b.size()));
  const size_t n = static_cast<size_t>(in.gcount());
  size_t i = 2;
  while (i + 9 < n) {
    if (b[i] != 0xFF) return false;
    const unsigned char marker = b[i + 1];
    if (marker == 0xFF) {  // fill byte
      ++i;
      continue;
    }
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      i += 2;
      continue;
    }
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) {
      h->height = be16(&b[i + 5]);
      h->width = be16(&b[i + 7]);
      return true;
    }
    if (marker == 0xDA || marker == 0xD9) return false;  // scan data before any frame header
    i += 2 + be16(&b[i + 2]);
  }
  return false;
}

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

bool readImageHeader(const std::filesystem::path& path, ImageHeader* h, std::string* why) {
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
  if (n >= 24 && b[0] == 0x89 && std::memcmp(b + 1, "PNG", 3) == 0) {
    if (std::memcmp(b + 12, "IHDR", 4) != 0) {
      *why = "malformed PNG header";
      return false;
    }
    h->width = be32(b + 16), h->height = be32(b + 20);
    h->complete = tailHas(in, size, "IEND", 4, 64);
    return true;
  }
  if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) {
    if (!jpegSize(in, h)) {
      *why = "malformed JPEG header (no frame header)";
      return false;
    }
    h->complete = tailHas(in, size, "\xFF\xD9", 2, 64 * 1024);
    return true;
  }
  if (n >= 26 && b[0] == 'B' && b[1] == 'M') {
    h->width = static_cast<int32_t>(le32(b + 18));
    h->height = std::abs(static_cast<int32_t>(le32(b + 22)));
    h->complete = size >= le32(b + 2);
    return true;
  }
  if (n >= 30 && std::memcmp(b, "RIFF", 4) == 0 && std::memcmp(b + 8, "WEBP", 4) == 0) {
    if (std::memcmp(b + 12, "VP8 ", 4) == 0)
      h->width = le16(b + 26) & 0x3FFF, h->height = le16(b + 28) & 0x3FFF;
    else if (std::memcmp(b + 12, "VP8L", 4) == 0)
      h->width = (le32(b + 21) & 0x3FFF) + 1, h->height = ((le32(b + 21) >> 14) & 0x3FFF) + 1;
    else if (std::memcmp(b + 12, "VP8X", 4) == 0)
      h->width = le24(b + 24) + 1, h->height = le24(b + 27) + 1;
    h->complete = size >= uintmax_t{le32(b + 4)} + 8;
    return true;
  }
  return true;  // TIFF, PNM, ...: no size from here; the decoder's own limit applies
}

std::string imageFileProblem(const std::filesystem::path& path, int64_t maxPixels) {
  ImageHeader h;
  std::string why;
  if (!readImageHeader(path, &h, &why)) return why;
  if (h.exceeds(maxPixels))
    return "too large (" + std::to_string(h.width) + "x" + std::to_string(h.height) + ", " +
           std::to_string(static_cast<long long>(static_cast<double>(h.width) * static_cast<double>(h.height) / 1e6)) +
           " MP; the limit is dataset.max_image_pixels, " + std::to_string(maxPixels / 1'000'000) + " MP)";
  if (!h.complete) return "truncated (the file ends before the image does)";
  return "";
}

}  // namespace trainscope
