#include "sorry/state_io.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::sorry {

namespace {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kDraw:
      return "draw";
    case Phase::kMove:
      return "move";
    case Phase::kDeal:
      return "deal";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

Json counts_json(const CardCounts& c) {
  Json j = Json::object();
  for (Card k : kAllCards) j[std::string(card_name(k))] = c.count(k);
  return j;
}

Json hand_json(const CardCounts& c) {
  Json j = Json::array();
  for (Card k : kAllCards)
    for (int i = 0; i < c.count(k); ++i) j.push_back(card_name(k));
  return j;
}

Card json_card(const Json& j, std::string_view where) {
  Card c{};
  if (!j.is_string() || !parse_card(j.get<std::string>(), &c))
    throw InvalidInput(
        fmt::format("{}: expected a card ({}), got {}", where, card_names_text(), j.dump()));
  return c;
}

CardCounts json_counts(const Json& j, std::string_view where) {
  expect_object(j, where);
  CardCounts c;
  for (const auto& [name, v] : j.items()) {
    Card k = json_card(Json(name), where);
    long long n = expect_integer(v, fmt::format("{} {}", where, name));
    if (n < 0 || n > 5) throw InvalidInput(fmt::format("{}: bad count for {}", where, name));
    c.add(k, static_cast<int>(n));
  }
  return c;
}

CardCounts json_hand(const Json& j, std::string_view where) {
  expect_array(j, where);
  CardCounts c;
  for (const auto& e : j) c.add(json_card(e, where));
  return c;
}

}  // namespace

// The JSON reader builds private fields directly.
class StateIo {
 public:
  static Json to_json(const State& s, int viewer);
  static State from_json(const Json& j);
};

Json StateIo::to_json(const State& s, int viewer) {
  auto colour = [&](int player) -> Json {
    return player < 0 ? Json(nullptr) : Json(colour_name(s.seat_colour_[player]));
  };
  Json j;
  j["options"] = options_to_json(s.options_);
  j["phase"] = phase_name(s.phase_);
  j["turn"] = colour(s.current_);
  j["card"] = s.card_ == kNoCard ? Json(nullptr) : Json(card_name(s.card_));
  j["deal_to"] = colour(s.deal_to_);
  Json pawns = Json::object();
  for (int p = 0; p < s.num_players_; ++p) {
    Colour c = s.seat_colour_[p];
    Json list = Json::array();
    for (int k = 0; k < kPawnsPerColour; ++k)
      list.push_back(place_name(s.pos_.place(first_pawn(c) + k)));
    pawns[std::string(colour_name(c))] = list;
  }
  j["pawns"] = pawns;
  bool hidden = viewer >= 0 && s.options_.points;
  if (hidden) {
    j["draw_pile_size"] = s.draw_.total();
    j["unseen"] = counts_json(s.unseen_cards(viewer));
  } else {
    j["draw_pile"] = counts_json(s.draw_);
  }
  j["discards"] = counts_json(s.discards_);
  if (s.options_.points) {
    Json hands = Json::object(), sizes = Json::object();
    for (int p = 0; p < s.num_players_; ++p) {
      std::string name(colour_name(s.seat_colour_[p]));
      if (!hidden || p == viewer) hands[name] = hand_json(s.hands_[p]);
      sizes[name] = s.hands_[p].total();
    }
    j["hands"] = hands;
    if (hidden) j["hand_sizes"] = sizes;
  }
  j["first_player"] = colour(s.first_);
  j["initial_deal"] = s.initial_deal_;
  j["again"] = s.again_;
  Json scores = Json::object(), last = Json::object();
  for (int p = 0; p < s.num_players_; ++p) {
    std::string name(colour_name(s.seat_colour_[p]));
    scores[name] = s.scores_[p];
    last[name] = s.last_scores_[p];
  }
  j["scores"] = scores;
  j["last_game_scores"] = last;
  j["last_game_winner"] = colour(s.last_winner_);
  j["winner"] = colour(s.match_winner_);
  j["cards_drawn"] = s.cards_drawn_;
  j["games_played"] = s.games_played_;
  if (viewer >= 0) j["viewer"] = colour(viewer);
  return j;
}

