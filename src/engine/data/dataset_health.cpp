#include "engine/data/dataset_health.h"

#include "engine/system/usable_cores.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <atomic>
#include <bitset>
#include <chrono>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace trainscope {

namespace {
struct Fingerprint {
  bool ok = false;
  uint64_t content = 0, dhash = 0;
  cv::Mat thumb;  // 16x16 grey
  int width = 0, height = 0;
  bool greyInColour = false;
};

uint64_t fnv1a(const cv::Mat& m) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  mix(static_cast<uint64_t>(m.rows)), mix(static_cast<uint64_t>(m.cols)), mix(static_cast<uint64_t>(m.channels()));
  for (int r = 0; r < m.rows; ++r) {
    const uchar* p = m.ptr<uchar>(r);
    for (size_t i = 0; i < m.cols * m.elemSize(); ++i) mix(p[i]);
  }
  return h;
}

Fingerprint fingerprint(const cv::Mat& image) {
  Fingerprint f;
  if (image.empty()) return f;
  cv::Mat img = image.depth() == CV_8U ? image : cv::Mat();
  if (img.empty()) image.convertTo(img, CV_8U);
  f.ok = true;
  f.width = img.cols, f.height = img.rows;
  f.content = fnv1a(img);
  cv::Mat grey;
  if (img.channels() == 3) {
    std::vector<cv::Mat> planes;
    cv::split(img, planes);
    cv::Mat d1, d2;
    cv::absdiff(planes[0], planes[1], d1), cv::absdiff(planes[1], planes[2], d2);
    double m1 = 0, m2 = 0;
    cv::minMaxLoc(d1, nullptr, &m1), cv::minMaxLoc(d2, nullptr, &m2);
    f.greyInColour = m1 <= 2 && m2 <= 2;
    cv::cvtColor(img, grey, cv::COLOR_RGB2GRAY);
  } else {
    grey = img.channels() == 1 ? img : img.reshape(1);
  }
  cv::Mat small;  // dHash: is each pixel brighter than its right neighbour, on 9x8
  cv::resize(grey, small, cv::Size(9, 8), 0, 0, cv::INTER_AREA);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      f.dhash = (f.dhash << 1) | (small.at<uchar>(y, x) > small.at<uchar>(y, x + 1) ? 1u : 0u);
  cv::resize(grey, f.thumb, cv::Size(16, 16), 0, 0, cv::INTER_AREA);
  return f;
}

struct UnionFind {
  std::vector<int64_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int64_t find(int64_t i) {
    while (parent[static_cast<size_t>(i)] != i)
      i = parent[static_cast<size_t>(i)] = parent[static_cast<size_t>(parent[static_cast<size_t>(i)])];
    return i;
  }
  void join(int64_t a, int64_t b) { parent[static_cast<size_t>(find(a))] = find(b); }
};

// One check of a dataset: the training and validation images numbered together
// (k < train: training image k; else validation image k - train).
class HealthScan {
 public:
  HealthScan(const DatasetSplits& splits, const HealthOptions& options) : splits_(splits), options_(options) {
    h_.skipped = splits.skipped;
    h_.train = splits.train ? splits.train->size() : 0;
    h_.val = splits.val ? splits.val->size() : 0;
    total_ = h_.train + h_.val;
  }

  DatasetHealth run() {
    fingerprintAll();
    const std::vector<int64_t> unique = findExactDuplicates();
    findNearDuplicates(unique);
    countClasses();
    findOutliers();
    return std::move(h_);
  }

 private:
  const Dataset* datasetOf(int64_t k) const { return k < h_.train ? splits_.train.get() : splits_.val.get(); }
  int64_t indexOf(int64_t k) const { return k < h_.train ? k : k - h_.train; }
  int64_t labelOf(int64_t k) const { return datasetOf(k)->label(indexOf(k)); }
  SampleRef ref(int64_t k) const {
    const Dataset* d = datasetOf(k);
    const int64_t i = indexOf(k);
    return SampleRef{k < h_.train ? "train" : "val", i, d->describe(i), d->classes().at(d->label(i))};
  }
  const Fingerprint& print(int64_t k) const { return prints_[static_cast<size_t>(k)]; }

