#include "engine/run/event_json.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

// Every kind of event survives a trip through one JSON line.
TEST(EventJson, EveryEventRoundTripsThroughOneLine) {
  RunStarted started;
  started.run_dir = "runs/lenet fashion-mnist 1";  // spaces, as users name things
  started.name = "名字";
  started.classes = {"T-shirt/top", "Trouser"};
  started.layers = {{"conv1", "Conv2d"}};
  started.total_steps = 938;
  started.probes = true;
  StepMetrics step;
  step.step = 7, step.loss = 0.25, step.lr = 1e-3, step.accuracy = std::nan("");
  EpochMetrics epoch;
  epoch.epoch = 2, epoch.val_accuracy = 0.875, epoch.best = true;
  ProbeSample probe;
  probe.step = 3, probe.grad_norm = 1.5, probe.cost_ms = 0.25, probe.step_ms = 9.5;
  TensorStats t;
  t.name = "fc1", t.kind = "weight", t.mean = 0.5;
  probe.tensors = {t};
  Histogram h;
  h.step = 50, h.name = "fc1", h.kind = "activation", h.edges = {0, 0.5, 1}, h.counts = {2, 3};
  const std::vector<Event> events = {started,
                                     StateChanged{RunState::Stopped, "stopped by the user"},
                                     Progress{2, 10, 5, 100, 105, 1000, 123.5, 4.0, 36.0, true, 1, true},
                                     step,
                                     epoch,
                                     LogLine{LogLevel::Warning, "line \"quoted\"\nand a newline", 1.5},
                                     RunError{"config error: optimizer.lr: must be > 0"},
                                     GuardTripped{9, "loss is nan", "fc2", "runs/x/nan_guard/step9.h5", "pause"},
                                     probe,
                                     h,
                                     TensorsSaved{4, "runs/x/tensors.h5", "/step_000004", 12, ""}};
  for (const Event& e : events) {
    const std::string line = eventToJson(e).dump();
    ASSERT_EQ(line.find('\n'), std::string::npos) << "one event, one line: " << line;
    const auto back = parseEventLine(line);
    ASSERT_TRUE(back.has_value()) << line;
    EXPECT_EQ(back->index(), e.index()) << line;
    EXPECT_EQ(eventToJson(*back), eventToJson(e)) << "fields survive: " << line;
  }
  const auto s = std::get<RunStarted>(*parseEventLine(eventToJson(started).dump()));
  EXPECT_EQ(s.run_dir, started.run_dir);
  EXPECT_EQ(s.name, "名字");
  EXPECT_EQ(s.layers.at(0).type, "Conv2d");
  const auto p = std::get<Progress>(*parseEventLine(eventToJson(events[2]).dump()));
  EXPECT_EQ(p.threads, 1) << "a followed run's Train page says when it fits its threads to other work";
  EXPECT_TRUE(p.passive_waits);
  const auto sample = std::get<ProbeSample>(*parseEventLine(eventToJson(probe).dump()));
  EXPECT_EQ(sample.cost_ms, 0.25) << "what the probes cost reaches a following app";
  EXPECT_EQ(sample.step_ms, 9.5);
  EXPECT_TRUE(std::isnan(std::get<StepMetrics>(*parseEventLine(eventToJson(step).dump())).accuracy))
      << "NaN is written as null and read back as NaN";
}

TEST(EventJson, ReadersSkipWhatTheyDoNotKnow) {
  EXPECT_FALSE(parseEventLine("").has_value());
  EXPECT_FALSE(parseEventLine("run folder: runs/x").has_value());
  EXPECT_FALSE(parseEventLine("[1, 2]").has_value());
  EXPECT_FALSE(parseEventLine(R"({"event": "from_a_newer_cli"})").has_value());
  EXPECT_FALSE(parseEventLine(R"({"event": "state", "state": "dancing"})").has_value());
  EXPECT_FALSE(parseEventLine(R"({"event": "step", "step": "seven"})").has_value());
  EXPECT_TRUE(parseEventLine(R"({"event": "state", "state": "finished", "extra": 1})").has_value());
}

}  // namespace
}  // namespace trainscope
