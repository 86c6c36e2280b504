// Tables end to end: a generated CSV (numbers, a category, missing values) trained by
// tabular_mlp as a classifier and as a regressor, through the same session as images.
#include "engine/data/table_dataset.h"
#include "engine/deploy/table_tools.h"
#include "engine/record/residual_file.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

namespace trainscope {
namespace {

using test::followRun;
using test::RunEvents;

// y depends on two numbers and a category; a fifth of `x2` is missing; `id` is a row number.
std::string writeTable(const test::TempDir& dir, int rows, bool regression, uint64_t seed) {
  const std::string path = (dir.path() / (regression ? "houses.csv" : "flowers.csv")).string();
  std::ofstream out(path);
  out << "id,x1,x2,colour,y\n";
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> normal;
  const char* colours[] = {"red", "green", "blue"};
  for (int i = 0; i < rows; ++i) {
    const double x1 = normal(gen), x2 = normal(gen);
    const int colour = static_cast<int>(gen() % 3);
    const double signal = 2 * x1 - 1.5 * x2 + (colour - 1) * 1.2;
    out << i + 1 << "," << x1 << ",";
    if (gen() % 5 != 0) out << x2;
    out << "," << colours[colour] << ",";
    if (regression)
      out << 100 + 10 * signal + normal(gen) << "\n";
    else
      out << (signal + 0.3 * normal(gen) > 0 ? "yes" : "no") << "\n";
  }
  return path;
}

ExperimentConfig tableExperiment(const std::string& runs, const std::string& csv) {
  ExperimentConfig c;
  c.runs_dir = runs;
  c.dataset.kind = "csv";
  c.dataset.path = csv;
  c.dataset.target = "y";
  c.model.name = "tabular_mlp";
  c.model.hidden = {32, 16};
  c.model.dropout = 0;
  c.train_transforms.clear(), c.val_transforms.clear();
  c.optimizer.name = "adam";
  c.optimizer.lr = 0.01;
  c.loader.batch_size = 64;
  c.loader.num_workers = 1;
  c.epochs = 8;
  c.threads = 1;
  c.probes.enabled = false;
  return c;
}

TEST(TableTraining, ClassifiesARowsClassFromNumbersAndACategory) {
  test::TempDir dir, runs;
  auto s = TrainingSession::start(tableExperiment(runs.str(), writeTable(dir, 1200, false, 1)));
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_GT(r.epochs.back().val_accuracy, 0.88);
  EXPECT_TRUE(std::isnan(r.epochs.back().val_r2));
  const auto info = test::readJsonFile((std::filesystem::path(s->runDir()) / "run.json").string());
  EXPECT_EQ(info["task"], "classification");
  EXPECT_EQ(info["table"]["classes"], (nlohmann::json{"no", "yes"}));
  EXPECT_EQ(info["table"]["numbers"].size(), 2u);
  EXPECT_TRUE(info["table"]["numbers"][1]["missing_flag"]) << "x2 has missing values";
  EXPECT_EQ(info["table"]["left_out"][0]["column"], "id");
  bool saidLeftOut = false;
  for (const auto& line : r.logs) saidLeftOut |= line.find("column \"id\" left out") != std::string::npos;
  EXPECT_TRUE(saidLeftOut) << "the log says which column does not feed the model";

  const TablePredictor predictor(s->runDir());
  ASSERT_TRUE(predictor.ok()) << predictor.error();
  const TablePrediction p = predictor.predict({{"x1", "2"}, {"x2", "-1"}, {"colour", "blue"}});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.predicted, "yes") << "a strongly positive signal";
  ASSERT_EQ(p.classes.size(), 2u);
  EXPECT_NEAR(p.classes[0].probability + p.classes[1].probability, 1.0, 1e-5);
  EXPECT_GE(p.classes[0].probability, p.classes[1].probability);
  const std::string out = dir.str() + "/predicted.csv";
  std::ostringstream unused;
  const TablePredictionFile file = predictor.predictFile(dir.str() + "/flowers.csv", out, unused);
  ASSERT_TRUE(file.ok) << file.error;
  std::ifstream written(out);
  std::string header;
  std::getline(written, header);
  EXPECT_EQ(header, "line,id,y,predicted_y,probability,p_no,p_yes");
  EXPECT_TRUE(unused.str().empty()) << "a file, not the console";
  const TablePredictionFile same = predictor.predictFile(out, out, unused);
  EXPECT_FALSE(same.ok) << "the input is never overwritten";
  EXPECT_TRUE(same.bad_input);
}

TEST(TableTraining, RegressesANumberAndRecordsItsErrors) {
  test::TempDir dir, runs;
  auto config = tableExperiment(runs.str(), writeTable(dir, 1500, true, 2));
  auto s = TrainingSession::start(config);
  const RunEvents r = followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  const EpochMetrics& last = r.epochs.back();
  EXPECT_GT(last.val_r2, 0.9) << "y is linear in the features plus noise of 1 in ~30";
  EXPECT_LT(last.val_mae, 6.0) << "in the target's units (y's standard deviation is about 27), not standardised";
  EXPECT_GT(last.val_mae, 0.5) << "not in standardised units either";
  EXPECT_GE(last.val_rmse, last.val_mae) << "RMSE is never below MAE";
  EXPECT_TRUE(std::isnan(last.val_accuracy));
  const std::string metrics = (std::filesystem::path(s->runDir()) / "metrics.h5").string();
  const auto r2 = test::readH5Column(metrics, "/epochs/val_r2");
  ASSERT_EQ(r2.size(), r.epochs.size());
  EXPECT_DOUBLE_EQ(r2.back(), last.val_r2);
  const auto info = test::readJsonFile((std::filesystem::path(s->runDir()) / "run.json").string());
  EXPECT_EQ(info["task"], "regression");
  EXPECT_EQ(info["loss"], "mse");
  EXPECT_NEAR(info["table"]["target_mean"].get<double>(), 100, 3);

  // residuals.h5: the last epoch's validation predictions, whose R² is the one reported.
  const ValidationResiduals res = readResidualFile((std::filesystem::path(s->runDir()) / "residuals.h5").string());
  EXPECT_EQ(res.target, "y");
  ASSERT_EQ(res.samples(), 150) << "every validation row (a tenth of 1,500)";
  double sse = 0, sum = 0, sumSq = 0;
  for (int64_t i = 0; i < res.samples(); ++i) {
    const double t = res.truth[static_cast<size_t>(i)], p = res.predicted[static_cast<size_t>(i)];
    sse += (p - t) * (p - t), sum += t, sumSq += t * t;
  }
  const double n = static_cast<double>(res.samples());
  EXPECT_NEAR(1 - sse / (sumSq - sum * sum / n), last.val_r2, 1e-3);
  const auto worst = largestResiduals(res, 5);
  ASSERT_EQ(worst.size(), 5u);
  EXPECT_GE(std::abs(res.predicted[worst[0]] - res.truth[worst[0]]),
            std::abs(res.predicted[worst[4]] - res.truth[worst[4]]));

  // Predictions of every row of a file, and of one row typed in, agree.
  const TablePredictor predictor(s->runDir());
  ASSERT_TRUE(predictor.ok()) << predictor.error();
  std::ostringstream printed;
  const TablePredictionFile file = predictor.predictFile(config.dataset.path, "", printed);
  ASSERT_TRUE(file.ok) << file.error;
  EXPECT_EQ(file.rows, 1500);
  std::istringstream lines(printed.str());
  std::string header, first;
  std::getline(lines, header), std::getline(lines, first);
  EXPECT_EQ(header, "line,id,y,predicted_y");
  const TablePrediction typed = predictor.predict({{"x1", "0.5"}, {"x2", ""}, {"colour", "red"}});
  ASSERT_TRUE(typed.ok) << typed.error;
  EXPECT_NEAR(typed.value, 100 + 10 * (2 * 0.5 - 1.2), 8) << "x2 missing is its median, near 0";
  EXPECT_FALSE(predictor.predict({{"x1", "wide"}}).ok) << "a number column's text is refused";
  EXPECT_FALSE(predictor.predictFile(dir.str() + "/none.csv", "", printed).ok);

  config.training.loss = "huber";
  auto huber = TrainingSession::start(config);
  const RunEvents h = followRun(*huber);
  ASSERT_EQ(h.finalState(), RunState::Finished) << (h.errors.empty() ? "" : h.errors[0]);
  EXPECT_GT(h.epochs.back().val_r2, 0.85);
}

TEST(TableTraining, BadTablesAreConfigProblemsNamingTheLine) {
  test::TempDir dir, runs;
  const std::string path = (dir.path() / "ragged.csv").string();
  std::ofstream(path) << "a,b,y\n1,2,x\n3,4\n";
  auto s = TrainingSession::start(tableExperiment(runs.str(), path));
  const RunEvents r = followRun(*s);
  EXPECT_EQ(r.finalState(), RunState::Failed);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("ragged.csv, line 3"), std::string::npos) << r.errors[0];

