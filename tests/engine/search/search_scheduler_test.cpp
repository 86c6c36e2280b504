// The search's scheduler without processes: the preset first, slots kept full,
// successive halving pruning the weaker trials, a killed search's record resuming
// with its finished trials kept, and the outcome against the preset.
#include "engine/search/search_scheduler.h"
#include "engine/config/config.h"
#include "engine/config/problem.h"
#include "engine/search/search_outcome.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

namespace trainscope {
namespace {

SearchSettings settings(bool halving) {
  SearchSettings s;
  s.trials = 6;
  s.seed = 3;
  s.parallel = 2;
  s.halving = {halving, 1, 3};
  return s;
}

nlohmann::json baseExperiment() {
  ExperimentConfig c = test::smallFashionExperiment("/tmp/trainscope-search-test-runs");
  c.epochs = 9;
  c.threads = 0;
  c.optimizer.lr = 0.01;
  return toJson(c);
}

nlohmann::json lrSpace() { return nlohmann::json::parse(R"({"optimizer.lr": {"log_uniform": [1e-4, 1.0]}})"); }

EpochMetrics epoch(int64_t n, double accuracy) {
  EpochMetrics e;
  e.epoch = n;
  e.val_accuracy = accuracy;
  return e;
}

// What a trial reaches: better the closer its rate is to 0.03, and better with epochs.
double accuracyOf(const TrialRecord& t, int64_t epoch) {
  const double lr = t.params.contains("optimizer.lr") ? t.params["optimizer.lr"].get<double>() : 0.01;
  return 0.9 - 0.05 * std::fabs(std::log10(lr / 0.03)) - 0.1 / static_cast<double>(epoch);
}

// Trains every trial to its end, `parallel` at a time, one epoch per turn.
void runAll(SearchScheduler& s, int stopAfterEnds = -1) {
  std::vector<std::pair<int, int64_t>> running;  // trial, epochs done
  int ends = 0;
  for (;;) {
    while (auto start = s.next(static_cast<int>(running.size()), 2)) {
      s.started(start->index,
                start->resume_dir.empty() ? "/runs/trial" + std::to_string(start->index) : start->resume_dir);
      int64_t done = static_cast<int64_t>(s.trial(start->index).curve.size());
      running.emplace_back(start->index, start->resume_dir.empty() ? 0 : done);
    }
    if (running.empty()) return;
    auto [index, done] = running.front();
    running.erase(running.begin());
    ++done;
    const auto verdict = s.epochEnded(index, epoch(done, accuracyOf(s.trial(index), done)));
    if ((verdict.at_rung && verdict.rung.stop) || done == 9) {
      s.ended(index, verdict.rung.stop ? 130 : 0, "");
      if (++ends == stopAfterEnds) return;
    } else {
      running.emplace_back(index, done);
    }
  }
}

TEST(SearchScheduler, PlansThePresetAndTheDrawsAndRefusesBadOnes) {
  const SearchRecord r = planSearch("s", "now", baseExperiment(), lrSpace(), settings(true));
  ASSERT_EQ(r.trials.size(), 7u);
  EXPECT_TRUE(r.trials[0].preset);
  EXPECT_TRUE(r.trials[0].params.empty());
  EXPECT_EQ(r.epochs, 9);
  SearchSettings wrong = settings(true);
  wrong.sampler = "bayes";
  EXPECT_THROW(planSearch("s", "now", baseExperiment(), lrSpace(), wrong), ConfigError);
  wrong = settings(true);
  wrong.metric = "val_nonsense";
  EXPECT_THROW(planSearch("s", "now", baseExperiment(), lrSpace(), wrong), ConfigError);
  nlohmann::json shortRun = baseExperiment();
  shortRun["epochs"] = 1;  // no rung below one epoch
  EXPECT_THROW(planSearch("s", "now", shortRun, lrSpace(), settings(true)), ConfigError);
  EXPECT_THROW(
      planSearch("s", "now", baseExperiment(), nlohmann::json::parse(R"({"optimizer.lr": [-1]})"), settings(false)),
      ConfigError);
}

TEST(SearchScheduler, KeepsSlotsFullAndNamesTrials) {
  SearchScheduler s(planSearch("fashion-search", "now", baseExperiment(), lrSpace(), settings(false)));
  auto a = s.next(0, 2), b = s.next(1, 2);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(s.next(2, 2));
  EXPECT_EQ(a->index, 0);
  EXPECT_EQ(a->config["run_name"], "fashion-search preset");
  EXPECT_EQ(b->config["run_name"], "fashion-search trial 1");
  EXPECT_EQ(b->config["threads"], 1);  // two at once share the two cores
}

TEST(SearchScheduler, HalvingPrunesTheWeakerAndTheBestBeatsThePreset) {
  SearchScheduler s(planSearch("s", "now", baseExperiment(), lrSpace(), settings(true)));
  runAll(s);
  ASSERT_TRUE(s.done());
  s.close();
  const SearchRecord& r = s.record();
  EXPECT_EQ(r.state, "finished");
  EXPECT_EQ(r.metric_key, "val_accuracy");
  int pruned = 0;
  for (const auto& t : r.trials) {
    if (t.status == TrialStatus::Pruned) {
      ++pruned;
      EXPECT_TRUE(t.pruned_at == 1 || t.pruned_at == 3);
      EXPECT_EQ(static_cast<int64_t>(t.curve.size()), t.pruned_at);
    }
    EXPECT_FALSE(t.preset && t.status != TrialStatus::Finished);
  }
  EXPECT_GT(pruned, 0);
  const SearchOutcome o = searchOutcome(r);
  EXPECT_EQ(o.finished + o.pruned, 7);
  ASSERT_GE(o.best, 1);
  // The best trial's rate is nearer 0.03 than the preset's 0.01 exactly when it beats it.
  const double lr = r.trials[static_cast<size_t>(o.best)].params["optimizer.lr"].get<double>();
  EXPECT_EQ(o.beats_preset, std::fabs(std::log10(lr / 0.03)) < std::fabs(std::log10(0.01 / 0.03)));
  EXPECT_EQ(o.beats_preset, o.reasons.empty());
  EXPECT_NE(o.verdict.english().find("preset"), std::string::npos);
  EXPECT_EQ(r.summary["best_trial"], o.best);
}

TEST(SearchScheduler, AKilledSearchResumesWithoutLosingAFinishedTrial) {
  test::TempDir dir;
  SearchScheduler first(planSearch("s", "now", baseExperiment(), lrSpace(), settings(true)));
  runAll(first, 3);  // killed after three trials ended; others were training
  std::string why;
  ASSERT_TRUE(saveSearchRecord(dir.str(), first.record(), &why)) << why;
  const SearchRecord saved = loadSearchRecord(dir.str());
  std::vector<int> doneBefore;
  for (const auto& t : saved.trials)
    if (t.done()) doneBefore.push_back(t.index);
  ASSERT_EQ(doneBefore.size(), 3u);

  SearchScheduler resumed(saved);
  int interrupted = 0;
  for (const auto& t : resumed.record().trials) interrupted += t.status == TrialStatus::Interrupted;
  EXPECT_GT(interrupted, 0);
  // An interrupted trial without a checkpoint in its (here imaginary) folder begins afresh.
  auto start = resumed.next(0, 2);
  ASSERT_TRUE(start);
  EXPECT_TRUE(start->resume_dir.empty());
  EXPECT_TRUE(resumed.trial(start->index).curve.empty());
  resumed.ended(start->index, 130, "");  // put it back
  runAll(resumed);
  ASSERT_TRUE(resumed.done());
  for (int index : doneBefore) {
    const auto& before = saved.trials[static_cast<size_t>(index)];
    const auto& after = resumed.trial(index);
    EXPECT_EQ(after.status, before.status);
    EXPECT_EQ(after.curve, before.curve);
    EXPECT_EQ(after.run_dir, before.run_dir);
  }
}

TEST(SearchScheduler, AnInterruptedTrialWithACheckpointIsResumed) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "checkpoints");
  std::ofstream(dir.path() / "checkpoints" / "last.pt") << "x";
  SearchRecord r = planSearch("s", "now", baseExperiment(), lrSpace(), settings(false));
  r.trials[0].status = TrialStatus::Running;
  r.trials[0].run_dir = dir.str();
  r.trials[0].curve = {0.5, 0.6};
  SearchScheduler s(r);
  auto start = s.next(0, 2);
  ASSERT_TRUE(start);
  EXPECT_EQ(start->index, 0);
  EXPECT_EQ(start->resume_dir, dir.str());
  EXPECT_EQ(s.trial(0).curve.size(), 2u);
}

