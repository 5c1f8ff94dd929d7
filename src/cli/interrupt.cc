#include "cli/interrupt.h"

#include <unistd.h>

#include <csignal>
#include <cstring>

namespace tabletop::cli {

namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_signal{0};
std::atomic<const char*> g_message{""};
std::atomic<bool> g_below_bar{false};
struct sigaction g_old_int, g_old_term;

void on_signal(int sig) {
  // Only async-signal-safe calls here. SA_RESETHAND has already put back the default handler of
  // this signal; the other one (Ctrl-C after a SIGTERM, or the reverse) ends the program too.
  if (g_requested.exchange(true)) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal.store(sig);
  ssize_t ignored = g_below_bar.load() ? write(STDERR_FILENO, "\n", 1) : 0;
  const char* message = g_message.load();
  ignored = write(STDERR_FILENO, message, std::strlen(message));
  (void)ignored;
}

}  // namespace

StopOnSignal::StopOnSignal(const char* what, bool below_bar) {
  static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free &&
                    std::atomic<const char*>::is_always_lock_free,
                "a signal handler may only touch lock-free atomics");
  g_message = what;
  g_below_bar = below_bar;
  g_requested.store(false);
  g_signal.store(0);
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;  // the next signal ends the program
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

StopOnSignal::~StopOnSignal() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>& StopOnSignal::requested() const { return g_requested; }

int StopOnSignal::signal() const { return g_signal.load(); }

}  // namespace tabletop::cli
