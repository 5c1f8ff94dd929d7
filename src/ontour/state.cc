#include "ontour/state.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::ontour {

State::State(const Map& builtin_map, Options options, int num_players)
    : State(Map::unowned(builtin_map), options, num_players) {}

State::State(std::shared_ptr<const Map> map, Options options, int num_players)
    : map_(std::move(map)), options_(options) {
  if (num_players < 1) throw InvalidInput("On Tour needs at least one player");
  if (options_.setup_rolls != 1 && options_.setup_rolls != 2)
    throw InvalidOption("option setup_rolls: expected 1 or 2");
  if (map_->num_cards() < 2 * options_.setup_rolls)
    throw InvalidInput(fmt::format("map {} has too few cards for the setup", map_->id()));
  sheets_.assign(num_players, Sheet{});
  awaiting_.assign(num_players, 0);
  draw_pile_ = map_->num_cards() == 64 ? ~uint64_t{0} : (uint64_t{1} << map_->num_cards()) - 1;
  empty_count_ = map_->num_spaces();
}

// ---------------------------------------------------------------- chance

int State::draw_pile_size() const { return count(draw_pile_); }
int State::discard_size() const { return count(discards_); }

std::vector<ChanceAction> State::chance_outcomes() const {
  std::vector<ChanceAction> out;
  switch (phase_) {
    case Phase::kSetupRoll:
    case Phase::kRoll:
      for (int a = 0; a < 10; ++a)
        for (int b = 0; b < 10; ++b)
          if (phase_ == Phase::kRoll || a != b) out.push_back(ChanceAction::roll(a, b));
      break;
    case Phase::kSetupDraw:
    case Phase::kDraw: {
      uint64_t pile = draw_pile_ ? draw_pile_ : discards_;
      for_each_bit(pile, [&](int c) { out.push_back(ChanceAction::draw(c)); });
      break;
    }
    default:
      break;
  }
  return out;
}

ChanceAction State::sample_chance(Rng& rng) const {
  switch (phase_) {
    case Phase::kSetupRoll:
    case Phase::kRoll: {
      // The setup re-rolls doubles; the re-rolls are not recorded, only the roll that counts.
      while (true) {
        int a = static_cast<int>(rng.uniform(10)), b = static_cast<int>(rng.uniform(10));
        if (phase_ == Phase::kRoll || a != b) return ChanceAction::roll(a, b);
      }
    }
    case Phase::kSetupDraw:
    case Phase::kDraw: {
      uint64_t pile = draw_pile_ ? draw_pile_ : discards_;
      return ChanceAction::draw(nth_bit(pile, static_cast<int>(rng.uniform(count(pile)))));
    }
    default:
      throw IllegalAction("no chance step is pending");
  }
}

std::optional<std::string> State::check_chance(const ChanceAction& a) const {
  const bool roll = a.kind == ChanceAction::Kind::kRoll;
  switch (phase_) {
    case Phase::kSetupRoll:
    case Phase::kRoll:
      if (!roll) return "the dice must be rolled now, not a card drawn";
      if (a.dice.a > 9 || a.dice.b > 9) return "each die shows 0 to 9";
      if (phase_ == Phase::kSetupRoll && a.dice.doubles())
        return "setup dice must differ: roll again";
      return std::nullopt;
    case Phase::kSetupDraw:
    case Phase::kDraw: {
      if (roll) return "a card must be drawn now, not the dice rolled";
      if (a.card < 0 || a.card >= map_->num_cards()) return "no such card";
      uint64_t pile = draw_pile_ ? draw_pile_ : discards_;
      if (!has(pile, a.card))
        return fmt::format("the card {} is not in the draw pile",
                           map_->space(map_->cards()[a.card].space).id);
      return std::nullopt;
    }
    case Phase::kPlace: {
      // Name who the turn waits for: a record whose player count was changed stops here.
      int waiting = 0;
      while (waiting < num_players() && !awaiting(waiting)) ++waiting;
      return fmt::format("the players are placing their numbers (Player {} of {} has not yet)",
                         waiting + 1, num_players());
    }
    case Phase::kGameOver:
      return "the game is over";
  }
  return "unknown phase";
}

