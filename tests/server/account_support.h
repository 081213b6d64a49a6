// Account requests shared by the accounts, identity and quick-play tests
// (issue #27; docs/accounts.md).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "persistence/sqlite.h"
#include "tools/client/ws_client.h"

namespace brethren::account_test {

inline v1::ClientMessage create_guest(const std::string& name = "") {
  v1::ClientMessage m;
  m.mutable_create_guest()->set_display_name(name);
  return m;
}
inline v1::ClientMessage sign_in(const std::string& username, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_sign_in()->set_username(username);
  m.mutable_sign_in()->set_password(password);
  return m;
}
inline v1::ClientMessage authenticate(const std::string& token) {
  v1::ClientMessage m;
  m.mutable_authenticate()->set_session_token(token);
  return m;
}
inline v1::ClientMessage claim(const std::string& username, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_claim_account()->set_username(username);
  m.mutable_claim_account()->set_password(password);
  return m;
}
inline v1::ClientMessage delete_account(const std::string& password) {
  v1::ClientMessage m;
  m.mutable_delete_account()->set_password(password);
  return m;
}

inline v1::ClientMessage get_account() {
  v1::ClientMessage m;
  m.mutable_get_account();
  return m;
}
inline v1::ClientMessage change_password(const std::string& current, const std::string& next) {
  v1::ClientMessage m;
  m.mutable_change_password()->set_current_password(current);
  m.mutable_change_password()->set_new_password(next);
  return m;
}
inline v1::ClientMessage sign_out(bool everywhere) {
  v1::ClientMessage m;
  m.mutable_sign_out()->set_everywhere(everywhere);
  return m;
}
inline v1::ClientMessage my_rooms() {
  v1::ClientMessage m;
  m.mutable_my_rooms();
  return m;
}

// What the server stored, read from its database beside it (a read-only
// connection): one integer.
inline std::int64_t stored_int(const std::string& db, const std::string& sql) {
  persistence::Connection conn(db, true);
  auto st = conn.prepare(sql.c_str());
  REQUIRE(st.step());
  return st.column_int(0);
}
inline std::int64_t account_id_of(const std::string& db, const std::string& username_key) {
  return stored_int(db, "SELECT id FROM accounts WHERE username_key = '" + username_key + "'");
}
inline std::int64_t seat_account(const std::string& db, const std::string& code, int seat) {
  return stored_int(db,
                    "SELECT account_id FROM seats WHERE room_code = '" + code + "' AND seat = " + std::to_string(seat));
}

// A guest account signed in on `client`: its session token.
inline std::string sign_in_guest(client::WsClient& client, const std::string& name) {
  const auto reply = client.request(create_guest(name));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_account_session());
  return reply.account_session().session_token();
}

}  // namespace brethren::account_test
