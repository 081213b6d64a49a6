// Quick-play requests shared by the single-node and the cluster quick-play
// tests (issue #27 item 8; docs/quickplay.md).
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "tools/client/ws_client.h"

namespace brethren::quickplay_test {

inline v1::ClientMessage quick_play(const std::string& game, int seats) {
  v1::ClientMessage m;
  m.mutable_quick_play()->set_game_id(game);
  m.mutable_quick_play()->set_seats(seats);
  return m;
}

// The QUEUED reply to a QuickPlay.
inline v1::QuickPlayStatus queue_up(client::WsClient& client, const std::string& game, int seats) {
  const auto reply = client.request(quick_play(game, seats));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_quick_play_status());
  REQUIRE(reply.quick_play_status().state() == v1::QUICK_PLAY_QUEUED);
  return reply.quick_play_status();
}

// The MATCHED push that ends a wait (`wait`: generous, for a loaded machine).
inline v1::QuickPlayStatus wait_matched(client::WsClient& client, std::chrono::seconds wait) {
  auto pushed = client.wait_for(
      [](const v1::ServerMessage& m) {
        return m.has_quick_play_status() && m.quick_play_status().state() != v1::QUICK_PLAY_QUEUED;
      },
      wait);
  REQUIRE(pushed.has_value());
  INFO(pushed->ShortDebugString());
  REQUIRE(pushed->request_id() == 0);
  REQUIRE(pushed->quick_play_status().state() == v1::QUICK_PLAY_MATCHED);
  return pushed->quick_play_status();
}

}  // namespace brethren::quickplay_test
