#include "test_fixtures.h"

#include "engine/data/fashion_mnist.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <unistd.h>
#include <atomic>

namespace fs = std::filesystem;

namespace trainscope::test {

TempDir::TempDir(const std::string& tag) {
  static std::atomic<int> counter{0};
  path_ = fs::temp_directory_path() / (tag + "-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void writeImage(const fs::path& path, const cv::Mat& img) {
  fs::create_directories(path.parent_path());
  cv::Mat bgr = img;
  if (img.channels() == 3) cv::cvtColor(img, bgr, cv::COLOR_RGB2BGR);
  std::vector<uchar> bytes;
  if (!cv::imencode(path.extension().string(), bgr, bytes)) throw std::runtime_error("cannot encode " + path.string());
  FILE* f = fopen(path.c_str(), "wb");
  fwrite(bytes.data(), 1, bytes.size(), f);
  fclose(f);
}

cv::Mat solidImage(int height, int width, cv::Vec3b rgb) {
  return cv::Mat(height, width, CV_8UC3, cv::Scalar(rgb[0], rgb[1], rgb[2]));
}

bool haveFashionMnist() { return !findFashionMnistDir().empty(); }

ExperimentConfig smallFashionExperiment(const std::string& runsDir, int64_t trainSamples, int64_t valSamples) {
  ExperimentConfig c;
  c.name = "test";
  c.seed = 7;
  c.threads = 2;
  c.epochs = 1;
  c.runs_dir = runsDir;
  c.dataset.kind = "fashion-mnist";
  c.dataset.train_subset = trainSamples;
  c.dataset.val_subset = valSamples;
  c.train_transforms = defaultTransforms(c.dataset, true);
  c.val_transforms = defaultTransforms(c.dataset, false);
  c.loader.batch_size = 32;
  c.loader.num_workers = 2;
  c.model.name = "lenet";
  c.optimizer.name = "sgd";
  c.optimizer.lr = 0.05;
  c.optimizer.momentum = 0.9;
  return c;
}

std::string sourceDir() { return TRAINSCOPE_SOURCE_DIR; }

}  // namespace trainscope::test

#include "engine/record/h5_columns.h"

#include <fstream>

namespace trainscope::test {

RunEvents followRun(TrainingSession& session, const std::function<void(const Event&, const RunEvents&)>& onEvent) {
  RunEvents r;
  for (;;) {
    const bool finished = session.waitFinished(std::chrono::milliseconds(20));
    for (const auto& e : session.events().drain()) {
      if (const auto* m = std::get_if<StepMetrics>(&e)) r.steps.push_back(*m);
      if (const auto* m = std::get_if<EpochMetrics>(&e)) r.epochs.push_back(*m);
      if (const auto* m = std::get_if<StateChanged>(&e)) r.states.push_back(m->state);
      if (const auto* m = std::get_if<RunError>(&e)) r.errors.push_back(m->message);
      if (const auto* m = std::get_if<LogLine>(&e)) r.logs.push_back(m->text);
      if (const auto* m = std::get_if<RunStarted>(&e)) r.started = *m;
      if (onEvent) onEvent(e, r);
    }
    if (finished) return r;
  }
}

std::vector<double> readH5Column(const std::string& file, const std::string& dataset) {
  return h5ReadDoubles(file, dataset);
}

nlohmann::json readJsonFile(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

}  // namespace trainscope::test
