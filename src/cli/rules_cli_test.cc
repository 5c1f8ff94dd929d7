// `tabletop ontour rules` and `tabletop sorry rules`: the pages of docs/rules as built in, naming
// only flags and rule options the program takes.
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/testing/run_command.h"

namespace tabletop {
namespace {

using CliRun = testing::CommandRun;

CliRun run(const std::string& args) { return testing::run_command(TABLETOP_BINARY, args, ""); }

std::string source_file(const std::string& path) {
  std::ifstream in(std::string(TABLETOP_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every match of `pattern`'s first group in `text`.
std::set<std::string> matches(const std::string& text, const std::string& pattern) {
  std::set<std::string> out;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it)
    out.insert((*it)[1].str());
  return out;
}

TEST(RulesCli, PrintsThePageOfDocsRules) {
  for (const std::string game : {"ontour", "sorry"}) {
    CliRun r = run(game + " rules");
    EXPECT_EQ(r.status, 0) << r.out;
    const std::string page = source_file("docs/rules/" + game + ".md");
    ASSERT_GT(page.size(), 1000u) << game;
    EXPECT_EQ(r.out, page) << game;
  }
  EXPECT_NE(run("ontour --help").out.find("rules"), std::string::npos);
}

TEST(RulesCli, NamesOnlyFlagsAndOptionsTheProgramTakes) {
  for (const std::string game : {"ontour", "sorry"}) {
    const std::string page = source_file("docs/rules/" + game + ".md");
    const std::string help = run(game + " play --help").out;
    const std::set<std::string> flags = matches(page, "`(--[a-z-]+)");
    EXPECT_GE(flags.size(), 3u) << game;
    for (const std::string& flag : flags)  // the whole flag: --team is not --teams
      EXPECT_TRUE(std::regex_search(help, std::regex(flag + "[^a-z-]")))
          << game << " play takes no " << flag;
  }
  const std::set<std::string> options =
      matches(source_file("docs/rules/sorry.md"), "`([a-z_0-9]+=[a-z0-9]+)`");
  EXPECT_GE(options.size(), 7u);
  for (const std::string& o : options) {
    CliRun r = run("sim sorry --bots random,random --games 2 --seed 1 --option " + o);
    EXPECT_EQ(r.status, 0) << o << "\n" << r.out;
  }
}

}  // namespace
}  // namespace tabletop
