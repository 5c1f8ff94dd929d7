#include "sim/runner.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "core/rng.h"
#include "sim/progress.h"

namespace tabletop::sim {

int effective_threads(int requested, int games) {
  int t = requested > 0 ? requested : static_cast<int>(std::thread::hardware_concurrency());
  if (t < 1) t = 1;
  return std::min(t, std::max(games, 1));
}

void run_parallel(int n, int threads, const std::function<void(int)>& task,
                  const std::function<void()>& tick, const std::atomic<bool>* stop) {
  if (n <= 0) return;
  std::atomic<int> next{0}, finished{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mu;
  std::condition_variable cv;
  auto stopped = [&] { return failed.load() || (stop && stop->load()); };
  auto worker = [&] {
    while (!stopped()) {
      const int i = next.fetch_add(1);
      if (i >= n) break;
      try {
        task(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
        failed = true;
      }
      // The drawing thread wakes every 250 ms to redraw; woken early only to finish.
      if (++finished == n || failed.load()) cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  try {
    for (int t = tick ? 0 : 1; t < effective_threads(threads, n); ++t) pool.emplace_back(worker);
  } catch (const std::system_error&) {
    // The system gives no more threads: go on with those it gave.
  }
  // The calling thread draws the bar while the pool plays, or plays itself (always when the
  // system gave no thread at all).
  if (tick && !pool.empty()) {
    std::unique_lock<std::mutex> lock(mu);
    while (finished.load() < n && !stopped()) {
      cv.wait_for(lock, std::chrono::milliseconds(250));
      lock.unlock();
      try {
        tick();
      } catch (...) {  // stops the pool as a failed game would: its threads are joined below
        std::lock_guard<std::mutex> guard(mu);
        if (!error) error = std::current_exception();
        failed = true;
      }
      lock.lock();
    }
  } else {
    worker();
  }
  for (auto& t : pool) t.join();
  if (tick) tick();
  if (error) std::rethrow_exception(error);
}

std::vector<GameRecord> run_games(const RunConfig& config, const PlayGame& play) {
  const int n = config.games;
  std::vector<GameRecord> records(n > 0 ? n : 0);
  if (n <= 0) return records;
  std::atomic<int> done{0};
  const bool terminal = isatty(STDERR_FILENO);
  std::unique_ptr<ProgressBar> bar;
  if (config.progress && (terminal || config.progress_lines))
    bar = std::make_unique<ProgressBar>(n, !terminal);
  auto play_one = [&](int k) {
    const int i = config.first + k;
    GameRecord r = play(i, mix_seed(config.seed, static_cast<uint64_t>(i)));
    r.index = i;
    r.seed = mix_seed(config.seed, static_cast<uint64_t>(i));
    records[k] = std::move(r);
    ++done;
  };
  // With a bar the calling thread only draws it; otherwise it plays too.
  std::function<void()> tick;
  if (bar) tick = [&] { bar->update(done.load()); };
  // The bar ends on its own line however the run ends, a failed game included.
  struct FinishBar {
    ProgressBar* bar;
    const std::atomic<int>& done;
    ~FinishBar() {
      if (bar) bar->finish(done.load());
    }
  } finish{bar.get(), done};
  run_parallel(n, config.threads, play_one, tick, config.stop);
  // Games are handed out in order and every game started finishes, so a stopped run has played
  // exactly the first `done` games.
  records.resize(static_cast<size_t>(done.load()));
  return records;
}

}  // namespace tabletop::sim
