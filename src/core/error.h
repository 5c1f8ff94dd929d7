// Typed errors. Library code never exits or prints; it throws one of these and the caller (CLI,
// server, test) decides what to do. Every message names the problem in words a user understands.
#pragma once

#include <stdexcept>
#include <string>

namespace tabletop {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Input that cannot be read or does not describe a valid thing (a map file, a sheet, a position).
class InvalidInput : public Error {
 public:
  using Error::Error;
};

// A well-formed action that the rules do not allow in the current state.
class IllegalAction : public Error {
 public:
  using Error::Error;
};

// An option name or value a game does not know.
class InvalidOption : public Error {
 public:
  using Error::Error;
};

}  // namespace tabletop
