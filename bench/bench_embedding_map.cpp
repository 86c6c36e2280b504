// The embedding map at scale (bench/embedding_map.sh): Fashion-MNIST's pixels (train +
// test, up to --points) or --blobs N synthetic clusters, to 32 principal components, then
// the neighbour-graph layout; the time of each part, and how often a point's 10 nearest
// neighbours in the map share its class (the map keeps classes together). Writes the
// inputs and the map to --out (HDF5-free: raw float32 + labels) for the umap-learn side.
#include "engine/data/fashion_mnist.h"
#include "engine/inspect/embedding_layout.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

using namespace trainscope;

namespace {
double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<float> fashionPixels(int64_t most, std::vector<int>* labels, int64_t* d) {
  const std::string dir = findFashionMnistDir();
  if (dir.empty()) throw std::runtime_error("Fashion-MNIST is not installed");
  std::vector<float> x;
  *d = 784;
  for (const char* split : {"train", "test"}) {
    FashionMnist data(dir, split);
    for (int64_t i = 0; i < data.size() && static_cast<int64_t>(labels->size()) < most; ++i) {
      std::string error;
      const cv::Mat m = data.load(i, &error);
      for (int p = 0; p < 784; ++p) x.push_back(m.data[p] / 255.0f);
      labels->push_back(static_cast<int>(data.label(i)));
    }
  }
  return x;
}

std::vector<float> blobs(int64_t n, std::vector<int>* labels, int64_t* d) {
  *d = 32;
  std::mt19937_64 gen(5);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::vector<float> centres(20 * 32);
  for (float& v : centres) v = noise(gen) * 4.0f;
  std::vector<float> x;
  for (int64_t i = 0; i < n; ++i) {
    const int c = static_cast<int>(i % 20);
    labels->push_back(c);
    for (int j = 0; j < 32; ++j) x.push_back(centres[c * 32 + j] + noise(gen));
  }
  return x;
}

double agreement(const std::vector<float>& y, const std::vector<int>& labels, int k, int64_t sample) {
  const auto n = static_cast<int64_t>(labels.size());
  double same = 0;
  int64_t counted = 0;
  for (int64_t i = 0; i < n; i += std::max<int64_t>(1, n / sample), ++counted)
    for (const auto& [j, distance] : nearestPoints(&y[i * 2], y, n, 2, k, i)) same += labels[j] == labels[i];
  return same / double(counted * k);
}
}  // namespace

int main(int argc, char** argv) {
  int64_t points = 70000, blobPoints = 0;
  std::string out;
  for (int i = 1; i + 1 < argc; ++i) {
    if (!std::strcmp(argv[i], "--points")) points = std::atoll(argv[i + 1]);
    if (!std::strcmp(argv[i], "--blobs")) blobPoints = std::atoll(argv[i + 1]);
    if (!std::strcmp(argv[i], "--out")) out = argv[i + 1];
  }
  try {
    std::vector<int> labels;
    int64_t d = 0;
    const std::vector<float> x = blobPoints > 0 ? blobs(blobPoints, &labels, &d) : fashionPixels(points, &labels, &d);
    const auto n = static_cast<int64_t>(labels.size());
    auto t = std::chrono::steady_clock::now();
    const std::vector<float> pca = principalComponents(x, n, d, 32);
    const double pcaSeconds = since(t);
    t = std::chrono::steady_clock::now();
    const NeighbourGraph g = nearestNeighbours(pca, n, 32, 15, 0);
    const double knnSeconds = since(t);
    t = std::chrono::steady_clock::now();
    const std::vector<float> y = neighbourLayout(pca, n, 32, LayoutOptions{});
    const double layoutSeconds = since(t);  // its own neighbour search included
    nlohmann::ordered_json j{{"input", blobPoints > 0 ? "blobs" : "fashion-mnist pixels"},
                             {"points", n},
                             {"dims", d},
                             {"pca_seconds", pcaSeconds},
                             {"neighbours_seconds", knnSeconds},
                             {"layout_seconds_with_neighbours", layoutSeconds},
                             {"total_seconds", pcaSeconds + layoutSeconds},
                             {"knn10_same_class_in_map", agreement(y, labels, 10, 5000)},
                             {"knn10_same_class_in_pca", [&] {
                                double same = 0;
                                for (int64_t i = 0; i < n; ++i)
                                  for (int k = 0; k < std::min(10, g.k); ++k)
                                    same += labels[g.index[i * g.k + k]] == labels[i];
                                return same / double(n * std::min(10, g.k));
                              }()}};
    std::printf("%s\n", j.dump(2).c_str());
    if (!out.empty()) {  // pca [n, 32] float32, labels [n] int32, map [n, 2] float32
      std::ofstream(out + ".pca", std::ios::binary).write(reinterpret_cast<const char*>(pca.data()), pca.size() * 4);
      std::ofstream(out + ".labels", std::ios::binary)
          .write(reinterpret_cast<const char*>(labels.data()), labels.size() * 4);
      std::ofstream(out + ".map", std::ios::binary).write(reinterpret_cast<const char*>(y.data()), y.size() * 4);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