void State::apply_chance(const ChanceAction& a) {
  if (auto why = check_chance(a)) throw IllegalAction(*why);
  log_.push_back(LogEntry{true, a, -1, {}});
  switch (phase_) {
    case Phase::kSetupRoll:
      dice_ = a.dice;
      setup_draws_ = 0;
      phase_ = Phase::kSetupDraw;
      break;
    case Phase::kSetupDraw:
      apply_setup_draw(a.card);
      break;
    case Phase::kDraw:
      if (!draw_pile_) std::swap(draw_pile_, discards_);  // reshuffle
      draw_pile_ &= ~bit(a.card);
      revealed_[revealed_count_++] = a.card;
      if (revealed_count_ == 3) phase_ = Phase::kRoll;
      break;
    case Phase::kRoll: {
      dice_ = a.dice;
      if (revealed_count_ == 3) {
        Region r0 = map_->cards()[revealed_[0]].region;
        bool one_region =
            map_->cards()[revealed_[1]].region == r0 && map_->cards()[revealed_[2]].region == r0;
        turn_kind_ = dice_.doubles() || one_region ? TurnKind::kStar : TurnKind::kNumbers;
      } else {
        turn_kind_ = dice_.doubles() ? TurnKind::kLastStar : TurnKind::kLastNumbers;
      }
      phase_ = Phase::kPlace;
      std::fill(awaiting_.begin(), awaiting_.end(), 1);
      awaiting_count_ = num_players();
      break;
    }
    default:
      break;
  }
}

void State::apply_setup_draw(int card) {
  draw_pile_ &= ~bit(card);  // setup cards leave the game for good
  int space = map_->cards()[card].space;
  int value = setup_draws_ == 0 ? dice_.low() : dice_.high();
  for (auto& sheet : sheets_) sheet.write_number(space, value, true);
  --empty_count_;
  if (++setup_draws_ == 2) {
    if (++setup_rolls_done_ < options_.setup_rolls) {
      phase_ = Phase::kSetupRoll;
    } else {
      start_turn();
    }
  }
}

void State::start_turn() {
  revealed_count_ = 0;
  revealed_ = {-1, -1, -1};
  turn_kind_ = TurnKind::kNone;
  if (empty_count_ == 0) {
    phase_ = Phase::kGameOver;
    return;
  }
  ++turn_;
  phase_ = empty_count_ >= 3 ? Phase::kDraw : Phase::kRoll;
}

void State::end_turn() {
  for (int i = 0; i < revealed_count_; ++i) discards_ |= bit(revealed_[i]);
  empty_count_ = count(sheets_[0].empty(*map_));
  start_turn();
}

// ---------------------------------------------------------------- decisions

bool State::awaiting(int player) const {
  return phase_ == Phase::kPlace && player >= 0 && player < num_players() && awaiting_[player];
}

SpaceSet State::card_region(int slot) const {
  if (slot < 0 || slot >= revealed_count_) return 0;
  return map_->region_spaces(map_->cards()[revealed_[slot]].region);
}

SpaceSet State::shown_regions() const {
  SpaceSet s = 0;
  for (int i = 0; i < revealed_count_; ++i) s |= card_region(i);
  return s;
}

int State::max_placeable(int player) const {
  const SpaceSet empty = sheets_[player].empty(*map_);
  switch (turn_kind_) {
    case TurnKind::kNumbers: {
      int best = 0;
      for (int i = 0; i < 3; ++i) {
        SpaceSet ri = card_region(i) & empty;
        if (!ri) continue;
        best = 1;
        for (int j = 0; j < 3; ++j) {
          SpaceSet rj = card_region(j) & empty;
          if (j != i && rj && count(ri | rj) >= 2) return 2;
        }
      }
      return best;
    }
    case TurnKind::kStar:
      return (shown_regions() & empty) ? 1 : 0;
    case TurnKind::kLastNumbers:
      return empty_count_;
    case TurnKind::kLastStar:
      return 1;
    default:
      return 0;
  }
}

