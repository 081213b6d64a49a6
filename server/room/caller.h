// Who sent a room request (issue #27, item 4; docs/accounts.md, "At the
// table"): the account its connection is signed in with, whose session the
// connection found live when the request arrived. The room knows no
// account service: the connection checks, the room trusts this.
#pragma once

#include <cstdint>
#include <string>

namespace brethren::server {

struct Caller {
  std::int64_t account_id = 0;  // 0: not signed in
  // A claimed account's username: the name it has at every table. Empty for
  // a guest account, whose name is the one he types (JoinRoom), else its own.
  std::string username;
  std::string account_name;  // the account's display name
  bool signed_in() const { return account_id != 0; }
};

}  // namespace brethren::server
