#include "engine/inspect/embedding_layout.h"

#include "engine/system/usable_cores.h"

#include <hnswlib/hnswlib.h>
#include <torch/torch.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

namespace trainscope {

namespace {
// The top k right singular vectors of the centred x [n, d], [d, k]: from the d x d
// covariance while d is small; past 256 by a randomized range finder (Halko, Martinsson
// and Tropp: two power iterations), which costs n d k instead of d^3 and d^2 memory.
torch::Tensor topComponents(const torch::Tensor& centred, int64_t k) {
  const int64_t n = centred.size(0), d = centred.size(1);
  if (d <= 256) {
    const torch::Tensor c = centred.to(torch::kDouble);
    const torch::Tensor covariance = c.t().mm(c) / std::max<int64_t>(1, n - 1);
    const auto [values, vectors] = torch::linalg::eigh(covariance, "L");  // ascending
    return vectors.flip({1}).narrow(1, 0, k).to(torch::kFloat);
  }
  const int64_t q = std::min<int64_t>({k + 10, n, d});
  std::mt19937_64 gen(17);  // the same components for the same features
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> draws(static_cast<size_t>(d * q));
  for (float& v : draws) v = normal(gen);
  torch::Tensor y = centred.mm(torch::from_blob(draws.data(), {d, q}, torch::kFloat));
  for (int power = 0; power < 2; ++power) y = centred.mm(centred.t().mm(std::get<0>(torch::linalg_qr(y))));
  const torch::Tensor basis = std::get<0>(torch::linalg_qr(y));
  const auto [u, s, vh] = torch::linalg_svd(basis.t().mm(centred), /*full_matrices=*/false);
  return vh.narrow(0, 0, std::min(k, vh.size(0))).t();
}
}  // namespace

std::vector<float> principalComponents(const std::vector<float>& x, int64_t n, int64_t d, int64_t k) {
  k = std::min(k, d);  // the width asked for; fewer points than that leave zero columns
  if (n == 0 || k <= 0) return {};
  torch::NoGradGuard noGrad;
  const torch::Tensor data = torch::from_blob(const_cast<float*>(x.data()), {n, d}, torch::kFloat);
  const torch::Tensor centred = data - data.mean(0, /*keepdim=*/true);
  torch::Tensor projected = centred.mm(topComponents(centred, std::min(k, n)).contiguous());
  // Each component's sign: its largest coordinate positive.
  const torch::Tensor largest = projected.abs().argmax(0);
  const torch::Tensor signs = projected.gather(0, largest.unsqueeze(0)).sign().clamp_min(0) * 2 - 1;
  projected = (projected * signs).contiguous();
  std::vector<float> out(static_cast<size_t>(n * k), 0.0f);
  const int64_t found = projected.size(1);
  for (int64_t i = 0; i < n; ++i) std::copy_n(projected.data_ptr<float>() + i * found, found, out.begin() + i * k);
  return out;
}

namespace {
float squaredDistance(const float* a, const float* b, int64_t d) {
  float s = 0;
  for (int64_t j = 0; j < d; ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
  return s;
}

template <typename Body>
void onUsableCores(int64_t n, const Body& body) {
  std::atomic<int64_t> next{0};
  auto work = [&] {
    for (int64_t i = next++; i < n; i = next++) body(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < (n < 256 ? 1 : usableCores().count); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}
}  // namespace

std::vector<std::pair<int64_t, float>> nearestPoints(const float* query, const std::vector<float>& x, int64_t n,
                                                     int64_t d, int k, int64_t exclude) {
  std::vector<std::pair<float, int64_t>> all;
  all.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    if (i != exclude) all.emplace_back(squaredDistance(query, x.data() + i * d, d), i);
  const auto kept = std::min<size_t>(static_cast<size_t>(std::max(0, k)), all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(kept), all.end());
  std::vector<std::pair<int64_t, float>> out;
  for (size_t i = 0; i < kept; ++i) out.emplace_back(all[i].second, std::sqrt(all[i].first));
  return out;
}

NeighbourGraph nearestNeighbours(const std::vector<float>& x, int64_t n, int64_t d, int k, uint64_t seed) {
  NeighbourGraph g;
  g.k = static_cast<int>(std::min<int64_t>(k, std::max<int64_t>(0, n - 1)));
  g.index.assign(static_cast<size_t>(n * g.k), 0);
  g.distance.assign(g.index.size(), 0.0f);
  const auto store = [&](int64_t i, const std::vector<std::pair<int64_t, float>>& found) {
    for (int j = 0; j < g.k && j < static_cast<int>(found.size()); ++j)
      g.index[i * g.k + j] = found[j].first, g.distance[i * g.k + j] = found[j].second;
  };
  if (n <= 4096) {
    onUsableCores(n, [&](int64_t i) { store(i, nearestPoints(x.data() + i * d, x, n, d, g.k, i)); });
    return g;
  }
  // Built on one thread (the graph depends on the insertion order: the same map for the
  // same seed), searched on all.
  hnswlib::L2Space space(static_cast<size_t>(d));
  hnswlib::HierarchicalNSW<float> index(&space, static_cast<size_t>(n), 16, 100, seed);
  for (int64_t i = 0; i < n; ++i) index.addPoint(x.data() + i * d, static_cast<size_t>(i));
  index.setEf(static_cast<size_t>(std::max(2 * g.k + 1, 50)));
  onUsableCores(n, [&](int64_t i) {
    auto heap = index.searchKnn(x.data() + i * d, static_cast<size_t>(g.k + 1));  // farthest on top
    std::vector<std::pair<int64_t, float>> found;
    for (; !heap.empty(); heap.pop())
      if (static_cast<int64_t>(heap.top().second) != i)
        found.emplace_back(static_cast<int64_t>(heap.top().second), std::sqrt(heap.top().first));
    std::reverse(found.begin(), found.end());
    store(i, found);
  });
  return g;
}

namespace {
struct Edge {
  int64_t from, to;
  float weight;
};

// Each point's neighbourhood as fuzzy memberships: exp(-(distance - nearest) / sigma),
// sigma chosen so that they sum to log2(k) (umap-learn's smooth_knn_dist); then the
// union of i's view and j's, w + w' - w w'.
std::vector<Edge> fuzzyGraph(const NeighbourGraph& g, int64_t n) {
  std::vector<std::vector<std::pair<int64_t, float>>> rows(static_cast<size_t>(n));
  const double target = std::log2(std::max(2, g.k));
  for (int64_t i = 0; i < n; ++i) {
    const float* dist = g.distance.data() + i * g.k;
    float rho = 0;
    for (int j = 0; j < g.k; ++j)
      if (dist[j] > 0) {
        rho = dist[j];
        break;
      }
    double lo = 0, hi = 1e30, sigma = 1;
    for (int iteration = 0; iteration < 64; ++iteration) {
      double sum = 0;
      for (int j = 0; j < g.k; ++j) sum += std::exp(-std::max(0.0, double(dist[j]) - rho) / sigma);
      if (std::abs(sum - target) < 1e-5) break;
      if (sum > target)
        hi = sigma, sigma = (lo + hi) / 2;
      else
        lo = sigma, sigma = hi >= 1e30 ? sigma * 2 : (lo + hi) / 2;
    }
    for (int j = 0; j < g.k; ++j)
      rows[i].emplace_back(g.index[i * g.k + j],
                           static_cast<float>(std::exp(-std::max(0.0, double(dist[j]) - rho) / sigma)));
  }
  std::vector<std::vector<std::pair<int64_t, float>>> sorted = rows;
  for (auto& r : sorted) std::sort(r.begin(), r.end());
  const auto weightOf = [&](int64_t i, int64_t j) {
    const auto& r = sorted[i];
    const auto it = std::lower_bound(r.begin(), r.end(), std::make_pair(j, -1.0f));
    return it != r.end() && it->first == j ? it->second : 0.0f;
  };
  std::vector<Edge> edges;
  for (int64_t i = 0; i < n; ++i)
    for (const auto& [j, w] : rows[i]) {
      const float back = weightOf(j, i);
      if (back > 0 && j < i) continue;  // the pair was added from j's side
      const float both = w + back - w * back;
      edges.push_back({i, j, both});  // both ways, as umap-learn's symmetric graph holds it
      edges.push_back({j, i, both});
    }
  return edges;
}

// The curve 1 / (1 + a d^2b) that umap-learn fits for min_dist (spread 1).
std::pair<double, double> curveFor(float minDist) {
  // umap-learn's find_ab_params at spread 1 for min_dist 0.001, 0.1, 0.25, 0.5 (interpolated).
  const double points[][3] = {
      {0.001, 1.929, 0.7915}, {0.1, 1.577, 0.8951}, {0.25, 1.218, 0.9043}, {0.5, 0.5830, 1.334}};
  if (minDist <= points[0][0]) return {points[0][1], points[0][2]};
  for (int i = 1; i < 4; ++i)
    if (minDist <= points[i][0]) {
      const double t = (minDist - points[i - 1][0]) / (points[i][0] - points[i - 1][0]);
      return {points[i - 1][1] + t * (points[i][1] - points[i - 1][1]),
              points[i - 1][2] + t * (points[i][2] - points[i - 1][2])};
    }
  return {points[3][1], points[3][2]};
}

std::vector<float> startingLayout(const std::vector<float>& x, int64_t n, int64_t d, const LayoutOptions& o) {
  if (o.start && static_cast<int64_t>(o.start->size()) == n * 2) return *o.start;
  std::vector<float> y = principalComponents(x, n, d, 2);
  y.resize(static_cast<size_t>(n * 2), 0.0f);
  float extent = 1e-6f;
  for (float v : y) extent = std::max(extent, std::abs(v));
  std::mt19937_64 gen(o.seed);
  std::normal_distribution<float> jitter(0.0f, 1e-4f);
  for (float& v : y) v = v / extent * 10.0f + jitter(gen);  // as umap-learn scales its start
  return y;
}
}  // namespace

std::vector<float> neighbourLayout(const std::vector<float>& x, int64_t n, int64_t d, const LayoutOptions& o) {
  if (n < 3) return std::vector<float>(static_cast<size_t>(n * 2), 0.0f);
  const NeighbourGraph g = nearestNeighbours(x, n, d, o.neighbours, o.seed);
  std::vector<Edge> edges = fuzzyGraph(g, n);
  const int epochs = o.epochs > 0 ? o.epochs : n <= 10000 ? 500 : 200;
  float heaviest = 0;
  for (const Edge& e : edges) heaviest = std::max(heaviest, e.weight);
  // Each edge is sampled in proportion to its weight; those too light for one sample go.
  std::vector<double> every, nextAt, everyNegative, nextNegativeAt;
  std::vector<Edge> kept;
  for (const Edge& e : edges) {
    const double period = heaviest / e.weight;
    if (period > epochs) continue;
    kept.push_back(e), every.push_back(period), nextAt.push_back(period);
    everyNegative.push_back(period / 5), nextNegativeAt.push_back(period / 5);  // 5 negatives per sample
  }
  std::vector<float> y = startingLayout(x, n, d, o);
  const auto [a, b] = curveFor(o.min_dist);
  std::mt19937_64 gen(o.seed ^ 0x9E3779B97F4A7C15ull);
  std::uniform_int_distribution<int64_t> anyPoint(0, n - 1);
  const auto clip = [](double v) { return std::clamp(v, -4.0, 4.0); };
  for (int epoch = 0; epoch < epochs; ++epoch) {
    const double alpha = 1.0 - double(epoch) / epochs;
    for (size_t e = 0; e < kept.size(); ++e) {
      if (nextAt[e] > epoch) continue;
      float* yi = &y[kept[e].from * 2];
      float* yj = &y[kept[e].to * 2];
      double dx = yi[0] - yj[0], dy = yi[1] - yj[1], dsq = dx * dx + dy * dy;
      if (dsq > 0) {
        const double coeff = -2.0 * a * b * std::pow(dsq, b - 1.0) / (a * std::pow(dsq, b) + 1.0);
        const double gx = clip(coeff * dx) * alpha, gy = clip(coeff * dy) * alpha;
        yi[0] += gx, yi[1] += gy, yj[0] -= gx, yj[1] -= gy;
      }
      nextAt[e] += every[e];
      const auto negatives = static_cast<int>((epoch - nextNegativeAt[e]) / everyNegative[e]);
      for (int p = 0; p < negatives; ++p) {
        const int64_t k = anyPoint(gen);
        if (k == kept[e].from) continue;
        const float* yk = &y[k * 2];
        dx = yi[0] - yk[0], dy = yi[1] - yk[1], dsq = dx * dx + dy * dy;
        const double coeff = dsq > 0 ? 2.0 * b / ((0.001 + dsq) * (a * std::pow(dsq, b) + 1.0)) : 0.0;
        yi[0] += (coeff > 0 ? clip(coeff * dx) : 4.0) * alpha, yi[1] += (coeff > 0 ? clip(coeff * dy) : 4.0) * alpha;
      }
      nextNegativeAt[e] += negatives * everyNegative[e];
    }
  }
  return y;
}

}  // namespace trainscope
