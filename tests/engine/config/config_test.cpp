#include "engine/config/config.h"
#include "engine/config/experiment_grid.h"

#include "engine/data/dataset_source.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace trainscope {
namespace {

using nlohmann::json;

// The message for a config that should be rejected, or "" when it parses.
std::string problemsOf(const json& j) {
  try {
    parseConfig(j);
    return "";
  } catch (const ConfigError& e) {
    return e.what();
  }
}

TEST(Config, EveryPresetParses) {
  const auto dir = std::filesystem::path(test::sourceDir()) / "resources" / "experiments";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    EXPECT_NO_THROW(loadConfigFile(entry.path().string())) << entry.path();
    ++count;
  }
  EXPECT_GE(count, 4);
  const auto lenet = loadConfigFile((dir / "fashion_lenet.json").string());
  EXPECT_EQ(lenet.model.name, "lenet");
  EXPECT_EQ(lenet.dataset.kind, "fashion-mnist");
}

// Every whole experiment the docs show (a ```json block with a dataset) is one the engine
// takes as it is: docs/text.md's own example was once refused ("text takes no transforms").
TEST(Config, EveryExperimentInTheDocsParses) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::sourceDir() + "/docs")) {
    if (entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t at = text.find("```json\n"); at != std::string::npos; at = text.find("```json\n", at + 1)) {
      const size_t begin = at + 8, end = text.find("```", begin);
      const nlohmann::json block = nlohmann::json::parse(text.substr(begin, end - begin), nullptr, false);
      if (!block.is_object() || !block.contains("dataset") || !block["dataset"].is_object()) continue;
      try {
        parseConfig(block);
        ++checked;
      } catch (const ConfigError& e) {
        ADD_FAILURE() << entry.path().filename() << ": " << e.what();
      }
    }
  }
  EXPECT_GE(checked, 2);  // docs/text.md's and docs/tables.md's at least
}

TEST(Config, ImageFolderPresetHasTheSeedRecipe) {
  const auto c = loadConfigFile(test::sourceDir() + "/resources/experiments/imagefolder_resnet18.json");
  EXPECT_EQ(c.model.name, "resnet18");
  ASSERT_GE(c.train_transforms.size(), 5u);
  EXPECT_EQ(c.train_transforms[0].name, "RandomResizedCrop");
  EXPECT_EQ(c.train_transforms[0].size, std::vector<int>{224});
  EXPECT_EQ(c.train_transforms[1].name, "RandomHorizontalFlip");
  EXPECT_EQ(c.train_transforms[2].name, "ColorJitter");
  EXPECT_DOUBLE_EQ(c.train_transforms[2].brightness, 0.3);
  EXPECT_EQ(c.optimizer.name, "sgd");
  EXPECT_DOUBLE_EQ(c.optimizer.lr, 0.01);
  EXPECT_DOUBLE_EQ(c.optimizer.momentum, 0.9);
  EXPECT_DOUBLE_EQ(c.optimizer.weight_decay, 1e-4);
  EXPECT_EQ(c.scheduler.name, "step");
  EXPECT_DOUBLE_EQ(c.scheduler.step_size, 30);
  EXPECT_DOUBLE_EQ(c.scheduler.gamma, 0.1);
  EXPECT_EQ(c.epochs, 90);
}

TEST(Config, UnknownKeyIsNamedWithASuggestion) {
  const std::string m = problemsOf({{"optimizer", {{"lrr", 0.1}}}});
  EXPECT_NE(m.find("optimizer.lrr: unknown key (did you mean \"lr\"?)"), std::string::npos) << m;
  EXPECT_NE(problemsOf({{"epoch", 3}}).find("epoch: unknown key (did you mean \"epochs\"?)"), std::string::npos);
}

TEST(Config, WrongTypeIsNamed) {
  const std::string m = problemsOf({{"loader", {{"batch_size", "64"}}}});
  EXPECT_NE(m.find("loader.batch_size: must be a number, got a string"), std::string::npos) << m;
  EXPECT_NE(problemsOf({{"deterministic", 1}}).find("deterministic: must be true or false"), std::string::npos);
}

