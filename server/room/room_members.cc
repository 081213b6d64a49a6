#include "server/room/room_members.h"

#include <algorithm>

namespace brethren::server {

RoomMember* RoomMembers::find(std::uint64_t client_id) {
  auto it = members_.find(client_id);
  return it == members_.end() ? nullptr : &it->second;
}

const RoomMember* RoomMembers::find(std::uint64_t client_id) const {
  auto it = members_.find(client_id);
  return it == members_.end() ? nullptr : &it->second;
}

std::uint64_t RoomMembers::client_of(std::uint32_t member_id) const {
  for (const auto& [id, m] : members_) {
    if (m.member_id == member_id) return id;
  }
  return 0;
}

RoomMember& RoomMembers::add(const std::shared_ptr<Client>& client, int seat, bool host, std::string display_name) {
  RoomMember& m = members_[client->client_id()];
  if (m.member_id == 0) m.member_id = next_member_id_++;
  m.client = client;
  m.seat = seat;
  m.host = m.host || host;
  m.display_name = std::move(display_name);
  return m;
}

std::vector<std::uint64_t> RoomMembers::on_seat(int seat) const {
  std::vector<std::uint64_t> holders;
  for (const auto& [id, m] : members_) {
    if (m.seat == seat) holders.push_back(id);
  }
  return holders;
}

int RoomMembers::spectator_count() const {
  int spectators = 0;
  for (const auto& [id, m] : members_) spectators += m.seat < 0 ? 1 : 0;
  return spectators;
}

std::vector<const RoomMember*> RoomMembers::in_joining_order() const {
  std::vector<const RoomMember*> ordered;
  for (const auto& [id, m] : members_) ordered.push_back(&m);
  std::sort(ordered.begin(), ordered.end(),
            [](const RoomMember* a, const RoomMember* b) { return a->member_id < b->member_id; });
  return ordered;
}

std::vector<std::uint64_t> RoomMembers::make_sole_host(std::uint64_t client_id) {
  std::vector<std::uint64_t> old_hosts;
  for (auto& [id, m] : members_) {
    if (m.host) old_hosts.push_back(id);
    m.host = id == client_id;
  }
  return old_hosts;
}

bool RoomMembers::anyone_connected() const {
  return std::any_of(members_.begin(), members_.end(),
                     [](const auto& entry) { return !entry.second.client.expired(); });
}

}  // namespace brethren::server
