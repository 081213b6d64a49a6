// Ratings through the real server (issue #27, items 5-7; docs/ratings.md):
// a rated match's ratings commit with its result or not at all, unrated
// matches leave them alone, and the profile and leaderboard answer within
// their bounds, the same way for every name that has no public profile.
// Seats are given their accounts through the database (seats.account_id),
// as the server records a signed-in player's seat.
#include <google/protobuf/util/json_util.h>
#include <signal.h>

#include <catch2/catch.hpp>

#include "persistence/sqlite.h"
#include "rules/bots/random_bot.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

constexpr const char* kGame = "port-royal-pfister";

v1::RoomSettings rated_settings(bool rated) {
  v1::RoomSettings settings;
  settings.set_rated(rated);
  return settings;
}

// A claimed account `username` (through the server): its id.
std::int64_t new_account(std::uint16_t port, const std::string& db, const std::string& username) {
  WsClient client(port);
  v1::ClientMessage guest;
  guest.mutable_create_guest()->set_display_name(username);
  REQUIRE(client.request(guest).has_account_session());
  v1::ClientMessage claim;
  claim.mutable_claim_account()->set_username(username);
  claim.mutable_claim_account()->set_password("correct horse battery");
  const auto reply = client.request(claim);
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_account());
  persistence::Connection conn(db, true);
  auto st = conn.prepare("SELECT id FROM accounts WHERE username = ?1");
  st.bind(1, username);
  REQUIRE(st.step());
  return st.column_int(0);
}

void seat_account(const std::string& db, const std::string& room, int seat, std::int64_t account) {
  persistence::Connection conn(db);
  conn.prepare("UPDATE seats SET account_id = ?3 WHERE room_code = ?1 AND seat = ?2")
      .bind(1, room)
      .bind(2, seat)
      .bind(3, account)
      .run();
}

std::int64_t count(const std::string& db, const std::string& sql) {
  persistence::Connection conn(db, true);
  auto st = conn.prepare(sql.c_str());
  REQUIRE(st.step());
  return st.column_int(0);
}

struct StoredRating {
  double mu = 0, sigma = 0, shown = 0;
  std::int64_t games = 0, wins = 0;
};

std::optional<StoredRating> stored_rating(const std::string& db, std::int64_t account) {
  persistence::Connection conn(db, true);
  auto st = conn.prepare("SELECT mu, sigma, shown, games, wins FROM ratings WHERE account_id = ?1 AND game_id = ?2");
  st.bind(1, account).bind(2, std::string(kGame));
  if (!st.step()) return std::nullopt;
  return StoredRating{st.column_real(0), st.column_real(1), st.column_real(2), st.column_int(3), st.column_int(4)};
}

// Plays random moves until the match ends or a move is refused; returns
// the refused move's seat and action, if any.
std::optional<std::pair<int, v1::GameAction>> play_out(Table& t) {
  rules::RandomBot bot(7);
  for (int moves = 0; moves < 100000 && !t.finished(); ++moves) {
    const int seat = t.players[0].view.to_act(0);
    auto action = bot.choose(t.players[seat].view);
    REQUIRE(action.has_value());
    auto reply = t.players[seat].client->request(submit_msg(t.code, *action));
    if (reply.has_error()) {
      REQUIRE(reply.error().code() == v1::INTERNAL);
      return std::make_pair(seat, *action);
    }
    REQUIRE(reply.has_action_accepted());
    sync_all(t, reply.action_accepted().version());
  }
  REQUIRE(t.finished());
  return std::nullopt;
}

template <class Message>
Message parse(const std::string& json) {
  Message m;
  INFO(json);
  REQUIRE(google::protobuf::util::JsonStringToMessage(json, &m).ok());
  return m;
}

int place_of(const v1::MatchOutcome& outcome, int seat) {
  for (const auto& s : outcome.seats())
    if (s.seat() == seat) return s.rank();
  FAIL("no such seat");
  return 0;
}

}  // namespace

