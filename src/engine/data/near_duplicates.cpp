#include "engine/data/near_duplicates.h"

#include "engine/data/union_find.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>
#include <utility>

namespace trainscope {

namespace {
int hammingDistance(uint64_t a, uint64_t b) { return __builtin_popcountll(a ^ b); }

double meanAbsoluteDifference(const uint8_t* a, const uint8_t* b, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += std::abs(int(a[i]) - int(b[i]));
  return sum / double(n);
}

bool thumbnailsAlike(const PerceptualPrints& p, int64_t a, int64_t b, const NearDuplicateOptions& o) {
  return meanAbsoluteDifference(p.thumbnail(a), p.thumbnail(b), kThumbnailBytes) <= o.thumbnail_mad &&
         meanAbsoluteDifference(p.colour(a), p.colour(b), kColourThumbnailBytes) <= o.thumbnail_mad;
}

// The images that share one hash, by their thumbnails' mean: two thumbnails within the
// mean absolute difference have means at most that far apart, so each image is
// compared only with its neighbours in that order.
struct Pile {
  uint64_t hash = 0;
  std::vector<int64_t> members;
};

// One thread's confirmed pairs, kept as a spanning forest: a pair already joined
// through others is neither compared nor stored, so a pile of thousands of alike
// images keeps fewer pairs than images (about 8 bytes per image per thread).
struct Joined {
  explicit Joined(size_t n) : groups(n) {}
  bool together(int64_t a, int64_t b) { return groups.find(a) == groups.find(b); }
  void add(int64_t a, int64_t b) {
    groups.join(a, b);
    pairs.emplace_back(std::min(a, b), std::max(a, b));
  }
  UnionFind groups;
  ImagePairs pairs;
};

struct Search {
  const PerceptualPrints& prints;
  const NearDuplicateOptions& options;
  std::vector<float> means;  // per image (indexed like prints)
  float mean(int64_t i) const { return means[size_t(i)]; }
};

std::vector<float> thumbnailMeans(const std::vector<int64_t>& images, const PerceptualPrints& p) {
  std::vector<float> means(p.hashes.size(), 0.0f);
  for (int64_t i : images) {
    int sum = 0;
    for (int b = 0; b < kThumbnailBytes; ++b) sum += p.thumbnail(i)[b];
    means[size_t(i)] = float(sum) / kThumbnailBytes;
  }
  return means;
}

std::vector<Pile> pilesOf(std::vector<int64_t> images, const Search& s) {
  const auto& hashes = s.prints.hashes;
  std::sort(images.begin(), images.end(), [&](int64_t a, int64_t b) {
    const uint64_t ha = hashes[size_t(a)], hb = hashes[size_t(b)];
    if (ha != hb) return ha < hb;
    return s.mean(a) != s.mean(b) ? s.mean(a) < s.mean(b) : a < b;
  });
  std::vector<Pile> piles;
  for (int64_t i : images) {
    if (piles.empty() || piles.back().hash != hashes[size_t(i)]) piles.push_back(Pile{hashes[size_t(i)], {}});
    piles.back().members.push_back(i);
  }
  return piles;
}

// Pairs between two piles (or within one, when x is y): each image against those of
// the other whose means are close enough, at most per_image_cap of them.
void comparePiles(const Pile& x, const Pile& y, const Search& s, Joined& out) {
  const bool same = &x == &y;
  const float mad = static_cast<float>(s.options.thumbnail_mad);
  const auto& ys = y.members;
  for (size_t i = 0; i < x.members.size(); ++i) {
    const int64_t a = x.members[i];
    size_t j = same ? i + 1
                    : size_t(std::lower_bound(ys.begin(), ys.end(), s.mean(a) - mad,
                                              [&](int64_t m, float v) { return s.mean(m) < v; }) -
                             ys.begin());
    for (int budget = s.options.per_image_cap; j < ys.size() && s.mean(ys[j]) <= s.mean(a) + mad && budget > 0;
         ++j, --budget)
      if (!out.together(a, ys[j]) && thumbnailsAlike(s.prints, a, ys[j], s.options)) out.add(a, ys[j]);
  }
}

// Multi-index hashing: the hash cut into hamming + 1 pieces (at most 20 bits each),
// one table per piece. Two hashes within the distance agree on at least one piece, so
// every pair is met in some bucket. A bucket over the cap (one piece shared by very
// many: flat skies, white backgrounds) is skipped: its pairs are still met in another
// table where they agree, unless every piece they share is that common.
class PieceTables {
 public:
  PieceTables(const std::vector<uint64_t>& hashes, int hamming, int cap)
      : tables_(hamming + 1), bits_(std::min(20, 64 / (hamming + 1))), cap_(static_cast<uint32_t>(cap)) {
    for (int t = 0; t < tables_; ++t) {
      std::vector<uint32_t> start(size_t{1} << bits_, 0);  // counting sort by piece
      for (uint64_t h : hashes) ++start[piece(h, t)];
      counts_.push_back(start);
      uint32_t sum = 0;
      for (auto& c : start) sum += std::exchange(c, sum);
      std::vector<uint32_t> order(hashes.size());
      for (uint32_t i = 0; i < hashes.size(); ++i) order[start[piece(hashes[i], t)]++] = i;
      orders_.push_back(std::move(order));
    }
  }
  int tables() const { return tables_; }
  const std::vector<uint32_t>& order(int t) const { return orders_[size_t(t)]; }
  uint32_t bucketSize(int t, uint64_t h) const { return counts_[size_t(t)][piece(h, t)]; }
  bool searched(int t, uint64_t h) const { return bucketSize(t, h) <= cap_; }
  // Whether table t is the first searched one in which a and b share their piece:
  // each pair is compared once.
  bool firstMeeting(int t, uint64_t a, uint64_t b) const {
    for (int u = 0; u < t; ++u)
      if (piece(a, u) == piece(b, u) && searched(u, a)) return false;
    return true;
  }
  uint32_t piece(uint64_t h, int t) const {
    return static_cast<uint32_t>((h >> (t * bits_)) & ((uint64_t{1} << bits_) - 1));
  }

