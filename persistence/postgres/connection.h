// A thin RAII wrapper over libpq's C API: one connection, parameterised
// statements only (values travel apart from the SQL text, in libpq's text
// format), results as objects, and PostgreSQL's errors as typed exceptions
// so that callers can tell a taken name or a lost connection from a bug.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/store_unavailable.h"

struct pg_conn;
struct pg_result;

namespace brethren::persistence::postgres {

// Any failure; sqlstate() is PostgreSQL's five-character code ("" when the
// failure came from libpq itself, e.g. a refused connection).
class Error : public std::runtime_error {
 public:
  Error(const std::string& message, std::string sqlstate) : std::runtime_error(message), sqlstate_(sqlstate) {}
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// The connection could not be made or was lost (class 08, no answer, a
// server shutting down: 57P01-57P03, or a timeout): the outcome of a COMMIT
// in flight is then unknown. PostgreSQL is unavailable, not wrong.
class ConnectionError : public Error {
 public:
  using Error::Error;
};

// 23505: a UNIQUE or PRIMARY KEY constraint refused the row.
class UniqueViolation : public Error {
 public:
  using Error::Error;
};

// 40001 or 40P01: the transaction lost a race and may be run again.
class RetryableError : public Error {
 public:
  using Error::Error;
};

// One statement parameter in libpq's text format; nullopt is SQL NULL.
class Param {
 public:
  Param(std::nullopt_t) {}
  Param(std::string_view text) : value_(std::string(text)) {}
  Param(const std::string& text) : value_(text) {}
  Param(const char* text) : value_(std::string(text)) {}
  Param(int value) : value_(std::to_string(value)) {}
  Param(long value) : value_(std::to_string(value)) {}
  Param(long long value) : value_(std::to_string(value)) {}
  Param(bool value) : value_(value ? "true" : "false") {}
  Param(double value);  // the shortest text that reads back to the same double

  const std::optional<std::string>& value() const { return value_; }

 private:
  std::optional<std::string> value_;
};

using Params = std::vector<Param>;

// Runs `f`; a ConnectionError leaves it as persistence::StoreUnavailable, the
// error that callers built without libpq know (the server answers SERVER_BUSY).
template <class F>
decltype(auto) or_unavailable(F&& f) {
  try {
    return f();
  } catch (const ConnectionError& e) {
    throw StoreUnavailable(e.what());
  }
}

class Result {
 public:
  explicit Result(pg_result* result) : result_(result) {}
  ~Result();
  Result(Result&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&&) = delete;

  int rows() const;
  // The rows an INSERT, UPDATE or DELETE touched.
  std::int64_t affected() const;
  // The command tag ("COMMIT", "ROLLBACK", "INSERT 0 1", ...).
  std::string tag() const;
  bool is_null(int row, int column) const;
  std::string text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  double real(int row, int column) const;
  bool boolean(int row, int column) const;

 private:
  pg_result* result_;
};

class Connection {
 public:
  // `conninfo`: libpq's connection string ("host=/tmp/x port=5432 dbname=y"
  // or a postgresql:// URI). Throws ConnectionError. Unless `conninfo` says
  // otherwise, connecting gives up after kConnectTimeout and a statement
  // whose bytes go unacknowledged (a host gone from the network) after
  // kUnacknowledgedMs, so that an unreachable server fails requests rather
  // than holding them for TCP's minutes.
  explicit Connection(const std::string& conninfo);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // One statement with its parameters ($1, $2, ...).
  Result exec(const char* sql, const Params& params = {});
  // Several statements without parameters, for the fixed text of migrations.
  void run_script(const char* sql);

  static constexpr const char* kConnectTimeout = "10";       // seconds
  static constexpr const char* kUnacknowledgedMs = "30000";  // tcp_user_timeout

  // False once the connection is lost.
  bool healthy() const;
  // Like healthy(), but first reads (without waiting) what the server sent
  // while the connection sat idle: a server that shut down or ended the
  // session has closed it, which libpq learns only by reading.
  bool alive();
  // True when no transaction is open (the pool takes back only those).
  bool idle() const;

 private:
  pg_conn* conn_ = nullptr;
};

}  // namespace brethren::persistence::postgres
