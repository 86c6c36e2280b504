// Following a run folder live (record/run_follow.h): the first read starts the pages on
// what is recorded, later reads hand over only the new rows, and the end of the run (or
// of its writer) ends the following.
#include "engine/record/run_follow.h"

#include "engine/record/metrics_file.h"
#include "engine/record/probe_file.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>

namespace trainscope {
namespace {

template <class T>
std::vector<T> eventsOf(const FollowBatch& b) {
  std::vector<T> out;
  for (const auto& e : b.events)
    if (const auto* t = std::get_if<T>(&e)) out.push_back(*t);
  return out;
}

void writeRunJson(const std::filesystem::path& dir, const std::string& status) {
  std::ofstream(dir / "run.json") << R"({"name": "script run", "source": "python", "status": ")" << status
                                  << R"(", "steps_per_epoch": 10, "config": {"epochs": 3}})";
}

StepMetrics step(int64_t s) {
  StepMetrics m;
  m.step = s, m.loss = 1.0 / s, m.wall_time = 1000.0 + s;
  return m;
}

TEST(RunFollow, TheFirstReadStartsTheLaterOnesAddOnlyNewRowsTheEndEnds) {
  test::TempDir dir;
  writeRunJson(dir.path(), "running");
  auto metrics = MetricsFile::create((dir.path() / "metrics.h5").string(), "script run");
  for (int64_t s = 1; s <= 3; ++s) metrics->append(step(s));
  metrics->flush();
  ProbeFile probes((dir.path() / "probes.h5").string(), {{"fc", "activation"}, {"fc.weight", "weight"}}, 4);
  ProbeSample sample;
  sample.step = 1, sample.grad_norm = 0.5;
  sample.tensors.push_back({"fc", "activation", 0.1, 1, -1, 1, 0, 0, 2, std::nan("")});
  probes.append(sample);
  probes.append(std::vector<Histogram>{{1, "fc", "activation", {0, 1, 2, 3, 4}, {1, 2, 3, 4}}});
  probes.flush();
  std::ofstream(dir.path() / "log.txt") << "2026-12-03T06:00:00+0000 started\n2026-12-03T06:00:01+0000 WARNING slow\n";

  const FollowBatch first = readRunSince(dir.str(), {});
  ASSERT_EQ(first.error, "");
  const auto started = eventsOf<RunStarted>(first);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_TRUE(started[0].resumed) << "the pages draw the recorded history from the files";
  EXPECT_EQ(started[0].resumed_at_step, 3);
  EXPECT_EQ(started[0].steps_per_epoch, 10);
  EXPECT_EQ(started[0].total_steps, 30);
  ASSERT_EQ(started[0].layers.size(), 1u);
  EXPECT_EQ(started[0].layers[0].name, "fc");
  EXPECT_TRUE(eventsOf<StepMetrics>(first).empty());
  ASSERT_EQ(eventsOf<ProbeSample>(first).size(), 1u);
  EXPECT_EQ(eventsOf<ProbeSample>(first)[0].tensors.size(), 1u) << "the unmeasured weight is not a sample";
  EXPECT_EQ(eventsOf<Histogram>(first).size(), 1u);
  ASSERT_EQ(eventsOf<Progress>(first).size(), 1u);
  EXPECT_EQ(eventsOf<Progress>(first)[0].global_step, 3);
  const auto lines = eventsOf<LogLine>(first);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].level, LogLevel::Warning);
  EXPECT_EQ(lines[1].text, "slow");
  EXPECT_FALSE(first.ended);

  for (int64_t s = 4; s <= 5; ++s) metrics->append(step(s));
  EpochMetrics epoch;
  epoch.epoch = 1, epoch.step = 5, epoch.val_accuracy = 0.5;
  metrics->append(epoch);
  metrics->flush();
  const FollowBatch second = readRunSince(dir.str(), first.next);
  EXPECT_TRUE(eventsOf<RunStarted>(second).empty());
  const auto steps = eventsOf<StepMetrics>(second);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].step, 4);
  EXPECT_DOUBLE_EQ(steps[1].loss, 0.2);
  ASSERT_EQ(eventsOf<EpochMetrics>(second).size(), 1u);
  EXPECT_DOUBLE_EQ(eventsOf<EpochMetrics>(second)[0].val_accuracy, 0.5);
  EXPECT_TRUE(eventsOf<ProbeSample>(second).empty()) << "nothing new in probes.h5";
  EXPECT_TRUE(eventsOf<LogLine>(second).empty());

  writeRunJson(dir.path(), "finished");
  const FollowBatch last = readRunSince(dir.str(), second.next);
  EXPECT_TRUE(last.ended);
  const auto states = eventsOf<StateChanged>(last);
  ASSERT_EQ(states.size(), 1u);
  EXPECT_EQ(states[0].state, RunState::Finished);
}

TEST(RunFollow, AFolderThatIsNoRunEndsWithoutACrash) {
  test::TempDir dir;
  const FollowBatch b = readRunSince(dir.str(), {});
  EXPECT_TRUE(b.ended);
}

}  // namespace
}  // namespace trainscope
