#include "sim/progress.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace tabletop::sim {

namespace {

std::string clock_text(double seconds) {
  if (seconds < 0 || seconds > 1e7) return "--:--";
  long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02d}:{:02d}", s / 3600, (s / 60) % 60, s % 60);
  return fmt::format("{}:{:02d}", s / 60, s % 60);
}

}  // namespace

ProgressBar::ProgressBar(int total, bool lines, double line_seconds)
    : total_(total),
      lines_(lines),
      line_seconds_(line_seconds),
      start_(std::chrono::steady_clock::now()) {}

double ProgressBar::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressBar::update(int done) {
  const double now = elapsed();
  if (lines_ && now - last_line_ < line_seconds_) return;
  last_line_ = now;
  draw(done, now);
}

void ProgressBar::draw(int done, double elapsed) {
  last_done_ = done;
  double rate = elapsed > 0 ? done / elapsed : 0;
  double left = rate > 0 ? (total_ - done) / rate : -1;
  constexpr int kWidth = 30;
  // In 64 bits: games done times the width overflows an int from 72 million games on.
  const int filled =
      total_ > 0 ? static_cast<int>(std::clamp<int64_t>(int64_t{done} * kWidth / total_, 0, kWidth))
                 : kWidth;
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "%s[%s] %d/%d games  %.1f games/s  %s left%s", lines_ ? "" : "\r",
               bar.c_str(), done, total_, rate, clock_text(left).c_str(), lines_ ? "\n" : " ");
  std::fflush(stderr);
}

void ProgressBar::finish(int done) {
  // A bar or a log already showing this count does not get it again.
  if (done != last_done_) draw(done, elapsed());
  if (!lines_) std::fputc('\n', stderr);
}

}  // namespace tabletop::sim
