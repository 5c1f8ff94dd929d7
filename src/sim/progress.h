// Progress on stderr: games done, rate and time left. On a terminal a bar redrawn in place; in
// lines mode (a log file or a pipe, asked for with `tabletop sim --progress`) one line at most
// every `line_seconds`, so a log shows how a long run goes without filling up.
#pragma once

#include <chrono>

namespace tabletop::sim {

class ProgressBar {
 public:
  explicit ProgressBar(int total, bool lines = false, double line_seconds = 10);
  void update(int done);
  // Final state, then a newline so the summary starts on its own line.
  void finish(int done);

 private:
  double elapsed() const;  // seconds since the start
  void draw(int done, double elapsed);

  int total_;
  bool lines_;
  double line_seconds_;
  double last_line_ = 0;  // elapsed seconds at the last line written
  int last_done_ = -1;    // games done at the last line or bar drawn
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tabletop::sim
