// The search space: parsing with the field named on every mistake, the random
// sampler's draws (inside the ranges, the same for a seed, log-uniform spread), the
// grid's combinations, and successive halving's rungs and verdicts.
#include "engine/search/search_space.h"
#include "engine/config/config.h"
#include "engine/config/problem.h"
#include "engine/record/checkpoint_ring.h"
#include "engine/search/successive_halving.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

namespace trainscope {
namespace {

nlohmann::json space() {
  return nlohmann::json::parse(R"({
    "optimizer.lr": {"log_uniform": [1e-4, 1e-1]},
    "optimizer.weight_decay": {"uniform": [0, 0.01]},
    "loader.batch_size": [32, 64, 128],
    "optimizer.name": {"choice": ["sgd", "adam"]},
    "epochs": {"int": [1, 4]}
  })");
}

std::string problemField(const nlohmann::json& j) {
  try {
    parseSearchSpace(j);
  } catch (const ConfigError& e) {
    return e.problems().at(0).field;
  }
  return "";
}

TEST(SearchSpace, ParsesEveryKind) {
  const SearchSpace s = parseSearchSpace(space());
  ASSERT_EQ(s.dimensions.size(), 5u);
  for (const auto& d : s.dimensions) {
    if (d.field == "optimizer.lr") {
      EXPECT_EQ(d.kind, SpaceKind::LogUniform);
    } else if (d.field == "loader.batch_size") {
      EXPECT_TRUE(d.integer && d.kind == SpaceKind::Choice && d.numeric());
    } else if (d.field == "optimizer.name") {
      EXPECT_FALSE(d.numeric());
    } else if (d.field == "epochs") {
      EXPECT_EQ(d.kind, SpaceKind::Int);
    }
  }
  EXPECT_EQ(parseSearchSpace(toJson(s)).dimensions.size(), 5u);
}

TEST(SearchSpace, NamesTheFieldOfEveryMistake) {
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lrr": [1]})")), "space: optimizer.lrr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lr": {"log_uniform": [0, 1]}})")), "space: optimizer.lr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lr": {"uniform": [1, 1]}})")), "space: optimizer.lr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lr": {"choice": []}})")), "space: optimizer.lr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lr": 0.1})")), "space: optimizer.lr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"optimizer.lr": {"normal": [0, 1]}})")), "space: optimizer.lr");
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"run_name": ["a", "b"]})")), "space: run_name");
  EXPECT_EQ(problemField(nlohmann::json::parse("[]")), "space");
}

TEST(SearchSpace, RandomTrialsStayInsideAndRepeatForASeed) {
  const SearchSpace s = parseSearchSpace(space());
  int belowMillis = 0, aboveCenti = 0;
  std::set<std::string> names;
  for (int i = 0; i < 400; ++i) {
    const TrialParams p = randomTrial(s, 7, i);
    EXPECT_EQ(p, randomTrial(s, 7, i));
    const double lr = p["optimizer.lr"].get<double>();
    ASSERT_GE(lr, 1e-4);
    ASSERT_LE(lr, 1e-1);
    belowMillis += lr < 1e-3;
    aboveCenti += lr > 1e-2;
    EXPECT_TRUE(p["loader.batch_size"].is_number_integer());
    const int64_t epochs = p["epochs"].get<int64_t>();
    EXPECT_TRUE(epochs >= 1 && epochs <= 4);
    names.insert(p["optimizer.name"].get<std::string>());
  }
  // Log-uniform: each decade of the three holds about a third of the draws.
  EXPECT_NEAR(belowMillis, 133, 40);
  EXPECT_NEAR(aboveCenti, 133, 40);
  EXPECT_EQ(names.size(), 2u);
  EXPECT_NE(randomTrial(s, 7, 0), randomTrial(s, 8, 0));
  // Three significant digits, as a person types them.
  const double lr = randomTrial(s, 7, 3)["optimizer.lr"].get<double>();
  const double scaled = lr / std::pow(10.0, std::floor(std::log10(lr)) - 2);
  EXPECT_NEAR(scaled, std::round(scaled), 1e-6);
}

TEST(SearchSpace, GridCoversEveryCombinationOnce) {
  const SearchSpace s = parseSearchSpace(nlohmann::json::parse(
      R"({"optimizer.lr": {"log_uniform": [1e-3, 1e-1], "grid": 3}, "loader.batch_size": [32, 64]})"));
  ASSERT_EQ(gridSize(s), 6u);
  std::set<std::string> seen;
  for (size_t i = 0; i < 6; ++i) seen.insert(paramsLabel(gridTrial(s, i)));
  EXPECT_EQ(seen.size(), 6u);
  EXPECT_TRUE(seen.count("loader.batch_size=64 optimizer.lr=0.01")) << *seen.begin();
}

