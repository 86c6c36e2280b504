// The lessons: every file validates in both languages, every variant starts, and the
// lessons whose point is a number show it (same seed, same losses; no zero_grad, other
// losses).
#include "engine/run/lesson.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace trainscope {
namespace {

std::string lessonsDir() { return test::sourceDir() + "/resources/lessons"; }

std::vector<double> losses(const test::RunEvents& r) {
  std::vector<double> out;
  for (const auto& s : r.steps) out.push_back(s.loss);
  return out;
}

const Lesson& lessonNumber(const std::vector<Lesson>& all, int n) {
  for (const auto& l : all)
    if (l.number == n) return l;
  throw std::runtime_error("no lesson " + std::to_string(n));
}

TEST(Lessons, EveryLessonValidatesInBothLanguages) {
  Problems problems;
  const auto lessons = loadLessons(lessonsDir(), &problems);
  for (const auto& p : problems) ADD_FAILURE() << p.text();
  ASSERT_EQ(lessons.size(), 13u);
  for (int i = 0; i < 9; ++i) {
    const Lesson& l = lessons[static_cast<size_t>(i)];
    EXPECT_EQ(l.number, i + 1);
    EXPECT_FALSE(l.titleIn("en").empty());
    EXPECT_NE(l.titleIn("zh_CN"), l.titleIn("en")) << l.file;
    EXPECT_GT(l.explanationIn("zh_CN").size(), 100u) << l.file;
    EXPECT_GE(l.runs.size(), 2u) << l.file;
    EXPECT_FALSE(l.metrics.empty());
  }
  EXPECT_TRUE(lessonNumber(lessons, 2).runs[1].config.pitfalls.skip_zero_grad);
  EXPECT_FALSE(lessonNumber(lessons, 2).runs[0].config.pitfalls.skip_zero_grad);
  EXPECT_EQ(lessonNumber(lessons, 1).runs[1].config.scheduler.name, "step");
  EXPECT_EQ(lessonNumber(lessons, 1).runs[1].config.name, "lesson1_schedules-steplr");
  // Lesson 9's sentences ship beside the lessons: its relative path is the lesson file's.
  const std::string sentences = lessonNumber(lessons, 9).runs[0].config.dataset.path;
  EXPECT_TRUE(std::filesystem::is_regular_file(sentences)) << sentences;
  EXPECT_EQ(std::filesystem::path(sentences).filename(), "sentences.csv");
  // Lesson 12 freezes LeNet's convolutions (their requires_grad off); 13 checkpoints VGG's activations.
  EXPECT_EQ(lessonNumber(lessons, 12).runs[1].config.model.freeze, (std::vector<std::string>{"conv1", "conv2"}));
  EXPECT_EQ(lessonNumber(lessons, 13).runs[1].config.model.activation_checkpointing, 4);
  EXPECT_EQ(lessonNumber(lessons, 13).runs[0].config.model.activation_checkpointing, 0);
}

TEST(Lessons, AMistakeInALessonNamesTheField) {
  test::TempDir dir;
  const auto path = dir.path() / "bad.json";
  std::ofstream(path) << R"({"lesson": {"number": 1, "title": {"en": "t"}, "explanation": {"en": "e", "zh_CN": "e"},
    "metrics": ["loss", "acuracy"], "runs": [{"label": "a", "set": {"optimizer.lrr": 0.1}}]}})";
  try {
    loadLesson(path.string());
    FAIL() << "should not load";
  } catch (const ConfigError& e) {
    std::string all;
    for (const auto& p : e.problems()) all += p.text() + "\n";
    EXPECT_NE(all.find("lesson.title.zh_CN: missing"), std::string::npos) << all;
    EXPECT_NE(all.find("lesson.metrics[1]"), std::string::npos) << all;
    EXPECT_NE(all.find("lesson.runs[0] (a): optimizer.lrr: unknown key (did you mean \"lr\"?)"), std::string::npos)
        << all;
  }
}

class LessonRunsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
    lessons_ = loadLessons(lessonsDir());
    ASSERT_EQ(lessons_.size(), 13u);
  }
  test::RunEvents run(ExperimentConfig c, int64_t maxSteps, int64_t valSubset = 128) {
    c.runs_dir = runs_.str();
    c.training.max_steps = maxSteps;
    c.dataset.val_subset = valSubset;
    auto s = TrainingSession::start(c);
    return test::followRun(*s);
  }
  std::vector<Lesson> lessons_;
  test::TempDir runs_;
};

TEST_F(LessonRunsTest, EveryVariantOfEveryLessonStarts) {
  for (const auto& l : lessons_)
    for (const auto& v : l.runs) {
      const auto r = run(v.config, /*maxSteps=*/2);
      EXPECT_FALSE(r.steps.empty()) << l.file << " / " << v.label << ": " << (r.errors.empty() ? "" : r.errors[0]);
      EXPECT_NE(r.finalState(), RunState::Failed)
          << l.file << " / " << v.label << ": " << (r.errors.empty() ? "" : r.errors[0]);
    }
}

TEST_F(LessonRunsTest, Lesson8SameSeedGivesIdenticalLossesAndAnotherSeedDoesNot) {
  const Lesson& l = lessonNumber(lessons_, 8);
  const auto a = run(l.runs[0].config, 40), b = run(l.runs[1].config, 40), c = run(l.runs[2].config, 40);
  ASSERT_EQ(a.steps.size(), 40u);
  EXPECT_EQ(losses(a), losses(b));
  EXPECT_NE(losses(a), losses(c));
}

// Lesson 9's first three variants compute the same function: on one thread, their
// losses agree step by step (up to the order kernels sum in), while the padding differs.
TEST_F(LessonRunsTest, Lesson9PaddingChangesTheWorkNotTheLosses) {
  const Lesson& l = lessonNumber(lessons_, 9);
  std::vector<test::RunEvents> runs;
  for (size_t k = 0; k < 3; ++k) {
    ExperimentConfig c = l.runs[k].config;
    c.threads = 1;
    runs.push_back(run(c, 12));
  }
  ASSERT_EQ(runs[0].steps.size(), 12u);
  for (size_t k = 1; k < 3; ++k)
    for (size_t i = 0; i < 12; ++i) EXPECT_NEAR(runs[k].steps[i].loss, runs[0].steps[i].loss, 1e-4) << l.runs[k].label;
  double longest = 0, own = 0;
  for (size_t i = 0; i < 12; ++i) longest += runs[0].steps[i].padding, own += runs[1].steps[i].padding;
  EXPECT_GT(longest, own) << "the dataset's longest pads more than each batch's own";
}

TEST_F(LessonRunsTest, Lesson2ForgettingZeroGradChangesTheLosses) {
  const Lesson& l = lessonNumber(lessons_, 2);
  const auto correct = run(l.runs[0].config, 60), broken = run(l.runs[1].config, 60);
  ASSERT_FALSE(broken.steps.empty());
  EXPECT_EQ(correct.steps.front().loss, broken.steps.front().loss) << "the same first step: only zero_grad differs";
  EXPECT_NE(losses(correct), losses(broken));
  auto tail = [](const test::RunEvents& r) {
    double sum = 0;
    const size_t n = std::min<size_t>(10, r.steps.size());
    for (size_t i = r.steps.size() - n; i < r.steps.size(); ++i) sum += r.steps[i].loss;
    return sum / static_cast<double>(n);
  };
  EXPECT_GT(tail(broken), tail(correct)) << "accumulated gradients take ever larger steps";
  bool announced = false;
  for (const auto& line : broken.logs) announced |= line.find("teaching pitfall on") != std::string::npos;
  EXPECT_TRUE(announced);
}

}  // namespace
}  // namespace trainscope
