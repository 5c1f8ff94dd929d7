#include "sim/runner.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include "core/rng.h"
#include "sim/progress.h"

namespace tabletop::sim {

int effective_threads(int requested, int games) {
  int t = requested > 0 ? requested : static_cast<int>(std::thread::hardware_concurrency());
  if (t < 1) t = 1;
  return std::min(t, std::max(games, 1));
}

std::vector<GameRecord> run_games(const RunConfig& config, const PlayGame& play) {
  const int n = config.games;
  std::vector<GameRecord> records(n > 0 ? n : 0);
  if (n <= 0) return records;
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mu;
  std::condition_variable cv;

  auto worker = [&] {
    while (!failed.load()) {
      int i = next.fetch_add(1);
      if (i >= n) break;
      try {
        GameRecord r = play(i, mix_seed(config.seed, static_cast<uint64_t>(i)));
        r.index = i;
        r.seed = mix_seed(config.seed, static_cast<uint64_t>(i));
        records[i] = std::move(r);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
        failed = true;
      }
      done.fetch_add(1);
      cv.notify_all();
    }
  };

  const int threads = effective_threads(config.threads, n);
  const bool terminal = isatty(STDERR_FILENO);
  const bool show = config.progress && (terminal || config.progress_lines);
  std::vector<std::thread> pool;
  // With a bar the calling thread only draws it; otherwise it plays too.
  for (int t = show ? 0 : 1; t < threads; ++t) pool.emplace_back(worker);

  if (show) {
    ProgressBar bar(n, !terminal);
    std::unique_lock<std::mutex> lock(mu);
    while (done.load() < n && !failed.load()) {
      cv.wait_for(lock, std::chrono::milliseconds(250));
      bar.update(done.load());
    }
    lock.unlock();
    bar.finish(done.load());
  } else {
    worker();
  }
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return records;
}

}  // namespace tabletop::sim