State StateIo::from_json(const Json& j) {
  expect_object(j, "state");
  Options o = j.contains("options") ? options_from_saved_json(j.at("options")) : Options{};
  State s(o, true);
  auto player = [&](const Json& v, std::string_view where, bool allow_null) -> int8_t {
    if (v.is_null() && allow_null) return -1;
    Colour c{};
    if (!v.is_string() || !parse_colour(v.get<std::string>(), &c) || s.player_of(c) < 0)
      throw InvalidInput(
          fmt::format("state: {}: expected a colour in play, got {}", where, v.dump()));
    return static_cast<int8_t>(s.player_of(c));
  };
  auto get = [&](const char* key, const Json& dflt) -> const Json& {
    auto it = j.find(key);
    return it == j.end() ? dflt : *it;
  };
  static const Json kNull = nullptr, kZero = 0, kFalse = false, kEmpty = Json::object();

  // Pawns.
  const Json& pawns = require(j, "pawns", "state");
  expect_object(pawns, "state pawns");
  for (const auto& [name, list] : pawns.items()) {
    Colour c{};
    if (!parse_colour(name, &c))
      throw InvalidInput(fmt::format("state pawns: unknown colour \"{}\"", name));
    if (!o.in_play(c)) throw InvalidInput(fmt::format("state pawns: {} is not in play", name));
  }
  for (int p = 0; p < s.num_players_; ++p) {
    Colour c = s.seat_colour_[p];
    std::string where = fmt::format("state pawns {}", colour_name(c));
    const Json& list = require(pawns, colour_name(c), "state pawns");
    expect_array(list, where);
    if (list.size() != kPawnsPerColour)
      throw InvalidInput(fmt::format("{}: expected 4 pawns, got {}", where, list.size()));
    for (int k = 0; k < kPawnsPerColour; ++k) {
      Place pl{};
      if (!list[k].is_string() || !parse_place(list[k].get<std::string>(), &pl))
        throw InvalidInput(fmt::format("{}: bad position {}", where, list[k].dump()));
      if (on_track(pl) && s.pos_.pawn_at(pl) >= 0)
        throw InvalidInput(fmt::format("state: two pawns on {}", place_name(pl)));
      if (in_safety(pl) && s.pos_.pawn_in_safety(c, pl - kSafety0) >= 0)
        throw InvalidInput(
            fmt::format("state: two {} pawns on {}", colour_name(c), place_name(pl)));
      s.pos_.set(first_pawn(c) + k, pl);
    }
  }

  // Phase and turn.
  std::string phase = expect_string(get("phase", Json(o.points ? "deal" : "draw")), "state phase");
  if (phase == "draw")
    s.phase_ = Phase::kDraw;
  else if (phase == "move")
    s.phase_ = Phase::kMove;
  else if (phase == "deal")
    s.phase_ = Phase::kDeal;
  else if (phase == "play")
    s.phase_ = Phase::kPlay;
  else if (phase == "over")
    s.phase_ = Phase::kOver;
  else
    throw InvalidInput(fmt::format("state: unknown phase \"{}\"", phase));
  bool points_phase = s.phase_ == Phase::kDeal || s.phase_ == Phase::kPlay;
  bool race_phase = s.phase_ == Phase::kDraw || s.phase_ == Phase::kMove;
  if ((o.points && race_phase) || (!o.points && points_phase))
    throw InvalidInput(fmt::format("state: phase \"{}\" does not fit the options", phase));
  s.current_ = player(get("turn", Json(colour_name(o.first_player))), "turn", false);
  s.first_ = player(get("first_player", Json(colour_name(o.first_player))), "first_player", false);
  s.card_ = get("card", kNull).is_null() ? kNoCard : json_card(j.at("card"), "state card");
  if ((s.phase_ == Phase::kMove) != (s.card_ != kNoCard))
    throw InvalidInput("state: a card is in play exactly in phase \"move\"");
  s.deal_to_ =
      player(get("deal_to", s.phase_ == Phase::kDeal ? j.value("turn", Json(nullptr)) : kNull),
             "deal_to", true);
  if ((s.phase_ == Phase::kDeal) != (s.deal_to_ >= 0))
    throw InvalidInput("state: deal_to names a player exactly in phase \"deal\"");
  s.initial_deal_ =
      expect_bool(get("initial_deal", Json(s.phase_ == Phase::kDeal && !j.contains("hands"))),
                  "state initial_deal");
  s.again_ = expect_bool(get("again", kFalse), "state again");
  if (s.initial_deal_ && s.phase_ != Phase::kDeal)
    throw InvalidInput("state: initial_deal outside phase \"deal\"");
  if (s.again_ && s.phase_ != Phase::kDeal)
    throw InvalidInput("state: again outside phase \"deal\"");

  // Cards.
  if (o.points && j.contains("hands")) {
    const Json& hands = j.at("hands");
    expect_object(hands, "state hands");
    for (const auto& [name, list] : hands.items()) {
      int p = player(Json(name), "hands", false);
      s.hands_[p] = json_hand(list, fmt::format("state hands {}", name));
      if (s.hands_[p].total() > kHandSize)
        throw InvalidInput(fmt::format("state hands {}: more than 5 cards", name));
    }
  } else if (j.contains("hands") && !j.at("hands").empty()) {
    throw InvalidInput("state: hands exist only when playing for points");
  }
  s.discards_ = json_counts(get("discards", kEmpty), "state discards");
  CardCounts deck = full_deck(o.deck);
  if (j.contains("draw_pile")) {
    s.draw_ = json_counts(j.at("draw_pile"), "state draw_pile");
  } else {
    // The draw pile is whatever is in no other place.
    CardCounts used = s.discards_;
    for (const auto& h : s.hands_) used.add_all(h);
    if (s.card_ != kNoCard) used.add(s.card_);
    for (Card c : kAllCards) {
      if (used.count(c) > deck.count(c))
        throw InvalidInput(fmt::format("state: more {} cards than the deck has", card_name(c)));
      s.draw_.add(c, deck.count(c) - used.count(c));
    }
  }
  CardCounts all = s.draw_;
  all.add_all(s.discards_);
  for (const auto& h : s.hands_) all.add_all(h);
  if (s.card_ != kNoCard) all.add(s.card_);
  if (!(all == deck))
    throw InvalidInput(
        fmt::format("state: the draw pile, discards, hands and card in play do not "
                    "make up the {}-card deck",
                    static_cast<int>(o.deck)));
  if (s.is_chance() && s.draw_.empty())
    throw InvalidInput("state: the draw pile is empty (the discards are reshuffled then)");
  if (s.phase_ == Phase::kDeal && s.hands_[s.deal_to_].total() >= kHandSize)
    throw InvalidInput("state: the hand being dealt to is already full");
  if (s.phase_ == Phase::kPlay && s.hands_[s.current_].empty())
    throw InvalidInput("state: the player to play has no cards");

  // Results.
  const Json& scores = get("scores", kEmpty);
  const Json& last = get("last_game_scores", kEmpty);
  expect_object(scores, "state scores");
  expect_object(last, "state last_game_scores");
  for (const auto& [name, v] : scores.items())
    s.scores_[player(Json(name), "scores", false)] =
        static_cast<int32_t>(expect_integer(v, "state scores"));
  for (const auto& [name, v] : last.items())
    s.last_scores_[player(Json(name), "last_game_scores", false)] =
        static_cast<int32_t>(expect_integer(v, "state last_game_scores"));
  s.last_winner_ = player(get("last_game_winner", kNull), "last_game_winner", true);
  s.match_winner_ = player(get("winner", kNull), "winner", true);
  if ((s.phase_ == Phase::kOver) != (s.match_winner_ >= 0))
    throw InvalidInput("state: a winner is named exactly when the game is over");
  long long drawn = expect_integer(get("cards_drawn", kZero), "state cards_drawn");
  long long games = expect_integer(get("games_played", kZero), "state games_played");
  if (drawn < 0 || games < 0 || drawn > 100000000 || games > 1000000)
    throw InvalidInput("state: cards_drawn and games_played must be small non-negative numbers");
  s.cards_drawn_ = static_cast<int32_t>(drawn);
  s.games_played_ = static_cast<int32_t>(games);
  if (s.phase_ != Phase::kOver)
    for (int p = 0; p < s.num_players_; ++p)
      if (s.player_has_won(p))
        throw InvalidInput(
            fmt::format("state: {} has already won", colour_name(s.seat_colour_[p])));
  return s;
}

