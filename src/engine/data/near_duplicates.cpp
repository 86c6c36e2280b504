#include "engine/data/near_duplicates.h"

#include "engine/data/union_find.h"

#include <faiss/IndexBinaryHash.h>
#include <faiss/impl/AuxIndexStructures.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>

namespace trainscope {

namespace {
using Idx = faiss::IndexBinary::idx_t;

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
void comparePiles(const Pile& x, const Pile& y, const Search& s, ImagePairs& out) {
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
      if (thumbnailsAlike(s.prints, a, ys[j], s.options)) out.emplace_back(std::min(a, ys[j]), std::max(a, ys[j]));
  }
}

// Multi-index hashing: hamming + 1 tables of 64 / (hamming + 1) bits (at most 24).
std::unique_ptr<faiss::IndexBinaryMultiHash> pileIndex(const std::vector<uint64_t>& hashes, int hamming) {
  const int tables = hamming + 1;
  auto index = std::make_unique<faiss::IndexBinaryMultiHash>(64, tables, std::min(24, 64 / tables));
  index->add(static_cast<Idx>(hashes.size()), reinterpret_cast<const uint8_t*>(hashes.data()));
  return index;
}

// Piles [from, from + n) against every later pile within the distance.
void searchPiles(const faiss::IndexBinaryMultiHash& index, const std::vector<uint64_t>& hashes,
                 const std::vector<Pile>& piles, size_t from, size_t n, const Search& s, ImagePairs& out) {
  faiss::RangeSearchResult found(static_cast<Idx>(n));
  index.range_search(static_cast<Idx>(n), reinterpret_cast<const uint8_t*>(hashes.data() + from), s.options.hamming + 1,
                     &found);
  for (size_t q = 0; q < n; ++q)
    for (size_t r = found.lims[q]; r < found.lims[q + 1]; ++r) {
      const auto other = static_cast<size_t>(found.labels[r]);
      if (other > from + q && hammingDistance(hashes[from + q], hashes[other]) <= s.options.hamming)
        comparePiles(piles[from + q], piles[other], s, out);
    }
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
  if (o.hamming < 0 || o.hamming > 15) return nearDuplicatesAllPairs(images, p, o);  // tables too short to help
  const Search search{p, o, thumbnailMeans(images, p)};
  const std::vector<Pile> piles = pilesOf(images, search);
  ImagePairs out;
  for (const Pile& pile : piles) comparePiles(pile, pile, search, out);
  std::vector<uint64_t> hashes;
  for (const Pile& pile : piles) hashes.push_back(pile.hash);
  const auto index = pileIndex(hashes, o.hamming);
  const size_t threads = static_cast<size_t>(std::max(1, o.threads));
  std::vector<ImagePairs> found(threads);
  std::atomic<size_t> next{0};
  constexpr size_t kBatch = 4096;  // piles per range search: bounds its result's memory
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      omp_set_num_threads(1);  // each of our threads searches alone: no OpenMP team spins beside it
      for (size_t from = next.fetch_add(kBatch); from < piles.size(); from = next.fetch_add(kBatch))
        searchPiles(*index, hashes, piles, from, std::min(kBatch, piles.size() - from), search, found[t]);
    });
  for (auto& t : pool) t.join();
  for (auto& f : found) out.insert(out.end(), f.begin(), f.end());
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