TEST(Config, ImpossibleValuesAreNamed) {
  const std::string lr = problemsOf({{"optimizer", {{"lr", -1}}}});
  EXPECT_EQ(lr.rfind("optimizer.lr: must be > 0", 0), 0u) << lr;
  EXPECT_NE(lr.find("got -1"), std::string::npos) << lr;
  EXPECT_NE(problemsOf({{"epochs", 0}}).find("epochs: must be >= 1"), std::string::npos);
  EXPECT_NE(problemsOf({{"loader", {{"batch_size", 2.5}}}}).find("loader.batch_size: must be a whole number"),
            std::string::npos);
  EXPECT_NE(problemsOf({{"model", {{"name", "alexnet"}}}}).find("model.name: must be one of mlp, lenet, vgg, resnet18"),
            std::string::npos);
  EXPECT_NE(problemsOf({{"scheduler", {{"name", "multistep"}}}}).find("scheduler.milestones"), std::string::npos);
}

TEST(Config, TransformPipelinesAreChecked) {
  const json normalizeFirst = {
      {"transforms",
       {{"train", json::array({{{"name", "Normalize"}, {"mean", {0.5}}, {"std", {0.5}}}, {{"name", "ToTensor"}}})}}}};
  EXPECT_NE(problemsOf(normalizeFirst).find("transforms.train[0]: Normalize works on tensors; put it after ToTensor"),
            std::string::npos);
  const json wrongChannels = {
      {"transforms",
       {{"val", json::array({{{"name", "ToTensor"}},
                             {{"name", "Normalize"}, {"mean", {0.5, 0.5, 0.5}}, {"std", {0.2, 0.2, 0.2}}}})}}}};
  EXPECT_NE(problemsOf(wrongChannels).find("transforms.val[1].mean: the images have 1 channel(s) here"),
            std::string::npos)
      << problemsOf(wrongChannels);
  const json noSize = {{"dataset", {{"kind", "image-folder"}, {"root", "/tmp"}}},
                       {"transforms", {{"train", json::array({{{"name", "ToTensor"}}})}}}};
  EXPECT_NE(problemsOf(noSize).find("transforms.train: images in a folder differ in size"), std::string::npos);
  EXPECT_NE(problemsOf({{"transforms", {{"train", json::array({{{"name", "Blur"}}})}}}})
                .find("transforms.train[0].name: must be one of"),
            std::string::npos);
}

TEST(Config, ImageFolderNeedsARootAndTheRootMustExist) {
  EXPECT_NE(problemsOf({{"dataset", {{"kind", "image-folder"}}}}).find("dataset.root: missing"), std::string::npos);
  DatasetConfig d;
  d.kind = "image-folder";
  d.root = "/nonexistent/photos";
  const auto problems = checkDatasetAvailable(d);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].text(), "dataset.root: folder does not exist: /nonexistent/photos");
}

TEST(Config, AllProblemsAreReportedAtOnce) {
  try {
    parseConfig({{"epochs", -1}, {"optimizer", {{"lr", 0}}}, {"bogus", true}});
    FAIL() << "should not parse";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.problems().size(), 3u) << e.what();
  }
}

TEST(Config, JsonRoundTripKeepsEveryField) {
  ExperimentConfig c = loadConfigFile(test::sourceDir() + "/resources/experiments/imagefolder_resnet18.json");
  const json once = toJson(c);
  const json twice = toJson(parseConfig(once));
  EXPECT_EQ(once, twice);
}

TEST(Config, OverridesSetNestedFieldsWithJsonValues) {
  json j = {{"epochs", 10}};
  applyOverride(j, "epochs=1");
  applyOverride(j, "optimizer.lr=0.5");
  applyOverride(j, "model.name=mlp");
  applyOverride(j, "model.hidden=[32,16]");
  EXPECT_EQ(j["epochs"], 1);
  EXPECT_EQ(j["optimizer"]["lr"], 0.5);
  EXPECT_EQ(j["model"]["name"], "mlp");
  EXPECT_EQ(j["model"]["hidden"], json({32, 16}));
  EXPECT_THROW(applyOverride(j, "novalue"), ConfigError);
}

}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {
TEST(Config, TensorSavesAreChecked) {
  EXPECT_NE(problemsOf({{"tensors", {{"kinds", {"activation", "weights"}}}}})
                .find("tensors.kinds[1]: must be one of activation, "
                      "activation_grad, weight, weight_grad"),
            std::string::npos);
  EXPECT_NE(problemsOf({{"tensors", {{"steps", {0}}}}}).find("tensors.steps[0]"), std::string::npos);
  EXPECT_NE(problemsOf({{"tensors", {{"layers", "conv1"}, {"evry", 3}}}})
                .find("tensors.evry: unknown key (did you mean \"every\"?)"),
            std::string::npos);
  const auto c = parseConfig({{"tensors", {{"steps", {10, 20}}, {"layers", "conv1"}, {"kinds", {"weight"}}}}});
  EXPECT_EQ(c.tensors.steps, (std::vector<int>{10, 20}));
  EXPECT_EQ(c.tensors.layers, (std::vector<std::string>{"conv1"})) << "one name is shorthand for a list of one";
  EXPECT_EQ(parseConfig(toJson(c)).tensors.kinds, (std::vector<std::string>{"weight"}));
}
}  // namespace
}  // namespace trainscope

