// The embedding map's arithmetic against known answers: principal components of data
// with a known main direction, exact nearest points, and the neighbour-graph layout
// keeping known clusters apart (exact neighbours and through hnswlib), the same for a
// seed.
#include "engine/inspect/embedding_layout.h"
#include "engine/config/file_input.h"
#include "engine/record/embedding_file.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace trainscope;

namespace {

// `clusters` Gaussian blobs of `each` points in d dimensions, centres 10 apart, sd 1.
std::vector<float> blobs(int clusters, int each, int d, std::vector<int>* labels, uint64_t seed = 1) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<std::vector<float>> centres(clusters, std::vector<float>(d));
  for (auto& c : centres)
    for (float& v : c) v = noise(gen) * 10.0f;
  std::vector<float> x;
  for (int i = 0; i < clusters * each; ++i) {
    const int c = i % clusters;
    labels->push_back(c);
    for (int j = 0; j < d; ++j) x.push_back(centres[c][j] + noise(gen));
  }
  return x;
}

// The share of each point's k nearest neighbours in the 2-D layout that share its label.
double neighbourAgreement(const std::vector<float>& y, const std::vector<int>& labels, int k) {
  const auto n = static_cast<int64_t>(labels.size());
  double same = 0;
  for (int64_t i = 0; i < n; ++i)
    for (const auto& [j, distance] : nearestPoints(&y[i * 2], y, n, 2, k, i)) same += labels[j] == labels[i];
  return same / double(n * k);
}

}  // namespace

TEST(EmbeddingLayout, PrincipalComponentsFindTheMainDirection) {
  std::mt19937_64 gen(2);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> x;
  for (int i = 0; i < 500; ++i) {
    const float t = noise(gen) * 10.0f;  // along (1, 1, 0) / sqrt 2, 10x the spread of the rest
    x.insert(x.end(),
             {t / std::sqrt(2.0f) + noise(gen) * 0.5f, t / std::sqrt(2.0f) + noise(gen) * 0.5f, noise(gen) * 0.5f});
  }
  const std::vector<float> p = principalComponents(x, 500, 3, 2);
  ASSERT_EQ(p.size(), 1000u);
  double first = 0, second = 0;
  for (int i = 0; i < 500; ++i) first += p[i * 2] * p[i * 2], second += p[i * 2 + 1] * p[i * 2 + 1];
  EXPECT_GT(first / second, 50.0) << "the first component carries the spread";
  const std::vector<float> again = principalComponents(x, 500, 3, 2);
  EXPECT_EQ(p, again) << "deterministic, signs included";
}

TEST(EmbeddingLayout, NearestPointsAreExact) {
  std::vector<int> labels;
  const std::vector<float> x = blobs(3, 100, 8, &labels);
  const auto found = nearestPoints(&x[0], x, 300, 8, 5, 0);
  ASSERT_EQ(found.size(), 5u);
  for (size_t i = 1; i < found.size(); ++i) EXPECT_LE(found[i - 1].second, found[i].second);
  for (const auto& [j, distance] : found) EXPECT_EQ(labels[j], labels[0]);
  for (int64_t j = 1; j < 300; ++j) {  // nothing outside is nearer than the fifth
    if (std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.first == j; })) continue;
    float d = 0;
    for (int c = 0; c < 8; ++c) d += (x[j * 8 + c] - x[c]) * (x[j * 8 + c] - x[c]);
    EXPECT_GE(std::sqrt(d), found.back().second - 1e-4f);
  }
}

TEST(EmbeddingLayout, KnownClustersStayApartInTheMap) {
  std::vector<int> labels;
  const std::vector<float> x = blobs(6, 200, 16, &labels);
  LayoutOptions o;
  o.seed = 7;
  const std::vector<float> y = neighbourLayout(x, 1200, 16, o);
  ASSERT_EQ(y.size(), 2400u);
  for (float v : y) ASSERT_TRUE(std::isfinite(v));
  EXPECT_GT(neighbourAgreement(y, labels, 10), 0.98);
  EXPECT_EQ(neighbourLayout(x, 1200, 16, o), y) << "the same map for the same seed";
}

TEST(EmbeddingLayout, ThroughTheGraphIndexAboveFourThousandPoints) {
  std::vector<int> labels;
  const std::vector<float> x = blobs(8, 650, 32, &labels, 3);  // 5,200 points: hnswlib
  const NeighbourGraph g = nearestNeighbours(x, 5200, 32, 15, 1);
  int same = 0;
  for (int64_t i = 0; i < 5200; ++i)
    for (int j = 0; j < g.k; ++j) same += labels[g.index[i * g.k + j]] == labels[i];
  EXPECT_GT(same / double(5200 * g.k), 0.99) << "the index finds each point's own cluster";
  LayoutOptions o;
  o.epochs = 100;
  const std::vector<float> y = neighbourLayout(x, 5200, 32, o);
  EXPECT_GT(neighbourAgreement(y, labels, 10), 0.97);
}

TEST(EmbeddingFile, RoundTripsAndRefusesWhatTheViewsWouldIndexPast) {
  test::TempDir dir;
  EmbeddingRecord r;
  r.layer = "relu4";
  r.class_names = {"a", "b"};
  r.split = {0, 1, 0};
  r.index = {0, 5, 2};
  r.labels = {0, 1, 1};
  r.paths = {"x/0.png", "y/5.png", "x/2.png"};
  r.epochs = {1, 2};
  r.pca_dims = 2;
  r.pca = std::vector<float>(2 * 3 * 2, 0.5f);
  r.predicted = {0, 1, -1, 0, 1, 1};
  r.feature_dims = 3;
  r.features = std::vector<float>(9, 1.0f);
  const std::string file = (dir.path() / "embeddings.h5").string();
  writeEmbeddingFile(file, r);
  const EmbeddingRecord back = readEmbeddingFile(file);
  EXPECT_EQ(back.paths, r.paths);
  EXPECT_EQ(back.predicted, r.predicted);
  EXPECT_EQ(back.pca_dims, 2);
  EXPECT_EQ(back.layer, "relu4");
  EmbeddingRecord bad = r;
  bad.predicted[1] = 7;  // a class that does not exist
  writeEmbeddingFile(file, bad);
  EXPECT_THROW(readEmbeddingFile(file), BadInput);
  bad = r;
  bad.epochs.clear(), bad.pca.clear(), bad.predicted.clear();
  writeEmbeddingFile(file, bad);
  EXPECT_THROW(readEmbeddingFile(file), BadInput) << "no epoch: nothing to show";
}

TEST(EmbeddingLayout, WideFeaturesGoThroughTheRandomizedComponents) {
  std::vector<int> labels;
  const std::vector<float> x = blobs(4, 100, 600, &labels);  // 600 wide: past 256
  const std::vector<float> p = principalComponents(x, 400, 600, 32);
  ASSERT_EQ(p.size(), size_t{400 * 32});
  // The first two components keep the clusters apart: nearest neighbours in them agree.
  std::vector<float> two;
  for (int i = 0; i < 400; ++i) two.insert(two.end(), {p[i * 32], p[i * 32 + 1]});
  EXPECT_GT(neighbourAgreement(two, labels, 5), 0.95);
  EXPECT_EQ(principalComponents(x, 400, 600, 32), p) << "seeded";
  EXPECT_EQ(principalComponents(x, 3, 600, 32).size(), size_t{3 * 32}) << "fewer points than components";
}
