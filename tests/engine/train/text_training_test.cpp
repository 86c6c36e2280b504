// Text end to end: folders and CSV columns of documents read (bad files skipped with
// their reasons), the vocabulary fitted on training documents, and text_cnn and text_gru
// trained through the same session as images, with the padding share recorded per step.
#include "engine/config/config.h"
#include "engine/data/csv_table.h"
#include "engine/data/text_dataset.h"
#include "engine/data/vocabulary.h"
#include "engine/record/saliency_file.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <set>

namespace trainscope {
namespace {

void writeFile(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

// Two topics told apart by their words, of lengths from 2 to about 60 words.
void writeCorpus(const std::filesystem::path& root, int perClass, uint64_t seed) {
  std::mt19937_64 gen(seed);
  const char* filler[] = {"the", "a", "of", "and", "it", "was", "so", "then", "we", "they"};
  const std::vector<std::vector<std::string>> topics{{"goal", "match", "team", "coach", "score"},
                                                     {"rain", "cloud", "storm", "wind", "snow"}};
  const char* names[] = {"sports", "weather"};
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < perClass; ++i) {
      std::string doc;
      const int words = 2 + static_cast<int>(gen() % 60);
      for (int w = 0; w < words; ++w)
        doc += std::string(gen() % 3 == 0 ? topics[c][gen() % 5] : filler[gen() % 10]) + (w + 1 < words ? " " : ".");
      writeFile(root / names[c] / (std::to_string(i) + ".txt"), doc);
    }
}

TEST(TextDocuments, RefuseBinaryNonUtf8AndHugeFilesNamingWhy) {
  test::TempDir dir;
  writeFile(dir.path() / "bin.txt", std::string("PK\x03\x04\0\0zip", 9));
  writeFile(dir.path() / "latin1.txt", "first line\ncaf\xE9 au lait\n");
  writeFile(dir.path() / "bom.txt", "\xEF\xBB\xBFhello world");
  std::string error;
  EXPECT_EQ(readTextDocument((dir.path() / "bin.txt").string(), 1 << 20, &error), "");
  EXPECT_EQ(error, "a binary file, not text");
  error.clear();
  EXPECT_EQ(readTextDocument((dir.path() / "latin1.txt").string(), 1 << 20, &error), "");
  EXPECT_NE(error.find("line 2, byte 0xE9"), std::string::npos) << error;
  error.clear();
  EXPECT_EQ(readTextDocument((dir.path() / "bom.txt").string(), 1 << 20, &error), "hello world");
  EXPECT_EQ(error, "");
  EXPECT_EQ(readTextDocument((dir.path() / "bom.txt").string(), 4, &error), "");
  EXPECT_NE(error.find("too large"), std::string::npos);
}

TEST(TextDocuments, AFolderSkipsBadFilesAndFitsTheVocabularyOnTraining) {
  test::TempDir dir;
  writeCorpus(dir.path(), 20, 1);
  writeFile(dir.path() / "sports" / "empty.txt", " ... \n");
  writeFile(dir.path() / "sports" / "photo.jpg", "not text");
  writeFile(dir.path() / "weather" / "blob.txt", std::string("\0\1\2", 3));
  writeFile(dir.path() / "val" / "weather" / "v.txt", "storm over the zeppelin");
  DatasetConfig c;
  c.kind = "text-folder";
  c.root = dir.str();
  c.min_freq = 1;
  const DatasetSplits s = openTextDataset(c, 3);
  EXPECT_EQ(s.train->classes(), (std::vector<std::string>{"sports", "weather"}));
  EXPECT_EQ(s.train->size(), 40) << "root/val is the validation split";
  ASSERT_EQ(s.val->size(), 1);
  std::map<std::string, std::string> why;
  for (const auto& k : s.skipped) why[std::filesystem::path(k.path).filename().string()] = k.reason;
  EXPECT_EQ(why["empty.txt"], "an empty document (no words)");
  EXPECT_EQ(why["photo.jpg"], "not a .txt file");
  EXPECT_EQ(why["blob.txt"], "a binary file, not text");
  ASSERT_TRUE(s.text);
  EXPECT_EQ(s.text->vocabulary.id("zeppelin"), Vocabulary::kUnk) << "a word only validation has is <unk>";
  EXPECT_NE(s.text->vocabulary.id("storm"), Vocabulary::kUnk);
  const auto& val = dynamic_cast<const TextDataset&>(*s.val);
  EXPECT_EQ(val.tokenIds(0).size(), 4u) << "punctuation dropped, one id per word";
  EXPECT_EQ(val.tokenIds(0)[3], Vocabulary::kUnk);
  EXPECT_EQ(s.val->load(0, nullptr).type(), CV_32S);
}

TEST(TextDocuments, ACsvTextColumnNamesAMissingColumn) {
  test::TempDir dir;
  writeFile(dir.path() / "reviews.csv", "review,stars\n\"Great, loved it\",good\n\"Dull.\nToo long\",bad\nFine,good\n");
  DatasetConfig c;
  c.kind = "csv";
  c.path = dir.str() + "/reviews.csv";
  c.target = "stars";
  c.text_column = "review";
  c.min_freq = 1;
  c.val_fraction = 0;
  const DatasetSplits s = openTextDataset(c, 1);
  EXPECT_EQ(s.train->size(), 3);
  std::set<std::string> sources;
  for (int64_t i = 0; i < 3; ++i) sources.insert(s.train->describe(i));
  EXPECT_EQ(sources, (std::set<std::string>{c.path + ":2", c.path + ":3", c.path + ":5"}))
      << "each row by the line it starts on (a quoted newline spans two)";
  c.text_column = "body";
  try {
    openTextDataset(c, 1);
    FAIL() << "no column body";
  } catch (const CsvError& e) {
    EXPECT_EQ(e.column(), "body");
  }
}

// dataset.val_path holds a text column's validation rows, as a table's: the training
// file's classes (another class is skipped, named), each row by its own file and line.
TEST(TextDocuments, ACsvTextColumnTakesItsValidationFile) {
  test::TempDir dir;
  writeFile(dir.path() / "train.csv", "review,stars\nGreat film,good\nDull,bad\nFine,good\nAwful,bad\n");
  writeFile(dir.path() / "val.csv", "stars;review\ngood;Lovely\nmeh;So so\nbad;Boring\n");
  DatasetConfig c;
  c.kind = "csv", c.path = dir.str() + "/train.csv", c.val_path = dir.str() + "/val.csv";
  c.target = "stars", c.text_column = "review", c.min_freq = 1;
  const DatasetSplits s = openTextDataset(c, 1);
  EXPECT_EQ(s.train->size(), 4) << "val_fraction leaves the training file whole";
  ASSERT_EQ(s.val->size(), 2);
  EXPECT_EQ(s.val->describe(0), c.val_path + ":2");
  EXPECT_EQ(s.val->describe(1), c.val_path + ":4");
  EXPECT_EQ(s.train->describe(0), c.path + ":2");
  EXPECT_EQ(s.val->label(1), 0) << "bad is the training file's first class";
  ASSERT_EQ(s.skipped.size(), 1u);
  EXPECT_EQ(s.skipped[0].path, c.val_path + ":3");
  EXPECT_NE(s.skipped[0].reason.find("\"meh\""), std::string::npos);
}

// The vocabulary fitted while documents stream by (each read once, kept as ids) is the
// one buildVocabulary fits on the training documents' tokens, ties and cap included;
// every document's ids are its tokens encoded in it.
TEST(TextDocuments, ReadingOnceKeepsWhatTokenisingEverythingWouldHave) {
  test::TempDir dir;
  std::mt19937_64 gen(11);
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < 40; ++i) {
      std::string doc;
      for (int w = 1 + static_cast<int>(gen() % 30); w > 0; --w)
        doc += "w" + std::to_string(std::min(gen() % 300, gen() % 300)) + (gen() % 7 == 0 ? ". " : " ");
      writeFile(dir.path() / ("class" + std::to_string(c)) / (std::to_string(i) + ".txt"), doc);
    }
  DatasetConfig c;
  c.kind = "text-folder";
  c.root = dir.str();
  c.min_freq = 2, c.vocab_size = 60, c.max_tokens = 20, c.val_fraction = 0.3;
  const DatasetSplits s = openTextDataset(c, 5);
  const TextEncoding& e = *s.text;
  auto tokensOf = [&](const Dataset& split, int64_t i) {
    std::string error;
    return e.tokens(readTextDocument(split.describe(i), kMaxDocumentBytes, &error));
  };
  std::vector<std::vector<std::string>> train;
  for (int64_t i = 0; i < s.train->size(); ++i) train.push_back(tokensOf(*s.train, i));
  const Vocabulary expected = buildVocabulary(train, c.vocab_size, c.min_freq);
  EXPECT_EQ(e.vocabulary.tokens, expected.tokens);
  EXPECT_DOUBLE_EQ(e.coverage, vocabularyCoverage(expected, train));
  for (const auto* split : {s.train.get(), s.val.get()})
    for (int64_t i = 0; i < split->size(); ++i)
      ASSERT_EQ(dynamic_cast<const TextDataset&>(*split).tokenIds(i), expected.encode(tokensOf(*split, i)))
          << split->describe(i);
  EXPECT_EQ(s.train->size() + s.val->size(), 120);
}

TEST(TextDocuments, ACsvSkipsRowsWithoutATargetOrTextAndSortsItsClasses) {
  test::TempDir dir;
  writeFile(dir.path() / "r.csv", "id;body;stars\n1;loud and long;10\n2;quiet;9\n3;no stars;NA\n4;NA;9\n5;fine;10\n");
  DatasetConfig c;
  c.kind = "csv", c.path = dir.str() + "/r.csv", c.target = "stars", c.text_column = "body";
  c.min_freq = 1, c.val_fraction = 0;
  const DatasetSplits s = openTextDataset(c, 1);
  EXPECT_EQ(s.train->classes(), (std::vector<std::string>{"9", "10"})) << "numbers by value, as a table's levels";
  ASSERT_EQ(s.train->size(), 3);
  EXPECT_EQ(s.train->label(0), 1);
  std::map<std::string, std::string> why;
  for (const auto& k : s.skipped) why[k.path] = k.reason;
  EXPECT_EQ(why[c.path + ":4"], "the target is missing");
  EXPECT_EQ(why[c.path + ":5"], "an empty document (no words)");
}

ExperimentConfig textExperiment(const std::string& runs, const std::string& root, const std::string& model) {
  ExperimentConfig c;
  c.runs_dir = runs;
  c.dataset.kind = "text-folder";
  c.dataset.root = root;
  c.dataset.min_freq = 1;
  c.dataset.val_fraction = 0.25;
  c.model.name = model;
  c.model.hidden = {16};
  c.model.embedding_dim = 16;
  c.model.dropout = 0;
  c.train_transforms.clear(), c.val_transforms.clear();
  c.optimizer.name = "adam";
  c.optimizer.lr = 0.01;
  c.loader.batch_size = 16;
  c.loader.num_workers = 1;
  c.epochs = 6;
  c.threads = 1;
  return c;
}

class TextModels : public ::testing::TestWithParam<std::string> {};

TEST_P(TextModels, LearnTopicsAndRecordThePaddingShare) {
  test::TempDir dir, runs;
  writeCorpus(dir.path(), 60, 2);
  writeFile(dir.path() / "sports" / "odd.txt", "rain cloud storm wind snow rain");  // a mistake to explain
  auto s = TrainingSession::start(textExperiment(runs.str(), dir.str(), GetParam()));
  const test::RunEvents r = test::followRun(*s);
  ASSERT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_GT(r.epochs.back().val_accuracy, 0.85) << "a third of the words name the topic";
  ASSERT_FALSE(r.steps.empty());
  for (const auto& step : r.steps) {
    EXPECT_GE(step.padding, 0.0);
    EXPECT_LT(step.padding, 0.95);
  }
  const auto info = test::readJsonFile((std::filesystem::path(s->runDir()) / "run.json").string());
  EXPECT_EQ(info["text"]["tokenizer"], "words");
  EXPECT_EQ(info["text"]["vocabulary"]["tokens"][0], "<pad>");
  const auto padding =
      test::readH5Column((std::filesystem::path(s->runDir()) / "metrics.h5").string(), "/steps/padding");
  EXPECT_EQ(padding.size(), r.steps.size());
  // saliency.h5: every misclassified validation document, each token with its saliency.
  const TokenSaliencies why = readSaliencyFile((std::filesystem::path(s->runDir()) / "saliency.h5").string());
  const double wrong = std::round((1 - r.epochs.back().val_accuracy) * static_cast<double>(r.started.val_samples));
  EXPECT_EQ(why.documents(), static_cast<int64_t>(wrong));
  for (int64_t m = 0; m < why.documents(); ++m) {
    EXPECT_NE(why.label[static_cast<size_t>(m)], why.predicted[static_cast<size_t>(m)]);
    EXPECT_GT(why.offsets[static_cast<size_t>(m) + 1], why.offsets[static_cast<size_t>(m)])
        << "never an empty document";
    EXPECT_NE(why.sources[static_cast<size_t>(m)].find(".txt"), std::string::npos);
  }
}

INSTANTIATE_TEST_SUITE_P(Text, TextModels, ::testing::Values("text_cnn", "text_gru"));

TEST(TextConfig, AModelOfAnotherFamilyIsRefusedByName) {
  nlohmann::json j = toJson(textExperiment("/tmp/x", "/tmp/y", "lenet"));
  try {
    parseConfig(j);
    FAIL() << "lenet cannot read text";
  } catch (const ConfigError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("text trains text_cnn or text_gru, got lenet"), std::string::npos) << text;
  }
  j["model"]["name"] = "text_gru";
  j["training"]["mixup_alpha"] = 0.2;
  EXPECT_THROW(parseConfig(j), ConfigError) << "token ids do not blend";
}

}  // namespace
}  // namespace trainscope
