#include "ontour/bot_plan.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "core/rng.h"

namespace tabletop::ontour {

namespace {

// A walk from `start` that always steps to the free neighbour with the fewest free neighbours
// (random among ties), which tends to leave no stranded spaces behind it.
std::vector<int8_t> warnsdorff_walk(const Map& map, int start, Rng& rng) {
  std::vector<int8_t> path{static_cast<int8_t>(start)};
  SpaceSet used = bit(start);
  int at = start;
  while (true) {
    SpaceSet next = map.neighbours(at) & ~used;
    if (!next) break;
    int best = -1, best_deg = 1 << 20, ties = 0;
    for_each_bit(next, [&](int s) {
      int deg = count(map.neighbours(s) & ~used & ~bit(s));
      if (deg < best_deg) {
        best = s, best_deg = deg, ties = 1;
      } else if (deg == best_deg && rng.uniform(++ties) == 0) {
        best = s;
      }
    });
    path.push_back(static_cast<int8_t>(best));
    used |= bit(best);
    at = best;
  }
  return path;
}

RoutePlan make_plan(std::vector<int8_t> path) {
  RoutePlan p;
  p.pos.fill(-1);
  for (size_t k = 0; k < path.size(); ++k) p.pos[path[k]] = static_cast<int8_t>(k);
  p.path = std::move(path);
  return p;
}

// The value the k-th of n spaces of a rising path should get when numbers are spread evenly.
double even_target(int k, int n) { return 1.0 + 97.0 * (k + 0.5) / n; }

}  // namespace

std::vector<RoutePlan> long_paths(const Map& map, int keep) {
  Rng rng(0x6f6e746f7572ULL);  // fixed: the plans depend on the map only
  std::vector<std::vector<int8_t>> found;
  std::set<std::vector<int8_t>> seen;
  const int n = map.num_spaces();
  for (int t = 0; t < 200 * n; ++t) {
    auto walk = warnsdorff_walk(map, static_cast<int>(rng.uniform(n)), rng);
    // Extend the other end too, from the far side of the start.
    std::reverse(walk.begin(), walk.end());
    SpaceSet used = 0;
    for (int8_t s : walk) used |= bit(s);
    int at = walk.back();
    while (true) {
      SpaceSet next = map.neighbours(at) & ~used;
      if (!next) break;
      int best = -1, best_deg = 1 << 20;
      for_each_bit(next, [&](int s) {
        int deg = count(map.neighbours(s) & ~used & ~bit(s));
        if (deg < best_deg) best = s, best_deg = deg;
      });
      walk.push_back(static_cast<int8_t>(best));
      used |= bit(best);
      at = best;
    }
    if (walk.front() > walk.back()) std::reverse(walk.begin(), walk.end());
    if (seen.insert(walk).second) found.push_back(std::move(walk));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  if (static_cast<int>(found.size()) > keep) found.resize(keep);
  std::vector<RoutePlan> plans;
  for (auto& p : found) {
    plans.push_back(make_plan(p));
    std::reverse(p.begin(), p.end());
    plans.push_back(make_plan(p));
  }
  return plans;
}

std::vector<RoutePlan> plan_windows(const std::vector<RoutePlan>& plans, int length, int stride) {
  std::set<std::vector<int8_t>> seen;
  std::vector<RoutePlan> out;
  for (const auto& p : plans) {
    const int n = static_cast<int>(p.path.size());
    if (length >= n) {
      if (seen.insert(p.path).second) out.push_back(p);
      continue;
    }
    for (int start = 0; start + length <= n; start += stride) {
      std::vector<int8_t> w(p.path.begin() + start, p.path.begin() + start + length);
      if (seen.insert(w).second) out.push_back(make_plan(w));
    }
  }
  return out;
}

namespace {

// E[min(s, Binomial(n, p))] for every s = 0..kMaxS.
void expected_min(int n, double p, float* out) {
  std::array<double, GapFill::kMaxN + 2> pmf{};
  pmf[0] = 1;
  for (int t = 0; t < n; ++t)
    for (int a = t + 1; a >= 0; --a) pmf[a] = pmf[a] * (1 - p) + (a > 0 ? pmf[a - 1] * p : 0);
  double e = 0, tail = 1;
  out[0] = 0;
  for (int i = 1; i <= GapFill::kMaxS; ++i) {
    if (i <= n)
      tail -= pmf[i - 1];
    else
      tail = 0;
    e += tail;
    out[i] = static_cast<float>(e);
  }
}

}  // namespace

GapFill::GapFill(double reach) : v_((kMaxN + 1) * 91 * (kMaxS + 1), 0) {
  for (int n = 0; n <= kMaxN; ++n)
    for (int c = 0; c <= 90; ++c)
      expected_min(n, std::min(1.0, reach * c / 90.0), &v_[(n * 91 + c) * (kMaxS + 1)]);
}

const GapFill& GapFill::of(double reach) {
  // Built once per reach and kept until the program ends (a run uses one or two), so a reference
  // stays good; each thread remembers the last two it asked for.
  struct Seen {
    double reach = -1;
    const GapFill* table = nullptr;
  };
  thread_local std::array<Seen, 2> seen;
  thread_local size_t next = 0;
  for (const Seen& t : seen)
    if (t.table && t.reach == reach) return *t.table;
  static std::mutex mutex;
  static std::map<double, std::unique_ptr<const GapFill>> tables;
  const GapFill* table;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = tables[reach];
    if (!slot) slot.reset(new GapFill(reach));
    table = slot.get();
  }
  seen[next++ % seen.size()] = {reach, table};
  return *table;
}

double gap_fill(int spaces, int lo, int hi, int remaining, double reach) {
  return spaces <= 0 ? 0 : GapFill::of(reach)(spaces, lo, hi, remaining);
}

namespace {

// plan_fit with reach > 0.
double plan_fit_gaps(const RoutePlan& plan, const Sheet& sheet, double reach, int remaining) {
  const int n = static_cast<int>(plan.path.size());
  auto cut = [&](int k) { return 0.5 * (1 + std::min(k, n - 1 - k)); };
  std::array<int, kMaxSpaces + 2> idx{}, empties_before{};
  std::array<double, kMaxSpaces + 2> best{};
  int m = 0;
  double fixed = 0;
  idx[m++] = -1;  // a virtual 0 before the path
  for (int k = 0; k < n; ++k) {
    const int s = plan.path[k];
    empties_before[k + 1] = empties_before[k] + (sheet.is_empty(s) ? 1 : 0);
    if (sheet.is_cross(s)) {
      fixed -= cut(k);
    } else if (sheet.is_star(s)) {
      fixed += 1.0 + (sheet.is_circled(s) ? 1 : 0);
    } else if (sheet.is_number(s)) {
      idx[m++] = k;
    }
  }
  idx[m++] = n;  // a virtual 99 after it
  auto value = [&](int a) {
    return idx[a] < 0 ? 0 : idx[a] >= n ? 99 : sheet.cell(plan.path[idx[a]]);
  };
  auto gain = [&](int a) {
    return idx[a] < 0 || idx[a] >= n ? 0.0 : 1.0 + (sheet.is_circled(plan.path[idx[a]]) ? 1 : 0);
  };
  const GapFill& fill = GapFill::of(reach);
  // best[a]: the best fit of the path up to kept number a, every number between two kept ones
  // cutting off what it cuts.
  best[0] = 0;
  for (int a = 1; a < m; ++a) {
    best[a] = -1e300;
    double skipped = 0;  // the numbers between b and a, all out of the route
    for (int b = a - 1; b >= 0; --b) {
      if (value(b) <= value(a)) {
        const int lo = idx[b] + 1, hi = idx[a];
        const double f =
            best[b] - skipped +
            fill(empties_before[hi] - empties_before[lo], value(b), value(a), remaining);
        best[a] = std::max(best[a], f);
      }
      if (b > 0) skipped += cut(idx[b]);
    }
    best[a] += gain(a);
  }
  return fixed + best[m - 1];
}

}  // namespace

double plan_fit(const RoutePlan& plan, const Sheet& sheet, double reach, int remaining) {
  if (reach > 0) return plan_fit_gaps(plan, sheet, reach, remaining);
  const int n = static_cast<int>(plan.path.size());
  // Longest non-decreasing run of the numbers on the path (O(n^2), n <= 64), then everything off
  // it or crossed out costs what it cuts off.
  std::array<int, kMaxSpaces> idx{}, len{}, from{};
  int m = 0;
  double fit = 0.2 * n;
  for (int k = 0; k < n; ++k) {
    int s = plan.path[k];
    if (sheet.is_cross(s)) {
      fit -= 0.5 * (1 + std::min(k, n - 1 - k));
    } else if (sheet.is_star(s)) {
      fit += 1.0 + (sheet.is_circled(s) ? 1 : 0);
    } else if (sheet.is_number(s)) {
      idx[m++] = k;
    }
  }
  int best_end = -1;
  for (int a = 0; a < m; ++a) {
    len[a] = 1, from[a] = -1;
    int va = sheet.cell(plan.path[idx[a]]);
    for (int b = 0; b < a; ++b)
      if (sheet.cell(plan.path[idx[b]]) <= va && len[b] + 1 > len[a])
        len[a] = len[b] + 1, from[a] = b;
    if (best_end < 0 || len[a] > len[best_end]) best_end = a;
  }
  std::array<bool, kMaxSpaces> kept{};
  for (int a = best_end; a >= 0; a = from[a]) kept[a] = true;
  for (int a = 0; a < m; ++a) {
    int k = idx[a], s = plan.path[k];
    if (kept[a]) {
      fit += 3.0 + (sheet.is_circled(s) ? 1 : 0) - std::abs(sheet.cell(s) - even_target(k, n)) / 20;
    } else {
      fit -= 0.5 * (1 + std::min(k, n - 1 - k));
    }
  }
  return fit;
}

const RoutePlan& best_plan(const std::vector<RoutePlan>& plans, const Sheet& sheet, double reach,
                           int remaining) {
  size_t best = 0;
  double best_fit = -1e300;
  for (size_t i = 0; i < plans.size(); ++i) {
    double f = plan_fit(plans[i], sheet, reach, remaining);
    if (f > best_fit) best_fit = f, best = i;
  }
  return plans[best];
}

std::vector<size_t> best_plan_indices(const std::vector<RoutePlan>& plans, const Sheet& sheet,
                                      int k, double reach, int remaining) {
  std::vector<std::pair<double, size_t>> fits;
  for (size_t i = 0; i < plans.size(); ++i)
    fits.emplace_back(-plan_fit(plans[i], sheet, reach, remaining), i);
  k = std::min(k, static_cast<int>(fits.size()));
  std::partial_sort(fits.begin(), fits.begin() + k, fits.end());
  std::vector<size_t> out;
  for (int i = 0; i < k; ++i) out.push_back(fits[i].second);
  return out;
}

std::vector<RoutePlan> best_plans(const std::vector<RoutePlan>& plans, const Sheet& sheet, int k,
                                  double reach, int remaining) {
  std::vector<RoutePlan> out;
  for (size_t i : best_plan_indices(plans, sheet, k, reach, remaining)) out.push_back(plans[i]);
  return out;
}

PlanCosts::PlanCosts(const Map& map, const RoutePlan& plan, PlanWeights w)
    : map_(map), plan_(plan), w_(w), fill_(w.fill > 0 ? &GapFill::of(w.fill) : nullptr) {}

void PlanCosts::update(const Sheet& sheet) {
  const int n = static_cast<int>(plan_.path.size());
  remaining_ = count(sheet.empty(map_));
  const SpaceSet filled = sheet.filled(), crosses = sheet.crosses();
  const SpaceSet numbers = filled & ~crosses & ~sheet.stars();
  empty_ = crosses_ = numbers_ = 0;
  for (int k = 0; k < n; ++k) {
    const int s = plan_.path[k];
    empty_ |= ((~filled >> s) & 1) << k;
    crosses_ |= ((crosses >> s) & 1) << k;
    numbers_ |= ((numbers >> s) & 1) << k;
    values_[k] = sheet.cell(s);
  }
}

PlanCosts::Slot PlanCosts::slot(int k) const {
  // The nearest number or X on each side within the path: an X ends the stretch, and stands for
  // a 0 before the space or a 99 after it, as do the path's ends.
  const int n = static_cast<int>(plan_.path.size());
  const uint64_t below = (uint64_t{1} << k) - 1;
  const uint64_t above = k + 1 >= 64 ? 0 : ~uint64_t{0} << (k + 1);
  auto highest = [](uint64_t m) { return m ? 63 - std::countl_zero(m) : -1; };
  auto lowest_or = [](uint64_t m, int none) { return m ? std::countr_zero(m) : none; };
  Slot sl;
  const int x_before = highest(crosses_ & below), num_before = highest(numbers_ & below);
  sl.seg_lo = x_before + 1;
  if (num_before > x_before) {
    sl.prev_idx = num_before, sl.prev_val = values_[num_before];
  } else {
    sl.prev_idx = x_before, sl.prev_val = 0;
  }
  const int x_after = lowest_or(crosses_ & above, n), num_after = lowest_or(numbers_ & above, n);
  sl.seg_hi = x_after - 1;
  if (num_after < x_after) {
    sl.next_idx = num_after, sl.next_val = values_[num_after];
  } else {
    sl.next_idx = x_after, sl.next_val = 99;
  }
  return sl;
}

// Empty spaces of the path at indices lo .. hi - 1.
int PlanCosts::empties(int lo, int hi) const {
  if (hi <= lo) return 0;
  const uint64_t upto = hi >= 64 ? ~uint64_t{0} : (uint64_t{1} << hi) - 1;
  return count(empty_ & upto & ~((uint64_t{1} << lo) - 1));
}

double PlanCosts::cross(int space) const {
  int k = plan_.pos[space];
  if (k < 0) return 0.02 * count(map_.neighbours(space));
  return cross_at(k, slot(k));
}

double PlanCosts::cross_at(int k, const Slot& sl) const {
  if (sl.prev_val > sl.next_val) return w_.doomed;
  return 1.0 + std::min(k - sl.seg_lo, sl.seg_hi - k);
}

double PlanCosts::number(int space, int value, bool circled) const {
  int k = plan_.pos[space];
  if (k < 0) return w_.off_path - (circled ? 0.3 : 0.0);
  const Slot sl = slot(k);
  if (sl.prev_val > sl.next_val) return w_.doomed - (circled ? 0.2 : 0.0);
  if (value < sl.prev_val || value > sl.next_val) return cross_at(k, sl) + w_.misfit;
  if (fill_) {
    const int before = empties(sl.prev_idx + 1, k);
    const int after = empties(k + 1, sl.next_idx);
    auto fill = [&](int spaces, int lo, int hi) { return (*fill_)(spaces, lo, hi, remaining_); };
    const double loss = fill(before + after + 1, sl.prev_val, sl.next_val) - 1 -
                        fill(before, sl.prev_val, value) - fill(after, value, sl.next_val);
    return std::min(w_.deviation * loss, cross_at(k, sl)) - (circled ? w_.circle : 0.0);
  }
  double span = sl.next_idx - sl.prev_idx;
  double step = (sl.next_val - sl.prev_val) / span;
  double ideal = sl.prev_val + step * (k - sl.prev_idx);
  double dev = std::abs(value - ideal) / std::max(step, 1.0);
  return std::min(w_.deviation * dev, cross_at(k, sl)) - (circled ? w_.circle : 0.0);
}

double PlanCosts::star(int space, bool circled) const {
  int k = plan_.pos[space];
  double circle = circled ? w_.circle : 0.0;
  if (k < 0) return -0.05 - circle;
  const Slot sl = slot(k);
  if (sl.prev_val > sl.next_val) return -0.1 - circle;
  // A star always fits; it helps most where few numbers would fit.
  double step = (sl.next_val - sl.prev_val) / static_cast<double>(sl.next_idx - sl.prev_idx);
  return -std::clamp(2.5 / (1.0 + step), 0.1, 1.5) - circle;
}

}  // namespace tabletop::ontour
