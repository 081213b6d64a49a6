// Thin RAII wrappers over the SQLite C API; errors become exceptions carrying
// SQLite's message, since every caller treats them as a failed operation.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace brethren::persistence {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement;

class Connection {
 public:
  explicit Connection(const std::string& path, bool read_only = false);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void exec(const char* sql);
  Statement prepare(const char* sql);
  std::int64_t last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  sqlite3* handle() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(sqlite3* db, const char* sql);
  ~Statement();
  Statement(Statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) { other.stmt_ = nullptr; }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, std::string_view text);
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_real(int index, double value);

  // True while a row is available.
  bool step();
  // Runs to completion (for statements that return no rows).
  void run();
  void reset();

  std::int64_t column_int(int index) const { return sqlite3_column_int64(stmt_, index); }
  double column_real(int index) const { return sqlite3_column_double(stmt_, index); }
  std::string column_text(int index) const;
  std::string column_blob(int index) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

}  // namespace brethren::persistence
