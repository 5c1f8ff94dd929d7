// For tests that run the tabletop binary as a user would: its output (stdout and stderr together)
// and exit status. Header-only; used by the CLI tests of every module.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace tabletop::testing {

struct CommandRun {
  int status = -1;  // exit status, -1 when the command did not exit normally
  std::string out;
};

// Runs `binary args` with `input` on standard input. The input file is unique per process and call,
// so tests may run in parallel.
inline CommandRun run_command(const std::string& binary, const std::string& args,
                              const std::string& input = "") {
  static int counter = 0;
  const char* tmp = std::getenv("TMPDIR");
  std::string in_path = std::string(tmp ? tmp : "/tmp") + "/tabletop_test_input_" +
                        std::to_string(getpid()) + "_" + std::to_string(counter++);
  std::ofstream(in_path) << input;
  std::string cmd = binary + " " + args + " < " + in_path + " 2>&1";
  CommandRun r;
  FILE* p = popen(cmd.c_str(), "r");
  if (p) {
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }
  std::remove(in_path.c_str());
  return r;
}

// Runs `binary args` with a standard input that stays open and no answer typed, and sends it
// SIGINT (Ctrl-C) after `seconds`, once (--foreground: to the program only, as a terminal's Ctrl-C
// sends one; without it timeout signals its process group too, and a second SIGINT ends the
// program before it has said anything): its output and exit status (130 when the signal ended it or
// it stopped on it as asked). `args` must not hold a single quote.
inline CommandRun run_interrupted(const std::string& binary, const std::string& args,
                                  int seconds = 2) {
  CommandRun r = run_command("sh", "-c 'sleep " + std::to_string(seconds + 1) +
                                       " | timeout --foreground --preserve-status -s INT " +
                                       std::to_string(seconds) + " " + binary + " " + args +
                                       "; echo \"status=$?\"'");
  const size_t at = r.out.rfind("status=");
  r.status = at == std::string::npos ? -1 : std::stoi(r.out.substr(at + 7));
  r.out.erase(at == std::string::npos ? r.out.size() : at);
  return r;
}

}  // namespace tabletop::testing