TEST(SearchScheduler, SaysWhyWhenNoTrialBeatsThePreset) {
  SearchScheduler s(planSearch("s", "now", baseExperiment(),
                               nlohmann::json::parse(R"({"optimizer.lr": {"log_uniform": [0.5, 1.0]}})"),
                               settings(true)));
  runAll(s);
  s.close();
  const SearchOutcome o = searchOutcome(s.record());
  EXPECT_FALSE(o.beats_preset);
  ASSERT_FALSE(o.reasons.empty());
  bool outside = false;
  for (const auto& m : o.reasons) outside = outside || m.english().find("outside the range") != std::string::npos;
  EXPECT_TRUE(outside) << o.reasons.front().english();
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {

TEST(SearchScheduler, ARegressionIsKnownByItsErrorsEvenWithoutR2) {
  SearchScheduler s(planSearch("s", "now", baseExperiment(), lrSpace(), settings(false)));
  auto start = s.next(0, 2);
  ASSERT_TRUE(start);
  EpochMetrics e = epoch(1, 0);
  e.val_mae = 0.4;  // all targets alike: R² is not a number, the errors are
  s.epochEnded(start->index, e);
  EXPECT_EQ(s.record().metric_key, "val_r2");
}

TEST(SearchScheduler, ARungAKilledSearchMissedIsJudgedFromTheCurve) {
  SearchRecord r = planSearch("s", "now", baseExperiment(), lrSpace(), settings(true));
  r.trials[0].status = TrialStatus::Finished;
  r.trials[0].rungs = {{1, 0.8}};
  r.trials[1].status = TrialStatus::Finished;
  r.trials[1].rungs = {{1, 0.7}};
  r.trials[2].status = TrialStatus::Running;  // killed after its first epoch, before the search judged it
  r.trials[2].curve = {0.1};
  r.metric_key = "val_accuracy";
  SearchScheduler s(r);
  const auto verdict = s.epochEnded(2, epoch(2, 0.2));  // its resumed run's next epoch
  EXPECT_TRUE(verdict.at_rung);
  EXPECT_EQ(verdict.rung_epoch, 1);
  EXPECT_TRUE(verdict.rung.stop);
  EXPECT_EQ(s.trial(2).pruned_at, 1);
}

TEST(SearchScheduler, ARungReachedWhileStoppingIsStillJudged) {
  SearchScheduler s(planSearch("s", "now", baseExperiment(), lrSpace(), settings(true)));
  auto a = s.next(0, 2), b = s.next(1, 2);
  s.epochEnded(a->index, epoch(1, 0.8));
  s.stop();
  EXPECT_TRUE(s.epochEnded(b->index, epoch(1, 0.1)).rung.stop);
  s.ended(b->index, 130, "");
  EXPECT_EQ(s.trial(b->index).status, TrialStatus::Pruned);
}

TEST(SearchScheduler, AGridWithFewerTrialsThanCombinationsSpreadsOverThem) {
  SearchSettings s = settings(false);
  s.sampler = "grid";
  s.trials = 4;
  s.preset = false;
  const SearchRecord r = planSearch(
      "s", "now", baseExperiment(),
      nlohmann::json::parse(R"({"loader.batch_size": [32, 64, 128], "optimizer.lr": [0.1, 0.01, 0.001]})"), s);
  ASSERT_EQ(r.trials.size(), 4u);
  std::set<std::string> batches, labels;
  for (const auto& t : r.trials) {
    batches.insert(t.params["loader.batch_size"].dump());
    labels.insert(paramsLabel(t.params));
  }
  EXPECT_GT(batches.size(), 1u);  // not the first batch size four times
  EXPECT_EQ(labels.size(), 4u);
}

}  // namespace
}  // namespace trainscope
