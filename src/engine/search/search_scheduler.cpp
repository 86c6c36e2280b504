#include "engine/search/search_scheduler.h"

#include "engine/config/config.h"
#include "engine/config/config_fields.h"
#include "engine/config/problem.h"
#include "engine/run/metric_fields.h"
#include "engine/search/search_outcome.h"
#include "engine/train/best_epoch.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <random>

namespace trainscope {

namespace {

namespace fs = std::filesystem;

EarlyStoppingConfig metricChoice(const SearchSettings& s) {
  EarlyStoppingConfig choice;
  choice.metric = s.metric;
  choice.mode = s.mode;
  return choice;
}

// A metric that fits neither a classification nor a regression is refused before any
// trial trains; one of the two is resolved at the first epoch. `averaged`: the
// experiment keeps a moving average of its weights (training.ema_decay).
void checkMetric(const SearchSettings& s, bool averaged) {
  try {
    monitoredMetric(metricChoice(s), false, averaged);
    return;
  } catch (const ConfigError&) {
  }
  try {
    monitoredMetric(metricChoice(s), true, averaged);
  } catch (const ConfigError& e) {
    throw ConfigError("--metric", e.problems().empty() ? e.what() : e.problems().front().message);
  }
}

bool averagedIn(const nlohmann::json& base) {
  try {
    return parseConfig(base).training.ema_decay > 0;
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<TrialParams> drawTrials(const SearchSpace& space, const SearchSettings& s) {
  std::vector<TrialParams> out;
  if (s.sampler == "grid") {
    // Fewer trials than combinations: a seeded choice of them, so no setting stays at
    // its first values because the grid's order puts it first.
    std::vector<size_t> order(gridSize(space));
    std::iota(order.begin(), order.end(), size_t{0});
    if (order.size() > static_cast<size_t>(s.trials)) {
      std::shuffle(order.begin(), order.end(), std::mt19937_64(s.seed));
      order.resize(static_cast<size_t>(s.trials));
      std::sort(order.begin(), order.end());
    }
    for (size_t i : order) out.push_back(gridTrial(space, i));
  } else {
    for (int i = 0; i < s.trials; ++i) out.push_back(randomTrial(space, s.seed, i));
  }
  return out;
}

bool hasCheckpoint(const std::string& runDir) {
  std::error_code ec;
  return !runDir.empty() && fs::is_regular_file(fs::path(runDir) / "checkpoints" / "last.pt", ec);
}

}  // namespace

SearchRecord planSearch(const std::string& name, const std::string& created, const nlohmann::json& base,
                        const nlohmann::json& space, const SearchSettings& settings) {
  if (settings.sampler != "random" && settings.sampler != "grid")
    throw ConfigError("--sampler", "random or grid, not \"" + settings.sampler + "\"");
  if (settings.trials < 1) throw ConfigError("--trials", "at least 1");
  if (settings.parallel < 1) throw ConfigError("--parallel", "at least 1");
  if (settings.halving.on && settings.halving.eta < 2) throw ConfigError("--eta", "at least 2");
  if (settings.halving.on && settings.halving.min_epochs < 1) throw ConfigError("--min-epochs", "at least 1");
  const ExperimentConfig parsed = parseConfig(base);
  checkMetric(settings, parsed.training.ema_decay > 0);
  const SearchSpace parsedSpace = parseSearchSpace(space);
  SearchRecord r;
  r.name = name;
  r.created = created;
  r.base = base;
  r.space = toJson(parsedSpace);
  r.settings = settings;
  r.epochs = parsed.epochs;
  if (settings.halving.on && halvingRungs(settings.halving, r.epochs).empty())
    throw ConfigError("--min-epochs", "successive halving needs a rung below the " + std::to_string(r.epochs) +
                                          " epochs: lower --min-epochs or raise epochs");
  Problems problems;
  auto add = [&](TrialParams params, bool preset) {
    TrialRecord t;
    t.index = static_cast<int>(r.trials.size());
    t.preset = preset;
    t.params = std::move(params);
    try {
      trialConfig(base, t.params);
    } catch (const ConfigError& e) {
      problems.insert(problems.end(), e.problems().begin(), e.problems().end());
    }
    r.trials.push_back(std::move(t));
  };
  if (settings.preset) add(TrialParams::object(), true);
  for (auto& params : drawTrials(parsedSpace, settings)) add(std::move(params), false);
  if (!problems.empty()) throw ConfigError(problems);
  return r;
}

nlohmann::json trialExperiment(const SearchRecord& record, const TrialRecord& trial, int usableCores) {
  nlohmann::json config = trialConfig(record.base, trial.params);
  // A trial is watched by the search, which cannot press Resume: a breakpoint would
  // only stop it. Halving judges the trials.
  const std::string breakpoints = configSection(&ExperimentConfig::training, &TrainingConfig::breakpoints);
  for (const auto& field : configFields())
    if (field.section() == breakpoints) applyOverride(config, field.key + "=0");
  const std::string label = trial.preset ? "preset" : "trial " + std::to_string(trial.index);
  config[configField(&ExperimentConfig::run_name).key] = record.name + " " + label;
  const std::string threads = configField(&ExperimentConfig::threads).key;
  const int parallel = record.settings.parallel;
  if (parallel > 1 && usableCores > 0 && config.value(threads, 0) == 0)
    config[threads] = std::max(1, usableCores / parallel);
  return config;
}

SearchScheduler::SearchScheduler(SearchRecord record) : record_(std::move(record)) {
  for (auto& t : record_.trials)
    if (t.status == TrialStatus::Running) t.status = t.pruned_at > 0 ? TrialStatus::Pruned : TrialStatus::Interrupted;
  record_.state = done() ? "finished" : "running";
}

TrialRecord& SearchScheduler::at(int index) {
  for (auto& t : record_.trials)
    if (t.index == index) return t;
  throw std::out_of_range("no trial " + std::to_string(index));
}

const TrialRecord& SearchScheduler::trial(int index) const { return const_cast<SearchScheduler*>(this)->at(index); }

std::optional<TrialStart> SearchScheduler::next(int running, int usableCores) {
  if (stopping_ || running >= record_.settings.parallel) return std::nullopt;
  // The interrupted first, so a resumed search finishes what it began.
  for (TrialStatus wanted : {TrialStatus::Interrupted, TrialStatus::Queued})
    for (auto& t : record_.trials) {
      if (t.status != wanted) continue;
      TrialStart start;
      start.index = t.index;
      if (wanted == TrialStatus::Interrupted && hasCheckpoint(t.run_dir)) {
        start.resume_dir = t.run_dir;
      } else {  // begun afresh: what it measured before does not count
        t.run_dir.clear();
        t.rungs.clear();
        t.curve.clear();
        t.best = std::nan("");
        t.best_epoch = 0;
        start.config = trialExperiment(record_, t, usableCores);
      }
      t.status = TrialStatus::Running;
      t.message.clear();
      return start;
    }
  return std::nullopt;
}

void SearchScheduler::started(int index, const std::string& runDir) { at(index).run_dir = runDir; }

void SearchScheduler::resolveMetric(const EpochMetrics& e) {
  if (!record_.metric_key.empty()) return;
  // A regression reports its errors (NaN for a classification); R² alone is NaN when
  // the validation targets are all alike. Whether weights are averaged is the experiment's.
  const bool regression = std::isfinite(e.val_mae) || std::isfinite(e.val_r2) || std::isinf(e.val_mae);
  try {
    const MonitoredMetric m = monitoredMetric(metricChoice(record_.settings), regression, averagedIn(record_.base));
    record_.metric_key = m.key;
    record_.maximize = m.maximize;
  } catch (const ConfigError&) {  // checked at the start for one of the two tasks; this is the other
    const MonitoredMetric m = monitoredMetric(EarlyStoppingConfig{}, regression);
    record_.metric_key = m.key;
    record_.maximize = m.maximize;
  }
}

EpochVerdict SearchScheduler::epochEnded(int index, const EpochMetrics& e) {
  resolveMetric(e);
  TrialRecord& t = at(index);
  EpochVerdict verdict;
  verdict.epoch = e.epoch;
  const auto* column = metricColumn<EpochMetrics>(record_.metric_key);
  verdict.value = column ? column->get(e) : std::nan("");
  if (e.epoch >= 1) {
    if (t.curve.size() < static_cast<size_t>(e.epoch)) t.curve.resize(static_cast<size_t>(e.epoch), std::nan(""));
    t.curve[static_cast<size_t>(e.epoch - 1)] = verdict.value;
  }
  if (betterMetric(verdict.value, t.best, record_.maximize)) t.best = verdict.value, t.best_epoch = e.epoch;
  // Every rung up to this epoch, a rung a killed search never judged included (its
  // value is in the curve); a pruned trial's later epochs are kept but judged no more.
  for (int64_t rung : halvingRungs(record_.settings.halving, record_.epochs)) {
    if (rung > e.epoch || t.pruned_at > 0 || t.rungs.count(rung)) continue;
    const double value = rung == e.epoch                               ? verdict.value
                         : static_cast<size_t>(rung) <= t.curve.size() ? t.curve[static_cast<size_t>(rung - 1)]
                                                                       : std::nan("");
    if (rung != e.epoch && !std::isfinite(value)) continue;  // never seen: nothing to judge by
    std::vector<double> earlier;
    for (const auto& other : record_.trials)
      if (other.index != index && other.rungs.count(rung)) earlier.push_back(other.rungs.at(rung));
    t.rungs[rung] = value;
    // The preset sets the bar at each rung but always trains in full: it is what the search must beat.
    if (t.preset) continue;
    verdict.at_rung = true;
    verdict.rung_epoch = rung;
    verdict.rung = judgeAtRung(earlier, value, record_.settings.halving.eta, record_.maximize);
    if (verdict.rung.stop) t.pruned_at = rung;
  }
  return verdict;
}

void SearchScheduler::ended(int index, int exitCode, const std::string& message) {
  TrialRecord& t = at(index);
  if (t.pruned_at > 0) {
    t.status = TrialStatus::Pruned;
  } else if (exitCode == 0) {
    t.status = TrialStatus::Finished;
  } else if (exitCode == 130 || stopping_) {
    t.status = TrialStatus::Interrupted;
  } else {
    t.status = TrialStatus::Failed;
    t.message = message;
  }
}

void SearchScheduler::notStarted(int index) {
  TrialRecord& t = at(index);
  t.status = t.run_dir.empty() ? TrialStatus::Queued : TrialStatus::Interrupted;
}

void SearchScheduler::stop() { stopping_ = true; }

bool SearchScheduler::done() const {
  return std::all_of(record_.trials.begin(), record_.trials.end(), [](const auto& t) { return t.done(); });
}

void SearchScheduler::close() {
  record_.state = done() ? "finished" : "stopped";
  if (done()) record_.summary = toJson(searchOutcome(record_));
}

}  // namespace trainscope