// Where an X may go, given the spaces this placement already uses: any empty space, or with
// x_anywhere=false a space of the turn's card regions while one has room.
SpaceSet State::x_room(int player, SpaceSet used) const {
  SpaceSet free = sheets_[player].empty(*map_) & ~used;
  if (options_.x_anywhere || revealed_count_ == 0) return free;
  SpaceSet room = free & shown_regions();
  return room ? room : free;
}

std::optional<std::string> State::check(int player, const Placement& p) const {
  if (player < 0 || player >= num_players()) return fmt::format("no player {}", player);
  if (phase_ != Phase::kPlace) return "no placement is due now";
  if (!awaiting_[player]) return "this player has already placed this turn";
  const Sheet& sheet = sheets_[player];
  int expected = turn_kind_ == TurnKind::kNumbers       ? 2
                 : turn_kind_ == TurnKind::kLastNumbers ? empty_count_
                                                        : 1;
  if (p.count != expected)
    return fmt::format("this turn needs {} write{}", expected, expected == 1 ? "" : "s");

  SpaceSet used = 0;
  int numbers = 0, crosses = 0;
  SpaceSet cross_spaces = 0, number_spaces = 0;
  int cards_used = 0;   // bit per slot
  int values_used = 0;  // bit 0 low, bit 1 high
  for (int i = 0; i < p.count; ++i) {
    const Write& w = p.writes[i];
    if (w.space < 0 || w.space >= map_->num_spaces()) return "no such space";
    const std::string& id = map_->space(w.space).id;
    if (!sheet.is_empty(w.space)) return fmt::format("{} is not empty", id);
    if (has(used, w.space)) return fmt::format("{} is used twice", id);
    used |= bit(w.space);
    if (w.kind != WriteKind::kNumber && (w.card != -1 || w.value != -1))
      return "only numbers name a card or a value";
    switch (w.kind) {
      case WriteKind::kNumber: {
        if (turn_kind_ != TurnKind::kNumbers && turn_kind_ != TurnKind::kLastNumbers)
          return "this is a star turn: no numbers";
        int which = w.value == dice_.low() ? 1 : w.value == dice_.high() ? 2 : 0;
        if (!which)
          return fmt::format("{:02d} is not one of this turn's numbers ({:02d} and {:02d})",
                             w.value, dice_.low(), dice_.high());
        if (values_used & which) return fmt::format("{:02d} is written twice", w.value);
        values_used |= which;
        if (turn_kind_ == TurnKind::kNumbers) {
          if (w.card < 0 || w.card > 2) return "each number must name the card (1 to 3) it uses";
          if (cards_used & (1 << w.card)) return "the two numbers must use different cards";
          cards_used |= 1 << w.card;
          if (!has(card_region(w.card), w.space)) {
            const Card& c = map_->cards()[revealed_[w.card]];
            return fmt::format("{} is not in the {} region of card {} ({})", id,
                               region_name(c.region), w.card + 1, map_->space(c.space).id);
          }
        } else if (w.card != -1) {
          return "no cards are used in the last turns";
        }
        ++numbers;
        number_spaces |= bit(w.space);
        break;
      }
      case WriteKind::kStar:
        if (turn_kind_ == TurnKind::kStar) {
          if (!has(shown_regions(), w.space))
            return fmt::format("{} is not in a region shown on this turn's cards", id);
        } else if (turn_kind_ != TurnKind::kLastStar) {
          return "a star is written only on a star turn";
        }
        ++numbers;
        number_spaces |= bit(w.space);
        break;
      case WriteKind::kCross:
        ++crosses;
        cross_spaces |= bit(w.space);
        break;
    }
  }
  // A voluntary X stands for a number (the rules page), never for a star.
  const bool voluntary = options_.voluntary_x &&
                         (turn_kind_ == TurnKind::kNumbers || turn_kind_ == TurnKind::kLastNumbers);
  if (crosses > 0 && !voluntary && numbers < max_placeable(player)) {
    switch (turn_kind_) {
      case TurnKind::kNumbers:
        return max_placeable(player) == 2
                   ? "both numbers can be placed, so no X"
                   : "one number can be placed: place it, and an X for the other";
      case TurnKind::kStar:
        return "the star can be placed in a shown region, so no X";
      case TurnKind::kLastStar:
        return "the star can be placed, so no X";
      default:
        return "the numbers can be placed, so no X";
    }
  }
  if (crosses > 0 && !options_.x_anywhere && revealed_count_ > 0) {
    SpaceSet room = sheet.empty(*map_) & ~number_spaces & shown_regions();
    int in_room = count(cross_spaces & room);
    if (in_room < std::min(crosses, count(room)))
      return "an X must go into a region of this turn's cards while one has room";
  }
  return std::nullopt;
}

