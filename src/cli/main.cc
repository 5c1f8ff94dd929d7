// tabletop: On Tour and Sorry! on the command line.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "core/error.h"
#include "core/text.h"

namespace {

std::string print_error;  // why a print to standard output failed, as its exception said

// Output that did not reach standard output (a full disk, a closed pipe or terminal) is a failure,
// said on stderr, not a success: the status `status`, or 1 for a run that had gone well.
int check_output(int status) {
  std::cout.flush();
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout;
  if (!failed) return status;
  const int why = errno;
  if (print_error.empty() && why != 0) print_error = std::strerror(why);
  std::cerr << "tabletop: cannot write to standard output"
            << (print_error.empty() ? std::string() : ": " + print_error) << "\n";
  return status == 0 ? 1 : status;
}

// Option types as a user reads them: FILE, SEED, INT in [1 - 9], {a,b}, rather than CLI11's
// TEXT:FILE, UINT:SEED, INT:INT in [1 - 9], TEXT:(FILE) AND (FILE) (its type, then the checks').
class TidyFormatter : public CLI::Formatter {
 public:
  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string s = CLI::Formatter::make_option_opts(opt);
    auto replace_all = [&s](std::string_view from, std::string_view to) {
      std::string out;
      size_t at = 0;
      for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size())
        out.append(s, at, hit - at).append(to);
      s = out.append(s, at, std::string::npos);
    };
    replace_all("(FILE) AND (FILE)", "FILE");
    replace_all(" DIR:FILE", " DIR");
    for (std::string_view type : {" TEXT:", " UINT:", " INT:", " FLOAT:"}) replace_all(type, " ");
    return s;
  }
};

// "; did you mean --companion?" for a long option a letter or two from one that `app` or the
// commands above it take (the nearest, the first of equals), else "".
std::string nearest_option(const CLI::App* app, const std::string& typed) {
  if (typed.rfind("--", 0) != 0 || typed.size() < 4) return "";
  std::vector<std::string> names;
  for (const CLI::App* a = app; a != nullptr; a = a->get_parent())
    for (const CLI::Option* o : a->get_options())
      for (const std::string& name : o->get_lnames()) names.push_back(name);
  const std::string best = tabletop::likely_name(typed.substr(2), names);
  return best.empty() ? "" : "; did you mean --" + best + "?";
}

