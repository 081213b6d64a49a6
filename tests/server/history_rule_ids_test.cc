// What each game's rules allow the match history API (GET /api/matches/{id})
// to publish after the end (LOM-A-12, PRP-A-15, PRQ-A-16, T67-A-21), checked
// through the real server: the revealed seed, and the action log or not.
#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "brethren/v1/history.pb.h"
#include "persistence/store.h"
#include "rules/registry/all_games.h"
#include "server/protocol/fairness.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;

namespace {

const rules::GameRegistry games = rules::make_all_games_registry();

v1::MatchHistory parse_history(const HttpReply& reply) {
  INFO(reply.body);
  REQUIRE(reply.status == 200);
  v1::MatchHistory history;
  REQUIRE(google::protobuf::util::JsonStringToMessage(reply.body, &history).ok());
  return history;
}

std::string history_path(std::int64_t id) { return "/api/matches/" + std::to_string(id); }

// The public log and seat 0's replay of a finished match.
struct Published {
  v1::MatchHistory pub, seat0;
  std::string pub_body, seat0_body;
};

Published fetch(std::uint16_t port, const PlayedMatch& played) {
  const auto pub = http_get_with(port, history_path(played.match_id), {{"X-Room-Code", played.room_code}});
  const auto mine =
      http_get_with(port, history_path(played.match_id), {{"Authorization", "Bearer " + played.seat0_token}});
  return {parse_history(pub), parse_history(mine), pub.body, mine.body};
}

// The revealed seed, checked against the commitment published at the start.
std::uint64_t revealed_seed(const PlayedMatch& played, const v1::MatchHistory& history) {
  const auto& info = history.fairness();
  REQUIRE(info.seed_commitment() == played.at_start.match().seed_commitment());
  REQUIRE(played.at_start.match().seed().empty());
  REQUIRE_FALSE(info.seed().empty());
  const std::uint64_t seed = std::stoull(info.seed());
  REQUIRE(fairness::seed_commitment(seed, info.seed_salt()) == info.seed_commitment());
  return seed;
}

std::string as_bytes(const std::vector<v1::EventRecord>& events) {
  std::string out;
  for (const auto& e : events) out += e.SerializeAsString();
  return out;
}
std::string as_bytes(const google::protobuf::RepeatedPtrField<v1::EventRecord>& events) {
  return as_bytes(std::vector<v1::EventRecord>(events.begin(), events.end()));
}

}  // namespace

TEST_CASE(
    "PRP-A-15, PRQ-A-16: after the end the seed and the action log are published, and they give away every hand") {
  TempDir dir;
  ServerProcess server(dir.path() + "/h.db");
  for (const auto& [game_id, seats] :
       {std::pair<std::string, int>{"port-royal-pfister", 3}, {"port-royal-panning", 3}}) {
    DYNAMIC_SECTION(game_id) {
      const auto played = play_against_bots(server.port(), game_id, seats);
      const auto got = fetch(server.port(), played);
      const std::uint64_t seed = revealed_seed(played, got.pub);
      // PRQ-A-16: the action log is published, to the public and to the seats.
      for (const auto* h : {&got.pub, &got.seat0}) {
        REQUIRE(h->actions_published());
        REQUIRE(h->actions_size() > 0);
      }
      REQUIRE(got.pub.actions_size() == got.seat0.actions_size());
      // With the public seed alone (no secret stream) and the log, anyone
      // rebuilds the whole match: the draw pile with the fronts of former
      // coins (PRP-A-15), the hands, deck orders and set-aside cards
      // (PRQ-A-16) -- every seat's private stream, not only the public one.
      std::vector<rules::LoggedAction> log;
      for (const auto& a : got.pub.actions()) log.push_back({a.seat(), a.action()});
      const rules::Game* game = games.find(game_id);
      REQUIRE(game != nullptr);
      auto rebuilt = rules::replay(*game, {got.pub.options(), got.pub.seat_count(), seed, 0}, log);
      REQUIRE(rebuilt.ok());
      const rules::State& state = **rebuilt;
      REQUIRE(state.is_terminal());
      REQUIRE(state.outcome().SerializeAsString() == got.pub.outcome().SerializeAsString());
      REQUIRE(as_bytes(state.events_for(rules::Viewer::spectator())) == as_bytes(got.pub.events()));
      REQUIRE(as_bytes(state.events_for(rules::Viewer::player(0))) == as_bytes(got.seat0.events()));
    }
  }
}