namespace trainscope {
namespace {
TEST(Grid, EveryCombinationIsAValidExperiment) {
  const json base = {{"name", "lenet"}, {"optimizer", {{"name", "sgd"}, {"lr", 0.1}}}};
  const auto runs = expandGrid(base, {{"optimizer.lr", parseGridValues("0.1, 1e-2")},
                                      {"optimizer.weight_decay", parseGridValues("0, 0.0001, 1e-3")}});
  ASSERT_EQ(runs.size(), 6u);
  EXPECT_EQ(runs[1].label, "optimizer.lr=0.1 optimizer.weight_decay=0.0001");
  EXPECT_EQ(runs[5].config["optimizer"]["lr"], 0.01);
  EXPECT_EQ(runs[5].config["optimizer"]["weight_decay"], 0.001);
  EXPECT_EQ(runs[0].config["optimizer"]["name"], "sgd") << "the rest of the experiment is kept";
  // Each run is named by what ran and what the grid changed, so legends differ.
  EXPECT_EQ(runs[1].config["run_name"], "lenet-fashion-mnist optimizer.lr=0.1 optimizer.weight_decay=0.0001");
  EXPECT_NE(runs[0].config["run_name"], runs[1].config["run_name"]);
  EXPECT_EQ(parseGridValues("adam, sgd"), (std::vector<json>{"adam", "sgd"}));
  try {
    expandGrid(base, {{"optimizer.lr", parseGridValues("0.1, -1")}});
    FAIL() << "a negative learning rate is not an experiment";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("grid (optimizer.lr=-1): optimizer.lr"), std::string::npos) << e.what();
  }
  EXPECT_THROW(expandGrid(base, {}), ConfigError);
}
TEST(ConfigFile, DuplicateKeysAndANonObjectAreRefusedNamingWhat) {
  test::TempDir dir;
  const auto dup = dir.path() / "dup.json";
  std::ofstream(dup) << R"({"optimizer": {"lr": 0.1, "lr": 0.2}, "loader": {"batch_size": 8}, "loader": {}})";
  try {
    readConfigJson(dup.string(), "--config");
    FAIL() << "duplicates must be refused";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("optimizer.lr: appears twice"), std::string::npos) << what;
    EXPECT_NE(what.find("loader: appears twice"), std::string::npos) << "all of them at once: " << what;
  }
  const auto list = dir.path() / "list.json";
  std::ofstream(list) << "[1, 2]";
  try {
    readConfigJson(list.string(), "--config");
    FAIL() << "an array is not an experiment";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("must hold a JSON object"), std::string::npos) << e.what();
  }
  const auto nested = dir.path() / "nested.json";
  std::ofstream(nested) << R"({"a": [{"x": 1}, {"x": 2}], "b": {"x": 1}})";
  EXPECT_NO_THROW(readConfigJson(nested.string(), "--config")) << "the same key in different objects is fine";
}

// Found by fuzz_config: a number too large for a double escaped as a JSON library error.
TEST(ConfigFile, ANumberTooLargeIsAConfigErrorNamingTheFile) {
  test::TempDir dir;
  const auto huge = dir.path() / "huge.json";
  std::ofstream(huge) << R"({"optimizer": {"lr": 1e99999}})";
  try {
    readConfigJson(huge.string(), "--config");
    FAIL() << "an overflowing number must be refused";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("huge.json is not valid JSON"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace trainscope
