#include "tests/support/history_support.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <algorithm>
#include <stdexcept>

#include "rules/bots/random_bot.h"
#include "tools/client/table.h"

namespace brethren::testing {
namespace {

using namespace brethren::client;
namespace beast = boost::beast;

void expect(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

// Every event in the MatchUpdates among the frames a client received.
std::vector<v1::EventRecord> events_received(const WsClient& client) {
  std::map<std::uint64_t, v1::EventRecord> by_version;
  for (const auto& frame : client.frames()) {
    v1::ServerMessage m;
    if (!server::decode_server_message(frame.bytes, frame.text ? server::Encoding::kJson : server::Encoding::kBinary,
                                       m))
      continue;
    if (!m.has_match_update()) continue;
    expect(!m.match_update().resync(), "a resync: events were skipped");
    for (const auto& e : m.match_update().events()) {
      auto [it, fresh] = by_version.emplace(e.version(), e);
      expect(fresh || it->second.SerializeAsString() == e.SerializeAsString(), "one version, two events");
    }
  }
  std::vector<v1::EventRecord> out;
  for (auto& [version, e] : by_version) out.push_back(std::move(e));
  return out;
}

// Every view in the MatchUpdates among the frames a client received, by version.
std::map<std::uint64_t, v1::MatchView> views_received(const WsClient& client) {
  std::map<std::uint64_t, v1::MatchView> out;
  for (const auto& frame : client.frames()) {
    v1::ServerMessage m;
    if (!server::decode_server_message(frame.bytes, frame.text ? server::Encoding::kJson : server::Encoding::kBinary,
                                       m))
      continue;
    if (m.has_match_update() && m.match_update().has_view()) {
      out[m.match_update().view().version()] = m.match_update().view();
    }
  }
  return out;
}

bool finished_room(const v1::ServerMessage& m) { return m.has_room() && m.room().status() == v1::ROOM_STATUS_FINISHED; }

}  // namespace

PlayedMatch play_against_bots(std::uint16_t port, const std::string& game_id, int seats,
                              const v1::RoomSettings& settings, const std::string& password,
                              const std::function<void(client::WsClient&)>& before_create) {
  PlayedMatch out;
  out.password = password;
  WsClient human(port), spectator(port);
  if (before_create) before_create(human);
  auto create = create_room_msg(game_id, seats, "Human", password);
  *create.mutable_create_room()->mutable_settings() = settings;
  auto created = human.request(create);
  expect(created.has_room_created(), "room not created: " + created.ShortDebugString());
  out.room_code = created.room_created().room().room_code();
  auto seated = human.request(take_seat_msg(out.room_code, 0));
  expect(seated.has_seat_taken(), "seat 0 not taken");
  out.seat0_token = seated.seat_taken().seat_token();
  for (int s = 1; s < seats; ++s) {
    v1::ClientMessage bot;
    bot.mutable_add_bot()->set_room_code(out.room_code);
    bot.mutable_add_bot()->set_seat(s);
    bot.mutable_add_bot()->set_kind("random");
    expect(human.request(bot).has_room(), "bot not added");
  }
  if (settings.spectators() != v1::SPECTATORS_NONE) {
    expect(spectator.request(join_msg(out.room_code, "Watcher", password)).has_room(), "spectator not admitted");
  }
  auto started = human.request(start_msg(out.room_code));
  expect(started.has_room(), "not started: " + started.ShortDebugString());
  out.at_start = started.room();
  out.match_id = started.room().match().match_id();

  rules::RandomBot me(11);
  // The newest version the spectator was sent. A slow reader is sent only
  // the newest view, so the human waits until the spectator has seen the
  // table he acts on: every version a player acts at (a vote's included) is
  // then among the spectator's views, however loaded the machine.
  const bool watched = settings.spectators() != v1::SPECTATORS_NONE;
  std::uint64_t spectator_at = 0;
  auto note = [&spectator_at](const v1::ServerMessage& m) {
    if (m.has_match_update() && m.match_update().has_view()) {
      spectator_at = std::max(spectator_at, m.match_update().view().version());
    }
  };
  while (true) {
    auto update = human.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 30s);
    expect(update.has_value(), "no match update within 30 s");
    v1::MatchView view = update->match_update().view();
    // Keep the spectator's connection drained; its frames are recorded.
    spectator.wait_for(
        [&note](const v1::ServerMessage& m) {
          note(m);
          return false;
        },
        0ms);
    if (view.finished()) {
      out.outcome = view.outcome();
      break;
    }
    if (view.legal_actions_size() == 0) continue;
    // Only act on the newest view: later updates may be queued already.
    if (auto newer = human.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 0ms)) {
      view = newer->match_update().view();
      if (view.finished()) {
        out.outcome = view.outcome();
        break;
      }
      if (view.legal_actions_size() == 0) continue;
    }
    if (watched && spectator_at < view.version()) {
      const std::uint64_t at = view.version();
      spectator.wait_for(
          [&note, &spectator_at, at](const v1::ServerMessage& m) {
            note(m);
            return spectator_at >= at;
          },
          30s);
      expect(spectator_at >= at, "the spectator was not sent the table within 30 s");
    }
    // A bot may move between that view and this move (a stale view).
    auto reply = human.request(submit_msg(out.room_code, *me.choose(view)));
    expect(reply.has_action_accepted() || reply.error().code() == v1::NOT_YOUR_TURN ||
               reply.error().code() == v1::ILLEGAL_ACTION || reply.error().code() == v1::GAME_OVER,
           "move refused: " + reply.ShortDebugString());
  }
  auto end = human.wait_for(finished_room, 10s);
  expect(end.has_value(), "no finished RoomInfo");
  out.at_end = end->room();
  if (settings.spectators() != v1::SPECTATORS_NONE) {
    expect(spectator.wait_for(finished_room, 10s).has_value(), "the spectator never saw the end");
  }
  out.seat0_events = events_received(human);
  out.spectator_events = events_received(spectator);
  out.seat0_views = views_received(human);
  out.spectator_views = views_received(spectator);
  return out;
}

HttpReply http_get_with(std::uint16_t port, const std::string& target,
                        const std::map<std::string, std::string>& headers) {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(boost::asio::ip::tcp::resolver(io).resolve("127.0.0.1", std::to_string(port)));
  beast::http::request<beast::http::empty_body> request(beast::http::verb::get, target, 11);
  request.set(beast::http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) request.set(name, value);
  beast::http::write(stream, request);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> response;
  beast::http::read(stream, buffer, response);
  beast::error_code ignored;
  stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  return {static_cast<int>(response.result_int()), response.body()};
}

}  // namespace brethren::testing
