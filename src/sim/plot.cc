#include "sim/plot.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace tabletop::sim {

namespace {

constexpr const char* kColours[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                    "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// A bot spec for a label of at most `most` characters: escaped, and cut in the middle with "..."
// when longer, keeping its start (the bot) and its end (where specs of a sweep differ); the whole
// spec is in the table and the JSON.
std::string label(const std::string& bot, size_t most) {
  if (bot.size() <= most) return escape(bot);
  const size_t head = (most - 3) / 2, tail = most - 3 - head;
  return escape(bot.substr(0, head) + "..." + bot.substr(bot.size() - tail));
}

// Characters of a bot label: beside the bars (150 px less the "N. " before it, at 12 px) and in a
// panel's title (after its own words, at 14 px bold, within the canvas).
constexpr size_t kRowLabel = 17, kTitleLabel = 32;

// "1 game", "2 games".
std::string games_text(long n) { return fmt::format("{} game{}", n, n == 1 ? "" : "s"); }

// The width a text is given room for: about 0.6 em a character in a sans-serif font (digits are
// 0.56 em, "%" 0.89 em: a label of digits and a sign or "%" stays within it).
double text_width(const std::string& s, double font_size) {
  return 0.6 * font_size * static_cast<double>(s.size());
}

// A value's label sits this far right of its mark (a whisker's end, or a dot of radius 5).
constexpr double kLabelGap = 6, kDotRadius = 5;

// A tick step of 1, 2 or 5 times a power of ten giving about `target` ticks over `span`.
double nice_step(double span, int target) {
  double raw = span / std::max(target, 1);
  double p = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

// An interval from x = a to b across a row of height h whose top is y: a line at mid-height with
// a tick at each end.
std::string whisker(double a, double b, double y, double h) {
  return fmt::format(
      "<path d=\"M{0:.1f} {1:.1f}H{2:.1f}M{0:.1f} {3:.1f}V{4:.1f}M{2:.1f} {3:.1f}V{4:.1f}\" "
      "stroke=\"black\" fill=\"none\"/>\n",
      a, y + h / 2, b, y + 4, y + h - 4);
}

// Each player's score against the first, game by game: a dot at the mean difference and its 95%
// interval on an axis centred on 0 (no difference). Labels start at `left`, the axis spans x0 to
// x0 + w.
std::string paired_panel(const Summary& summary, double top, double left, double x0, double w,
                         double row_h) {
  const int np = static_cast<int>(summary.players.size());
  double reach = 0;  // the largest distance from 0 of a mean or an interval's end
  for (int p = 1; p < np; ++p) {
    const auto& ps = summary.players[p];
    reach = std::max(
        {reach, std::abs(ps.diff_vs_first), std::abs(ps.diff_ci.lo), std::abs(ps.diff_ci.hi)});
  }
  if (reach <= 0) reach = 1;  // every game alike: an axis of one point either side
  const double step = nice_step(2 * reach, 8);
  reach = std::max(step, std::ceil(reach / step) * step);
  auto x_of = [&](double d) { return x0 + w * (d + reach) / (2 * reach); };
  std::string svg = fmt::format(
      "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">score against 1. {}, "
      "game by game (95% interval)</text>\n",
      left, top, label(summary.players[0].bot, kTitleLabel));
  const double axis_y = top + 16 + (np - 1) * (row_h + 10);
  svg += fmt::format(
      "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#999\" "
      "stroke-dasharray=\"4 3\"/>\n",
      x_of(0), top + 10, axis_y);
  for (int p = 1; p < np; ++p) {
    const auto& ps = summary.players[p];
    const double y = top + 16 + (p - 1) * (row_h + 10), m = y + row_h / 2;
    const double a = x_of(ps.diff_ci.lo), b = x_of(ps.diff_ci.hi);
    svg += fmt::format("<text x=\"{}\" y=\"{}\">{}. {}</text>\n", left, y + 15, p + 1,
                       label(ps.bot, kRowLabel));
    if (ps.diff_ci.known) svg += whisker(a, b, y, row_h);
    const std::string interval =
        ps.diff_ci.known ? fmt::format(" [{:+.2f}, {:+.2f}]", ps.diff_ci.lo, ps.diff_ci.hi) : "";
    svg += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\" "
        "fill=\"{}\"><title>{:+.2f}{}</title></circle>\n",
        x_of(ps.diff_vs_first), m, kColours[p % 8], ps.diff_vs_first, interval);
    // Right of the interval and of the dot: the axis leaves room for it (see plot_svg).
    const double mark = x_of(ps.diff_vs_first) + kDotRadius;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{:+.2f}</text>\n",
                       (ps.diff_ci.known ? std::max(b, mark) : mark) + kLabelGap, y + 15,
                       ps.diff_vs_first);
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>\n", x0,
                     axis_y, x0 + w);
  const int ticks = static_cast<int>(std::lround(2 * reach / step));
  for (int i = 0; i <= ticks; ++i) {
    const double t = -reach + i * step;  // by index: a sum of steps drifts (0.30000000000000004)
    const bool zero = 2 * i == ticks;
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text>\n",
        x_of(zero ? 0 : t), axis_y + 14, zero ? std::string("0") : fmt::format("{:+g}", t));
  }
  return svg;
}

}  // namespace