void State::apply(int player, const Placement& p) {
  if (auto why = check(player, p)) throw IllegalAction(*why);
  write_onto(sheets_[player], p);
  log_.push_back(LogEntry{false, {}, player, p});
  awaiting_[player] = 0;
  if (--awaiting_count_ == 0) end_turn();
}

Sheet State::sheet_after(int player, const Placement& p) const {
  Sheet sheet = sheets_[player];
  write_onto(sheet, p);
  return sheet;
}

void State::write_onto(Sheet& sheet, const Placement& p) const {
  for (int i = 0; i < p.count; ++i) {
    const Write& w = p.writes[i];
    switch (w.kind) {
      case WriteKind::kNumber: {
        bool circle = w.card >= 0 && map_->cards()[revealed_[w.card]].space == w.space;
        sheet.write_number(w.space, w.value, circle);
        break;
      }
      case WriteKind::kStar: {
        bool circle = false;
        if (turn_kind_ == TurnKind::kStar) {
          circle = options_.star_always_circled;
          for (int c = 0; c < revealed_count_; ++c)
            circle |= map_->cards()[revealed_[c]].space == w.space;
        }
        sheet.write_star(w.space, circle);
        break;
      }
      case WriteKind::kCross:
        sheet.write_cross(w.space);
        break;
    }
  }
}

std::vector<Placement> State::legal_placements(int player) const {
  std::vector<Placement> out;
  if (!awaiting(player)) return out;
  const SpaceSet empty = sheets_[player].empty(*map_);
  const int lo = dice_.low(), hi = dice_.high();
  const bool vx = options_.voluntary_x;
  const int can = max_placeable(player);

  // Adds every way to complete `base` with `n` Xs (unordered, each set once).
  auto add_crosses = [&](Placement base, SpaceSet used, int n) {
    SpaceSet free = empty & ~used;
    if (n == 0) {
      out.push_back(base);
      return;
    }
    if (n == 1) {
      for_each_bit(x_room(player, used), [&](int x) {
        Placement q = base;
        q.add(Write::cross(x));
        out.push_back(q);
      });
      return;
    }
    for_each_bit(free, [&](int x) {
      for_each_bit(free & ~((bit(x) << 1) - 1), [&](int y) {
        Placement q = base;
        q.add(Write::cross(x));
        q.add(Write::cross(y));
        if (!check(player, q)) out.push_back(q);
      });
    });
  };

  switch (turn_kind_) {
    case TurnKind::kNumbers:
      for (int m = 2; m >= 0; --m) {
        if (m > can || (!vx && m != can)) continue;
        if (m == 2) {
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
              if (i == j) continue;
              for_each_bit(card_region(i) & empty, [&](int a) {
                for_each_bit(card_region(j) & empty & ~bit(a), [&](int b) {
                  Placement q;
                  q.add(Write::number(a, lo, i));
                  q.add(Write::number(b, hi, j));
                  out.push_back(q);
                });
              });
            }
        } else if (m == 1) {
          for (int v : {lo, hi})
            for (int i = 0; i < 3; ++i)
              for_each_bit(card_region(i) & empty, [&](int a) {
                Placement q;
                q.add(Write::number(a, v, i));
                add_crosses(q, bit(a), 1);
              });
        } else {
          add_crosses(Placement{}, 0, 2);
        }
      }
      break;
    case TurnKind::kStar:
      for_each_bit(shown_regions() & empty, [&](int a) {
        Placement q;
        q.add(Write::star(a));
        out.push_back(q);
      });
      if (can == 0) add_crosses(Placement{}, 0, 1);
      break;
    case TurnKind::kLastStar:
      for_each_bit(empty, [&](int a) {
        Placement q;
        q.add(Write::star(a));
        out.push_back(q);
      });
      break;
    case TurnKind::kLastNumbers: {
      const int a = lowest(empty);
      if (empty_count_ == 1) {
        for (int v : {lo, hi}) {
          Placement q;
          q.add(Write::number(a, v, -1));
          out.push_back(q);
        }
        if (vx) add_crosses(Placement{}, 0, 1);
      } else {
        const int b = lowest(empty & ~bit(a));
        for (auto [x, y] : {std::pair{lo, hi}, std::pair{hi, lo}}) {
          Placement q;
          q.add(Write::number(a, x, -1));
          q.add(Write::number(b, y, -1));
          out.push_back(q);
        }
        if (vx) {
          for (int s : {a, b})
            for (int v : {lo, hi}) {
              Placement q;
              q.add(Write::number(s, v, -1));
              q.add(Write::cross(s == a ? b : a));
              out.push_back(q);
            }
          add_crosses(Placement{}, 0, 2);
        }
      }
      break;
    }
    default:
      break;
  }
  return out;
}

