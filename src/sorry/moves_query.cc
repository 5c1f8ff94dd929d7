#include "sorry/moves_query.h"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>

#include "core/error.h"
#include "sorry/movegen.h"
#include "sorry/render.h"

namespace tabletop::sorry {

namespace {

Card query_card(const Json& v, std::string_view where) {
  Card c{};
  if (!v.is_string() && !v.is_number_integer())
    throw InvalidInput(
        fmt::format("{}: expected a card ({}), got {}", where, card_names_text(), v.dump()));
  std::string text = v.is_string() ? v.get<std::string>() : std::to_string(v.get<long long>());
  if (!parse_card(text, &c))
    throw InvalidInput(
        fmt::format("{}: unknown card \"{}\" (cards are {})", where, text, card_names_text()));
  return c;
}

Colour query_colour(const Json& v, std::string_view where) {
  Colour c{};
  if (!v.is_string() || !parse_colour(v.get<std::string>(), &c))
    throw InvalidInput(fmt::format("{}: unknown colour {} (colours are red, blue, yellow, green)",
                                   where, v.dump()));
  return c;
}

// Pawns of one colour are interchangeable: a position's key sorts each colour's places.
std::array<Place, kNumPawns> key_of(const Position& pos) {
  std::array<Place, kNumPawns> k{};
  for (int p = 0; p < kNumPawns; ++p) k[p] = pos.place(p);
  for (int c = 0; c < kNumColours; ++c)
    std::sort(k.begin() + first_pawn(static_cast<Colour>(c)),
              k.begin() + first_pawn(static_cast<Colour>(c)) + kPawnsPerColour);
  return k;
}

}  // namespace

MovesQuery parse_moves_query(const Json& j) {
  expect_object(j, "position");
  MovesQuery q;
  static const std::set<std::string> kKnown = {"players", "pawns", "turn",
                                               "card",    "hand",  "options"};
  for (const auto& [key, v] : j.items())
    if (!kKnown.count(key))
      throw InvalidInput(fmt::format(
          "position: unknown field \"{}\" (expected players, pawns, turn, card or hand, options)",
          key));

  const Json& players = require(j, "players", "position");
  expect_array(players, "position players");
  uint8_t mask = 0;
  for (const auto& v : players) {
    Colour c = query_colour(v, "players");
    if ((mask >> c) & 1)
      throw InvalidInput(fmt::format("players: {} appears twice", colour_name(c)));
    mask = static_cast<uint8_t>(mask | (1 << c));
  }
  if (players.size() < 2 || players.size() > 4)
    throw InvalidInput(fmt::format("players: expected 2 to 4 colours, got {}", players.size()));

  Json opts = j.contains("options") ? j.at("options") : Json::object();
  expect_object(opts, "position options");
  for (const char* key : {"seats", "players"}) {
    if (!opts.contains(key)) continue;
    Options check = options_from_json(Json{{key, opts.at(key)}});
    if (check.colours != mask)
      throw InvalidInput(fmt::format("options: {} disagrees with the players list", key));
    opts.erase(key);
  }
  opts["seats"] = players;
  if (j.contains("hand")) {  // a hand is played for points
    if (opts.contains("points") && opts.at("points") == false)
      throw InvalidInput(
          "hand: a hand is played for points, and the options say \"points\": false (give a "
          "\"card\" for a race)");
    opts["points"] = true;
  }
  if (!opts.contains("first_player"))
    opts["first_player"] = colour_name(static_cast<Colour>(std::countr_zero(mask)));
  Options o = options_from_json(opts);
  q.options = o;

  const Json& pawns = require(j, "pawns", "position");
  expect_object(pawns, "position pawns");
  for (const auto& [name, list] : pawns.items()) {
    Colour c = query_colour(Json(name), "pawns");
    if (!o.in_play(c)) throw InvalidInput(fmt::format("pawns: {} is not among the players", name));
  }
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    if (!o.in_play(col)) continue;
    std::string name(colour_name(col));
    if (!pawns.contains(name)) throw InvalidInput(fmt::format("pawns: missing {}", name));
    const Json& list = pawns.at(name);
    if (!list.is_array() || list.size() != kPawnsPerColour)
      throw InvalidInput(fmt::format("pawns: {} needs exactly 4 positions, got {}", name,
                                     list.is_array() ? std::to_string(list.size()) : list.dump()));
    for (int k = 0; k < kPawnsPerColour; ++k) {
      Place pl{};
      if (!list[k].is_string() || !parse_place(list[k].get<std::string>(), &pl))
        throw InvalidInput(
            fmt::format("pawns: {} pawn {}: bad position {} (expected start, home, track:0..59 or "
                        "safety:0..4)",
                        name, k, list[k].dump()));
      if (on_track(pl) && q.position.pawn_at(pl) >= 0)
        throw InvalidInput(fmt::format("pawns: two pawns on {} ({} and {})", place_name(pl),
                                       pawn_name(q.position.pawn_at(pl)),
                                       pawn_name(first_pawn(col) + k)));
      if (in_safety(pl) && q.position.pawn_in_safety(col, pl - kSafety0) >= 0)
        throw InvalidInput(fmt::format("pawns: two {} pawns on {}", name, place_name(pl)));
      q.position.set(first_pawn(col) + k, pl);
    }
  }
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    if (!o.in_play(col)) continue;
    bool won =
        q.position.all_home(col) && (!o.teams || q.position.all_home(static_cast<Colour>(c ^ 2)));
    if (won)
      throw InvalidInput(o.teams ? fmt::format("pawns: {} and {} (a team) have already won",
                                               colour_name(col),
                                               colour_name(static_cast<Colour>(c ^ 2)))
                                 : fmt::format("pawns: {} has already won", colour_name(col)));
  }

  q.turn = query_colour(require(j, "turn", "position"), "turn");
  if (!o.in_play(q.turn))
    throw InvalidInput(fmt::format("turn: {} is not among the players", colour_name(q.turn)));

  bool has_card = j.contains("card"), has_hand = j.contains("hand");
  if (has_card == has_hand) throw InvalidInput("position: give either \"card\" or \"hand\"");
  if (has_card) {
    q.card = query_card(j.at("card"), "card");
  } else {
    const Json& hand = j.at("hand");
    expect_array(hand, "position hand");
    if (hand.empty() || hand.size() > 5) throw InvalidInput("hand: expected 1 to 5 cards");
    for (const auto& v : hand) q.hand.add(query_card(v, "hand"));
    CardCounts deck = full_deck(o.deck);
    for (Card c : kAllCards)
      if (q.hand.count(c) > deck.count(c))
        throw InvalidInput(fmt::format("hand: more {} cards than the deck has", card_name(c)));
  }
  return q;
}

