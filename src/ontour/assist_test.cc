// The placement text of front ends: what placement_tokens writes, read_placement reads back as a
// placement with the same effect, in every kind of turn of many games; and typed mistakes are
// named.
#include <gtest/gtest.h>

#include "ontour/assist.h"
#include "ontour/bot_registry.h"
#include "ontour/playout.h"

namespace tabletop::ontour {
namespace {

TEST(OnTourAssist, PlacementTokensReadBackAsTheSamePlacement) {
  std::vector<Options> variants(4);
  variants[1].voluntary_x = true;
  variants[2].x_anywhere = false;
  variants[3].star_always_circled = true;
  variants[3].setup_rolls = 1;
  int seen[5] = {};  // numbers, star, last numbers, last number, an X among the writes
  for (const char* map_id : {"usa", "europe"})
    for (size_t v = 0; v < variants.size(); ++v)
      for (uint64_t g = 0; g < 6; ++g) {
        Rng chance(mix_seed(g, v + 17 * map_id[0]));
        State s(Map::builtin(map_id), variants[v], 2);
        auto a = make_bot("random", g), b = make_bot("greedy", g);
        while (true) {
          advance_chance(s, chance);
          if (s.is_terminal()) break;
          const Placement choices[2] = {a->choose({s, 0}), b->choose({s, 1})};
          for (int p = 0; p < 2; ++p) {
            const Placement& q = choices[p];
            const std::vector<std::string> tokens = placement_tokens(s, p, q);
            Placement read;
            std::string text;
            for (const auto& t : tokens) text += t + " ";
            ASSERT_EQ(read_placement(s, p, tokens, read), "") << text;
            ASSERT_FALSE(s.check(p, read).has_value()) << text << ": " << *s.check(p, read);
            State mine = s, theirs = s;
            mine.apply(p, read);
            theirs.apply(p, q);
            EXPECT_EQ(mine.sheet(p), theirs.sheet(p)) << text << " for " << describe(s.map(), q);
            const TurnKind k = s.turn_kind();
            ++seen[k == TurnKind::kNumbers                               ? 0
                   : k == TurnKind::kStar                                ? 1
                   : s.empty_count() == 2 && k == TurnKind::kLastNumbers ? 2
                   : k == TurnKind::kLastNumbers                         ? 3
                                                                         : 1];
            for (int i = 0; i < q.count; ++i) seen[4] += q.writes[i].kind == WriteKind::kCross;
          }
          for (int p = 0; p < 2; ++p) s.apply(p, choices[p]);
        }
      }
  for (int k = 0; k < 5; ++k) EXPECT_GT(seen[k], 0) << "kind " << k;
}

TEST(OnTourAssist, ReadPlacementNamesWhatIsWrong) {
  Rng chance(3);
  State s(Map::builtin("usa"), Options{}, 1);
  advance_chance(s, chance);
  while (s.turn_kind() != TurnKind::kNumbers) {
    s.apply(0, make_bot("greedy", 1)->choose({s, 0}));
    advance_chance(s, chance);
  }
  Placement q;
  EXPECT_EQ(read_placement(s, 0, {"ZZ", "WA"}, q), "unknown space \"ZZ\"");
  EXPECT_EQ(read_placement(s, 0, {"WA/4", "OR"}, q), "a card is named /1, /2 or /3");
  EXPECT_EQ(read_placement(s, 0, {"WA"}, q),
            "type two space ids, one per number (X:ID for a number that cannot be placed)");
  EXPECT_EQ(read_placement(s, 0, {"WA", "OR", "CA"}, q), "too many entries");
}

}  // namespace
}  // namespace tabletop::ontour
