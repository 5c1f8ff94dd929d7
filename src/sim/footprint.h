// What a run keeps in memory until its end, and whether the machine has room for it: every game's
// record stays until the summary, the CSV and the plot are made from them, so a run too large for
// the memory is refused before its first game instead of failing hours into it.
#pragma once

#include <cstdint>

namespace tabletop::sim {

// Bytes that `games` games of `players` players keep until the end of the run: the records, the
// scores the summary copies out of them and, with `csv`, the CSV text, whose every row repeats
// `csv_names` bytes of bot specs (as long as the specs are) besides its numbers. An estimate, from
// the sizes of the records' parts as the C++ library allocates them.
uint64_t run_footprint_bytes(long games, int players, bool csv, uint64_t csv_names = 0);

// Bytes of memory the system can give without swapping (MemAvailable of /proc/meminfo, else the
// free pages); 0 when it cannot tell.
uint64_t available_memory_bytes();

// InvalidInput, naming both figures, when `footprint` is more than `available` (0: unknown, never
// refused).
void check_footprint(uint64_t footprint, uint64_t available, long games);

}  // namespace tabletop::sim
