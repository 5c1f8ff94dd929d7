// `tabletop ontour rules` and `tabletop sorry rules`: the pages of docs/rules as built in, naming
// only flags and rule options the program takes.
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// Every text between backticks in `page` (code spans of one line).
std::vector<std::string> code_spans(const std::string& page) {
  std::vector<std::string> out;
  for (size_t open = page.find('`'); open != std::string::npos;) {
    const size_t close = page.find('`', open + 1);
    if (close == std::string::npos) break;
    const std::string span = page.substr(open + 1, close - open - 1);
    if (span.find('\n') == std::string::npos) out.push_back(span);
    open = page.find('`', close + 1);
  }
  return out;
}

bool flag_char(char c) { return (c >= 'a' && c <= 'z') || c == '-'; }

// The flag a code span starts with ("--teams" of "--teams"), or "".
std::string leading_flag(const std::string& span) {
  if (span.rfind("--", 0) != 0) return "";
  size_t end = 2;
  while (end < span.size() && flag_char(span[end])) ++end;
  return span.substr(0, end);
}

// Whether `text` holds `flag` as a whole word: --team is not --teams.
bool has_flag(const std::string& text, const std::string& flag) {
  for (size_t at = text.find(flag); at != std::string::npos; at = text.find(flag, at + 1))
    if (at + flag.size() == text.size() || !flag_char(text[at + flag.size()])) return true;
  return false;
}

// "name=value" rule options: lower-case letters, digits and underscores either side of one =.
bool rule_option(const std::string& span) {
  const size_t eq = span.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == span.size() ||
      span.find(' ') != std::string::npos)
    return false;
  for (char c : span)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '=')) return false;
  return true;
}

TEST(RulesCli, PrintsThePageOfDocsRules) {
  for (const std::string game : {"ontour", "sorry"}) {
    CliRun r = run(game + " rules");
    EXPECT_EQ(r.status, 0) << r.out;
    const std::string page = source_file("docs/rules/" + game + ".md");
    ASSERT_GT(page.size(), 1000u) << game;
    EXPECT_EQ(r.out, page) << game;
  }
  for (const std::string game : {"ontour", "sorry"})
    EXPECT_NE(run(game + " --help").out.find("\n  rules "), std::string::npos) << game;
}

TEST(RulesCli, NamesOnlyFlagsAndOptionsTheProgramTakes) {
  for (const std::string game : {"ontour", "sorry"}) {
    const std::string page = source_file("docs/rules/" + game + ".md");
    const std::string help = run(game + " play --help").out;
    std::set<std::string> flags;
    for (const std::string& span : code_spans(page))
      if (const std::string flag = leading_flag(span); !flag.empty()) flags.insert(flag);
    EXPECT_GE(flags.size(), 3u) << game;
    for (const std::string& flag : flags)
      EXPECT_TRUE(has_flag(help, flag)) << game << " play takes no " << flag;
  }
  std::set<std::string> options;
  for (const std::string& span : code_spans(source_file("docs/rules/sorry.md")))
    if (rule_option(span)) options.insert(span);
  EXPECT_GE(options.size(), 7u);
  for (const std::string& o : options) {
    // The shut-out bonus is an option of playing for points only.
    const std::string variant = o.rfind("bonus=", 0) == 0 ? " --variant points" : "";
    CliRun r = run("sim sorry --bots random,random --games 2 --seed 1 --option " + o + variant);
    EXPECT_EQ(r.status, 0) << o << "\n" << r.out;
  }
}

}  // namespace
}  // namespace tabletop
