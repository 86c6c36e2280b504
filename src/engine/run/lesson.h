// One-click lessons from PyTorch practice (resources/lessons/*.json): an experiment in
// the usual JSON plus a "lesson" section with its explanation (English and Simplified
// Chinese), the variants to run, and the curves to compare. No torch, no Qt.
#pragma once

#include "engine/config/config.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace trainscope {

struct LessonRun {
  std::string label;   // "cosine", "forgot zero_grad", ...
  nlohmann::json set;  // the overrides this variant makes, dotted keys
  ExperimentConfig config;
};

struct Lesson {
  std::string file;
  int number = 0;
  std::map<std::string, std::string> title, explanation;  // language ("en", "zh_CN") -> text
  std::vector<std::string> metrics;  // curves to compare: loss, val_accuracy, val_loss, ..., grad_norm
  std::string x = "step";            // step | epoch | time
  bool log_scale = false;
  std::vector<LessonRun> runs;

  // The text in `language` ("zh_CN"), else in English.
  std::string titleIn(const std::string& language) const;
  std::string explanationIn(const std::string& language) const;
};

// Reads and validates a lesson: every field of the lesson section and every variant's
// resolved experiment. Throws ConfigError listing each problem with its field path
// ("lesson.runs[1].set.optimizer.lrr: ...").
Lesson loadLesson(const std::string& path);
// Every lesson in a folder, by number; files that do not load are reported in
// `problems` ({file, message}) and left out.
std::vector<Lesson> loadLessons(const std::string& dir, Problems* problems = nullptr);
// The curves a lesson may name.
const std::vector<std::string>& lessonMetrics();

}  // namespace trainscope