  auto noTarget = tableExperiment(runs.str(), writeTable(dir, 50, false, 3));
  noTarget.dataset.target = "price";
  auto t = TrainingSession::start(noTarget);
  const RunEvents rt = followRun(*t);
  ASSERT_FALSE(rt.errors.empty());
  EXPECT_NE(rt.errors[0].find("column \"price\": there is no such column"), std::string::npos) << rt.errors[0];
}

TEST(TableDataset, ARegressionKeepsEveryRowWithATarget) {
  test::TempDir dir;
  DatasetConfig d;
  d.kind = "csv", d.path = writeTable(dir, 300, true, 4), d.target = "y";
  const DatasetSplits s = openCsvDataset(d, 0);
  EXPECT_EQ(s.train->size() + s.val->size(), 300) << "targets below the mean are targets too";
  EXPECT_EQ(s.val->size(), 30);
  EXPECT_TRUE(s.skipped.empty());
  EXPECT_TRUE(s.train->regression());
}

TEST(TableDataset, ValidationRowsWithAnUnseenClassAreSkippedAndReported) {
  test::TempDir dir;
  const std::string train = (dir.path() / "train.csv").string(), val = (dir.path() / "val.csv").string();
  std::ofstream(train) << "x,y\n1,a\n2,b\n3,a\n4,b\n";
  std::ofstream(val) << "x,y\n1,a\n2,c\n\n5,\n";
  DatasetConfig d;
  d.kind = "csv", d.path = train, d.val_path = val, d.target = "y";
  const DatasetSplits s = openCsvDataset(d, 0);
  EXPECT_EQ(s.train->size(), 4);
  EXPECT_EQ(s.val->size(), 1);
  ASSERT_EQ(s.skipped.size(), 2u);
  EXPECT_EQ(s.skipped[0].path, val + ":3");
  EXPECT_NE(s.skipped[0].reason.find("\"c\" is not a class"), std::string::npos);
  EXPECT_EQ(s.skipped[1].path, val + ":5") << "line numbers count the blank line";
  EXPECT_EQ(s.skipped[1].reason, "the target is missing");
}

