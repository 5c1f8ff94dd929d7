#include "ontour/bot_registry.h"

#include "ontour/bot_greedy.h"
#include "ontour/bot_strong.h"
#include "ontour/target_policy.h"

namespace tabletop::ontour {

namespace {

class RandomBot : public Bot {
 public:
  RandomBot(std::string name, uint64_t seed) : name_(std::move(name)), rng_(seed, 0x52414e44ULL) {}
  Placement choose(const PlayerView& view) override {
    return view.state.random_placement(view.player, rng_);
  }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<RandomBot>(*this); }

 private:
  std::string name_;
  Rng rng_;
};

class TargetBot : public Bot {
 public:
  explicit TargetBot(std::string name) : name_(std::move(name)) {}
  Placement choose(const PlayerView& view) override {
    if (map_ != &view.state.map()) {
      map_ = &view.state.map();
      targets_ = diameter_targets(*map_);
    }
    return target_placement(view.state, view.player, targets_);
  }
  std::string name() const override { return name_; }
  std::unique_ptr<Bot> clone() const override { return std::make_unique<TargetBot>(*this); }

 private:
  std::string name_;
  const Map* map_ = nullptr;
  Targets targets_{};
};

BotRegistry<Bot> build_registry() {
  BotRegistry<Bot> r;
  r.add("random", "a uniformly random legal placement", [](const BotSpec& spec, uint64_t seed) {
    spec.check_known({});
    return std::unique_ptr<Bot>(new RandomBot(spec.to_string(), seed));
  });
  r.add("target", "baseline: numbers nearest a target value rising across the map",
        [](const BotSpec& spec, uint64_t) {
          spec.check_known({});
          return std::unique_ptr<Bot>(new TargetBot(spec.to_string()));
        });
  r.add("greedy", "one step: keeps a planned long route rising", make_greedy_bot);
  r.add("strong", "Monte Carlo rollouts scored by the exact route scorer (rollouts, candidates)",
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

}  // namespace tabletop::ontour
