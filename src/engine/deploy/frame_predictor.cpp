#include "engine/deploy/frame_predictor.h"

#include "engine/deploy/frame_source.h"
#include "engine/deploy/trained_model.h"
#include "engine/system/error_text.h"
#include "engine/system/threads.h"

#include <algorithm>
#include <chrono>

namespace trainscope {

struct FramePredictor::Impl {
  mutable TrainedModel m;  // forward() is not const in LibTorch
  std::string error;
};

FramePredictor::FramePredictor(const std::string& runDir, const std::string& checkpoint, int threads)
    : impl_(std::make_unique<Impl>()) {
  impl_->error = failureOf([&] {
    configureThreads(threads);
    impl_->m = loadTrainedModel(runDir, checkpoint);
    if (impl_->m.table || impl_->m.text || impl_->m.input_shape.size() != 3 || impl_->m.classes.empty())
      throw ConfigError(runDir, "the run did not train on images: a camera needs an image classifier");
  });
}

FramePredictor::~FramePredictor() = default;
bool FramePredictor::ok() const { return impl_->error.empty(); }
const std::string& FramePredictor::error() const { return impl_->error; }
const std::vector<std::string>& FramePredictor::classes() const { return impl_->m.classes; }
std::string FramePredictor::runName() const { return impl_->m.run_name; }
std::string FramePredictor::datasetRoot() const {
  return impl_->m.config.dataset.kind == "image-folder" ? impl_->m.config.dataset.root : std::string();
}

FramePrediction FramePredictor::predict(const cv::Mat& bgr) const {
  FramePrediction p;
  if (!ok()) return p.error = error(), p;
  const auto start = std::chrono::steady_clock::now();
  p.error = failureOf([&] {
    const cv::Mat pixels = framePixels(bgr, static_cast<int>(impl_->m.input_shape[0]));
    const torch::Tensor x = preprocessImage(impl_->m, pixels, "the frame");
    torch::NoGradGuard noGrad;
    p.classes = classesByProbability(impl_->m.model->forward(x)[0], impl_->m.classes);
  });
  p.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  p.ok = p.error.empty();
  return p;
}

}  // namespace trainscope