Json state_to_json(const State& s) { return StateIo::to_json(s, -1); }
State state_from_json(const Json& j) { return StateIo::from_json(j); }

Json view_json(const State& s, int player) {
  if (player < 0 || player >= s.num_players())
    throw InvalidInput(fmt::format("view: no player {}", player));
  return StateIo::to_json(s, player);
}

Json record_to_json(const Record& r) {
  Json actions = Json::array();
  for (const Action& a : r.actions) actions.push_back(action_to_json(a));
  return Json{{"options", options_to_json(r.options)}, {"actions", actions}};
}

Record record_from_json(const Json& j) {
  Record r;
  r.options = options_from_saved_json(require(j, "options", "record"));
  const Json& actions = require(j, "actions", "record");
  expect_array(actions, "record actions");
  for (size_t i = 0; i < actions.size(); ++i) {
    try {
      r.actions.push_back(action_from_json(actions[i]));
    } catch (const InvalidInput& e) {
      throw InvalidInput(fmt::format("record action {}: {}", i + 1, e.what()));
    }
  }
  return r;
}

State replay(const Record& r) {
  State s(r.options);
  for (size_t i = 0; i < r.actions.size(); ++i) {
    try {
      s.apply(r.actions[i]);
    } catch (const IllegalAction& e) {
      throw IllegalAction(fmt::format("record action {}: {}", i + 1, e.what()));
    }
  }
  return s;
}

}  // namespace tabletop::sorry