std::vector<MoveOutcome> list_moves(const MovesQuery& q) {
  std::vector<MoveOutcome> out;
  std::set<std::pair<int, std::array<Place, kNumPawns>>> seen;
  MoveList moves;
  auto add_card = [&](Card card, bool offer_pass) {
    moves.clear();
    generate_card_moves(q.position, q.options, q.turn, card, moves, offer_pass);
    for (const Action& a : moves) {
      Position after = q.position;
      apply_card_move(after, q.options, a);
      if (a.kind != MoveKind::kPass && !seen.insert({card, key_of(after)}).second) continue;
      out.push_back({a, after});
    }
  };
  if (q.card != kNoCard) {
    add_card(q.card, !q.options.points);
    return out;
  }
  for (Card c : kAllCards)
    if (q.hand.count(c) > 0) add_card(c, false);
  if (out.empty())
    for (Card c : kAllCards)
      if (q.hand.count(c) > 0) out.push_back({Action::discard(c), q.position});
  return out;
}

Json pawns_json(const Position& pos, const Options& o) {
  Json j = Json::object();
  for (int c = 0; c < kNumColours; ++c) {
    auto col = static_cast<Colour>(c);
    if (!o.in_play(col)) continue;
    Json list = Json::array();
    for (int k = 0; k < kPawnsPerColour; ++k)
      list.push_back(place_name(pos.place(first_pawn(col) + k)));
    j[std::string(colour_name(col))] = list;
  }
  return j;
}

Json moves_json(const MovesQuery& q, const std::vector<MoveOutcome>& moves) {
  Json list = Json::array();
  for (const auto& m : moves) {
    Json e;
    const Action& a = m.action;
    if (a.kind == MoveKind::kPass) {
      e["move"] = "pass";
      e["pass"] = true;
    } else if (a.kind == MoveKind::kDiscard) {
      e["move"] = fmt::format("discard {}", card_name(a.card));
      e["discard"] = card_name(a.card);
    } else {
      e["move"] = describe_move(q.position, m.after, a, q.options);
    }
    if (q.card == kNoCard) e["card"] = card_name(a.card);
    e["action"] = action_to_json(a);
    e["pawns"] = pawns_json(m.after, q.options);
    list.push_back(e);
  }
  return Json{{"moves", list}};
}

std::string moves_text(const MovesQuery& q, const std::vector<MoveOutcome>& moves) {
  std::string s = render_board(q.position, q.options);
  if (q.card != kNoCard) {
    s += fmt::format("\n{} to play {}", colour_name(q.turn), card_with_article(q.card));
  } else {
    s += fmt::format("\n{} to play from the hand:", colour_name(q.turn));
    for (Card c : kAllCards)
      for (int i = 0; i < q.hand.count(c); ++i) s += fmt::format(" {}", card_name(c));
  }
  if (q.options.teams) s += " (teams: Red+Yellow vs Blue+Green)";
  s += "\n";
  if (moves.empty()) return s + "No legal move: the card cannot be used.\n";
  if (moves[0].action.kind == MoveKind::kDiscard)
    s += "No card can move: discard one of them.\n";
  else
    s += fmt::format("{} legal move{}:\n", moves.size(), moves.size() == 1 ? "" : "s");
  for (size_t i = 0; i < moves.size(); ++i) {
    const Action& a = moves[i].action;
    std::string text = a.kind == MoveKind::kPass ? describe_pass(a.card)
                       : a.kind == MoveKind::kDiscard
                           ? fmt::format("discard {}", card_name(a.card))
                           : describe_move(q.position, moves[i].after, a, q.options);
    s += fmt::format("{:3}. {}\n", i + 1, text);
  }
  return s;
}

}  // namespace tabletop::sorry
