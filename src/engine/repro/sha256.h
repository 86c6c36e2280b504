// SHA-256 (FIPS 180-4), for the content hashes of a reproducibility bundle: the same
// hex digest `sha256sum` prints, so a user can check any file by hand.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace trainscope {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t size);
  // The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string hexDigest();

 private:
  void block(const uint8_t* p);
  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes hashed so far
};

std::string sha256Hex(const std::string& bytes);
// The digest of a file's contents; throws naming the file when it cannot be read.
std::string sha256File(const std::string& path);

}  // namespace trainscope