  // Decode and fingerprint every image once, on all cores.
  void fingerprintAll() {
    prints_.assign(static_cast<size_t>(total_), Fingerprint{});
    std::atomic<int64_t> next{0}, done{0};
    std::atomic<bool> cancelled{false};
    auto work = [&] {
      for (int64_t k = next++; k < total_ && !cancelled; k = next++) {
        std::string error;
        prints_[static_cast<size_t>(k)] = fingerprint(datasetOf(k)->load(indexOf(k), &error));
        const int64_t d = ++done;
        if (options_.progress && d % 1024 == 0 && !options_.progress(d, total_)) cancelled = true;
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0, threads = usableCores().count; t < threads; ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    if (cancelled) throw std::runtime_error("check cancelled");
  }

  // Groups of alike images into a finding: which cross the splits, which disagree on the label.
  void addGroups(HealthFinding& finding, const std::vector<std::vector<int64_t>>& groups, int64_t* across) {
    for (const auto& g : groups) {
      DuplicateGroup out;
      bool train = false, val = false;
      std::set<int64_t> labels;
      for (int64_t k : g) {
        (k < h_.train ? train : val) = true;
        labels.insert(labelOf(k));
      }
      out.across_splits = train && val;
      out.conflicting_labels = labels.size() > 1;
      *across += out.across_splits;
      h_.conflicting_labels += out.conflicting_labels;
      ++finding.count;
      if (finding.groups.size() < options_.max_listed) {
        for (int64_t k : g) out.members.push_back(ref(k));
        finding.groups.push_back(std::move(out));
      }
    }
  }

  // Exact duplicates: the same decoded pixels. Returns one image per content, sorted.
  std::vector<int64_t> findExactDuplicates() {
    std::unordered_map<uint64_t, std::vector<int64_t>> byContent;
    for (int64_t k = 0; k < total_; ++k)
      if (print(k).ok) byContent[print(k).content].push_back(k);
    std::vector<std::vector<int64_t>> exact;
    std::vector<int64_t> unique;
    for (auto& [hash, members] : byContent) {
      unique.push_back(members.front());
      if (members.size() > 1) exact.push_back(members);
    }
    std::sort(exact.begin(), exact.end());
    addGroups(h_.exact, exact, &h_.exact_across_splits);
    std::sort(unique.begin(), unique.end());
    return unique;
  }

  // Near duplicates: dHash within the Hamming distance, then 16x16 thumbnails alike.
  void findNearDuplicates(const std::vector<int64_t>& unique) {
    UnionFind uf(unique.size());
    for (size_t a = 0; a < unique.size(); ++a) {
      const Fingerprint& fa = print(unique[a]);
      for (size_t b = a + 1; b < unique.size(); ++b) {
        const Fingerprint& fb = print(unique[b]);
        if (std::bitset<64>(fa.dhash ^ fb.dhash).count() > static_cast<size_t>(options_.hamming)) continue;
        if (cv::norm(fa.thumb, fb.thumb, cv::NORM_L1) / 256.0 > options_.thumbnail_mad) continue;
        uf.join(static_cast<int64_t>(a), static_cast<int64_t>(b));
      }
    }
    std::map<int64_t, std::vector<int64_t>> nearGroups;
    for (size_t a = 0; a < unique.size(); ++a) nearGroups[uf.find(static_cast<int64_t>(a))].push_back(unique[a]);
    std::vector<std::vector<int64_t>> near;
    for (auto& [root, members] : nearGroups)
      if (members.size() > 1) near.push_back(members);
    addGroups(h_.near, near, &h_.near_across_splits);
  }

  void countClasses() {
    std::vector<int64_t> counts(splits_.train ? splits_.train->classes().size() : 0, 0);
    for (int64_t i = 0; i < h_.train; ++i) ++counts.at(static_cast<size_t>(splits_.train->label(i)));
    for (size_t c = 0; c < counts.size(); ++c) h_.class_counts.emplace_back(splits_.train->classes()[c], counts[c]);
    if (!counts.empty() && *std::min_element(counts.begin(), counts.end()) > 0)
      h_.imbalance = static_cast<double>(*std::max_element(counts.begin(), counts.end())) /
                     static_cast<double>(*std::min_element(counts.begin(), counts.end()));
  }

  // Sizes and aspects far from the median, grey images among colour ones, unreadable files.
  void findOutliers() {
    std::vector<double> areas, aspects;
    for (const auto& f : prints_)
      if (f.ok) areas.push_back(double(f.width) * f.height), aspects.push_back(double(f.width) / f.height);
    const double area = median(areas), aspect = median(aspects);
    int64_t colour = 0;
    for (const auto& f : prints_) colour += f.ok && !f.greyInColour && f.width > 0;
    const auto listed = [&](int64_t& count, std::vector<SampleRef>& list, int64_t k) {
      if (++count <= static_cast<int64_t>(options_.max_listed)) list.push_back(ref(k));
    };
    for (int64_t k = 0; k < total_; ++k) {
      const Fingerprint& f = print(k);
      if (!f.ok) {
        ++h_.unreadable;
        continue;
      }
      const double a = double(f.width) * f.height, r = double(f.width) / f.height;
      if (a < area / 16 || a > area * 16) listed(h_.size_outlier_count, h_.size_outliers, k);
      if (r < aspect / 3 || r > aspect * 3) listed(h_.aspect_outlier_count, h_.aspect_outliers, k);
      // Only in a colour set: Fashion-MNIST is grey throughout.
      if (f.greyInColour && colour > 0) listed(h_.grayscale_in_colour_count, h_.grayscale_in_colour, k);
    }
  }

  static double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  }

  const DatasetSplits& splits_;
  const HealthOptions& options_;
  DatasetHealth h_;
  int64_t total_ = 0;
  std::vector<Fingerprint> prints_;
};

}  // namespace

DatasetHealth checkDatasetHealth(const DatasetSplits& splits, const HealthOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  DatasetHealth h = HealthScan(splits, options).run();
  h.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return h;
}

}  // namespace trainscope