TEST_CASE("Ratings: a rated match between accounts updates both ratings with its result, shown on their profiles") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  const auto anne = new_account(server.port(), db, "Anne");
  const auto bonny = new_account(server.port(), db, "Bonny");
  Table t = open_table(server.port(), kGame, 2, server::Encoding::kBinary, {}, "127.0.0.1", 0, rated_settings(true));
  seat_account(db, t.code, 0, anne);
  seat_account(db, t.code, 1, bonny);
  REQUIRE_FALSE(play_out(t).has_value());
  const auto outcome = t.players[0].view.outcome();

  const auto a = stored_rating(db, anne), b = stored_rating(db, bonny);
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  for (const auto& r : {*a, *b}) {
    REQUIRE(r.games == 1);
    REQUIRE(r.sigma < 25.0 / 3.0);
    REQUIRE(r.shown == Approx(r.mu - 3 * r.sigma));
  }
  const int pa = place_of(outcome, 0), pb = place_of(outcome, 1);
  if (pa < pb) REQUIRE((a->mu > 25.0 && b->mu < 25.0 && a->wins == 1 && b->wins == 0));
  if (pb < pa) REQUIRE((b->mu > 25.0 && a->mu < 25.0 && b->wins == 1 && a->wins == 0));
  if (pa == pb) REQUIRE(a->mu == Approx(25.0));
  REQUIRE(count(db, "SELECT COUNT(*) FROM match_players WHERE rated = 1") == 2);

  // The profile, by any case of the name, over HTTP and the protocol.
  const auto reply = http_get_with(server.port(), "/api/players/aNNE");
  REQUIRE(reply.status == 200);
  const auto profile = parse<v1::PlayerProfile>(reply.body);
  REQUIRE(profile.username() == "Anne");
  REQUIRE(profile.ratings_size() == 1);
  REQUIRE(profile.ratings(0).game_id() == kGame);
  REQUIRE(profile.ratings(0).rating() == Approx(a->mu - 3 * a->sigma));
  REQUIRE(profile.ratings(0).provisional());  // one game: sigma is still high
  REQUIRE(profile.ratings(0).games() == 1);
  REQUIRE(profile.recent_matches_size() == 1);
  const auto& match = profile.recent_matches(0);
  REQUIRE(match.rated());
  REQUIRE(match.place() == pa);
  REQUIRE(match.rating_after() == Approx(a->shown));
  REQUIRE(match.rating_change() == Approx(a->shown - 0.0).margin(1e-9));
  REQUIRE(match.replay_url() == "/replay/" + std::to_string(match.match_id()));

  WsClient client(server.port());
  v1::ClientMessage get;
  get.mutable_get_profile()->set_username("BONNY");
  const auto ws = client.request(get);
  INFO(ws.ShortDebugString());
  REQUIRE(ws.has_profile());
  REQUIRE(ws.profile().username() == "Bonny");
  REQUIRE(ws.profile().ratings(0).rating() == Approx(b->shown));
}

TEST_CASE("Ratings: a final move whose ratings cannot be stored stores no result either, and both commit on retry") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  const auto anne = new_account(server.port(), db, "Anne");
  const auto bonny = new_account(server.port(), db, "Bonny");
  Table t = open_table(server.port(), kGame, 2, server::Encoding::kBinary, {}, "127.0.0.1", 0, rated_settings(true));
  seat_account(db, t.code, 0, anne);
  seat_account(db, t.code, 1, bonny);
  persistence::Connection saboteur(db);
  saboteur.exec("CREATE TRIGGER refuse_ratings BEFORE INSERT ON ratings BEGIN SELECT RAISE(ABORT, 'disk full'); END");

  const auto refused = play_out(t);
  REQUIRE(refused.has_value());
  REQUIRE_FALSE(t.finished());
  REQUIRE(count(db, "SELECT COUNT(*) FROM results") == 0);
  REQUIRE(count(db, "SELECT COUNT(*) FROM ratings") == 0);
  REQUIRE(count(db, "SELECT COUNT(*) FROM match_players") == 0);
  REQUIRE(count(db, "SELECT COUNT(*) FROM matches WHERE status = 'live'") == 1);

  saboteur.exec("DROP TRIGGER refuse_ratings");
  const auto again = t.players[refused->first].client->request(submit_msg(t.code, refused->second));
  INFO(again.ShortDebugString());
  REQUIRE(again.has_action_accepted());
  sync_all(t, again.action_accepted().version());
  REQUIRE(t.finished());
  REQUIRE(count(db, "SELECT COUNT(*) FROM results") == 1);
  REQUIRE(count(db, "SELECT COUNT(*) FROM ratings WHERE games = 1") == 2);
}

