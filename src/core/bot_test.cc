#include "core/bot.h"

#include <gtest/gtest.h>

namespace tabletop {
namespace {

// Names are compared in lower case, as typed answers are; parameters keep what was typed (a
// net=FILE path is a file's name).
TEST(SplitBotList, NamesInLowerCaseParametersAsTyped) {
  EXPECT_EQ(split_bot_list(" Strong , greedy:danger=0.5"),
            (std::vector<std::string>{"strong", "greedy:danger=0.5"}));
  EXPECT_EQ(split_bot_list("Yellow=Learnt:net=Nets/V.txt,GREEN"),
            (std::vector<std::string>{"yellow=learnt:net=Nets/V.txt", "green"}));
  for (const char* bad : {"greedy,,random", "greedy, ", ""}) {
    try {
      split_bot_list(bad);
      ADD_FAILURE() << bad;
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("an empty item"), std::string::npos) << e.what();
    }
  }
}

TEST(BotSpecParse, NameInLowerCase) {
  const BotSpec spec = BotSpec::parse("Strong:rollouts=16");
  EXPECT_EQ(spec.name, "strong");
  EXPECT_EQ(spec.to_string(), "strong:rollouts=16");
  EXPECT_THROW(BotSpec::parse(":rollouts=16"), InvalidInput);
}

}  // namespace
}  // namespace tabletop