TEST(SearchSpace, TrialConfigAppliesAndValidates) {
  const nlohmann::json base = toJson(test::smallFashionExperiment("/tmp/trainscope-search-test-runs"));
  TrialParams p = TrialParams::object();
  p["optimizer.lr"] = 0.05;
  EXPECT_DOUBLE_EQ(trialConfig(base, p)["optimizer"]["lr"].get<double>(), 0.05);
  p["optimizer.lr"] = -1;
  try {
    trialConfig(base, p);
    FAIL() << "a negative rate validated";
  } catch (const ConfigError& e) {
    EXPECT_NE(e.problems().at(0).field.find("optimizer.lr=-1"), std::string::npos);
  }
}

TEST(SuccessiveHalving, RungsGrowByEta) {
  EXPECT_EQ(halvingRungs({true, 1, 3}, 10), (std::vector<int64_t>{1, 3, 9}));
  EXPECT_EQ(halvingRungs({true, 1, 3}, 9), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(halvingRungs({true, 2, 2}, 8), (std::vector<int64_t>{2, 4}));
  EXPECT_TRUE(halvingRungs({false, 1, 3}, 10).empty());
}

TEST(SuccessiveHalving, KeepsTheTopThirdAtARung) {
  EXPECT_FALSE(judgeAtRung({}, 0.1, 3, true).stop);  // the first always goes on
  const std::vector<double> earlier = {0.5, 0.6, 0.7, 0.8, 0.9};
  EXPECT_TRUE(judgeAtRung(earlier, 0.75, 3, true).stop);
  EXPECT_FALSE(judgeAtRung(earlier, 0.95, 3, true).stop);
  // A loss: lower is better.
  EXPECT_FALSE(judgeAtRung(earlier, 0.4, 3, false).stop);
  EXPECT_TRUE(judgeAtRung(earlier, 0.7, 3, false).stop);
  EXPECT_TRUE(judgeAtRung(earlier, std::nan(""), 3, true).stop);  // a diverged trial
  EXPECT_EQ(judgeAtRung(earlier, 0.95, 3, true).compared, 6);
  EXPECT_EQ(judgeAtRung(earlier, 0.95, 3, true).top, 2);
  // Ties count against it: a trial at chance does not go on because others were too.
  EXPECT_TRUE(judgeAtRung({0.1, 0.1, 0.87}, 0.1, 3, true).stop);
  EXPECT_FALSE(judgeAtRung({0.1, 0.1, 0.87}, 0.9, 3, true).stop);
  // On distinct values, Ray Tune's (1 - 1/eta) quantile: the top ceil(n/3) go on.
  for (int n = 1; n <= 9; ++n) {
    std::vector<double> others;
    for (int i = 0; i < n - 1; ++i) others.push_back(i);
    int kept = 0;
    for (int own = 0; own < n; ++own) {
      std::vector<double> rest;
      for (int i = 0; i < n; ++i)
        if (i != own) rest.push_back(i);
      kept += !judgeAtRung(rest, own, 3, true).stop;
    }
    EXPECT_EQ(kept, (n + 2) / 3) << n;
  }
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {

TEST(SearchSpace, AnIntegerRangeMustHoldAnInteger) {
  EXPECT_EQ(problemField(nlohmann::json::parse(R"({"epochs": {"int": [1.2, 1.8]}})")), "space: epochs");
  const SearchSpace s =
      parseSearchSpace(nlohmann::json::parse(R"({"loader.batch_size": {"uniform": [32, 34], "grid": 5}})"));
  EXPECT_EQ(gridValues(s.dimensions[0]).size(), 3u);  // 32, 33, 34: no point twice
}

TEST(CheckpointRing, KeepsTheNewestAndForgetsAnAbandonedTimeline) {
  test::TempDir dir;
  const auto checkpoints = dir.path() / "checkpoints";
  std::filesystem::create_directories(checkpoints);
  const auto last = checkpoints / "last.pt";
  for (int64_t step : {10, 20, 30, 40}) {
    std::ofstream(last) << step;
    ASSERT_TRUE(keepInRing(last, step, 3));
  }
  auto ring = ringCheckpoints(checkpoints);
  ASSERT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.front().step, 20);
  std::ofstream(last) << 25;  // resumed --from an earlier checkpoint
  ASSERT_TRUE(keepInRing(last, 25, 3));
  ring = ringCheckpoints(checkpoints);
  ASSERT_EQ(ring.size(), 2u);
  EXPECT_EQ(ring.back().step, 25);
  EXPECT_TRUE(keepInRing(last, 26, 0));  // 0 keeps none, and writes nothing
  EXPECT_EQ(ringCheckpoints(checkpoints).size(), 2u);
}

}  // namespace
}  // namespace trainscope
