#include "persistence/sqlite.h"

namespace brethren::persistence {

Connection::Connection(const std::string& path, bool read_only) {
  const int flags = read_only ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError("cannot open database " + path + ": " + message);
  }
  sqlite3_busy_timeout(db_, 5000);
}

Connection::~Connection() { sqlite3_close(db_); }

void Connection::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw SqliteError(message + " in: " + sql);
  }
}

Statement Connection::prepare(const char* sql) { return Statement(db_, sql); }

Statement::Statement(sqlite3* db, const char* sql) : db_(db), stmt_(nullptr) {
  if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
    throw SqliteError(std::string(sqlite3_errmsg(db)) + " in: " + sql);
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind_real(int index, double value) {
  sqlite3_bind_double(stmt_, index, value);
  return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw SqliteError(sqlite3_errmsg(db_));
}

void Statement::run() {
  try {
    while (step()) {
    }
  } catch (...) {
    reset();
    throw;
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string Statement::column_text(int index) const {
  const auto* p = sqlite3_column_text(stmt_, index);
  return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, index)) : std::string();
}

std::string Statement::column_blob(int index) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, index));
  return p ? std::string(p, sqlite3_column_bytes(stmt_, index)) : std::string();
}

}  // namespace brethren::persistence
