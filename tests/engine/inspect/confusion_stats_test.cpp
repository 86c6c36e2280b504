#include "engine/inspect/confusion_stats.h"
#include "engine/inspect/sample_ranking.h"

#include <gtest/gtest.h>

#include <cmath>

namespace trainscope {
namespace {

// Rows the true class: 0 is often taken for 2, 1 is always right, 2 sometimes for 0.
const std::vector<int64_t> kMatrix = {
    6, 0, 4,  //
    0, 5, 0,  //
    1, 0, 9,
};

TEST(ConfusionStats, PrecisionRecallAndF1PerClass) {
  const auto s = classScores(kMatrix, 3);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].support, 10);
  EXPECT_EQ(s[0].predicted, 7);
  EXPECT_DOUBLE_EQ(s[0].recall, 0.6);
  EXPECT_DOUBLE_EQ(s[0].precision, 6.0 / 7.0);
  EXPECT_NEAR(s[0].f1, 2 * (6.0 / 7.0) * 0.6 / (6.0 / 7.0 + 0.6), 1e-12);
  EXPECT_DOUBLE_EQ(s[1].f1, 1.0);
  EXPECT_DOUBLE_EQ(s[2].precision, 9.0 / 13.0);
  // A class never predicted and never present has zeros, not NaN.
  const auto empty = classScores({1, 0, 0, 0}, 2);
  EXPECT_EQ(empty[1].precision, 0);
  EXPECT_EQ(empty[1].f1, 0);
}

TEST(ConfusionStats, MostConfusedPairsFirst) {
  const auto pairs = confusedPairs(kMatrix, 3);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].truth, 0);
  EXPECT_EQ(pairs[0].predicted, 2);
  EXPECT_EQ(pairs[0].count, 4);
  EXPECT_EQ(pairs[1].truth, 2);
  EXPECT_EQ(pairs[1].count, 1);
}

TEST(ConfusionStats, OrderPutsConfusedClassesSideBySide) {
  // Five classes; 1<->4 and 4<->2 are confused, 0 and 3 never.
  std::vector<int64_t> m(25, 0);
  for (int c = 0; c < 5; ++c) m[static_cast<size_t>(c * 6)] = 10;
  m[1 * 5 + 4] = 7, m[4 * 5 + 2] = 3, m[2 * 5 + 4] = 1;
  const auto order = confusionOrder(m, 5);
  ASSERT_EQ(order.size(), 5u);
  auto at = [&](int64_t c) { return std::find(order.begin(), order.end(), c) - order.begin(); };
  EXPECT_EQ(std::abs(at(1) - at(4)), 1);
  EXPECT_EQ(std::abs(at(2) - at(4)), 1);
  EXPECT_LT(at(4), 3) << "the chain with the errors comes first";
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

TEST(ConfusionStats, CsvHasTheMatrixAndTheScores) {
  const std::string csv = confusionCsv(kMatrix, {"cat", "dog, big", "say \"hi\""});
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "true \\ predicted,cat,\"dog, big\",\"say \"\"hi\"\"\",support,precision,recall,f1");
  EXPECT_NE(csv.find("\ncat,6,0,4,10,0.8571,0.6000,0.7059\n"), std::string::npos) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
}

TEST(SampleRanking, MistakesByLossAndCells) {
  ValidationPredictions p;
  p.labels = {0, 1, 1, 2};
  p.predicted = {0, 2, 1, -1};
  p.probability = {0.9f, 0.6f, 0.8f, 0};
  p.loss = {0.1f, 2.0f, 0.2f, NAN};
  const auto wrong = rankValidationSamples(p, true);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].index, 1);
  EXPECT_NEAR(wrong[0].p_label, std::exp(-2.0), 1e-6);
  const auto all = rankValidationSamples(p, false);
  ASSERT_EQ(all.size(), 3u) << "the unseen sample is left out";
  EXPECT_EQ(all[0].index, 1);
  EXPECT_EQ(all[2].index, 0);
  EXPECT_EQ(samplesInCell(p, 1, 2).size(), 1u);
  EXPECT_TRUE(samplesInCell(p, 2, 1).empty());
}

TEST(SampleRanking, DataMapFromTheEpochs) {
  SampleDynamics d;
  d.labels = {0, 1};
  d.loss = {{0.1f, 1.0f}, {0.1f, 2.0f}};
  d.p_label = {{0.9f, 0.2f}, {0.7f, NAN}};
  d.margin = d.loss;
  d.predicted = {{0, 0}, {0, -1}};
  const auto map = dataMap(d);
  ASSERT_EQ(map.size(), 2u);
  EXPECT_NEAR(map[0].confidence, 0.8, 1e-6);
  EXPECT_NEAR(map[0].variability, 0.1, 1e-6);
  EXPECT_FLOAT_EQ(map[0].correctness, 1.0f);
  EXPECT_NEAR(map[1].confidence, 0.2, 1e-6) << "the epoch it was not seen is left out";
  EXPECT_FLOAT_EQ(map[1].correctness, 0.0f);
  const auto train = rankTrainingSamples(d, true);
  EXPECT_TRUE(train.empty()) << "sample 1 was not seen in the last epoch";
}

}  // namespace
}  // namespace trainscope
