// What a search found: its best trial against the preset (the base experiment trained
// in full), and, when no trial beat it, the reasons the record shows. Sentences are
// Messages: the CLI prints them, the app translates them. No torch.
#pragma once

#include "engine/run/message.h"
#include "engine/search/search_record.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace trainscope {

struct SearchOutcome {
  int finished = 0, pruned = 0, failed = 0, unfinished = 0;
  int best = -1;  // the best trial's index (trained all epochs when any did); -1: none
  double best_value = std::nan("");
  int preset = -1;  // the preset's index; -1: not run or not finished
  double preset_value = std::nan("");
  bool beats_preset = false;
  Message verdict;
  std::vector<Message> reasons;  // why no trial beat the preset
};

SearchOutcome searchOutcome(const SearchRecord& record);
// search.json's "summary": the figures and the sentences in English.
nlohmann::json toJson(const SearchOutcome& outcome);

// "0.8731"; a value that is not a number: "-".
std::string metricText(double value);

}  // namespace trainscope
