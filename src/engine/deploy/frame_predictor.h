// An image run's trained model tried on frames (a camera's, a video file's): each frame
// preprocessed as the run's validation images were, then softmax over the classes.
// Plain C++ (no torch, no Qt); errors come back as values with a reason.
#pragma once

#include "engine/deploy/class_probability.h"

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

namespace trainscope {

struct FramePrediction {
  bool ok = false;
  std::string error;
  std::vector<ClassProbability> classes;  // every class, most probable first
  double milliseconds = 0;                // preprocessing and forward
};

class FramePredictor {
 public:
  // Loads the run's model (checkpoint as ExportRequest); error() says why when it cannot.
  explicit FramePredictor(const std::string& runDir, const std::string& checkpoint = "", int threads = 0);
  ~FramePredictor();
  bool ok() const;
  const std::string& error() const;
  const std::vector<std::string>& classes() const;
  std::string runName() const;
  // The image folder the run trained on ("" for Fashion-MNIST): where frames can be saved.
  std::string datasetRoot() const;

  // One frame, 8-bit BGR as FrameSource gives it. Not for two threads at once.
  FramePrediction predict(const cv::Mat& bgr) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trainscope
