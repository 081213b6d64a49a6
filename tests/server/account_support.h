// Account requests shared by the accounts, identity and quick-play tests
// (issue #27; docs/accounts.md).
#pragma once

#include <catch2/catch.hpp>

#include <string>

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

// A guest account signed in on `client`: its session token.
inline std::string sign_in_guest(client::WsClient& client, const std::string& name) {
  const auto reply = client.request(create_guest(name));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_account_session());
  return reply.account_session().session_token();
}

}  // namespace brethren::account_test