TEST_CASE("Ratings: an unrated room, or a rated one with a seat that is no account, leaves ratings unchanged") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  const auto anne = new_account(server.port(), db, "Anne");
  const auto bonny = new_account(server.port(), db, "Bonny");

  Table unrated =
      open_table(server.port(), kGame, 2, server::Encoding::kBinary, {}, "127.0.0.1", 0, rated_settings(false));
  seat_account(db, unrated.code, 0, anne);
  seat_account(db, unrated.code, 1, bonny);
  REQUIRE_FALSE(play_out(unrated).has_value());

  Table anonymous =
      open_table(server.port(), kGame, 2, server::Encoding::kBinary, {}, "127.0.0.1", 0, rated_settings(true));
  seat_account(db, anonymous.code, 0, anne);  // seat 1: a seat token only
  REQUIRE_FALSE(play_out(anonymous).has_value());

  REQUIRE(count(db, "SELECT COUNT(*) FROM results") == 2);
  REQUIRE(count(db, "SELECT COUNT(*) FROM ratings") == 0);
  // Both matches are on the players' records, unrated.
  REQUIRE(count(db, "SELECT COUNT(*) FROM match_players WHERE rated = 0") == 3);
  const auto profile = parse<v1::PlayerProfile>(http_get_with(server.port(), "/api/players/anne").body);
  REQUIRE(profile.ratings_size() == 0);
  REQUIRE(profile.recent_matches_size() == 2);
  for (const auto& m : profile.recent_matches()) REQUIRE_FALSE(m.rated());
}

TEST_CASE("Ratings: every name without a public profile gets the same 404, guests and deleted accounts included") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  new_account(server.port(), db, "Anne");
  WsClient guest(server.port());
  v1::ClientMessage make_guest;
  make_guest.mutable_create_guest()->set_display_name("Guesty");
  REQUIRE(guest.request(make_guest).has_account_session());

  REQUIRE(http_get_with(server.port(), "/api/players/Anne").status == 200);
  const auto first = http_get_with(server.port(), "/api/players/nobody");
  REQUIRE(first.status == 404);
  for (const std::string& name :
       std::vector<std::string>{"Guesty", "nobody-else", std::string(200, 'x'), "%ZZ", "%C3%89lise", "Anne%00"}) {
    INFO(name);
    const auto reply = http_get_with(server.port(), "/api/players/" + name);
    REQUIRE(reply.status == 404);
    REQUIRE(reply.body == first.body);
  }
  REQUIRE(first.body.find("nobody") == std::string::npos);  // the name is not echoed

  // Deleted: the account is gone, and so is its profile.
  WsClient owner(server.port());
  v1::ClientMessage sign_in;
  sign_in.mutable_sign_in()->set_username("anne");
  sign_in.mutable_sign_in()->set_password("correct horse battery");
  REQUIRE(owner.request(sign_in).has_account_session());
  v1::ClientMessage remove;
  remove.mutable_delete_account()->set_password("correct horse battery");
  REQUIRE_FALSE(owner.request(remove).has_error());
  const auto deleted = http_get_with(server.port(), "/api/players/Anne");
  REQUIRE(deleted.status == 404);
  REQUIRE(deleted.body == first.body);

  v1::ClientMessage get;
  get.mutable_get_profile()->set_username("Guesty");
  const auto ws = guest.request(get);
  REQUIRE(ws.has_error());
  REQUIRE(ws.error().code() == v1::NOT_FOUND);
}

