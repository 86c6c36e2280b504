// Near-duplicate images among many: 64-bit perceptual hashes (dHash) within a Hamming
// distance, each pair confirmed on 16x16 grey thumbnails and 8x8 colour ones (grey
// alone takes a green square for a purple one of the same brightness). The index search
// finds the candidate pairs by multi-index hashing (the hash cut into hamming + 1
// pieces, one table each: two hashes within the distance agree exactly on at least one
// piece), so it costs about the number of images, not its square. The all-pairs search
// is kept as the reference the index is measured against.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace trainscope {

constexpr int kThumbnailBytes = 16 * 16, kColourThumbnailBytes = 8 * 8 * 3;

// Per image: its dHash, its 16x16 grey thumbnail and its 8x8 RGB one, flat.
struct PerceptualPrints {
  std::vector<uint64_t> hashes;
  std::vector<uint8_t> thumbnails, colours;
  const uint8_t* thumbnail(int64_t i) const { return thumbnails.data() + i * kThumbnailBytes; }
  const uint8_t* colour(int64_t i) const { return colours.data() + i * kColourThumbnailBytes; }
};

struct NearDuplicateOptions {
  int hamming = 4;             // hash bits that may differ
  double thumbnail_mad = 6.0;  // mean absolute difference of either thumbnail, 0..255
  // Each image is compared with at most this many images of one hash whose mean
  // brightness is within thumbnail_mad of its own, starting from the darkest: a pile
  // of thousands of flat images costs n x cap, not n².
  int per_image_cap = 256;
  // A hash table's bucket with more hashes than this (a piece very many images share)
  // is not searched: its pairs are met in the other tables. At 1,024 the light and
  // blank images of a 100,000-image folder lost pairs; at 16,384 none were lost there or
  // on Fashion-MNIST, and a million images took no longer (docs/benchmarks.md).
  int bucket_cap = 16384;
  int threads = 1;
};

using ImagePairs = std::vector<std::pair<int64_t, int64_t>>;

// Confirmed pairs (a < b) among `images` (indices into prints), found with the index:
// enough of them to join every group the pairs make (a pair already joined through
// others is skipped), fewer than the images.
// Only the caps can lose pairs: more than per_image_cap images of one hash and like
// brightness, or hashes whose every shared piece is in a bucket over bucket_cap.
ImagePairs nearDuplicatesIndexed(const std::vector<int64_t>& images, const PerceptualPrints& prints,
                                 const NearDuplicateOptions& options);

// The same by comparing every pair: quadratic, for tests and the benchmark's recall.
ImagePairs nearDuplicatesAllPairs(const std::vector<int64_t>& images, const PerceptualPrints& prints,
                                  const NearDuplicateOptions& options);

// Whether two images are alike: hashes within the distance and thumbnails close.
bool nearDuplicate(const PerceptualPrints& prints, int64_t a, int64_t b, const NearDuplicateOptions& options);

// The share of `truth`'s pairs whose images end in one group when `found` joins them
// (union-find over n images): the recall the health check is judged by.
double groupRecall(int64_t n, const ImagePairs& truth, const ImagePairs& found);

}  // namespace trainscope
