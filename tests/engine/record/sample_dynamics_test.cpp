// Per-sample training dynamics (samples.h5), dataset.label_noise and the suspect-label
// ranking: planted flips are what the ranking finds.
#include "engine/data/label_noise.h"
#include "engine/record/prediction_file.h"
#include "engine/record/sample_file.h"
#include "engine/sample_report.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace trainscope {
namespace {

// A dataset of n samples, labels i % classes, for the label-noise wrapper.
class Counting : public Dataset {
 public:
  Counting(int64_t n, int classes) : n_(n) {
    for (int c = 0; c < classes; ++c) names_.push_back("c" + std::to_string(c));
  }
  int64_t size() const override { return n_; }
  int64_t label(int64_t i) const override { return i % static_cast<int64_t>(names_.size()); }
  cv::Mat load(int64_t, std::string*) const override { return {}; }
  std::string describe(int64_t i) const override { return "#" + std::to_string(i); }
  const std::vector<std::string>& classes() const override { return names_; }
  int channels() const override { return 1; }

 private:
  int64_t n_;
  std::vector<std::string> names_;
};

TEST(LabelNoise, FlipsTheShareAskedToAnotherClassReproducibly) {
  auto base = std::make_shared<Counting>(1000, 10);
  const NoisyLabels a(base, 0.1, 7), b(base, 0.1, 7), c(base, 0.1, 8);
  ASSERT_EQ(a.flipped().size(), 100u);
  EXPECT_EQ(a.flipped(), b.flipped()) << "same seed, same flips";
  EXPECT_NE(a.flipped(), c.flipped());
  std::set<int64_t> flipped(a.flipped().begin(), a.flipped().end());
  for (int64_t i = 0; i < 1000; ++i) {
    if (flipped.count(i))
      EXPECT_NE(a.label(i), base->label(i)) << "a flip is always to another class";
    else
      EXPECT_EQ(a.label(i), base->label(i));
  }
  for (size_t k = 0; k < a.flipped().size(); ++k) EXPECT_EQ(a.originalLabels()[k], base->label(a.flipped()[k]));
}

TEST(SampleFile, RoundTripsAndRanksLowMarginsFirst) {
  test::TempDir dir;
  SampleDynamics d;
  d.labels = {0, 1, 2, 0};
  d.loss = {{0.1f, 0.2f, 2.0f, NAN}, {0.1f, 0.1f, 2.5f, 0.3f}};
  d.p_label = {{0.9f, 0.8f, 0.1f, NAN}, {0.9f, 0.9f, 0.08f, 0.7f}};
  d.margin = {{3, 2, -2, NAN}, {4, 3, -3, 1}};
  d.predicted = {{0, 1, 1, -1}, {0, 0, 1, 0}};
  d.flipped = {2};
  d.original_labels = {1};
  const std::string path = (dir.path() / "samples.h5").string();
  writeSampleFile(path, d);
  const SampleDynamics back = readSampleFile(path);
  EXPECT_EQ(back.labels, d.labels);
  ASSERT_EQ(back.epochs(), 2);
  EXPECT_EQ(back.predicted, d.predicted);
  EXPECT_TRUE(std::isnan(back.margin[0][3]));
  EXPECT_EQ(back.flipped, d.flipped);
  const auto top = rankSuspects(back, 2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].index, 2);           // always below zero: the most suspect
  EXPECT_DOUBLE_EQ(top[0].score, 2.5);  // minus the mean margin
  EXPECT_EQ(top[1].index, 3);           // seen once, margin 1
  EXPECT_EQ(rankSuspects(back, 10)[2].forgetting, 1) << "sample 1: correct, then wrong";
}

TEST(SampleDynamics, PlantedFlipsAreTheTopSuspectsOfARealRun) {
  if (!test::haveFashionMnist()) GTEST_SKIP() << "dataset-fashion-mnist not installed";
  test::TempDir runs;
  auto config = test::smallFashionExperiment(runs.str(), 4096, 256);
  config.epochs = 3;
  config.dataset.label_noise = 0.1;
  auto s = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished);

  const SampleDynamics d = readSampleFile(s->runDir() + "/samples.h5");
  EXPECT_EQ(d.samples(), 4096);
  EXPECT_EQ(d.epochs(), 3);
  for (const auto& row : d.loss)  // every sample seen once an epoch, from the training forward passes
    EXPECT_EQ(std::count_if(row.begin(), row.end(), [](float v) { return !std::isnan(v); }), 4096);
  ASSERT_EQ(d.flipped.size(), 410u);

  // predictions.h5: a confusion matrix per epoch, each summing to the validation size,
  // its diagonal the epoch's validation accuracy; the last epoch's predictions.
  const ValidationPredictions v = readPredictionFile(s->runDir() + "/predictions.h5");
  ASSERT_EQ(v.epochs(), 3);
  ASSERT_EQ(v.classes, 10);
  for (int e = 0; e < 3; ++e) {
    const auto& m = v.confusion[static_cast<size_t>(e)];
    int64_t sum = 0, diagonal = 0;
    for (int64_t t = 0; t < 10; ++t)
      for (int64_t p = 0; p < 10; ++p) sum += m[static_cast<size_t>(t * 10 + p)], diagonal += t == p ? m[t * 11] : 0;
    EXPECT_EQ(sum, 256);
    EXPECT_NEAR(static_cast<double>(diagonal) / 256.0, r.epochs[static_cast<size_t>(e)].val_accuracy, 1e-9);
  }
  ASSERT_EQ(v.predicted.size(), 256u);
  int64_t right = 0;
  for (size_t i = 0; i < 256; ++i) {
    ASSERT_GE(v.predicted[i], 0);
    EXPECT_GT(v.probability[i], 0.099f);  // the top class of 10 has at least a tenth
    right += v.predicted[i] == v.labels[i];
  }
  EXPECT_NEAR(static_cast<double>(right) / 256.0, r.epochs.back().val_accuracy, 1e-9);

  const SuspectReport report = findSuspects(s->runDir(), static_cast<int64_t>(d.flipped.size()));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.suspects.size(), d.flipped.size());
  // 4,096 images and 3 epochs are little; on all of Fashion-MNIST it is 0.9 (docs/benchmarks.md).
  EXPECT_GE(report.precision, 0.6) << "precision@K of the suspect ranking";
  EXPECT_FALSE(report.suspects.front().where.empty());
  EXPECT_NE(report.suspects.front().label, report.suspects.front().predicted);
}

}  // namespace
}  // namespace trainscope