TEST_CASE("Ratings: a leaderboard lists claimed players with a settled rating and 10 games, best first, in pages") {
  TempDir dir;
  const std::string db = dir.path() + "/db";
  ServerProcess server(db);
  {
    // Accounts and ratings written as the server writes them.
    persistence::Connection conn(db);
    auto add = [&](std::int64_t id, const std::string& name, bool claimed, double mu, double sigma,
                   std::int64_t games) {
      conn.prepare(
              "INSERT INTO accounts (id, username, username_key, display_name, created_at, claimed_at) "
              "VALUES (?1, ?2, NULLIF(?3, ''), ?4, 1, ?5)")
          .bind(1, id)
          .bind(2, claimed ? name : "")
          .bind(3, claimed ? name : "")
          .bind(4, name)
          .bind(5, claimed ? 2 : 0)
          .run();
      conn.prepare(
              "INSERT INTO ratings (account_id, game_id, mu, sigma, shown, games, wins, updated_at) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 1)")
          .bind(1, id)
          .bind(2, std::string(kGame))
          .bind_real(3, mu)
          .bind_real(4, sigma)
          .bind_real(5, mu - 3 * sigma)
          .bind(6, games)
          .run();
    };
    add(1, "p1", true, 30, 3, 12);       // 21
    add(2, "p2", true, 28, 2, 10);       // 22
    add(3, "p3", true, 25, 4, 40);       // 13
    add(4, "p4", true, 35, 8, 50);       // provisional: left out
    add(5, "p5", true, 40, 2, 9);        // 9 games: left out
    add(6, "guest6", false, 40, 2, 50);  // a guest: left out
    add(7, "p7", true, 24, 1, 11);       // 21, tied with p1: the lower id first
  }
  auto page = [&](const std::string& query) {
    const auto reply = http_get_with(server.port(), std::string("/api/leaderboards/") + kGame + query);
    INFO(reply.body);
    REQUIRE(reply.status == 200);
    return parse<v1::Leaderboard>(reply.body);
  };
  const auto all = page("");
  std::vector<std::string> names;
  for (const auto& row : all.rows()) names.push_back(row.username());
  REQUIRE(names == std::vector<std::string>{"p2", "p1", "p7", "p3"});
  REQUIRE(all.rows(0).position() == 1);
  REQUIRE(all.rows(0).rating().rating() == Approx(22));
  REQUIRE_FALSE(all.rows(0).rating().provisional());
  REQUIRE(all.next_offset() == 0);

  const auto first = page("?limit=3");
  REQUIRE(first.rows_size() == 3);
  REQUIRE(first.next_offset() == 3);
  const auto second = page("?limit=3&offset=3");
  REQUIRE(second.rows_size() == 1);
  REQUIRE(second.rows(0).username() == "p3");
  REQUIRE(second.rows(0).position() == 4);
  REQUIRE(second.next_offset() == 0);

  REQUIRE(http_get_with(server.port(), std::string("/api/leaderboards/") + kGame + "?limit=101").status == 400);
  REQUIRE(http_get_with(server.port(), std::string("/api/leaderboards/") + kGame + "?offset=10001").status == 400);
  REQUIRE(http_get_with(server.port(), std::string("/api/leaderboards/") + kGame + "?limit=x").status == 400);
  REQUIRE(http_get_with(server.port(), "/api/leaderboards/no-such-game").status == 404);

  WsClient client(server.port());
  v1::ClientMessage get;
  get.mutable_get_leaderboard()->set_game_id(kGame);
  get.mutable_get_leaderboard()->set_page_size(2);
  get.mutable_get_leaderboard()->set_offset(1);
  const auto ws = client.request(get);
  INFO(ws.ShortDebugString());
  REQUIRE(ws.has_leaderboard());
  REQUIRE(ws.leaderboard().rows_size() == 2);
  REQUIRE(ws.leaderboard().rows(0).username() == "p1");
  REQUIRE(ws.leaderboard().next_offset() == 3);
  get.mutable_get_leaderboard()->set_page_size(1000);
  REQUIRE(client.request(get).error().code() == v1::INVALID_ARGUMENT);
  get.mutable_get_leaderboard()->set_game_id("no-such-game");
  get.mutable_get_leaderboard()->set_page_size(1);
  REQUIRE(client.request(get).error().code() == v1::UNKNOWN_GAME);
}
