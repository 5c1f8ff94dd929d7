// Sorry! cards and card piles: the card values, their names, the 45-card deck (44 with the 1939
// option) and a pile kept as counts per card, which is all the game needs because a draw names the
// card drawn (chosen uniformly among the cards left), so no deck order ever exists.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tabletop::sorry {

// The value is the card's number; Sorry! is 13. There is no 6 and no 9.
enum Card : int8_t {
  kNoCard = 0,
  k1 = 1,
  k2 = 2,
  k3 = 3,
  k4 = 4,
  k5 = 5,
  k7 = 7,
  k8 = 8,
  k10 = 10,
  k11 = 11,
  k12 = 12,
  kSorry = 13,
};
constexpr int kCardSlots = 14;  // counts are indexed by the card value
constexpr std::array<Card, 11> kAllCards = {k1, k2, k3, k4, k5, k7, k8, k10, k11, k12, kSorry};

constexpr bool is_card(int v) { return v >= 1 && v <= 13 && v != 6 && v != 9; }

// "1".."12", "sorry": the card as files and commands name it.
std::string_view card_name(Card c);
// The card as the rules name it in sentences: "1".."12", "Sorry!".
std::string_view card_title(Card c);
// The name with its article, for sentences: "a 7", "an 8", "an 11", "a Sorry!".
std::string card_with_article(Card c);
// Every card's name, for messages and help: "1, 2, 3, 4, 5, 7, 8, 10, 11, 12 or sorry".
std::string card_names_text();
bool parse_card(std::string_view s, Card* c);

// A multiset of cards.
class CardCounts {
 public:
  int count(Card c) const { return counts_[c]; }
  int total() const { return total_; }
  bool empty() const { return total_ == 0; }
  void add(Card c, int n = 1) {
    counts_[c] = static_cast<uint8_t>(counts_[c] + n);
    total_ = static_cast<uint8_t>(total_ + n);
  }
  void remove(Card c) {
    --counts_[c];
    --total_;
  }
  void add_all(const CardCounts& o) {
    for (Card c : kAllCards) add(c, o.count(c));
  }
  void clear() { *this = CardCounts{}; }
  // The card at position i (0 <= i < total) when the cards are laid out in card order; used to draw
  // a uniformly random card.
  Card at(int i) const {
    for (Card c : kAllCards) {
      if (i < counts_[c]) return c;
      i -= counts_[c];
    }
    return kNoCard;
  }
  bool operator==(const CardCounts&) const = default;

 private:
  std::array<uint8_t, kCardSlots> counts_{};
  uint8_t total_ = 0;
};

// The full deck: five 1s (four with deck = 44) and four of each other card.
CardCounts full_deck(int deck_size);

}  // namespace tabletop::sorry