// A validation file is read with the training file's column types: zip codes that are a
// category there ("unknown" among them) stay levels here, though every one is a number.
TEST(TableDataset, AValidationFileIsTypedAsTheTrainingFile) {
  test::TempDir dir;
  const std::string train = (dir.path() / "train.csv").string(), val = (dir.path() / "val.csv").string();
  std::ofstream(train) << "zip,y\n02134,a\n01002,b\nunknown,a\n02134,a\n01002,b\n";
  std::ofstream(val) << "zip,y\n02134,a\n01002,b\n";
  DatasetConfig d;
  d.kind = "csv", d.path = train, d.val_path = val, d.target = "y";
  const DatasetSplits s = openCsvDataset(d, 0);
  ASSERT_EQ(s.val->size(), 2);
  ASSERT_EQ(s.table->categories.size(), 1u);
  const auto& levels = s.table->categories[0].levels;
  for (int64_t i = 0; i < 2; ++i) {
    const cv::Mat row = s.val->load(i, nullptr);
    const int code = static_cast<int>(row.at<float>(0, 0));
    ASSERT_GT(code, 0) << "row " << i << " is a known level, not 'unseen'";
    EXPECT_EQ(levels[static_cast<size_t>(code - 1)], i == 0 ? "02134" : "01002");
  }
}

}  // namespace
}  // namespace trainscope
