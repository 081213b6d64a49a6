#include "persistence/postgres/connection.h"

#include <libpq-fe.h>

#include <array>
#include <charconv>

namespace brethren::persistence::postgres {
namespace {

[[noreturn]] void throw_error(const std::string& message, const std::string& sqlstate) {
  if (sqlstate == "23505") throw UniqueViolation(message, sqlstate);
  if (sqlstate == "40001" || sqlstate == "40P01") throw RetryableError(message, sqlstate);
  // 57P01-57P03: the server is shutting down, crashed or not accepting connections yet.
  if (sqlstate.empty() || sqlstate.rfind("08", 0) == 0 || sqlstate.rfind("57P0", 0) == 0) {
    throw ConnectionError(message, sqlstate);
  }
  throw Error(message, sqlstate);
}

// Throws for a failed result (and frees it).
Result checked(PGconn* conn, PGresult* raw) {
  Result result(raw);
  if (!raw) throw_error(std::string("postgres: ") + PQerrorMessage(conn), "");
  const auto status = PQresultStatus(raw);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
  const char* state = PQresultErrorField(raw, PG_DIAG_SQLSTATE);
  const std::string sqlstate = state ? state : "";
  const std::string message = std::string("postgres: ") + PQresultErrorMessage(raw);
  // A server that ended the session (57P01 when terminated) leaves it lost, whatever the code says.
  if (PQstatus(conn) != CONNECTION_OK) throw ConnectionError(message, sqlstate);
  throw_error(message, sqlstate.empty() ? "XX000" : sqlstate);
}

void ignore_notice(void*, const char*) {}

}  // namespace

Param::Param(double value) {
  std::array<char, 64> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value).ptr;
  value_ = std::string(buffer.data(), end);
}

Result::~Result() {
  if (result_) PQclear(result_);
}

int Result::rows() const { return PQntuples(result_); }

std::int64_t Result::affected() const {
  const char* n = PQcmdTuples(result_);
  return *n ? std::stoll(n) : 0;
}

std::string Result::tag() const { return PQcmdStatus(result_); }

bool Result::is_null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

std::string Result::text(int row, int column) const {
  return std::string(PQgetvalue(result_, row, column), static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t Result::int64(int row, int column) const {
  const char* value = PQgetvalue(result_, row, column);
  std::int64_t out = 0;
  const auto [end, error] = std::from_chars(value, value + PQgetlength(result_, row, column), out);
  if (error != std::errc()) throw Error("postgres: not an integer: " + text(row, column), "");
  return out;
}

double Result::real(int row, int column) const {
  const char* value = PQgetvalue(result_, row, column);
  double out = 0;
  const auto [end, error] = std::from_chars(value, value + PQgetlength(result_, row, column), out);
  if (error != std::errc()) throw Error("postgres: not a number: " + text(row, column), "");
  return out;
}

bool Result::boolean(int row, int column) const { return PQgetvalue(result_, row, column)[0] == 't'; }

namespace {

PGconn* connect(const std::string& conninfo) {
  // Our defaults first: the fields of `conninfo` (expanded from "dbname") override them.
  const char* keys[] = {"connect_timeout", "tcp_user_timeout", "dbname", nullptr};
  const char* values[] = {Connection::kConnectTimeout, Connection::kUnacknowledgedMs, conninfo.c_str(), nullptr};
  return PQconnectdbParams(keys, values, 1);
}

}  // namespace

Connection::Connection(const std::string& conninfo) : conn_(connect(conninfo)) {
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    const std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    throw ConnectionError("postgres: cannot connect: " + message, "");
  }
  // Notices ("already exists, skipping") are not errors: keep stderr clean.
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

Connection::~Connection() {
  if (conn_) PQfinish(conn_);
}

Result Connection::exec(const char* sql, const Params& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p.value() ? p.value()->c_str() : nullptr);
  return checked(
      conn_, PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0));
}

void Connection::run_script(const char* sql) { checked(conn_, PQexec(conn_, sql)); }

bool Connection::healthy() const { return PQstatus(conn_) == CONNECTION_OK; }

bool Connection::alive() {
  // Non-blocking (libpq's socket is): the first read may bring the server's
  // farewell (57P01), the second then meets the end of the stream.
  for (int i = 0; i < 2 && healthy(); ++i) {
    if (PQconsumeInput(conn_) == 0) return false;
  }
  return healthy();
}

bool Connection::idle() const { return PQtransactionStatus(conn_) == PQTRANS_IDLE; }

}  // namespace brethren::persistence::postgres