Placement State::random_placement(int player, Rng& rng) const {
  if (!awaiting(player)) throw IllegalAction("no placement is due from this player");
  const SpaceSet empty = sheets_[player].empty(*map_);
  const int lo = dice_.low(), hi = dice_.high();
  Placement q;
  auto pick = [&](SpaceSet s) { return nth_bit(s, static_cast<int>(rng.uniform(count(s)))); };
  switch (turn_kind_) {
    case TurnKind::kNumbers: {
      std::array<SpaceSet, 3> r;
      for (int i = 0; i < 3; ++i) r[i] = card_region(i) & empty;
      int can = max_placeable(player);
      if (can == 2) {
        // Uniform over (ordered card pair, space for low, space for high).
        std::array<uint32_t, 6> weight{};
        uint32_t total = 0;
        int k = 0;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j)
            if (i != j) {
              weight[k] = count(r[i]) * count(r[j]) - count(r[i] & r[j]);
              total += weight[k++];
            }
        uint32_t x = rng.uniform(total);
        k = 0;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) {
            if (i == j) continue;
            if (x >= weight[k]) {
              x -= weight[k++];
              continue;
            }
            // x indexes (a in r[i], b in r[j] \ {a}).
            SpaceSet ri = r[i];
            while (ri) {
              int a = lowest(ri);
              ri &= ri - 1;
              uint32_t n = count(r[j] & ~bit(a));
              if (x < n) {
                q.add(Write::number(a, lo, i));
                q.add(Write::number(nth_bit(r[j] & ~bit(a), static_cast<int>(x)), hi, j));
                return q;
              }
              x -= n;
            }
          }
      } else if (can == 1) {
        uint32_t total = count(r[0]) + count(r[1]) + count(r[2]);
        uint32_t x = rng.uniform(2 * total);
        int v = x < total ? lo : hi;
        x %= total;
        for (int i = 0; i < 3; ++i) {
          if (x < static_cast<uint32_t>(count(r[i]))) {
            int a = nth_bit(r[i], static_cast<int>(x));
            q.add(Write::number(a, v, i));
            q.add(Write::cross(pick(x_room(player, bit(a)))));
            return q;
          }
          x -= count(r[i]);
        }
      } else {
        int a = pick(x_room(player, 0));
        q.add(Write::cross(a));
        q.add(Write::cross(pick(x_room(player, bit(a)))));
      }
      return q;
    }
    case TurnKind::kStar: {
      SpaceSet room = shown_regions() & empty;
      q.add(room ? Write::star(pick(room)) : Write::cross(pick(x_room(player, 0))));
      return q;
    }
    case TurnKind::kLastStar:
      q.add(Write::star(pick(empty)));
      return q;
    case TurnKind::kLastNumbers: {
      int a = lowest(empty);
      bool swap = rng.uniform(2);
      q.add(Write::number(a, swap ? hi : lo, -1));
      if (empty_count_ == 2) q.add(Write::number(lowest(empty & ~bit(a)), swap ? lo : hi, -1));
      return q;
    }
    default:
      break;
  }
  return q;
}

