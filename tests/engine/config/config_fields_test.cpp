// The config's declarations: one per field, feeding the parser, toJson, problems with
// field paths, and docs/config.md.
#include "engine/config/config_fields.h"
#include "engine/config/config_docs.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace trainscope {
namespace {

TEST(ConfigFields, KeysAreUniqueAndFoundByMember) {
  std::set<std::string> keys;
  for (const auto& f : configFields()) EXPECT_TRUE(keys.insert(f.key).second) << f.key << " is declared twice";
  EXPECT_EQ(configField(&ExperimentConfig::optimizer, &OptimizerConfig::lr).key, "optimizer.lr");
  EXPECT_EQ(configField(&ExperimentConfig::epochs).key, "epochs");
  EXPECT_EQ(configField(&ExperimentConfig::training, &TrainingConfig::label_smoothing).pointer(),
            "/training/label_smoothing");
  EXPECT_EQ(configSection(&ExperimentConfig::tensors), "tensors");
  EXPECT_EQ(findConfigField("loader.batch_size"), &configField(&ExperimentConfig::loader, &LoaderConfig::batch_size));
  EXPECT_EQ(findConfigField("loader.batchsize"), nullptr);
}

// A section's fields are declared together, each section inside another after its
// parent's own fields: a section met twice would be read twice, and the keys of the
// sections inside it taken for unknown ones.
TEST(ConfigFields, EachSectionIsDeclaredInOnePiece) {
  const auto& sections = configSections();
  const std::set<std::string> distinct(sections.begin(), sections.end());
  EXPECT_EQ(distinct.size(), sections.size());
}

TEST(ConfigFields, EveryFieldRoundTripsThroughJson) {
  const ExperimentConfig defaults = parseConfig(nlohmann::json::object());  // the default pipelines too
  const nlohmann::json j = toJson(defaults);
  for (const auto& f : configFields()) {
    const nlohmann::json::json_pointer p(f.pointer());
    ASSERT_TRUE(j.contains(p)) << f.key;
    EXPECT_EQ(j.at(p), f.value(defaults)) << f.key;
  }
  EXPECT_EQ(toJson(parseConfig(j)), j);
}

TEST(ConfigFields, EachFieldIsReadFromItsKey) {
  // Changing a field in the JSON changes the parsed config's member, for every field.
  for (const auto& f : configFields()) {
    nlohmann::json j = toJson(parseConfig(nlohmann::json::object()));
    const nlohmann::json before = j.at(nlohmann::json::json_pointer(f.pointer()));
    nlohmann::json changed = before;
    if (before.is_boolean())
      changed = !before.get<bool>();
    else if (f.isNumber())
      changed = before.get<double>() + 1 <= f.max ? before.get<double>() + 1 : (f.min + f.max) / 2;
    else
      continue;
    if (f.isNumber() && before.is_number_integer()) changed = static_cast<int64_t>(changed.get<double>());
    j[nlohmann::json::json_pointer(f.pointer())] = changed;
    try {
      EXPECT_EQ(f.value(parseConfig(j)), changed) << f.key;
    } catch (const ConfigError& e) {
      // Some changes break a rule between fields (e.g. nesterov without momentum): then
      // the problem names a field of the same section.
      ASSERT_FALSE(e.problems().empty());
      EXPECT_EQ(e.problems().front().field.substr(0, f.section().size()), f.section()) << e.what();
    }
  }
}

TEST(ConfigFields, ProblemsAreValuesNamingTheField) {
  nlohmann::json j = {{"optimizer", {{"lr", -1}}}, {"loader", {{"batch_size", "many"}}}};
  try {
    parseConfig(j);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    ASSERT_EQ(e.problems().size(), 2u);
    std::set<std::string> fields;
    for (const auto& p : e.problems()) fields.insert(p.field);
    EXPECT_TRUE(fields.count("optimizer.lr"));
    EXPECT_TRUE(fields.count("loader.batch_size"));
    for (const auto& p : e.problems()) EXPECT_EQ(p.message.find(p.field), std::string::npos) << p.message;
  }
}

TEST(ConfigFields, FormRowsHaveLabelsAndTips) {
  int rows = 0;
  for (const auto& f : configFields()) {
    EXPECT_FALSE(f.doc.empty()) << f.key << " has no docs text";
    if (f.group == FormGroup::None) continue;
    ++rows;
    EXPECT_TRUE(*f.label) << f.key;
    EXPECT_TRUE(*f.tip) << f.key;
  }
  EXPECT_GE(rows, 25);
}

TEST(ConfigFields, DocsTablesMatchTheDeclarations) {
  const std::string path = TRAINSCOPE_SOURCE_DIR "/docs/config.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  const std::string expected = withConfigFieldTables(text.str());
  if (std::getenv("TRAINSCOPE_UPDATE_DOCS")) {
    std::ofstream(path) << expected;
    return;
  }
  // Every section of fields has its table in the docs.
  for (const auto& section : configSections())
    EXPECT_NE(text.str().find("<!-- fields: " + (section.empty() ? std::string("top") : section) + " -->"),
              std::string::npos)
        << section;
  EXPECT_EQ(text.str(), expected) << "docs/config.md and config_declarations.cpp disagree; rewrite the tables with "
                                     "TRAINSCOPE_UPDATE_DOCS=1 engine_tests --gtest_filter='ConfigFields.*'";
}

}  // namespace
}  // namespace trainscope
