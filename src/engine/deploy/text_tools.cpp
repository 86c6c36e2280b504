#include "engine/deploy/text_tools.h"

#include "engine/data/text_dataset.h"
#include "engine/deploy/trained_model.h"
#include "engine/system/error_text.h"
#include "engine/system/threads.h"

#include <algorithm>

namespace trainscope {

struct TextPredictor::Impl {
  mutable TrainedModel m;  // forward() is not const in LibTorch
  std::string error;
  bool badInput = false;
};

TextPredictor::TextPredictor(const std::string& runDir, const std::string& checkpoint, int threads)
    : impl_(std::make_unique<Impl>()) {
  impl_->error = failureOf(
      [&] {
        configureThreads(threads);
        impl_->m = loadTrainedModel(runDir, checkpoint);
        if (!impl_->m.text) throw ConfigError(runDir, "the run did not train on text");
      },
      &impl_->badInput);
}

TextPredictor::~TextPredictor() = default;
bool TextPredictor::ok() const { return impl_->error.empty(); }
const std::string& TextPredictor::error() const { return impl_->error; }
bool TextPredictor::badInput() const { return impl_->badInput; }

TextPrediction TextPredictor::predict(const std::string& utf8) const {
  TextPrediction p;
  if (!ok()) return p.error = error(), p;
  p.error = failureOf([&] {
    const TextEncoding& e = *impl_->m.text;
    const std::vector<int32_t> ids = e.encode(utf8);
    if (ids.empty()) throw BadInput("an empty document: no " + e.tokenizer + " to read");
    for (int32_t id : ids) p.tokens.push_back(e.vocabulary.tokens.at(static_cast<size_t>(id)));
    torch::NoGradGuard noGrad;
    const torch::Tensor x = torch::tensor(std::vector<int64_t>(ids.begin(), ids.end()), torch::kInt64).unsqueeze(0);
    p.classes = classesByProbability(impl_->m.model->forward(x)[0], impl_->m.classes);
    p.predicted = p.classes.front().label;
  });
  p.ok = p.error.empty();
  return p;
}

TextPrediction TextPredictor::predictFile(const std::string& path) const {
  std::string error;
  const std::string text = readTextDocument(path, kMaxDocumentBytes, &error);
  if (!error.empty()) {
    TextPrediction p;
    p.error = path + ": " + error;
    return p;
  }
  TextPrediction p = predict(text);
  if (!p.ok) p.error = path + ": " + p.error;
  return p;
}

}  // namespace trainscope
