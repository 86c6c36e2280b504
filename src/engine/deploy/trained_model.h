// A run's trained model, ready to use: rebuilt from run.json, weights from a
// checkpoint, in eval() mode on the CPU, with the preprocessing it was validated with.
#pragma once

#include "engine/config/config.h"
#include "engine/data/table_encoding.h"
#include "engine/data/text_encoding.h"
#include "engine/deploy/class_probability.h"
#include "engine/models/layer_stack.h"

#include <torch/torch.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

namespace trainscope {

struct TrainedModel {
  std::string run_dir, run_name;
  std::string checkpoint;  // the file the weights came from
  bool average = false;    // they are its moving average of the weights (training.ema_decay)
  ExperimentConfig config;
  std::vector<std::string> classes;            // empty for a table's regression
  std::vector<int64_t> input_shape;            // [channels, height, width]; a table's [features]
  std::shared_ptr<const TableEncoding> table;  // a table's run: how its rows become features
  std::shared_ptr<const TextEncoding> text;    // a text run: its tokenizer and vocabulary
  std::vector<TransformSpec> pipeline;         // the validation transforms (pitfalls applied)
  LayerStack model{nullptr};
};

// Loads `checkpoint` ("best", "last", a file name in checkpoints/ or a path); empty
// means the run's model: best.pt when the run has one (unless early stopping ran with
// restore_best off), else last.pt. The weights are the checkpoint's moving average
// when the run kept one and chose its best epoch by it (training.ema_decay, an ema_
// metric). Throws ConfigError with a readable
// reason when the run or checkpoint cannot be used.
TrainedModel loadTrainedModel(const std::string& runDir, const std::string& checkpoint = "");

// An image file as the model's input [1, C, H, W]: decoded as the dataset decodes
// (RGB or grayscale), then the validation transforms; an image of another size than
// the run's (a photo for a Fashion-MNIST model) is first resized to the input size.
// Throws std::runtime_error naming the file when it cannot be read, ConfigError for a
// table's model.
torch::Tensor preprocessImageFile(const TrainedModel& m, const std::string& path);
// The same for an image already decoded (a dataset sample); `what` names it in errors.
torch::Tensor preprocessImage(const TrainedModel& m, const cv::Mat& pixels, const std::string& what);

// One sample's logits [classes] as every class with its softmax probability, most
// probable first (ties keep the class order).
std::vector<ClassProbability> classesByProbability(const torch::Tensor& logits,
                                                   const std::vector<std::string>& classes);

// What a user needs to feed the model from Python or OpenCV: input shape, channel
// order, scaling, mean/std, the validation transforms by torchvision's names, classes.
nlohmann::json preprocessingJson(const TrainedModel& m);

}  // namespace trainscope
