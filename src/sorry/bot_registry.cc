#include "sorry/bot_registry.h"

#include "sorry/bot_search.h"
#include "sorry/playout.h"

namespace tabletop::sorry {

State make_view(const State& real, int player, Rng& rng) { return real.determinize(player, rng); }

namespace {

class RandomBot : public Bot {
 public:
  RandomBot(std::string name, uint64_t seed) : name_(std::move(name)), rng_(seed, 0x52414e44ULL) {}
  Action choose(const PlayerView& view) override {
    return random_action(view.state, rng_, scratch_);
  }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<RandomBot>(*this); }

 private:
  std::string name_;
  Rng rng_;
  MoveList scratch_;
};

BotRegistry<Bot> build_registry() {
  BotRegistry<Bot> r;
  r.add("random", "a uniformly random legal action", [](const BotSpec& spec, uint64_t seed) {
    spec.check_known({});
    return std::unique_ptr<Bot>(new RandomBot(spec.to_string(), seed));
  });
  r.add("greedy", "one ply: progress, safety, bumps given and risked", make_greedy_bot);
  r.add("learnt", "one ply by a value learnt in self-play (as greedy where none was learnt)",
        make_learnt_bot);
  r.add("strong",
        "Monte Carlo on shared card draws (rollouts, horizon); information-set MCTS for points",
        make_strong_bot);
  return r;
}

}  // namespace

const BotRegistry<Bot>& bot_registry() {
  static const BotRegistry<Bot> registry = build_registry();
  return registry;
}

std::unique_ptr<Bot> make_bot(std::string_view spec, uint64_t seed) {
  return bot_registry().make(spec, seed);
}

}  // namespace tabletop::sorry