int run(int argc, char** argv) {
  CLI::App app{"tabletop: play and study On Tour and Sorry!"};
  app.name("tabletop");  // the usage line names the program, not the path it was started by
  app.formatter(std::make_shared<TidyFormatter>());
  app.require_subcommand(1);
  app.set_help_all_flag(
      "--help-all",
      "Show every command (the options of each: its own --help, e.g. tabletop sim --help)");
  app.set_version_flag("--version", "tabletop " TABLETOP_VERSION);
  tabletop::cli::add_ontour_commands(app);
  tabletop::cli::add_sorry_commands(app);
  tabletop::cli::add_bench_command(app);
  tabletop::cli::add_sim_command(app);
  if (argc == 1) {  // no command: the help, and a failure (nothing was done)
    try {
      app.parse(std::vector<std::string>{"--help"});
    } catch (const CLI::CallForHelp& e) {
      app.exit(e);
    }
    std::cout.flush();
    std::cerr << "\ntabletop: a command is required (e.g. tabletop ontour play)\n";
    return tabletop::cli::kExitBadInput;
  }
  // A mistyped command gets its name back, not CLI11's "A subcommand is required": the command
  // (argv[1]) and, for a command made of subcommands (ontour, sorry), the subcommand (argv[2]).
  CLI::App* parent = &app;
  std::string path = "tabletop";
  for (int at = 1; at <= 2 && at < argc && argv[at][0] != '-'; ++at) {
    const auto subs = parent->get_subcommands([](CLI::App*) { return true; });
    if (subs.empty()) break;
    std::string names;
    CLI::App* found = nullptr;
    for (CLI::App* sub : subs) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
      if (sub->get_name() == argv[at]) found = sub;
    }
    if (!found) {
      std::cerr << path << ": unknown command \"" << argv[at] << "\" (commands: " << names << "; "
                << path << " --help)\n";
      return tabletop::cli::kExitBadInput;
    }
    parent = found;
    path += " " + found->get_name();
  }
  // --version is the whole command line or nothing (CLI11 would print it and ignore the rest).
  for (int at = 1; at < argc; ++at)
    if (std::string(argv[at]) == "--version" && argc != 2) {
      std::cerr << "tabletop: --version takes nothing else (tabletop --version)\n";
      return tabletop::cli::kExitBadInput;
    }
  // An option the command does not take is named first (CLI11 would report a missing required
  // option or subcommand before it): any --name or -x that neither the command nor the commands
  // above it know. A value that starts with a dash and a digit (--seed -1) is not an option.
  for (int at = 1; at < argc; ++at) {
    const std::string token = argv[at];
    if (token == "--") break;
    if (token.size() < 2 || token[0] != '-' || std::isdigit(static_cast<unsigned char>(token[1])) ||
        token[1] == '.')
      continue;
    const std::string name = token.substr(0, token.find('='));
    bool known = false;
    for (const CLI::App* a = parent; a != nullptr && !known; a = a->get_parent())
      known = a->get_option_no_throw(name) != nullptr;
    if (!known) {
      // Options of `sorry play` that sim says otherwise.
      std::string instead;
      bool sorry = false;  // sim's game is Sorry!
      for (int k = 1; k < argc; ++k) sorry = sorry || std::string(argv[k]) == "sorry";
      if (path == "tabletop sim" && sorry && name == "--players")
        instead = "; in sim the players are the --bots, one each";
      std::cerr << "tabletop: unknown option " << name << " (" << path << " --help" << instead
                << nearest_option(parent, name) << ")\n";
      return tabletop::cli::kExitBadInput;
    }
  }
  // A command made of subcommands given none ("tabletop sorry") is told its commands, in the
  // words of a mistyped one, rather than CLI11's "A subcommand is required".
  if (parent != &app) {
    const auto subs = parent->get_subcommands([](CLI::App*) { return true; });
    bool help = false;
    for (int at = 1; at < argc; ++at) {
      const std::string_view token = argv[at];
      help = help || token == "--help" || token == "-h" || token == "--help-all";
    }
    if (!subs.empty() && !help) {
      std::string names;
      for (CLI::App* sub : subs) names += (names.empty() ? "" : ", ") + sub->get_name();
      std::cerr << path << ": a command is required (commands: " << names << "; " << path
                << " --help)\n";
      return tabletop::cli::kExitBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Said as the program's other errors are, an option given twice in plain words.
    std::string what = e.what();
    const size_t many = what.find(": At Most 1 required but received");
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && many != std::string::npos)
      what = what.substr(0, many) + " is given more than once";
    // Words the command does not take, as typed (CLI11 lists them last first).
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
      const std::vector<std::string> words = app.remaining(true);
      what = words.size() == 1 ? "unexpected argument" : "unexpected arguments";
      for (const std::string& w : words)
        what += " " + (w.find(' ') == std::string::npos ? w : "'" + w + "'");
      what += " (" + path + " --help)";
    }
    std::cerr << "tabletop: " << what << "\n";
    if (what.find(" --help)") == std::string::npos)
      std::cerr << "Run with --help or --help-all for more information.\n";
    return tabletop::cli::kExitBadInput;
  } catch (const tabletop::cli::ExitStatus& e) {
    return e.status;
  } catch (const tabletop::Error& e) {
    std::cerr << "tabletop: " << e.what() << "\n";
    return tabletop::cli::kExitBadInput;
  } catch (const std::system_error& e) {
    if (std::ferror(stdout)) {  // a print that failed: check_output says so
      print_error = e.code().message();
      return 1;
    }
    std::cerr << "tabletop: internal error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "tabletop: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A closed pipe on standard output (`| head`, a pager quit early) is a failed write that the
  // program reports (check_output) after writing its files, not a signal that kills it first.
  std::signal(SIGPIPE, SIG_IGN);
  return check_output(run(argc, argv));
}
