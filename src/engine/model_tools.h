// The engine's face for a trained run's model: export it (TorchScript, ONNX) and try it
// on images. Plain C++ (no torch, no Qt); errors come back as values with a reason.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

struct ExportRequest {
  std::string run_dir;
  std::string format = "torchscript";  // torchscript | onnx
  std::string out;                     // the model file; its preprocessing goes beside it as <out>.json
  std::string checkpoint;              // empty = best.pt when present, else last.pt
  std::string example;                 // optional HDF5 file: a test batch and the engine's logits for it
  int threads = 0;                     // LibTorch threads; 0 = all cores
};

struct ExportResult {
  bool ok = false;
  std::string error;
  std::string model_path, preprocessing_path;
  std::string checkpoint;    // the weights exported
  double max_abs_diff = -1;  // TorchScript: the exported module against the engine; over 1e-4 fails
};

ExportResult exportModel(const ExportRequest& request);

struct ClassProbability {
  int index = 0;
  std::string label;
  double probability = 0;
};

struct Prediction {
  bool ok = false;
  std::string error;
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

}  // namespace trainscope
