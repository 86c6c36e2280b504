// The embedding map's arithmetic, on plain arrays (row-major float, no torch in the
// header, so the app calls it from its background work): principal components, the
// neighbour-graph layout UMAP made standard, and nearest neighbours.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace trainscope {

// x [n, d] centred and projected on its top k principal components: [n, k]. Each
// component's sign makes its largest coordinate positive, so a slightly changed x
// gives a similar picture rather than a mirrored one.
std::vector<float> principalComponents(const std::vector<float>& x, int64_t n, int64_t d, int64_t k);

struct LayoutOptions {
  int neighbours = 15;    // of each point in the graph (UMAP's n_neighbors)
  int epochs = 0;         // of the layout's SGD; 0: 500 up to 10,000 points, else 200 (as umap-learn)
  float min_dist = 0.1f;  // how tightly points may pack (UMAP's min_dist, spread 1)
  uint64_t seed = 0;
  const std::vector<float>* start = nullptr;  // [n, 2] to start from (the previous epoch's map); else PCA
};

// UMAP's method: the k nearest neighbours of each point (exact up to 4,096 points, else
// hnswlib's graph index built in a seeded order), each neighbourhood's fuzzy weights
// (a distance scale per point), and a 2-D layout by SGD that pulls neighbours together
// and pushes random pairs apart. Deterministic for a seed. Returns [n, 2].
std::vector<float> neighbourLayout(const std::vector<float>& x, int64_t n, int64_t d, const LayoutOptions& options);

// The k points of x [n, d] nearest to `query` [d] (Euclidean), nearest first, as
// (index, distance); `exclude` (the query's own index) is left out. Exact.
std::vector<std::pair<int64_t, float>> nearestPoints(const float* query, const std::vector<float>& x, int64_t n,
                                                     int64_t d, int k, int64_t exclude = -1);

// The k nearest neighbours of every point (itself left out), as indices [n, k] and
// distances [n, k]; exact up to 4,096 points, else through hnswlib.
struct NeighbourGraph {
  int k = 0;
  std::vector<int64_t> index;
  std::vector<float> distance;
};
NeighbourGraph nearestNeighbours(const std::vector<float>& x, int64_t n, int64_t d, int k, uint64_t seed);

}  // namespace trainscope
