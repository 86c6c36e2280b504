// The engine's face for a trained run's model: export it (TorchScript, ONNX) and try it
// on images. Plain C++ (no torch, no Qt); errors come back as values with a reason.
#pragma once

#include "engine/deploy/class_probability.h"
#include "engine/run/events.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace trainscope {

struct ExportRequest {
  std::string run_dir;
  std::string format = "torchscript";  // torchscript | onnx
  std::string out;                     // the model file; its preprocessing goes beside it as <out>.json
  std::string checkpoint;              // empty = the run's model (best.pt, as loadTrainedModel)
  std::string example;                 // optional HDF5 file: a test batch and the engine's logits for it
  int threads = 0;                     // LibTorch threads; 0 = all cores
};

struct ExportResult {
  bool ok = false;
  std::string error;
  bool bad_input = false;  // the run's files or the request were at fault (exit code 2)
  std::string model_path, preprocessing_path;
  std::string checkpoint;    // the weights exported
  bool average = false;      // the checkpoint's moving average of the weights (training.ema_decay)
  double max_abs_diff = -1;  // TorchScript: the exported module against the engine; over 1e-4 fails
};

ExportResult exportModel(const ExportRequest& request);

struct Prediction {
  bool ok = false;
  std::string error;
  bool bad_input = false;  // the image or the run could not be used (exit code 2)
  std::string image;
  std::vector<ClassProbability> top;  // most probable first
  // The input the model saw, undone back to pixels (Normalize reversed), for showing:
  // 8-bit, height x width x channels (1 or 3, RGB).
  std::vector<uint8_t> input_pixels;
  int input_channels = 0, input_height = 0, input_width = 0;
};

// Top-k classes of each image for the run's model (checkpoint as ExportRequest).
// One bad image is one failed Prediction; a run that cannot load fails them all.
std::vector<Prediction> predictImages(const std::string& runDir, const std::vector<std::string>& images, int k = 5,
                                      const std::string& checkpoint = "", int threads = 0);

// Grad-CAM (Selvaraju et al. 2017): where in an image the evidence for a class lies,
// from the gradients of that class's score at the last layer with a spatial map.
struct GradCamResult {
  bool ok = false;
  std::string error;
  std::string layer;                  // the layer explained
  int target = 0;                     // the class explained
  std::vector<ClassProbability> top;  // the model's top 3 for the image
  Picture input;                      // the image as the model saw it
  Picture heat;                       // 8-bit greyscale at the input's size, 255 = most evidence
  std::string checkpoint;             // the weights used
  double seconds = 0;
};

// Explains dataset images with a run's weights: its checkpoint ("last" by default, the
// weights the last epoch's predictions came from), loaded into a model of its own, so a
// training run is never paused or touched; reloaded when the checkpoint file changes.
// Use from one thread at a time.
class GradCamExplainer {
 public:
  explicit GradCamExplainer(std::string runDir, std::string checkpoint = "last");
  ~GradCamExplainer();
  // `image` as Dataset::load gives it; `target` -1 explains the predicted class. Never throws.
  GradCamResult explain(const cv::Mat& image, int target = -1);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trainscope