// ---------------------------------------------------------------- end, serialisation

std::vector<bool> winners(const std::vector<Route>& routes) {
  std::vector<bool> out(routes.size(), false);
  if (routes.empty()) return out;
  size_t best = 0;
  for (size_t p = 1; p < routes.size(); ++p)
    if (better(routes[p], routes[best])) best = p;
  for (size_t p = 0; p < routes.size(); ++p) out[p] = !better(routes[best], routes[p]);
  return out;
}

std::vector<PlayerResult> State::results() const {
  std::vector<Route> routes;
  RouteScorer scorer(*map_);
  for (int p = 0; p < num_players(); ++p) routes.push_back(scorer.best(sheets_[p]));
  auto win = winners(routes);
  std::vector<PlayerResult> out(num_players());
  for (int p = 0; p < num_players(); ++p) out[p] = PlayerResult{std::move(routes[p]), win[p]};
  return out;
}

Json State::to_json() const {
  Json j;
  bool builtin = false;
  for (const auto& id : Map::builtin_ids())
    if (id == map_->id()) builtin = Map::builtin(id).to_json() == map_->to_json();
  j["map"] = builtin ? Json(map_->id()) : map_->to_json();
  j["options"] = options_.to_json();
  j["players"] = num_players();
  Json log = Json::array();
  for (const auto& e : log_) {
    if (e.chance) {
      log.push_back(chance_to_json(*map_, e.chance_action));
    } else {
      Json o = placement_to_json(*map_, e.placement);
      o["player"] = e.player;
      log.push_back(o);
    }
  }
  j["log"] = log;
  return j;
}

State State::from_json(const Json& j) {
  expect_object(j, "game");
  const Json& m = require(j, "map", "game");
  std::shared_ptr<const Map> map;
  if (m.is_string())
    map = Map::unowned(Map::builtin(m.get<std::string>()));
  else
    map = Map::adopt(Map::from_json(m), "game map");
  Options options = j.contains("options") ? Options::from_json(j["options"]) : Options{};
  long long players = expect_integer(require(j, "players", "game"), "players");
  if (players < 1 || players > kMaxPlayers)
    throw InvalidInput(fmt::format("game: players must be 1 to {}", kMaxPlayers));
  State s(map, options, static_cast<int>(players));
  if (auto log = j.find("log"); log != j.end()) {
    expect_array(*log, "game log");
    for (size_t i = 0; i < log->size(); ++i) {
      const Json& e = (*log)[i];
      try {
        if (e.is_object() && e.contains("player")) {
          long long p = expect_integer(e["player"], "player");
          if (p < 0 || p >= s.num_players())
            throw InvalidInput(fmt::format("player {} is not in this game", p));
          s.apply(static_cast<int>(p), placement_from_json(*map, e));
        } else {
          s.apply_chance(chance_from_json(*map, e));
        }
      } catch (const Error& err) {
        std::string why = err.what();
        // A record of a star turn whose star was written as an X by choice.
        if (options.voluntary_x && why.find(", so no X") != std::string::npos &&
            (s.turn_kind() == TurnKind::kStar || s.turn_kind() == TurnKind::kLastStar))
          why += " (voluntary_x lets an X stand for a number only, as the rules page has it)";
        throw InvalidInput(fmt::format("game log entry {}: {}", i + 1, why));
      }
    }
  }
  return s;
}

bool State::operator==(const State& o) const {
  return map_->id() == o.map_->id() && options_ == o.options_ && sheets_ == o.sheets_ &&
         phase_ == o.phase_ && turn_kind_ == o.turn_kind_ && turn_ == o.turn_ &&
         setup_rolls_done_ == o.setup_rolls_done_ && setup_draws_ == o.setup_draws_ &&
         dice_ == o.dice_ && draw_pile_ == o.draw_pile_ && discards_ == o.discards_ &&
         revealed_ == o.revealed_ && revealed_count_ == o.revealed_count_ &&
         empty_count_ == o.empty_count_ && awaiting_ == o.awaiting_ &&
         awaiting_count_ == o.awaiting_count_ && log_ == o.log_;
}

}  // namespace tabletop::ontour