std::string plot_svg(const Summary& summary, const std::vector<GameRecord>& records) {
  const int np = static_cast<int>(summary.players.size());
  double lo = 1e300, hi = -1e300;
  for (const auto& r : records)
    for (double v : r.score) lo = std::min(lo, v), hi = std::max(hi, v);
  if (records.empty()) lo = 0, hi = 0;
  // Scores are whole numbers: one bin per value when that is few enough, else about 40 bins of
  // `bin` values each. Bin b holds the values lo + b * bin .. lo + (b + 1) * bin - 1, and the axis
  // gives each value the width of a bin's share, centred on it, so ticks sit under their bars.
  lo = std::floor(lo), hi = std::floor(hi);
  const double bin = std::max(1.0, std::ceil((hi - lo + 1) / 40.0));
  const int bins = std::max(1, static_cast<int>(std::ceil((hi - lo + 1) / bin)));
  const double axis_lo = lo - 0.5, axis_span = bins * bin;

  // gap: between a histogram's tick labels (15 below its axis) and the next panel's title (6
  // above its top), with room for both lines of text.
  const double width = 760, left = 70, right = 20, panel_h = 110, gap = 40, top = 50;
  const double plot_w = width - left - right;
  const double win_top = top + np * (panel_h + gap) + 20;
  const double bar_h = 22;
  const double diff_top = win_top + 40 + np * (bar_h + 10) + 40;
  const double height = np > 1 ? diff_top + 40 + (np - 1) * (bar_h + 10) + 40 : diff_top;

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height);
  svg += fmt::format(
      "<text x=\"{}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{}: {}, seed "
      "{}</text>\n",
      left, escape(summary.game), games_text(summary.games), summary.seed);

  for (int p = 0; p < np; ++p) {
    std::vector<int> counts(bins, 0);
    for (const auto& r : records) {
      int b = static_cast<int>((r.score[p] - lo) / bin);
      ++counts[std::clamp(b, 0, bins - 1)];
    }
    int peak = std::max(1, *std::max_element(counts.begin(), counts.end()));
    const double y0 = top + p * (panel_h + gap), base = y0 + panel_h;
    const char* colour = kColours[p % 8];
    const auto& ps = summary.players[p];
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}. {}  mean {:.2f}{}</text>\n", left, y0 - 6,
        p + 1, label(ps.bot, kTitleLabel), ps.mean_score,
        ps.score_ci.known ? fmt::format(" [{:.2f}, {:.2f}]", ps.score_ci.lo, ps.score_ci.hi) : "");
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>\n",
                       left, base, left + plot_w);
    for (int b = 0; b < bins; ++b) {
      if (!counts[b]) continue;
      double h = panel_h * counts[b] / peak;
      const double first = lo + b * bin;
      svg += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
          "fill=\"{}\"><title>{}: {}</title></rect>\n",
          left + plot_w * b / bins + 0.5, base - h, plot_w / bins - 1, h, colour,
          bin == 1 ? fmt::format("{}", first) : fmt::format("{} to {}", first, first + bin - 1),
          games_text(counts[b]));
    }
    auto x_of = [&](double v) { return left + plot_w * (v - axis_lo) / axis_span; };
    double mx = x_of(ps.mean_score);
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"black\" "
        "stroke-dasharray=\"4 3\"/>\n",
        mx, y0, base);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", left - 6, y0 + 10,
                       peak);
    const double step = std::max(1.0, nice_step(axis_span, 10));  // whole values only
    for (double t = std::ceil(lo / step) * step; t <= lo + axis_span - 1; t += step) {
      double x = x_of(t);
      svg += fmt::format(
          "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#333\"/><text "
          "x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\" font-size=\"10\">{4}</text>\n",
          x, base, base + 4, base + 15, t);
    }
  }

  svg += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">win rate "
      "(95% interval)</text>\n",
      left, win_top);
  // The win rates and the paired differences share an axis from wx0 to wx0 + ww. Each value is
  // labelled right of its mark, which may reach the axis' end (an interval up to 100%, or the
  // widest difference) and the dot's radius past it: the axis stops short enough that the
  // longest label still ends inside the canvas.
  double label_w = 0;
  for (int p = 0; p < np; ++p) {
    const auto& ps = summary.players[p];
    label_w = std::max(label_w, text_width(fmt::format("{:.1f}%", 100 * ps.win_rate), 12));
    if (p > 0)
      label_w = std::max(label_w, text_width(fmt::format("{:+.2f}", ps.diff_vs_first), 12));
  }
  const double wx0 = left + 150,
               ww = std::min(plot_w - 150, width - 4 - label_w - kLabelGap - kDotRadius - wx0);
  for (int p = 0; p < np; ++p) {
    const auto& ps = summary.players[p];
    double y = win_top + 16 + p * (bar_h + 10);
    svg += fmt::format("<text x=\"{}\" y=\"{}\">{}. {}</text>\n", left, y + 15, p + 1,
                       label(ps.bot, kRowLabel));
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{:.1f}%</title>"
        "</rect>\n",
        wx0, y, ww * ps.win_rate, bar_h, kColours[p % 8], 100 * ps.win_rate);
    double a = wx0 + ww * ps.win_ci.lo, b = wx0 + ww * ps.win_ci.hi;
    svg += whisker(a, b, y, bar_h);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{:.1f}%</text>\n", b + kLabelGap, y + 15,
                       100 * ps.win_rate);
  }
  double axis_y = win_top + 16 + np * (bar_h + 10);
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>\n", wx0,
                     axis_y, wx0 + ww);
  for (int t = 0; t <= 100; t += 25)
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}%</text>\n",
        wx0 + ww * t / 100, axis_y + 14, t);
  if (np > 1) svg += paired_panel(summary, diff_top, left, wx0, ww, bar_h);
  svg += "</svg>\n";
  return svg;
}

}  // namespace tabletop::sim
