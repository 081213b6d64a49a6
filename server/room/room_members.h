// A room's members: the connections in it, each with its public member id,
// its seat (or none: a spectator), host rights and name, whether it gave
// the room password, and its recent chat (for the rate limit). Membership
// is not stored: a restart empties it. No I/O: the room calls these on its
// strand and tells the connections.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/match/client.h"

namespace brethren::server {

struct RoomMember {
  std::weak_ptr<Client> client;
  std::uint32_t member_id = 0;  // public name within the room (MemberInfo)
  int seat = -1;                // -1: not seated (spectator)
  bool host = false;
  std::string display_name;
  // Gave the room password (or proved a token): may take a seat. False for
  // a watcher admitted without it by SPECTATORS_OPEN.
  bool password_given = true;
  // When this member's recent chat messages were sent (rate limit).
  std::deque<std::chrono::steady_clock::time_point> chat_sent;
};

class RoomMembers {
 public:
  using Map = std::unordered_map<std::uint64_t, RoomMember>;  // by client id

  // nullptr when `client_id` is no member.
  RoomMember* find(std::uint64_t client_id);
  const RoomMember* find(std::uint64_t client_id) const;
  // The client id of the member `member_id` names; 0 when none.
  std::uint64_t client_of(std::uint32_t member_id) const;

  // `client` becomes a member (a new one gets the next member id) or, if he
  // is one, takes `seat` and `display_name`; host rights are kept or given.
  RoomMember& add(const std::shared_ptr<Client>& client, int seat, bool host, std::string display_name);
  void remove(std::uint64_t client_id) { members_.erase(client_id); }

  // The members on `seat` (more than one only while a resume replaces a
  // connection).
  std::vector<std::uint64_t> on_seat(int seat) const;
  int spectator_count() const;
  // In joining order (member ids only grow).
  std::vector<const RoomMember*> in_joining_order() const;
  // Host rights go to `client_id` alone; the members who had them.
  std::vector<std::uint64_t> make_sole_host(std::uint64_t client_id);
  // Whether any member's connection is still open.
  bool anyone_connected() const;

  Map::iterator begin() { return members_.begin(); }
  Map::iterator end() { return members_.end(); }
  Map::const_iterator begin() const { return members_.begin(); }
  Map::const_iterator end() const { return members_.end(); }

 private:
  Map members_;
  std::uint32_t next_member_id_ = 1;
};

}  // namespace brethren::server
