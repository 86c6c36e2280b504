#include "engine/run/message.h"

#include <gtest/gtest.h>

namespace trainscope {
namespace {

TEST(Message, FillsNumberedPlaceholdersInOnePass) {
  EXPECT_EQ(fillPlaceholders("%2 of %1", {"a", "b"}), "b of a");
  EXPECT_EQ(fillPlaceholders("more than %1%", {"50"}), "more than 50%");
  EXPECT_EQ(fillPlaceholders("%1 and %2", {"%2", "x"}), "%2 and x") << "an argument is not searched again";
  EXPECT_EQ(fillPlaceholders("%1 %3", {"a"}), "a %3") << "a placeholder without an argument stays";
  EXPECT_EQ(fillPlaceholders("100%", {}), "100%");
}

TEST(Message, EnglishIsTheSourceWithItsArguments) {
  const Message m{"trainscope::Test", QT_TRANSLATE_NOOP("trainscope::Test", "step %1 of %2"), {"3", "10"}};
  EXPECT_EQ(m.english(), "step 3 of 10");
}

}  // namespace
}  // namespace trainscope
