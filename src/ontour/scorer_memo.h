// The route scorer's memo: a bounded open-addressing table from (space, set of spaces) to a value.
//
// Internal to the scorer (scorer_search.cc). An entry says: "from `space`, with exactly the spaces
// in `set` still open, the best continuation is worth `value`" — exactly, or at most (an upper
// bound). The table is reused from sheet to sheet: a generation stamp retires old entries in O(1),
// so a call never clears or allocates unless the table has to grow. It grows by doubling up to
// kMaxEntries and then overwrites entries instead, so memory stays bounded; since every entry is
// only a cached fact, losing one costs time, never exactness.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bits.h"

namespace tabletop::ontour {

struct MemoEntry {
  SpaceSet set = 0;
  uint32_t generation = 0;  // live only when equal to the table's current generation
  int16_t value = 0;
  uint8_t packed = 0;  // bits 0-5: the space; bit 6: value is exact (else an upper bound)

  static constexpr uint8_t kExact = 0x40;
  bool exact() const { return packed & kExact; }
  int space() const { return packed & 0x3f; }
};
static_assert(sizeof(MemoEntry) == 16);

class MemoTable {
 public:
  // 1,024 entries (16 KiB) to start; at most 1,048,576 entries (16 MiB).
  static constexpr size_t kMinEntries = size_t{1} << 10;
  static constexpr size_t kMaxEntries = size_t{1} << 20;
  // Longest probe run; a key is stored within this many slots of its home or not at all.
  static constexpr size_t kMaxProbe = 16;

  MemoTable() : entries_(kMinEntries) {}

  // Forgets every entry.
  void reset() {
    live_ = 0;
    if (++generation_ == 0) {  // after 2^32 resets: really clear once, then start again
      std::fill(entries_.begin(), entries_.end(), MemoEntry{});
      generation_ = 1;
    }
  }

  const MemoEntry* find(int space, SpaceSet set) const {
    size_t mask = entries_.size() - 1;
    size_t i = home(space, set, mask);
    for (size_t p = 0; p < kMaxProbe; ++p, i = (i + 1) & mask) {
      const MemoEntry& e = entries_[i];
      if (e.generation != generation_) return nullptr;
      if (e.set == set && e.space() == space) return &e;
    }
    return nullptr;
  }

  void store(int space, SpaceSet set, int value, bool exact) {
    if (live_ * 2 >= entries_.size() && entries_.size() < kMaxEntries) grow();
    MemoEntry* target = slot_for(space, set);
    if (!target && entries_.size() < kMaxEntries) {
      grow();
      target = slot_for(space, set);
    }
    // Full at the cap: overwrite the home slot. Overwriting (never emptying) a slot keeps every
    // other key's probe run intact.
    if (!target) target = &entries_[home(space, set, entries_.size() - 1)];
    if (target->generation != generation_) ++live_;
    target->set = set;
    target->generation = generation_;
    target->value = static_cast<int16_t>(value);
    target->packed = static_cast<uint8_t>(space | (exact ? MemoEntry::kExact : 0));
  }

  size_t capacity() const { return entries_.size(); }
  size_t live() const { return live_; }

 private:
  static size_t home(int space, SpaceSet set, size_t mask) {
    uint64_t h = set ^ (static_cast<uint64_t>(space) * 0xD6E8FEB86659FD93ULL);
    h *= 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    return static_cast<size_t>(h) & mask;
  }

  // The slot holding this key, else the first free slot of its probe run, else null.
  MemoEntry* slot_for(int space, SpaceSet set) {
    size_t mask = entries_.size() - 1;
    size_t i = home(space, set, mask);
    for (size_t p = 0; p < kMaxProbe; ++p, i = (i + 1) & mask) {
      MemoEntry& e = entries_[i];
      if (e.generation != generation_) return &e;
      if (e.set == set && e.space() == space) return &e;
    }
    return nullptr;
  }

  void grow() {
    std::vector<MemoEntry> old(entries_.size() * 2);
    old.swap(entries_);
    live_ = 0;
    for (const MemoEntry& e : old) {
      if (e.generation != generation_) continue;
      // An entry with no room in the bigger table is dropped: it is only a cache.
      if (MemoEntry* t = slot_for(e.space(), e.set)) {
        *t = e;
        ++live_;
      }
    }
  }

  std::vector<MemoEntry> entries_;
  uint32_t generation_ = 1;
  size_t live_ = 0;
};

}  // namespace tabletop::ontour
