// Ctrl-C (SIGINT) and SIGTERM during a long run: the first asks the run to stop, so that what it
// has done so far is still reported; a second one ends the program at once, as it would have
// without the handler.
#pragma once

#include <atomic>

namespace tabletop::cli {

// While one lives, SIGINT and SIGTERM set `requested()` (and say on stderr that the run is
// stopping) instead of ending the program; each handler then gives way to the default one for the
// next signal. The previous handlers come back when it ends.
class StopOnSignal {
 public:
  // `what`: the message written on stderr at the first signal (a string literal), on a line of
  // its own below a progress bar when `below_bar`.
  StopOnSignal(const char* what, bool below_bar);
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

  const std::atomic<bool>& requested() const;
  // The signal that asked to stop, or 0.
  int signal() const;
};

// Runs run(stop) with SIGINT and SIGTERM asking it to stop through `stop` (StopOnSignal, saying
// `what` at the first signal, below the progress bar when `below_bar`); returns the signal that
// asked, or 0.
template <typename Run>
int run_until_signal(const char* what, bool below_bar, Run&& run) {
  StopOnSignal stop(what, below_bar);
  run(stop.requested());
  return stop.signal();
}

}  // namespace tabletop::cli
