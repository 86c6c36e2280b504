#include "engine/search/search_outcome.h"

#include "engine/record/run_library.h"
#include "engine/search/search_space.h"
#include "engine/search/successive_halving.h"

#include <cmath>
#include <cstdio>

namespace trainscope {

namespace {

constexpr const char* kContext = "trainscope::Search";

std::string trialName(const TrialRecord& t) { return std::to_string(t.index); }

// The preset's value of each searched range that it lies outside of.
void presetOutsideSpace(const SearchRecord& record, std::vector<Message>& reasons) {
  SearchSpace space;
  try {
    space = parseSearchSpace(record.space);
  } catch (const std::exception&) {
    return;
  }
  for (const auto& d : space.dimensions) {
    if (d.kind == SpaceKind::Choice) continue;
    const nlohmann::json value = fieldValue(record.base, d.field);
    if (!value.is_number()) continue;
    const double v = value.get<double>();
    if (v >= d.low && v <= d.high) continue;
    reasons.push_back(
        {kContext,
         QT_TRANSLATE_NOOP("trainscope::Search", "the preset's %1 (%2) lies outside the range searched (%3 to %4)"),
         {d.field, value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), metricText(d.low),
          metricText(d.high)}});
  }
}

void whyNot(const SearchRecord& record, const SearchOutcome& o, std::vector<Message>& reasons) {
  const int drawn = static_cast<int>(record.trials.size()) - (o.preset >= 0 ? 1 : 0);
  const int full = o.finished - (o.preset >= 0 ? 1 : 0);
  if (record.settings.halving.on && full < drawn)
    reasons.push_back(
        {kContext,
         QT_TRANSLATE_NOOP("trainscope::Search",
                           "only %1 of the %2 trials drawn trained all %3 epochs; successive halving "
                           "stopped %4 at a rung, judged by fewer epochs than the preset had"),
         {std::to_string(full), std::to_string(drawn), std::to_string(record.epochs), std::to_string(o.pruned)}});
  if (o.failed > 0)
    reasons.push_back({kContext,
                       QT_TRANSLATE_NOOP("trainscope::Search", "%1 trials failed (their logs are in trials/)"),
                       {std::to_string(o.failed)}});
  presetOutsideSpace(record, reasons);
  reasons.push_back({kContext,
                     QT_TRANSLATE_NOOP("trainscope::Search",
                                       "%1 trials over %2 settings found no better values than the preset's; more "
                                       "trials, or a narrower space around the preset's values, may"),
                     {std::to_string(drawn), std::to_string(record.space.size())}});
}

}  // namespace

std::string metricText(double value) {
  if (!std::isfinite(value)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

SearchOutcome searchOutcome(const SearchRecord& record) {
  SearchOutcome o;
  const TrialRecord* best = nullptr;
  bool bestFull = false;
  for (const auto& t : record.trials) {
    o.finished += t.status == TrialStatus::Finished;
    o.pruned += t.status == TrialStatus::Pruned;
    o.failed += t.status == TrialStatus::Failed;
    o.unfinished += !t.done();
    if (t.preset) {
      if (t.status == TrialStatus::Finished) o.preset = t.index, o.preset_value = t.best;
      continue;
    }
    // A trial that trained all its epochs outranks one stopped at a rung.
    const bool full = t.status == TrialStatus::Finished;
    if (!best || (full && !bestFull) || (full == bestFull && betterMetric(t.best, best->best, record.maximize)))
      if (std::isfinite(t.best)) best = &t, bestFull = full;
  }
  if (best) o.best = best->index, o.best_value = best->best;
  const std::string metric = record.metric_key.empty() ? record.settings.metric : record.metric_key;
  if (!best) {
    o.verdict = {kContext, QT_TRANSLATE_NOOP("trainscope::Search", "No trial measured %1."), {metric}};
    return o;
  }
  const std::string params = paramsLabel(best->params);
  if (o.preset < 0) {
    o.verdict = {kContext,
                 QT_TRANSLATE_NOOP("trainscope::Search", "The best, trial %1 (%2), reached %3 %4."),
                 {trialName(*best), params, metric, metricText(o.best_value)}};
    return o;
  }
  o.beats_preset = betterMetric(o.best_value, o.preset_value, record.maximize);
  const std::string difference = metricText(std::fabs(o.best_value - o.preset_value));
  if (o.beats_preset) {
    o.verdict = {kContext,
                 QT_TRANSLATE_NOOP("trainscope::Search",
                                   "The best, trial %1 (%2), reached %3 %4 and beat the preset's %5 by %6."),
                 {trialName(*best), params, metric, metricText(o.best_value), metricText(o.preset_value), difference}};
    return o;
  }
  o.verdict = {
      kContext,
      QT_TRANSLATE_NOOP("trainscope::Search",
                        "No trial beat the preset: the best, trial %1 (%2), reached %3 %4 against the preset's %5."),
      {trialName(*best), params, metric, metricText(o.best_value), metricText(o.preset_value)}};
  whyNot(record, o, o.reasons);
  return o;
}

nlohmann::json toJson(const SearchOutcome& o) {
  nlohmann::json reasons = nlohmann::json::array();
  for (const auto& r : o.reasons) reasons.push_back(r.english());
  auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {{"finished", o.finished},
          {"pruned", o.pruned},
          {"failed", o.failed},
          {"best_trial", o.best},
          {"best_value", number(o.best_value)},
          {"preset_trial", o.preset},
          {"preset_value", number(o.preset_value)},
          {"beats_preset", o.beats_preset},
          {"verdict", o.verdict.english()},
          {"reasons", reasons}};
}

}  // namespace trainscope
