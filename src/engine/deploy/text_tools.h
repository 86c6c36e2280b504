// The engine's face for a text run's trained model: the classes of a document typed in
// (the app's "try it") or of .txt files (trainscope-cli predict). A document is
// tokenised and mapped with the run's own tokenizer and vocabulary (run.json's "text").
// Plain C++ (no torch, no Qt); errors come back as values with a reason.
#pragma once

#include "engine/deploy/class_probability.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace trainscope {

struct TextPrediction {
  bool ok = false;
  std::string error;
  std::string predicted;
  std::vector<ClassProbability> classes;  // most probable first
  std::vector<std::string> tokens;        // as the model read them (<unk> for unknown words)
};

class TextPredictor {
 public:
  // Loads the run's model (checkpoint as ExportRequest); error() says why when it cannot.
  explicit TextPredictor(const std::string& runDir, const std::string& checkpoint = "", int threads = 0);
  ~TextPredictor();
  bool ok() const;
  const std::string& error() const;
  bool badInput() const;

  TextPrediction predict(const std::string& utf8) const;
  // A .txt file's document, read as a text folder's are (binary or non-UTF-8 refused).
  TextPrediction predictFile(const std::string& path) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trainscope
