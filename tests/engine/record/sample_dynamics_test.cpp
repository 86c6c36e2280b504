// Per-sample training dynamics (samples.h5), dataset.label_noise and the suspect-label
// ranking: planted flips are what the ranking finds.
#include "engine/data/label_corrections.h"
#include "engine/data/label_noise.h"
#include "engine/model_tools.h"
#include "engine/record/embedding_file.h"
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
  ASSERT_EQ(v.loss.size(), 256u);
  double lossSum = 0;
  for (float l : v.loss) lossSum += l;
  EXPECT_NEAR(lossSum / 256.0, r.epochs.back().val_loss, 1e-4) << "each sample's loss, averaging to the epoch's";
  ASSERT_EQ(v.class_names.size(), 10u);
  EXPECT_EQ(v.class_names[9], "Ankle boot");

  // embeddings.h5: the validation split and 1,000 training samples, each epoch's
  // principal components and predictions (the validation ones are the validation pass's),
  // and the last epoch's features of LeNet's last hidden layer (84 wide).
  const EmbeddingRecord e = readEmbeddingFile(s->runDir() + "/embeddings.h5");
  ASSERT_EQ(e.points(), 256 + 1000);
  EXPECT_EQ(e.epochs, (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(e.feature_dims, 84);
  EXPECT_EQ(e.pca_dims, 32);
  EXPECT_EQ(e.features.size(), size_t{1256 * 84});
  EXPECT_EQ(std::count(e.split.begin(), e.split.end(), 1), 1000);
  for (int64_t i = 0; i < 256; ++i) {
    ASSERT_EQ(e.split[i], 0);
    EXPECT_EQ(e.labels[i], v.labels[e.index[i]]);
    EXPECT_EQ(e.predicted[2 * 1256 + i], v.predicted[e.index[i]]) << "the same model, the same prediction";
  }
  EXPECT_EQ(e.class_names, v.class_names);
  EXPECT_FALSE(e.layer.empty());

  // What the app's Mistakes page reads, and Grad-CAM on a validation image with the
  // run's last weights.
  const RunDiagnosis diagnosis = readRunDiagnosis(s->runDir());
  ASSERT_TRUE(diagnosis.error.empty()) << diagnosis.error;
  EXPECT_TRUE(diagnosis.has_predictions && diagnosis.has_dynamics);
  EXPECT_EQ(diagnosis.splits->val->size(), 256);
  GradCamExplainer explainer(s->runDir());
  std::string error;
  const GradCamResult cam = explainer.explain(diagnosis.splits->val->load(0, &error));
  ASSERT_TRUE(cam.ok) << cam.error;
  EXPECT_EQ(cam.target, v.predicted[0]) << "the predicted class is explained";
  EXPECT_EQ(cam.heat.width, 28);
  EXPECT_EQ(cam.heat.height, 28);
  EXPECT_EQ(*std::max_element(cam.heat.pixels.begin(), cam.heat.pixels.end()), 255);
  EXPECT_FALSE(cam.layer.empty());
  EXPECT_NEAR(cam.top.front().probability, v.probability[0], 1e-4) << "the same weights as the last validation";
  EXPECT_TRUE(explainer.explain(diagnosis.splits->val->load(1, &error), /*target=*/3).target == 3);

  const SuspectReport report = findSuspects(s->runDir(), static_cast<int64_t>(d.flipped.size()));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.suspects.size(), d.flipped.size());
  // 4,096 images and 3 epochs are little; on all of Fashion-MNIST it is 0.9 (docs/benchmarks.md).
  EXPECT_GE(report.precision, 0.6) << "precision@K of the suspect ranking";
  EXPECT_FALSE(report.suspects.front().where.empty());
  EXPECT_NE(report.suspects.front().label, report.suspects.front().predicted);

  // The user fixes the top suspects (back to their true class) and excludes one; the
  // next run trains on the corrected labels and says so.
  const std::string corrections = runs.str() + "/corrections.json";
  LabelCorrections fix;
  for (size_t k = 0; k < 20; ++k) {
    const int64_t i = report.suspects[k].index;
    const auto at = std::lower_bound(d.flipped.begin(), d.flipped.end(), i) - d.flipped.begin();
    if (static_cast<size_t>(at) < d.flipped.size() && d.flipped[static_cast<size_t>(at)] == i)
      fix.set(
          {report.suspects[k].where, v.class_names[static_cast<size_t>(d.original_labels[static_cast<size_t>(at)])]});
  }
  const size_t relabelled = fix.items.size();
  ASSERT_GT(relabelled, 10u);
  fix.set({report.suspects[25].where, ""});
  writeLabelCorrections(corrections, fix);
  config.epochs = 1;
  config.dataset.corrections = corrections;
  auto next = TrainingSession::start(config);
  const test::RunEvents again = test::followRun(*next);
  ASSERT_EQ(again.finalState(), RunState::Finished);
  const SampleDynamics after = readSampleFile(next->runDir() + "/samples.h5");
  EXPECT_EQ(after.samples(), 4095) << "one excluded";
  EXPECT_EQ(after.flipped.size() + relabelled, d.flipped.size() - (report.suspects[25].known_flipped ? 1 : 0))
      << "the fixed flips are no longer flips";
  bool logged = false;
  for (const auto& line : again.logs)
    logged |= line.find("label corrections from " + corrections + ": " + std::to_string(relabelled) +
                        " relabelled, 1 excluded") != std::string::npos;
  EXPECT_TRUE(logged);
}

}  // namespace
}  // namespace trainscope
