#include "sorry/action.h"

#include <fmt/format.h>

#include "core/error.h"

namespace tabletop::sorry {

namespace {

constexpr std::array<std::string_view, 9> kKindNames = {
    "draw", "start", "forward", "backward", "split", "swap", "sorry", "pass", "discard"};

int json_pawn(const Json& j, const char* key) {
  int p = 0;
  const Json& v = require(j, key, "action");
  if (!v.is_string() || !parse_pawn(v.get<std::string>(), &p))
    throw InvalidInput(fmt::format("action: \"{}\" must name a pawn like \"red#0\"", key));
  return p;
}

int json_steps(const Json& j, const char* key) {
  long long n = expect_integer(require(j, key, "action"), fmt::format("action {}", key));
  if (n < 1 || n > 12) throw InvalidInput(fmt::format("action: \"{}\" must be 1..12", key));
  return static_cast<int>(n);
}

}  // namespace

std::string_view kind_name(MoveKind k) { return kKindNames[static_cast<int>(k)]; }

std::string action_text(const Action& a) {
  std::string card(card_name(a.card));
  switch (a.kind) {
    case MoveKind::kDraw:
      return "draw " + card;
    case MoveKind::kStart:
      return fmt::format("{}: {} starts", card, pawn_name(a.pawn));
    case MoveKind::kForward:
      return fmt::format("{}: {} forward {}", card, pawn_name(a.pawn), a.steps);
    case MoveKind::kBackward:
      return fmt::format("{}: {} backward {}", card, pawn_name(a.pawn), a.steps);
    case MoveKind::kSplit:
      return fmt::format("7: {} forward {}, then {} forward {}", pawn_name(a.pawn), a.steps,
                         pawn_name(a.pawn2), a.steps2);
    case MoveKind::kSwap:
      return fmt::format("11: swap {} with {}", pawn_name(a.pawn), pawn_name(a.pawn2));
    case MoveKind::kSorry:
      return fmt::format("sorry: {} takes the place of {}", pawn_name(a.pawn), pawn_name(a.pawn2));
    case MoveKind::kPass:
      return fmt::format("pass ({})", card);
    case MoveKind::kDiscard:
      return "discard " + card;
  }
  return "?";
}

Json action_to_json(const Action& a) {
  Json j{{"kind", kind_name(a.kind)}, {"card", card_name(a.card)}};
  switch (a.kind) {
    case MoveKind::kStart:
      j["pawn"] = pawn_name(a.pawn);
      break;
    case MoveKind::kForward:
    case MoveKind::kBackward:
      j["pawn"] = pawn_name(a.pawn);
      j["steps"] = a.steps;
      break;
    case MoveKind::kSplit:
      j["pawn"] = pawn_name(a.pawn);
      j["steps"] = a.steps;
      j["pawn2"] = pawn_name(a.pawn2);
      j["steps2"] = a.steps2;
      break;
    case MoveKind::kSwap:
    case MoveKind::kSorry:
      j["pawn"] = pawn_name(a.pawn);
      j["other"] = pawn_name(a.pawn2);
      break;
    default:
      break;
  }
  return j;
}

Action action_from_json(const Json& j) {
  std::string kind = expect_string(require(j, "kind", "action"), "action kind");
  Card card{};
  std::string card_text = expect_string(require(j, "card", "action"), "action card");
  if (!parse_card(card_text, &card))
    throw InvalidInput(fmt::format("action: unknown card \"{}\"", card_text));
  if (kind == "draw") return Action::draw(card);
  if (kind == "pass") return Action::pass(card);
  if (kind == "discard") return Action::discard(card);
  if (kind == "start") return Action::start(card, json_pawn(j, "pawn"));
  if (kind == "forward") return Action::forward(card, json_pawn(j, "pawn"), json_steps(j, "steps"));
  if (kind == "backward")
    return Action::backward(card, json_pawn(j, "pawn"), json_steps(j, "steps"));
  Action a;
  if (kind == "split") {
    a = Action::split(json_pawn(j, "pawn"), json_steps(j, "steps"), json_pawn(j, "pawn2"),
                      json_steps(j, "steps2"));
  } else if (kind == "swap") {
    a = Action::swap(json_pawn(j, "pawn"), json_pawn(j, "other"));
  } else if (kind == "sorry") {
    a = Action::sorry(json_pawn(j, "pawn"), json_pawn(j, "other"));
  } else {
    throw InvalidInput(fmt::format("action: unknown kind \"{}\"", kind));
  }
  a.card = card;  // a mismatch is refused later as an illegal action, with the reason
  return a;
}
}  // namespace tabletop::sorry
