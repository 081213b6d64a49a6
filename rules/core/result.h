// Result<T>: a value or a typed rules error. The rules layer never throws for
// anything a client can cause; callers branch on the code.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace brethren::rules {

enum class ErrorCode {
  kNotYourTurn,       // the seat is not among those that must act now
  kIllegalAction,     // well-formed, but not allowed by the rules now
  kMalformedAction,   // not an action of this game, or fields out of range
  kGameOver,          // the match has ended
  kInvalidOptions,    // options that the game does not accept
  kInvalidSeatCount,  // seat count outside the game's range
  kUnknownGame,       // no game registered under that id
  kCorruptState,      // serialized bytes that do not decode
  // A match started under a rules version this build does not play
  // (GameInfo.rules_version): its log would not replay as it was played.
  kRulesVersionMismatch,
};

const char* to_string(ErrorCode code);

struct Error {
  ErrorCode code;
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// For operations that produce nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

inline Error make_error(ErrorCode code, std::string message) { return Error{code, std::move(message)}; }

}  // namespace brethren::rules
