// A one-line progress bar on stderr: games done, rate and time left. The runner shows it only when
// stderr is a terminal, so logs and pipes stay clean.
#pragma once

#include <chrono>

namespace tabletop::sim {

class ProgressBar {
 public:
  explicit ProgressBar(int total);
  void update(int done);
  // Final state, then a newline so the summary starts on its own line.
  void finish(int done);

 private:
  int total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tabletop::sim
