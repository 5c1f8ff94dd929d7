#include "sorry/cards.h"

namespace tabletop::sorry {

std::string_view card_name(Card c) {
  switch (c) {
    case k1:
      return "1";
    case k2:
      return "2";
    case k3:
      return "3";
    case k4:
      return "4";
    case k5:
      return "5";
    case k7:
      return "7";
    case k8:
      return "8";
    case k10:
      return "10";
    case k11:
      return "11";
    case k12:
      return "12";
    case kSorry:
      return "sorry";
    default:
      return "none";
  }
}

std::string_view card_title(Card c) { return c == kSorry ? "Sorry!" : card_name(c); }

std::string card_with_article(Card c) {
  return std::string(c == k8 || c == k11 ? "an " : "a ") + std::string(card_title(c));
}

std::string card_names_text() {
  std::string s;
  for (Card k : kAllCards)
    s += std::string(s.empty() ? "" : k == kSorry ? " or " : ", ") + std::string(card_name(k));
  return s;
}

bool parse_card(std::string_view s, Card* c) {
  for (Card k : kAllCards) {
    if (s == card_name(k)) {
      *c = k;
      return true;
    }
  }
  if (s == "Sorry!" || s == "Sorry" || s == "SORRY") {
    *c = kSorry;
    return true;
  }
  return false;
}

CardCounts full_deck(int deck_size) {
  CardCounts d;
  for (Card c : kAllCards) d.add(c, 4);
  if (deck_size == 45) d.add(k1);
  return d;
}

}  // namespace tabletop::sorry
