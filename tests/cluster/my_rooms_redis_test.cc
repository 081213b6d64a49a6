// myRooms across nodes, the entries one node publishes to Redis
// (server/cluster/my_rooms_redis.h): bounded in rooms, bytes per account and
// bytes per node, and read back only as what the node that wrote them may
// hold. The whole path through real nodes: cluster_my_rooms_test.cc.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "server/base/room_code.h"
#include "server/cluster/my_rooms_redis.h"

using namespace brethren;
using namespace brethren::server;

namespace {

// A room of `node` with `seats` names of 40 characters (the longest a
// display name may be).
MyRoomEntry room_of(int node, int seats, bool your_turn, std::int64_t active_ms, std::uint64_t activity) {
  MyRoomEntry entry;
  entry.room.set_room_code(new_room_code(node));
  entry.room.set_game_id("tortuga");
  entry.room.set_status(v1::ROOM_STATUS_PLAYING);
  entry.room.set_your_turn(your_turn);
  entry.room.set_your_seat(0);
  for (int s = 0; s < seats; ++s) entry.room.add_player_names(std::string(40, static_cast<char>('a' + s)));
  entry.room.set_active_unix_ms(active_ms);
  entry.activity = activity;
  return entry;
}

}  // namespace

TEST_CASE("My rooms: an account's entry holds its rooms in order and reads back only for its own node") {
  RedisMyRooms::Gathered gathered(1);
  gathered[0].first = 42;
  auto& rooms = gathered[0].second;
  rooms.push_back(room_of(3, 2, false, 1000, 1));
  rooms.push_back(room_of(3, 2, true, 500, 2));
  rooms.push_back(room_of(3, 2, false, 2000, 3));
  std::size_t left_out = 99;
  const auto fields = RedisMyRooms::encode(gathered, &left_out);
  REQUIRE(left_out == 0);
  REQUIRE(fields.size() == 1);
  REQUIRE(fields[0].account == "42");
  const auto back = RedisMyRooms::decode(3, fields[0].account, fields[0].value);
  REQUIRE(back);
  REQUIRE(back->first == 42);
  REQUIRE_FALSE(back->second.truncated());
  REQUIRE(back->second.rooms_size() == 3);
  // His turn first, then the most recently active.
  REQUIRE(back->second.rooms(0).room_code() == rooms[1].room.room_code());
  REQUIRE(back->second.rooms(1).room_code() == rooms[2].room.room_code());
  REQUIRE(back->second.rooms(2).room_code() == rooms[0].room.room_code());
  REQUIRE(back->second.rooms(0).your_turn());

  // Another node's hash cannot hold node 3's rooms (nor shadow this node's).
  REQUIRE_FALSE(RedisMyRooms::decode(4, fields[0].account, fields[0].value));
  // Fields that are not a positive account id, values that are not a list.
  for (const std::string bad : {"", "0", "-42", "+42", "42x", " 42", "4.2", "99999999999999999999"}) {
    INFO(bad);
    REQUIRE_FALSE(RedisMyRooms::decode(3, bad, fields[0].value));
  }
  REQUIRE_FALSE(RedisMyRooms::decode(3, "42", "\xff\xff\xff garbage"));
  REQUIRE_FALSE(RedisMyRooms::decode(3, "42", ""));  // an empty list
  v1::MyRoomList finished;
  *finished.add_rooms() = rooms[0].room;
  finished.mutable_rooms(0)->set_status(v1::ROOM_STATUS_FINISHED);
  REQUIRE_FALSE(RedisMyRooms::decode(3, "42", finished.SerializeAsString()));
  v1::MyRoomList too_many;
  for (std::size_t i = 0; i <= kMaxMyRooms; ++i) *too_many.add_rooms() = rooms[0].room;
  REQUIRE_FALSE(RedisMyRooms::decode(3, "42", too_many.SerializeAsString()));
  REQUIRE_FALSE(RedisMyRooms::decode(3, "42", std::string(RedisMyRooms::kMaxValueBytes + 1, '\0')));
  // Accounts without rooms publish nothing.
  REQUIRE(RedisMyRooms::encode({{7, {}}}).empty());
}

TEST_CASE("My rooms: a node's entries are bounded per account and per node") {
  // One account in 60 rooms of 16 long names: its most recent rooms that
  // fit in a value, the rest left out and the list marked truncated.
  RedisMyRooms::Gathered one(1);
  one[0].first = 5;
  for (int i = 0; i < 60; ++i) one[0].second.push_back(room_of(1, 16, i == 7, 1000 + i, 0));
  const auto fields = RedisMyRooms::encode(one);
  REQUIRE(fields.size() == 1);
  REQUIRE(fields[0].value.size() <= RedisMyRooms::kMaxValueBytes);
  const auto back = RedisMyRooms::decode(1, fields[0].account, fields[0].value);
  REQUIRE(back);
  REQUIRE(back->second.truncated());
  REQUIRE(back->second.rooms_size() > 1);
  REQUIRE(static_cast<std::size_t>(back->second.rooms_size()) < kMaxMyRooms);
  REQUIRE(back->second.rooms(0).your_turn());
  REQUIRE(back->second.rooms(1).active_unix_ms() == 1059);

  // 51 short rooms: 50 kept, truncated.
  RedisMyRooms::Gathered many(1);
  many[0].first = 6;
  for (int i = 0; i < 51; ++i) many[0].second.push_back(room_of(1, 2, false, 1000 + i, 0));
  const auto many_back = RedisMyRooms::decode(1, "6", RedisMyRooms::encode(many)[0].value);
  REQUIRE(many_back);
  REQUIRE(many_back->second.truncated());
  REQUIRE(static_cast<std::size_t>(many_back->second.rooms_size()) == kMaxMyRooms);
  REQUIRE(many_back->second.rooms(49).active_unix_ms() == 1001);  // the oldest is left out

  // Accounts enough to exceed a node's bytes: the hash stays within them,
  // and the accounts left out are counted.
  RedisMyRooms::Gathered crowd;
  const std::size_t accounts = RedisMyRooms::kMaxNodeBytes / 8000 + 50;
  for (std::size_t a = 1; a <= accounts; ++a) {
    std::vector<MyRoomEntry> rooms;
    for (int i = 0; i < 12; ++i) rooms.push_back(room_of(2, 16, false, 1000 + i, 0));  // ~8 KiB
    crowd.emplace_back(static_cast<std::int64_t>(a), std::move(rooms));
  }
  std::size_t left_out = 0;
  const auto crowd_fields = RedisMyRooms::encode(crowd, &left_out);
  std::size_t bytes = 0;
  for (const auto& field : crowd_fields) {
    REQUIRE(field.value.size() <= RedisMyRooms::kMaxValueBytes);
    bytes += field.account.size() + field.value.size();
  }
  REQUIRE(bytes <= RedisMyRooms::kMaxNodeBytes);
  REQUIRE(left_out > 0);
  REQUIRE(crowd_fields.size() + left_out == accounts);
  REQUIRE(crowd_fields.size() <= RedisMyRooms::kMaxAccountsPerNode);
}
