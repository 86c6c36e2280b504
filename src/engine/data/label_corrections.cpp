#include "engine/data/label_corrections.h"

#include "engine/config/file_input.h"
#include "engine/system/atomic_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace trainscope {

namespace {
constexpr const char* kFormat = "trainscope-label-corrections";
}

void LabelCorrections::set(const LabelCorrection& c) {
  for (auto& item : items)
    if (item.sample == c.sample) {
      item = c;
      return;
    }
  items.push_back(c);
}

bool LabelCorrections::remove(const std::string& sample) {
  const auto it = std::remove_if(items.begin(), items.end(), [&](const auto& c) { return c.sample == sample; });
  const bool had = it != items.end();
  items.erase(it, items.end());
  return had;
}

const LabelCorrection* LabelCorrections::find(const std::string& sample) const {
  for (const auto& c : items)
    if (c.sample == sample) return &c;
  return nullptr;
}

LabelCorrections readLabelCorrections(const std::string& path) {
  // A regular file of sane size and depth (a FIFO would block the run's start).
  const std::string text = readRegularFile(path, kMaxJsonBytes);
  const nlohmann::json j = jsonNestingDepth(text) > kMaxJsonDepth
                               ? nlohmann::json(nlohmann::json::value_t::discarded)
                               : nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) throw std::runtime_error(path + ": not a JSON object");
  if (j.value("format", "") != kFormat) throw std::runtime_error(path + ": \"format\" must be \"" + kFormat + "\"");
  const auto list = j.find("corrections");
  if (list == j.end() || !list->is_array()) throw std::runtime_error(path + ": \"corrections\" must be a list");
  LabelCorrections c;
  for (size_t i = 0; i < list->size(); ++i) {
    const auto& e = (*list)[i];
    const std::string where = path + ": corrections[" + std::to_string(i) + "]";
    if (!e.is_object() || !e.contains("sample") || !e["sample"].is_string())
      throw std::runtime_error(where + ": needs \"sample\", the sample's file or position");
    const bool exclude = e.value("exclude", false);
    const bool relabel = e.contains("label") && e["label"].is_string() && !e["label"].get<std::string>().empty();
    if (exclude == relabel) throw std::runtime_error(where + ": needs either \"label\" (a class) or \"exclude\": true");
    c.set({e["sample"].get<std::string>(), exclude ? "" : e["label"].get<std::string>()});
  }
  return c;
}

void writeLabelCorrections(const std::string& path, const LabelCorrections& c) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& item : c.items)
    list.push_back(item.excluded() ? nlohmann::json{{"sample", item.sample}, {"exclude", true}}
                                   : nlohmann::json{{"sample", item.sample}, {"label", item.label}});
  const nlohmann::json j = {{"format", kFormat}, {"version", 1}, {"corrections", list}};
  std::string why;
  if (!writeFileAtomically(path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", &why))
    throw std::runtime_error(path + ": " + why);
}

CorrectedLabels::CorrectedLabels(std::shared_ptr<const Dataset> base, const LabelCorrections& corrections)
    : base_(std::move(base)) {
  std::unordered_map<std::string, const LabelCorrection*> bySample;
  for (const auto& c : corrections.items) bySample[c.sample] = &c;
  std::unordered_map<std::string, int64_t> classOf;
  for (size_t k = 0; k < base_->classes().size(); ++k) classOf[base_->classes()[k]] = static_cast<int64_t>(k);
  std::unordered_set<std::string> matched;
  for (int64_t i = 0; i < base_->size(); ++i) {
    int64_t label = base_->label(i);
    if (!bySample.empty()) {
      const auto it = bySample.find(base_->describe(i));
      if (it != bySample.end()) {
        matched.insert(it->first);
        if (it->second->excluded()) continue;
        const auto cls = classOf.find(it->second->label);
        if (cls == classOf.end()) {
          unmatched_.push_back(it->second->sample + " (no class \"" + it->second->label + "\")");
        } else if (cls->second != label) {
          label = cls->second;
          ++relabelled_;
        }
      }
    }
    kept_.push_back(i);
    labels_.push_back(label);
  }
  for (const auto& [sample, c] : bySample)
    if (!matched.count(sample)) unmatched_.push_back(sample);
  std::sort(unmatched_.begin(), unmatched_.end());
}

}  // namespace trainscope
