// The index finds the near duplicates the all-pairs search finds: every pair when no
// hash bucket is crowded, and at least 95% of the groups' pairs when one is.
#include "engine/data/near_duplicates.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

namespace trainscope {
namespace {

struct Planted {
  PerceptualPrints prints;
  std::vector<int64_t> images;
  std::mt19937_64 rng{42};

  int64_t add(uint64_t hash, const std::vector<uint8_t>& thumbnail) {
    prints.hashes.push_back(hash);
    prints.thumbnails.insert(prints.thumbnails.end(), thumbnail.begin(), thumbnail.end());
    // The colour thumbnail: here the grey one's first bytes, so it changes as the grey one does.
    prints.colours.insert(prints.colours.end(), thumbnail.begin(), thumbnail.begin() + kColourThumbnailBytes);
    images.push_back(static_cast<int64_t>(images.size()));
    return images.back();
  }
  std::vector<uint8_t> randomThumbnail() {
    std::vector<uint8_t> t(kThumbnailBytes);
    for (auto& v : t) v = static_cast<uint8_t>(rng() % 256);
    return t;
  }
  std::vector<uint8_t> thumbnailOf(int64_t i) const {
    return {prints.thumbnail(i), prints.thumbnail(i) + kThumbnailBytes};
  }
  std::vector<uint8_t> jitter(std::vector<uint8_t> t, int amount) {
    for (auto& v : t) v = static_cast<uint8_t>(std::clamp<int>(v + int(rng() % (2 * amount + 1)) - amount, 0, 255));
    return t;
  }
  uint64_t flip(uint64_t hash, int bits) {
    std::set<int> chosen;
    while (static_cast<int>(chosen.size()) < bits) chosen.insert(static_cast<int>(rng() % 64));
    for (int b : chosen) hash ^= uint64_t{1} << b;
    return hash;
  }
};

std::set<std::pair<int64_t, int64_t>> asSet(const ImagePairs& p) { return {p.begin(), p.end()}; }

TEST(NearDuplicates, IndexFindsEveryPairTheAllPairsSearchFinds) {
  Planted d;
  for (int i = 0; i < 3000; ++i) d.add(d.rng(), d.randomThumbnail());
  for (int i = 0; i < 400; ++i) {  // copies 0..6 bits and 0..8 grey levels away: about half are near
    const int64_t original = static_cast<int64_t>(d.rng() % 3000);
    d.add(d.flip(d.prints.hashes[size_t(original)], i % 7), d.jitter(d.thumbnailOf(original), i % 9));
  }
  NearDuplicateOptions o;
  o.threads = 2;
  const ImagePairs truth = nearDuplicatesAllPairs(d.images, d.prints, o);
  const ImagePairs found = nearDuplicatesIndexed(d.images, d.prints, o);
  EXPECT_GT(truth.size(), 100u);
  const auto n = static_cast<int64_t>(d.images.size());
  EXPECT_DOUBLE_EQ(groupRecall(n, truth, found), 1.0) << "every pair's images end in one group";
  EXPECT_DOUBLE_EQ(groupRecall(n, found, truth), 1.0) << "and no group joins more than all pairs do";
  for (const auto& [a, b] : found) EXPECT_TRUE(nearDuplicate(d.prints, a, b, o));
  EXPECT_LE(found.size(), truth.size()) << "a pair joined through others is not kept";

  o.hamming = 2;  // another distance: other tables, the same groups as all pairs
  const ImagePairs near2 = nearDuplicatesIndexed(d.images, d.prints, o),
                   truth2 = nearDuplicatesAllPairs(d.images, d.prints, o);
  EXPECT_DOUBLE_EQ(groupRecall(n, truth2, near2), 1.0);
  EXPECT_DOUBLE_EQ(groupRecall(n, near2, truth2), 1.0);
}

TEST(NearDuplicates, ACrowdedBucketCostsLittleAndKeepsItsGroups) {
  Planted d;
  const uint64_t flat = 0;  // flat images all hash to zero
  for (int cluster = 0; cluster < 40; ++cluster) {
    const auto base = std::vector<uint8_t>(kThumbnailBytes, static_cast<uint8_t>(30 + cluster * 5));
    for (int i = 0; i < 50; ++i) d.add(i % 3 ? flat : d.flip(flat, 1), d.jitter(base, 2));
  }
  for (int i = 0; i < 500; ++i) d.add(d.rng(), d.randomThumbnail());
  NearDuplicateOptions o;
  o.per_image_cap = 32;  // well below a cluster's 50 images of like brightness
  const ImagePairs truth = nearDuplicatesAllPairs(d.images, d.prints, o);
  const ImagePairs found = nearDuplicatesIndexed(d.images, d.prints, o);
  EXPECT_LT(found.size(), truth.size()) << "the cap bounds the comparisons";
  EXPECT_GE(groupRecall(static_cast<int64_t>(d.images.size()), truth, found), 0.95);
  for (const auto& [a, b] : found) EXPECT_TRUE(nearDuplicate(d.prints, a, b, o)) << "never a false pair";
}

TEST(NearDuplicates, APieceMostHashesShareIsSearchedInTheOtherTables) {
  Planted d;
  const uint64_t sharedPiece = ~uint64_t{0} << 12;  // the lowest 12 bits: zero in every hash
  for (int i = 0; i < 3000; ++i) d.add(d.rng() & sharedPiece, d.randomThumbnail());
  for (int i = 0; i < 300; ++i) {
    const int64_t original = static_cast<int64_t>(d.rng() % 3000);
    d.add(d.flip(d.prints.hashes[size_t(original)], i % 4) & sharedPiece, d.jitter(d.thumbnailOf(original), 2));
  }
  NearDuplicateOptions o;
  o.bucket_cap = 100;  // the shared piece's bucket holds 3,300: not searched
  o.threads = 2;
  const ImagePairs truth = nearDuplicatesAllPairs(d.images, d.prints, o);
  const ImagePairs found = nearDuplicatesIndexed(d.images, d.prints, o);
  EXPECT_GE(truth.size(), 300u);
  EXPECT_GE(groupRecall(static_cast<int64_t>(d.images.size()), truth, found), 0.95);
  EXPECT_EQ(asSet(found).size(), found.size()) << "each pair is kept once";
}

TEST(NearDuplicates, AlikeInGreyButNotInColourIsNoPair) {
  PerceptualPrints p;
  p.hashes = {0, 0};
  p.thumbnails.assign(2 * kThumbnailBytes, 128);  // the same brightness
  for (int image = 0; image < 2; ++image)         // green against purple
    for (int i = 0; i < 64; ++i)
      for (uint8_t v : image == 0 ? std::vector<uint8_t>{40, 170, 40} : std::vector<uint8_t>{150, 60, 200})
        p.colours.push_back(v);
  NearDuplicateOptions o;
  EXPECT_FALSE(nearDuplicate(p, 0, 1, o));
  EXPECT_TRUE(nearDuplicatesIndexed({0, 1}, p, o).empty());
  std::copy(p.colours.begin(), p.colours.begin() + kColourThumbnailBytes, p.colours.begin() + kColourThumbnailBytes);
  EXPECT_TRUE(nearDuplicate(p, 0, 1, o));
}

TEST(NearDuplicates, GroupRecallCountsPairsJoinedThroughOthers) {
  const ImagePairs truth{{0, 1}, {1, 2}, {0, 2}, {3, 4}};
  EXPECT_DOUBLE_EQ(groupRecall(5, truth, {{0, 1}, {1, 2}}), 0.75);
  EXPECT_DOUBLE_EQ(groupRecall(5, truth, {}), 0.0);
  EXPECT_DOUBLE_EQ(groupRecall(5, {}, {}), 1.0);
}

}  // namespace
}  // namespace trainscope
