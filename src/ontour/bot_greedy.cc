#include "ontour/bot_greedy.h"

#include <algorithm>
#include <unordered_set>

namespace tabletop::ontour {

namespace {

bool write_circled(const State& state, const Write& w) {
  const Map& map = state.map();
  switch (w.kind) {
    case WriteKind::kNumber:
      return w.card >= 0 && map.cards()[state.revealed(w.card)].space == w.space;
    case WriteKind::kStar: {
      if (state.turn_kind() != TurnKind::kStar) return false;
      bool c = state.options().star_always_circled;
      for (int i = 0; i < state.revealed_count(); ++i)
        c |= map.cards()[state.revealed(i)].space == w.space;
      return c;
    }
    case WriteKind::kCross:
      return false;
  }
  return false;
}

double write_cost(const State& state, const PlanCosts& costs, const Write& w) {
  switch (w.kind) {
    case WriteKind::kNumber:
      return costs.number(w.space, w.value, write_circled(state, w));
    case WriteKind::kStar:
      return costs.star(w.space, write_circled(state, w));
    case WriteKind::kCross:
      return costs.cross(w.space);
  }
  return 0;
}

// What a placement does to the sheet, independent of write order and of which card was used
// when the card makes no difference.
uint64_t effect_key(const State& state, const Placement& p) {
  uint32_t k[2] = {0, 0};
  for (int i = 0; i < p.count; ++i) {
    const Write& w = p.writes[i];
    k[i] = 1u + (static_cast<uint32_t>(w.space) << 10) + (static_cast<uint32_t>(w.value + 1) << 2) +
           (static_cast<uint32_t>(w.kind) << 8) + (write_circled(state, w) ? 2u : 0u);
  }
  if (k[0] > k[1]) std::swap(k[0], k[1]);
  return (static_cast<uint64_t>(k[0]) << 32) | k[1];
}

class GreedyBot : public Bot {
 public:
  GreedyBot(std::string name, PlanWeights w, int length, int stride)
      : name_(std::move(name)), weights_(w), length_(length), stride_(stride) {}

  Placement choose(const PlayerView& view) override {
    const State& s = view.state;
    tools_.prepare(s.map(), length_, stride_);
    if (is_last_turn(s)) return best_last_placement(s, view.player, tools_.scorer());
    const Sheet& sheet = s.sheet(view.player);
    const int remaining = count(sheet.empty(s.map()));
    const RoutePlan& plan = best_plan(tools_.plans(), sheet, weights_.reach, remaining);
    PlanCosts costs(s.map(), plan, weights_);
    costs.update(sheet);
    return ranked_placements(s, view.player, costs, 1).front().placement;
  }

  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<GreedyBot>(*this); }

 private:
  std::string name_;
  PlanWeights weights_;
  int length_, stride_;
  MapTools tools_;
};

}  // namespace

MapTools& MapTools::operator=(const MapTools& other) {
  if (this != &other) {  // as a copy: empty
    map_ = nullptr;
    scorer_.reset();
    plans_.clear();
  }
  return *this;
}

void MapTools::prepare(const Map& map, int length, int stride) {
  if (scorer_ && map_ == &map) return;
  map_ = &map;
  scorer_ = std::make_unique<RouteScorer>(map);
  plans_ = long_paths(map);
  if (length > 0) plans_ = plan_windows(plans_, length, stride);
}

std::vector<ScoredPlacement> ranked_placements(const State& state, int player,
                                               const PlanCosts& costs, int limit) {
  std::vector<ScoredPlacement> all;
  const Map& map = state.map();
  if (state.turn_kind() == TurnKind::kNumbers && state.max_placeable(player) == 2) {
    // Every (card for the low number, card for the high one, spaces): at most 6 * 41 * 41.
    const SpaceSet empty = state.sheet(player).empty(map);
    const int lo = state.dice().low(), hi = state.dice().high();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (i == j) continue;
        const int own_i = map.cards()[state.revealed(i)].space;
        const int own_j = map.cards()[state.revealed(j)].space;
        for_each_bit(state.card_region(i) & empty, [&](int a) {
          double ca = costs.number(a, lo, a == own_i);
          for_each_bit(state.card_region(j) & empty & ~bit(a), [&](int b) {
            ScoredPlacement sp;
            sp.cost = ca + costs.number(b, hi, b == own_j);
            sp.placement.add(Write::number(a, lo, i));
            sp.placement.add(Write::number(b, hi, j));
            all.push_back(sp);
          });
        });
      }
  } else {
    for (const Placement& p : state.legal_placements(player)) {
      ScoredPlacement sp{0, p};
      for (int i = 0; i < p.count; ++i) sp.cost += write_cost(state, costs, p.writes[i]);
      all.push_back(sp);
    }
  }
  // Cheapest first; ties keep the generation order so the choice is deterministic.
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return a.cost < b.cost; });
  std::vector<ScoredPlacement> out;
  std::unordered_set<uint64_t> seen;
  for (const auto& sp : all) {
    if (static_cast<int>(out.size()) >= limit) break;
    if (seen.insert(effect_key(state, sp.placement)).second) out.push_back(sp);
  }
  return out;
}

Placement best_last_placement(const State& state, int player, RouteScorer& scorer) {
  Placement best;
  RouteValue best_route{-1, 0};
  for (const Placement& p : state.legal_placements(player)) {
    Sheet sheet = state.sheet(player);
    for (int i = 0; i < p.count; ++i) {
      const Write& w = p.writes[i];
      if (w.kind == WriteKind::kNumber) sheet.write_number(w.space, w.value, false);
      if (w.kind == WriteKind::kStar) sheet.write_star(w.space, false);
      if (w.kind == WriteKind::kCross) sheet.write_cross(w.space);
    }
    const RouteValue r = scorer.value(sheet);
    if (better(r, best_route)) best_route = r, best = p;
  }
  return best;
}

PlanWeights plan_weights(const BotSpec& spec) {
  PlanWeights w;
  w.deviation = spec.number("dev", w.deviation, 0, 100);
  w.off_path = spec.number("off", w.off_path, -100, 100);
  w.doomed = spec.number("doomed", w.doomed, -100, 100);
  w.circle = spec.number("circle", w.circle, -100, 100);
  w.misfit = spec.number("misfit", w.misfit, -100, 100);
  w.fill = spec.number("fill", w.fill, 0, 10);
  w.reach = spec.number("reach", w.reach, 0, 10);
  return w;
}

std::vector<std::string> plan_weight_names() {
  return {"dev", "off", "doomed", "circle", "misfit", "fill", "reach"};
}

std::unique_ptr<Bot> make_greedy_bot(const BotSpec& spec, uint64_t /*seed*/) {
  std::vector<std::string> known = plan_weight_names();
  known.insert(known.end(), {"length", "stride"});
  spec.check_known(known);
  return std::make_unique<GreedyBot>(spec.to_string(), plan_weights(spec),
                                     spec.integer("length", kDefaultPlanLength, 0, 64),
                                     spec.integer("stride", 2, 1, 64));
}

}  // namespace tabletop::ontour
