// Shared helpers for the engine tests: temporary folders, generated image folders,
// and a small seeded Fashion-MNIST experiment.
#pragma once

#include "engine/config/config.h"

#include <opencv2/core.hpp>

#include <filesystem>
#include <string>

namespace trainscope::test {

// A fresh folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  explicit TempDir(const std::string& tag = "trainscope-test");
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// Writes an image with OpenCV (RGB input; the file is written as the extension says).
void writeImage(const std::filesystem::path& path, const cv::Mat& rgbOrGray);
// A solid RGB image.
cv::Mat solidImage(int height, int width, cv::Vec3b rgb);

bool haveFashionMnist();
// A quick experiment: LeNet on a seeded Fashion-MNIST subset, written under runsDir.
ExperimentConfig smallFashionExperiment(const std::string& runsDir, int64_t trainSamples = 512,
                                        int64_t valSamples = 256);

std::string sourceDir();

}  // namespace trainscope::test

#include "engine/session.h"

#include <functional>
#include <vector>

namespace trainscope::test {

// What a session published, collected until it ended.
struct RunEvents {
  std::vector<StepMetrics> steps;
  std::vector<EpochMetrics> epochs;
  std::vector<RunState> states;
  std::vector<std::string> errors;
  std::vector<std::string> logs;
  RunStarted started;
  RunState finalState() const { return states.empty() ? RunState::Starting : states.back(); }
};

// Drains events until the run ends, calling onEvent for each (it may command the session).
RunEvents followRun(TrainingSession& session, const std::function<void(const Event&, const RunEvents&)>& onEvent = {});

// A 1-D dataset of metrics.h5 read with the HDF5 C API (SWMR read), as doubles.
std::vector<double> readH5Column(const std::string& file, const std::string& dataset);

nlohmann::json readJsonFile(const std::string& path);

}  // namespace trainscope::test