 private:
  int tables_, bits_;
  uint32_t cap_;
  std::vector<std::vector<uint32_t>> counts_, orders_;
};

// The pairs of piles in table t's buckets [from, to) of its order, within the distance.
void searchBuckets(const PieceTables& index, int t, const std::vector<Pile>& piles, size_t from, size_t to,
                   const Search& s, Joined& out) {
  const auto& order = index.order(t);
  for (size_t a = from; a < to; ++a) {
    const uint64_t ha = piles[order[a]].hash;
    for (size_t b = a + 1; b < to; ++b) {
      const uint64_t hb = piles[order[b]].hash;
      if (hammingDistance(ha, hb) <= s.options.hamming && index.firstMeeting(t, ha, hb))
        comparePiles(piles[std::min(order[a], order[b])], piles[std::max(order[a], order[b])], s, out);
    }
  }
}

// Every searched bucket of every table, shared out among the threads bucket by bucket.
void searchTables(const PieceTables& index, const std::vector<Pile>& piles, const Search& s,
                  std::vector<Joined>& found) {
  struct Bucket {
    int table;
    size_t from, to;
  };
  std::vector<Bucket> buckets;
  for (int t = 0; t < index.tables(); ++t) {
    const auto& order = index.order(t);
    for (size_t a = 0; a < order.size();) {
      const uint64_t h = piles[order[a]].hash;
      const size_t b = a + index.bucketSize(t, h);
      if (b - a > 1 && index.searched(t, h)) buckets.push_back({t, a, b});
      a = b;
    }
  }
  std::atomic<size_t> next{0};
  std::vector<std::thread> pool;
  for (size_t w = 0; w < found.size(); ++w)
    pool.emplace_back([&, w] {
      for (size_t i = next++; i < buckets.size(); i = next++)
        searchBuckets(index, buckets[i].table, piles, buckets[i].from, buckets[i].to, s, found[w]);
    });
  for (auto& t : pool) t.join();
}
}  // namespace

bool nearDuplicate(const PerceptualPrints& p, int64_t a, int64_t b, const NearDuplicateOptions& o) {
  return hammingDistance(p.hashes[size_t(a)], p.hashes[size_t(b)]) <= o.hamming && thumbnailsAlike(p, a, b, o);
}

ImagePairs nearDuplicatesAllPairs(const std::vector<int64_t>& images, const PerceptualPrints& p,
                                  const NearDuplicateOptions& o) {
  ImagePairs out;
  for (size_t a = 0; a < images.size(); ++a)
    for (size_t b = a + 1; b < images.size(); ++b)
      if (nearDuplicate(p, images[a], images[b], o))
        out.emplace_back(std::min(images[a], images[b]), std::max(images[a], images[b]));
  return out;
}

ImagePairs nearDuplicatesIndexed(const std::vector<int64_t>& images, const PerceptualPrints& p,
                                 const NearDuplicateOptions& o) {
  if (o.hamming < 0 || o.hamming > 15) return nearDuplicatesAllPairs(images, p, o);  // pieces too short to help
  const Search search{p, o, thumbnailMeans(images, p)};
  const std::vector<Pile> piles = pilesOf(images, search);
  std::vector<Joined> found;
  for (int t = 0; t < std::max(1, o.threads); ++t) found.emplace_back(p.hashes.size());
  for (const Pile& pile : piles) comparePiles(pile, pile, search, found[0]);
  if (o.hamming > 0) {  // else only equal hashes: the piles themselves
    std::vector<uint64_t> hashes;
    for (const Pile& pile : piles) hashes.push_back(pile.hash);
    searchTables(PieceTables(hashes, o.hamming, o.bucket_cap), piles, search, found);
  }
  ImagePairs out;
  for (auto& f : found) out.insert(out.end(), f.pairs.begin(), f.pairs.end());
  return out;
}

double groupRecall(int64_t n, const ImagePairs& truth, const ImagePairs& found) {
  if (truth.empty()) return 1.0;
  UnionFind groups(static_cast<size_t>(n));
  for (const auto& [a, b] : found) groups.join(a, b);
  size_t kept = 0;
  for (const auto& [a, b] : truth) kept += groups.find(a) == groups.find(b);
  return double(kept) / double(truth.size());
}

}  // namespace trainscope
