// Room codes: what a player types to join a room, and in a cluster what a
// proxy routes on (docs/scaling.md). Written in Crockford's base32; the
// first character of a code names the node that holds the room (its index
// in the alphabet).
#pragma once

#include <string>
#include <string_view>

namespace brethren::server {

inline constexpr int kMaxClusterNodes = 32;

// 9 characters of Crockford's base32 (no I, L, O, U): 45 random bits, or
// 40 after a first character naming `node_id` (0..31; -1: none).
std::string new_room_code(int node_id = -1);
// The node a normalized, well-formed code names (its first character's
// index in the alphabet); -1 for anything that is not a code.
int room_code_node(std::string_view normalized_code);
// The first character of node `node_id`'s codes (0..31), which alone routes
// a cluster's proxy to that node (`?room=` on a match's replay link).
char room_code_node_prefix(int node_id);
// Upper-cases and drops '-' and spaces, and reads I/L as 1 and O as 0, so a
// code typed by a person still matches.
std::string normalize_room_code(std::string_view typed);

}  // namespace brethren::server
