#pragma once
// Hot-seat play at one terminal: what one player may see is taken off the screen before the
// next player looks.

#include <cstdio>

#include <unistd.h>

namespace tabletop::cli {

// Clears the screen and, where the terminal keeps one, its scrollback (cursor home, erase the
// screen, erase the saved lines); when standard output is not a terminal (a pipe or a file, as
// in a scripted game), a blank line instead, so that the transcript stays plain text.
inline void clear_screen() {
  std::fputs(isatty(STDOUT_FILENO) ? "\033[H\033[2J\033[3J" : "\n", stdout);
  std::fflush(stdout);
}

}  // namespace tabletop::cli
