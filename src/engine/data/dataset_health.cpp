#include "engine/data/dataset_health.h"

#include "engine/data/image_quality.h"
#include "engine/data/near_duplicates.h"
#include "engine/data/union_find.h"
#include "engine/system/usable_cores.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>

namespace trainscope {

namespace {
// What the check keeps of one image besides its perceptual print: a few dozen bytes.
struct Fingerprint {
  uint64_t content = 0;
  ImageQuality quality;
  int32_t width = 0, height = 0;
  uint8_t channelSpread = 0;  // the largest difference between two channels anywhere
  bool ok = false;
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

uint8_t channelSpread(const cv::Mat& img) {
  if (img.channels() != 3) return 0;
  std::vector<cv::Mat> planes;
  cv::split(img, planes);
  cv::Mat d1, d2;
  cv::absdiff(planes[0], planes[1], d1), cv::absdiff(planes[1], planes[2], d2);
  double m1 = 0, m2 = 0;
  cv::minMaxLoc(d1, nullptr, &m1), cv::minMaxLoc(d2, nullptr, &m2);
  return static_cast<uint8_t>(std::max(m1, m2));
}

// dHash (is each pixel brighter than its right neighbour, on 9x8) and the 16x16 grey
// thumbnail; the 8x8 colour one is made by the caller.
uint64_t perceptualPrint(const cv::Mat& grey, uint8_t* thumbnail) {
  cv::Mat small;
  cv::resize(grey, small, cv::Size(9, 8), 0, 0, cv::INTER_AREA);
  uint64_t hash = 0;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) hash = (hash << 1) | (small.at<uchar>(y, x) > small.at<uchar>(y, x + 1) ? 1u : 0u);
  cv::Mat thumb;
  cv::resize(grey, thumb, cv::Size(16, 16), 0, 0, cv::INTER_AREA);
  std::memcpy(thumbnail, thumb.ptr<uchar>(0), kThumbnailBytes);
  return hash;
}

void colourThumbnail(const cv::Mat& img, uint8_t* out) {
  cv::Mat small, rgb;
  cv::resize(img, small, cv::Size(8, 8), 0, 0, cv::INTER_AREA);
  if (small.channels() == 1)
    cv::cvtColor(small, rgb, cv::COLOR_GRAY2RGB);
  else
    rgb = small;
  std::memcpy(out, rgb.isContinuous() ? rgb.ptr<uchar>(0) : rgb.clone().ptr<uchar>(0), kColourThumbnailBytes);
}

Fingerprint fingerprint(const cv::Mat& image, uint64_t* hash, uint8_t* thumbnail, uint8_t* colour) {
  Fingerprint f;
  if (image.empty()) return f;
  cv::Mat img = image.depth() == CV_8U ? image : cv::Mat();
  if (img.empty()) image.convertTo(img, CV_8U);
  if (img.channels() == 4) cv::cvtColor(img, img, cv::COLOR_RGBA2RGB);
  f.ok = true;
  f.width = img.cols, f.height = img.rows;
  f.content = fnv1a(img);
  f.channelSpread = channelSpread(img);
  f.quality = measureImageQuality(img);
  cv::Mat grey = img;
  if (img.channels() == 3) cv::cvtColor(img, grey, cv::COLOR_RGB2GRAY);
  *hash = perceptualPrint(grey, thumbnail);
  colourThumbnail(img, colour);
  return f;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// How many times larger or smaller than the median (1 at the median).
double timesMedian(double value, double med) { return med > 0 && value > 0 ? std::max(value / med, med / value) : 1; }

// One check of a dataset: the training and validation images numbered together
// (k < train: training image k; else validation image k - train).
class HealthScan {
 public:
  HealthScan(const DatasetSplits& splits, const HealthOptions& options) : splits_(splits), options_(options) {
    h_.skipped = splits.skipped;
    h_.train = splits.train ? splits.train->size() : 0;
    h_.val = splits.val ? splits.val->size() : 0;
    total_ = h_.train + h_.val;
    for (const auto& [key, value] : options.thresholds) {
      const QualityCheck* check = qualityCheck(key);
      if (!check) throw std::invalid_argument("unknown quality check: " + key);
      if (const std::string why = check->thresholdProblem(value); !why.empty()) throw std::invalid_argument(why);
    }
  }

  DatasetHealth run() {
    auto start = std::chrono::steady_clock::now();
    const auto lap = [&start] {
      const auto now = std::chrono::steady_clock::now();
      return std::chrono::duration<double>(now - std::exchange(start, now)).count();
    };
    fingerprintAll();
    h_.decode_seconds = lap();
    const std::vector<int64_t> unique = findExactDuplicates();
    lap();
    findNearDuplicates(unique);
    h_.near_seconds = lap();
    stopIfCancelled();
    countClasses();
    checkQuality();
    // Kept per image for the whole check (the searches add transient tables of about
    // 60 bytes per image; docs/benchmarks.md has the process's peak).
    h_.bytes_per_image = static_cast<int64_t>(sizeof(Fingerprint) + sizeof(uint64_t) + sizeof(float) + kThumbnailBytes +
                                              kColourThumbnailBytes);
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
    const auto n = static_cast<size_t>(total_);
    prints_.assign(n, Fingerprint{});
    perceptual_.hashes.assign(n, 0);
    perceptual_.thumbnails.assign(n * kThumbnailBytes, 0);
    perceptual_.colours.assign(n * kColourThumbnailBytes, 0);
    std::atomic<int64_t> next{0}, done{0};
    std::atomic<bool> cancelled{false};
    auto work = [&] {
      for (int64_t k = next++; k < total_ && !cancelled; k = next++) {
        std::string error;
        const auto i = static_cast<size_t>(k);
        prints_[i] = fingerprint(datasetOf(k)->load(indexOf(k), &error), &perceptual_.hashes[i],
                                 perceptual_.thumbnails.data() + i * kThumbnailBytes,
                                 perceptual_.colours.data() + i * kColourThumbnailBytes);
        const int64_t d = ++done;
        if (options_.progress && d % 1024 == 0 && !options_.progress(d, total_)) cancelled = true;
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads(); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    if (cancelled) throw std::runtime_error("check cancelled");
  }

  static int threads() { return usableCores().count; }

  // Between the phases after decoding (the near-duplicate search of a million images
  // takes seconds): the caller's progress says whether to go on.
  void stopIfCancelled() const {
    if (options_.progress && !options_.progress(total_, total_)) throw std::runtime_error("check cancelled");
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

  // Near duplicates: pairs from the hash index (or every pair), joined into groups.
  void findNearDuplicates(const std::vector<int64_t>& unique) {
    NearDuplicateOptions o;
    o.hamming = options_.hamming, o.thumbnail_mad = options_.thumbnail_mad, o.threads = threads();
    const ImagePairs pairs = options_.all_pairs ? nearDuplicatesAllPairs(unique, perceptual_, o)
                                                : nearDuplicatesIndexed(unique, perceptual_, o);
    UnionFind uf(static_cast<size_t>(total_));
    for (const auto& [a, b] : pairs) uf.join(a, b);
    std::map<int64_t, std::vector<int64_t>> nearGroups;
    for (int64_t k : unique) nearGroups[uf.find(k)].push_back(k);
    std::vector<std::vector<int64_t>> near;
    for (auto& [root, members] : nearGroups)
      if (members.size() > 1) near.push_back(members);
    std::sort(near.begin(), near.end());
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

  double thresholdOf(const QualityCheck& c) const {
    const auto it = options_.thresholds.find(c.key);
    return it == options_.thresholds.end() ? c.threshold : it->second;
  }

  // What sizes and colour are judged against: the dataset's medians, and whether any
  // image has colour (by the grey check's declared threshold, so that raising the
  // user's threshold flags more images, never none).
  struct DatasetNorms {
    double area = 0, aspect = 0;
    bool colour = false;
  };
  DatasetNorms norms() const {
    std::vector<double> areas, aspects;
    DatasetNorms n;
    for (const auto& f : prints_)
      if (f.ok) {
        areas.push_back(double(f.width) * f.height), aspects.push_back(double(f.width) / f.height);
        n.colour = n.colour || f.channelSpread >= qualityCheck("grayscale")->threshold;
      }
    n.area = median(areas), n.aspect = median(aspects);
    return n;
  }

  // One check's score for an image (NaN: not judged); the key is read once per check.
  std::function<double(const Fingerprint&)> scoreOf(const std::string& key, const DatasetNorms& n) const {
    const double lowInformation = thresholdOf(*qualityCheck("low_information"));
    const double none = std::nan("");
    if (key == "blurry")  // a flat image is not blurred
      return [=](const Fingerprint& f) { return f.quality.entropy >= lowInformation ? f.quality.sharpness : none; };
    if (key == "dark") return [](const Fingerprint& f) { return double(f.quality.brightest); };
    if (key == "light") return [](const Fingerprint& f) { return double(f.quality.darkest); };
    if (key == "low_information") return [](const Fingerprint& f) { return double(f.quality.entropy); };
    if (key == "odd_aspect_ratio")
      return [=](const Fingerprint& f) { return timesMedian(double(f.width) / f.height, n.aspect); };
    if (key == "odd_size") return [=](const Fingerprint& f) { return timesMedian(double(f.width) * f.height, n.area); };
    if (key == "grayscale" && n.colour)  // only in a colour set: Fashion-MNIST is grey
      return [](const Fingerprint& f) { return double(f.channelSpread); };
    return [=](const Fingerprint&) { return none; };
  }

  std::vector<double> scores(const std::string& key, const DatasetNorms& n) const {
    const auto score = scoreOf(key, n);
    std::vector<double> out(prints_.size(), std::nan(""));
    for (size_t k = 0; k < prints_.size(); ++k)
      if (prints_[k].ok) out[k] = score(prints_[k]);
    return out;
  }

  // Each quality check: the images it flags, the most marked first.
  void checkQuality() {
    for (int64_t k = 0; k < total_; ++k) h_.unreadable += !print(k).ok;
    const DatasetNorms dataset = norms();
    for (const QualityCheck& check : qualityChecks()) {
      QualityFinding finding{check.key, thresholdOf(check), 0, {}};
      const std::vector<double> score = scores(check.key, dataset);
      std::vector<int64_t> flagged;
      for (int64_t k = 0; k < total_; ++k)
        if (!std::isnan(score[size_t(k)]) && check.flags(score[size_t(k)], finding.threshold)) flagged.push_back(k);
      std::stable_sort(flagged.begin(), flagged.end(), [&](int64_t a, int64_t b) {
        return check.above ? score[size_t(a)] > score[size_t(b)] : score[size_t(a)] < score[size_t(b)];
      });
      finding.count = static_cast<int64_t>(flagged.size());
      for (size_t i = 0; i < flagged.size() && i < options_.max_listed; ++i)
        finding.listed.push_back({ref(flagged[i]), score[size_t(flagged[i])]});
      h_.quality.push_back(std::move(finding));
    }
  }

  const DatasetSplits& splits_;
  const HealthOptions& options_;
  DatasetHealth h_;
  int64_t total_ = 0;
  std::vector<Fingerprint> prints_;
  PerceptualPrints perceptual_;
};

}  // namespace

DatasetHealth checkDatasetHealth(const DatasetSplits& splits, const HealthOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  DatasetHealth h = HealthScan(splits, options).run();
  h.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return h;
}

}  // namespace trainscope