TEST_CASE(
    "LOM-A-12, LOM-H-3: after the end the seed is revealed, the action log never, and the seed gives only decks and "
    "the first-player tie") {
  TempDir dir;
  ServerProcess server(dir.path() + "/h.db");
  const int seats = 4;
  const auto played = play_against_bots(server.port(), "letter-of-marque", seats);
  const auto got = fetch(server.port(), played);
  const std::uint64_t seed = revealed_seed(played, got.pub);
  for (const auto* h : {&got.pub, &got.seat0}) {
    REQUIRE_FALSE(h->actions_published());
    REQUIRE(h->actions_size() == 0);
  }
  REQUIRE(got.pub_body.find("\"actions\":[]") != std::string::npos);
  REQUIRE(got.seat0_body.find("\"actions\":[]") != std::string::npos);

  // The public log never names a base the game keeps hidden: no private
  // "own ship base" event, no base in the ships' arrival.
  namespace pb = v1::letter_of_marque;
  std::vector<std::vector<int>> dealt(seats);  // each seat's cards, in the order play revealed them
  pb::ShipsSetSail sail;
  for (const auto& r : got.pub.events()) {
    const auto& e = r.event().letter_of_marque();
    REQUIRE_FALSE(e.has_own_ship_base());
    if (e.has_ships_set_sail()) {
      sail = e.ships_set_sail();
      for (const auto& ship : sail.ships()) REQUIRE(ship.base() == pb::BASE_UNKNOWN);
    }
    if (e.has_preliminary_cards()) {
      for (int s = 0; s < seats; ++s) dealt[s].push_back(e.preliminary_cards().treasures(s));
    }
    if (e.has_departed()) dealt[e.departed().seat()].push_back(e.departed().treasure());
  }
  REQUIRE(sail.ships_size() == seats);

  // What the seed decides: a fresh match from it, played with whatever
  // moves, deals the same decks in the same order and breaks the
  // first-player tie the same way.
  auto created = games.new_match("letter-of-marque", {got.pub.options(), seats, seed, 0});
  REQUIRE(created.ok());
  rules::State& fresh = **created;
  while (!fresh.is_terminal()) {
    const rules::Seat seat = fresh.acting_seats()[0];
    const auto legal = fresh.legal_actions(seat);
    rules::ActionId pick = legal[0];
    for (rules::ActionId a : legal) {
      if (fresh.encode_action(seat, a).letter_of_marque().has_depart()) pick = a;
    }
    REQUIRE(fresh.apply(seat, pick).ok());
  }
  std::vector<std::vector<int>> fresh_dealt(seats);
  for (const auto& r : fresh.events_for(rules::Viewer::spectator())) {
    const auto& e = r.event().letter_of_marque();
    if (e.has_ships_set_sail()) {
      REQUIRE(e.ships_set_sail().start_seat() == sail.start_seat());
      REQUIRE(std::vector<int>(e.ships_set_sail().tied_lowest().begin(), e.ships_set_sail().tied_lowest().end()) ==
              std::vector<int>(sail.tied_lowest().begin(), sail.tied_lowest().end()));
    }
    if (e.has_preliminary_cards()) {
      for (int s = 0; s < seats; ++s) fresh_dealt[s].push_back(e.preliminary_cards().treasures(s));
    }
    if (e.has_departed()) fresh_dealt[e.departed().seat()].push_back(e.departed().treasure());
  }
  for (int s = 0; s < seats; ++s) REQUIRE(dealt[s].size() == 5);
  REQUIRE(fresh_dealt == dealt);
}

TEST_CASE(
    "T67-A-21: the action log is kept under seal and never published, the seed is revealed, the secret seed "
    "never") {
  TempDir dir;
  const std::string db = dir.path() + "/h.db";
  ServerProcess server(db);
  const auto played = play_against_bots(server.port(), "tortuga-1667", 6);
  const auto got = fetch(server.port(), played);
  const std::uint64_t seed = revealed_seed(played, got.pub);
  for (const auto* h : {&got.pub, &got.seat0}) {
    REQUIRE_FALSE(h->actions_published());
    REQUIRE(h->actions_size() == 0);
  }
  auto store = persistence::Store::open(db);
  const auto match = store->load_match(played.match_id);
  REQUIRE(match.has_value());
  REQUIRE(match->seed == seed);
  const std::uint64_t secret_seed = match->secret_seed;
  REQUIRE(secret_seed != 0);
  REQUIRE(secret_seed != seed);
  for (const auto* body : {&got.pub_body, &got.seat0_body}) {
    REQUIRE(body->find(std::to_string(secret_seed)) == std::string::npos);
  }
  // Kept under seal after the end (replayed only into views, history_test.cc),
  // never in the history above.
  REQUIRE_FALSE(store->load_actions(played.match_id).empty());
  const auto result = store->load_result(played.match_id);
  REQUIRE(result.has_value());
  REQUIRE(result->final_state.empty());
  // The revealed seed is the match's: it deals the same public set-up
  // (crews, star cards), whatever the secret seed of the vote deck.
  const auto first_public = [](const auto& events) {
    for (const auto& r : events) {
      if (r.event().tortuga_1667().has_game_started())
        return r.event().tortuga_1667().game_started().SerializeAsString();
    }
    return std::string();
  };
  auto fresh = games.new_match("tortuga-1667", {got.pub.options(), 6, seed, secret_seed + 1});
  REQUIRE(fresh.ok());
  REQUIRE_FALSE(first_public(got.pub.events()).empty());
  REQUIRE(first_public((*fresh)->events_for(rules::Viewer::spectator())) == first_public(got.pub.events()));
}
