// Accounts in a cluster through the real server (issue #27; docs/accounts.md,
// "Accounts in a cluster"): two nodes, each with its own SQLite, share one
// PostgreSQL (--accounts-postgres) for accounts, sessions and ratings. A
// throwaway PostgreSQL per test (tests/support/postgres_server.h): skipped
// (exit 77) where its binaries are missing, never a pass.
#include <catch2/catch.hpp>

#include <google/protobuf/util/json_util.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "persistence/postgres/pool.h"
#include "persistence/postgres/schema.h"
#include "rules/bots/random_bot.h"
#include "tests/server/account_support.h"
#include "tests/support/history_support.h"
#include "tests/support/postgres_server.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;

namespace {

// Two nodes (separate SQLite files) on one shared PostgreSQL.
struct TwoNodes {
  std::vector<std::string> extra_flags;
  std::vector<std::string> only_a, only_b;  // one node's own flags
  PostgresServer postgres;
  std::string conninfo = postgres.create_database("accounts");
  TempDir dir;
  ServerProcess a{dir.path() + "/a.db", flags(0)};
  ServerProcess b{dir.path() + "/b.db", flags(1)};

  TwoNodes() = default;
  explicit TwoNodes(std::vector<std::string> extra, std::vector<std::string> a = {}, std::vector<std::string> b = {})
      : extra_flags(std::move(extra)), only_a(std::move(a)), only_b(std::move(b)) {}

  std::vector<std::string> flags(int node) const {
    std::vector<std::string> all{"--accounts-postgres", conninfo, "--accounts-postgres-pool", "2", "--node-id",
                                 std::to_string(node)};
    all.insert(all.end(), extra_flags.begin(), extra_flags.end());
    const auto& own = node == 0 ? only_a : only_b;
    all.insert(all.end(), own.begin(), own.end());
    return all;
  }
};

v1::ErrorCode error_of(const v1::ServerMessage& m) {
  INFO(m.ShortDebugString());
  REQUIRE(m.has_error());
  return m.error().code();
}

template <class Message>
Message parse(const std::string& json) {
  Message m;
  INFO(json);
  REQUIRE(google::protobuf::util::JsonStringToMessage(json, &m).ok());
  return m;
}

std::int64_t shared_int(const std::string& conninfo, const char* sql, const std::string& param) {
  persistence::postgres::Connection db(conninfo);
  const auto result = db.exec(sql, {param});
  REQUIRE(result.rows() == 1);
  return result.int64(0, 0);
}

// Polls `done` until it holds or `limit` passes: what it waits for is
// another node's housekeeping or follower, on a loaded machine.
bool eventually(const std::function<bool()>& done, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return true;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

TEST_CASE("Shared accounts: a guest of node A claims a name there and signs in with it on node B") {
  skip_unless_postgres();
  TwoNodes nodes;
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "Anne");
  REQUIRE(on_a.request(claim("Anne", "correct horse battery")).has_account());
  // Node A's SQLite holds no account: the shared store does.
  REQUIRE(stored_int(nodes.dir.path() + "/a.db", "SELECT COUNT(*) FROM accounts") == 0);
  REQUIRE(shared_int(nodes.conninfo, "SELECT COUNT(*) FROM accounts WHERE username_key = $1", "anne") == 1);

  WsClient on_b(nodes.b.port());
  REQUIRE(error_of(on_b.request(sign_in("anne", "wrong password!"))) == v1::SIGN_IN_FAILED);
  const auto signed_in = on_b.request(sign_in("ANNE", "correct horse battery"));
  INFO(signed_in.ShortDebugString());
  REQUIRE(signed_in.has_account_session());
  REQUIRE(signed_in.account_session().account().username() == "Anne");
  REQUIRE_FALSE(signed_in.account_session().account().guest());
  const auto info = on_b.request(get_account());
  REQUIRE(info.has_account());
  REQUIRE(info.account().username() == "Anne");
  // The session made on B is good on A too.
  WsClient again_on_a(nodes.a.port());
  REQUIRE(again_on_a.request(authenticate(signed_in.account_session().session_token())).has_account());
}

TEST_CASE(
    "Shared accounts: signing out everywhere (and deleting the account) on node A ends the session on node B at its "
    "next request") {
  skip_unless_postgres();
  TwoNodes nodes;
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "Bonny");
  REQUIRE(on_a.request(claim("Bonny", "pieces of eight")).has_account());
  WsClient on_b(nodes.b.port());
  REQUIRE(on_b.request(sign_in("bonny", "pieces of eight")).has_account_session());
  REQUIRE(on_b.request(get_account()).has_account());
  REQUIRE(on_b.request(my_rooms()).has_my_rooms());

  REQUIRE(on_a.request(sign_out(true)).has_ok());
  REQUIRE(shared_int(nodes.conninfo,
                     "SELECT COUNT(*) FROM sessions s JOIN accounts a ON a.id = s.account_id "
                     "WHERE a.username_key = $1",
                     "bonny") == 0);
  // Without the revocation channel (not built yet) B learns it at its next
  // request, whichever it is: an account request or one that reads the session.
  REQUIRE(error_of(on_b.request(my_rooms())) == v1::NOT_SIGNED_IN);
  REQUIRE(error_of(on_b.request(get_account())) == v1::NOT_SIGNED_IN);

  // Deleted on A: gone for B too.
  REQUIRE(on_a.request(sign_in("bonny", "pieces of eight")).has_account_session());
  REQUIRE(on_b.request(sign_in("bonny", "pieces of eight")).has_account_session());
  REQUIRE(on_a.request(delete_account("pieces of eight")).has_ok());
  REQUIRE(shared_int(nodes.conninfo, "SELECT COUNT(*) FROM accounts WHERE username_key = $1", "bonny") == 0);
  REQUIRE(error_of(on_b.request(get_account())) == v1::NOT_SIGNED_IN);
  REQUIRE(error_of(on_b.request(sign_in("bonny", "pieces of eight"))) == v1::SIGN_IN_FAILED);
}

TEST_CASE(
    "Shared accounts: failed sign-ins spread over two nodes back the name off on both, a real and an unknown name "
    "alike, and a success on one node starts the name afresh on the other") {
  skip_unless_postgres();
  // Back-off after two failures, for ten minutes: the test never waits it out.
  TwoNodes nodes({"--sign-in-free-failures", "2", "--sign-in-backoff", "600", "--sign-in-burst", "1000"});
  const std::string password = "the right one";
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "");
  REQUIRE(on_a.request(claim("Mary Read", password)).has_account());
  WsClient on_b(nodes.b.port());
  sign_in_guest(on_b, "");
  REQUIRE(on_b.request(claim("Anne Bonny", password)).has_account());

  std::vector<std::string> refusals;
  for (const char* name : {"Mary Read", "No Such Pirate"}) {
    INFO(name);
    // One guess on each node: two failures on the name, not one per node.
    REQUIRE(error_of(on_a.request(sign_in(name, "wrong 1!"))) == v1::SIGN_IN_FAILED);
    REQUIRE(error_of(on_b.request(sign_in(name, "wrong 2!"))) == v1::SIGN_IN_FAILED);
    for (WsClient* node : {&on_b, &on_a}) {
      // Backed off on both nodes: even the right password waits, with a retry time.
      const auto refused = node->request(sign_in(name, password));
      REQUIRE(error_of(refused) == v1::TOO_MANY_ATTEMPTS);
      const std::string& text = refused.error().message();
      REQUIRE_THAT(text, Catch::StartsWith("too many failed attempts on that username; try again in "));
      const int retry = std::stoi(text.substr(text.rfind(' ', text.size() - 3) + 1));
      REQUIRE(retry > 500);
      REQUIRE(retry <= 600);
      refusals.push_back(text.substr(0, text.rfind(' ', text.size() - 3)));
    }
  }
  // The same words for the real name and the unknown one, on both nodes.
  REQUIRE(std::set<std::string>(refusals.begin(), refusals.end()).size() == 1);
  // Counted by the name's key in the shared store, account or not.
  for (const char* key : {"mary read", "no such pirate"}) {
    INFO(key);
    REQUIRE(shared_int(nodes.conninfo, "SELECT failures FROM sign_in_failures WHERE name_key = $1", key) == 2);
  }

  // One failure on A, then the right password on B: the name starts afresh,
  // so one more failure on A is the first again (two would back it off).
  REQUIRE(error_of(on_a.request(sign_in("Anne Bonny", "wrong 1!"))) == v1::SIGN_IN_FAILED);
  REQUIRE(on_b.request(sign_in("anne bonny", password)).has_account_session());
  REQUIRE(shared_int(nodes.conninfo, "SELECT COUNT(*) FROM sign_in_failures WHERE name_key = $1", "anne bonny") == 0);
  REQUIRE(error_of(on_a.request(sign_in("Anne Bonny", "wrong 2!"))) == v1::SIGN_IN_FAILED);
  REQUIRE(on_a.request(sign_in("Anne Bonny", password)).has_account_session());
  // Nothing was counted in the nodes' own databases.
  REQUIRE(stored_int(nodes.dir.path() + "/a.db", "SELECT COUNT(*) FROM sign_in_failures") == 0);
  REQUIRE(stored_int(nodes.dir.path() + "/b.db", "SELECT COUNT(*) FROM sign_in_failures") == 0);
}

TEST_CASE("Shared accounts: the lock counts the failures of every node (NIST SP 800-63B's bound per account)") {
  skip_unless_postgres();
  TwoNodes nodes({"--sign-in-free-failures", "100", "--sign-in-lock-failures", "3", "--sign-in-burst", "1000"});
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "");
  REQUIRE(on_a.request(claim("Calico Jack", "the right one")).has_account());
  WsClient on_b(nodes.b.port());
  for (const char* name : {"Calico Jack", "No Such Pirate"}) {
    INFO(name);
    // Three failures over two nodes: locked, though neither node saw three.
    REQUIRE(error_of(on_a.request(sign_in(name, "wrong 1!"))) == v1::SIGN_IN_FAILED);
    REQUIRE(error_of(on_b.request(sign_in(name, "wrong 2!"))) == v1::SIGN_IN_FAILED);
    REQUIRE(error_of(on_a.request(sign_in(name, "wrong 3!"))) == v1::SIGN_IN_FAILED);
    for (WsClient* node : {&on_a, &on_b}) {
      const auto refused = node->request(sign_in(name, "the right one"));
      REQUIRE(error_of(refused) == v1::TOO_MANY_ATTEMPTS);
      REQUIRE_THAT(refused.error().message(), Catch::Contains("try again in 86"));  // about a day
    }
  }
}

TEST_CASE(
    "Shared accounts: an account deleted on node A shows \"deleted player\" on node B too, in its live room and "
    "in its finished match's history") {
  skip_unless_postgres();
  TwoNodes nodes;
  constexpr const char* kPassword = "correct horse battery";
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "Anne");
  REQUIRE(on_a.request(claim("Anne", kPassword)).has_account());
  // On node B: a finished match of hers, and an open room where she sits.
  const auto played = play_against_bots(nodes.b.port(), "port-royal-pfister", 2, {}, "", [&](WsClient& human) {
    REQUIRE(human.request(sign_in("Anne", kPassword)).has_account_session());
  });
  WsClient on_b(nodes.b.port());
  REQUIRE(on_b.request(sign_in("Anne", kPassword)).has_account_session());
  const auto created = on_b.request(create_room_msg("port-royal-pfister", 2, "Anne"));
  INFO(created.ShortDebugString());
  REQUIRE(created.has_room_created());
  const std::string code = created.room_created().room().room_code();
  REQUIRE(on_b.request(take_seat_msg(code, 0)).has_seat_taken());
  WsClient watcher(nodes.b.port());
  const auto joined = watcher.request(join_msg(code, "Watcher"));
  INFO(joined.ShortDebugString());
  REQUIRE(joined.has_room());
  REQUIRE(joined.room().seats(0).display_name() == "Anne");
  const std::string history = "/api/matches/" + std::to_string(played.match_id);
  const std::map<std::string, std::string> bearer{{"Authorization", "Bearer " + played.seat0_token}};
  REQUIRE(http_get_with(nodes.b.port(), history, bearer).body.find("\"Anne\"") != std::string::npos);

  // Deleted on node A: node B follows the shared store's list of deletions.
  const auto deleted = on_a.request(delete_account(kPassword));
  INFO(deleted.ShortDebugString());
  REQUIRE(deleted.has_ok());
  REQUIRE(watcher.wait_for(
      [](const v1::ServerMessage& m) {
        return m.has_room() && m.room().seats(0).display_name() == "deleted player" && !m.room().seats(0).account();
      },
      std::chrono::seconds(60)));
  const auto after = http_get_with(nodes.b.port(), history, bearer);
  INFO(after.body);
  REQUIRE(after.status == 200);
  REQUIRE(after.body.find("\"Anne\"") == std::string::npos);
  REQUIRE(after.body.find("\"deleted player\"") != std::string::npos);
  REQUIRE(stored_int(nodes.dir.path() + "/b.db", "SELECT COUNT(*) FROM seats WHERE display_name = 'Anne'") == 0);
  // Node B learns it from PostgreSQL, not from A: a node restarted later catches up too.
  REQUIRE(shared_int(nodes.conninfo, "SELECT COUNT(*) FROM deleted_accounts WHERE account_id > $1", "0") == 1);
}

TEST_CASE(
    "Shared accounts: a guest seated in an open room on node A is not purged though node B purges, an unused guest "
    "is, and node A's finished match keeps his typed name without his account") {
  skip_unless_postgres();
  // Node B purges guests unused for 0.0002 days (about 17 s: time to set
  // the scene on a loaded machine), every tenth of that; node A's retention
  // is longer, so the purge tested is mostly B's, which cannot see A's
  // seats. A finished room expires a second after its last member left.
  TwoNodes nodes({"--finished-room-retention", "1"}, {"--guest-retention-days", "0.0005"},
                 {"--guest-retention-days", "0.0002"});
  const std::string a_db = nodes.dir.path() + "/a.db";
  // On node A, first: a guest seated in an open room, who stays there and
  // does nothing else (his session is not used again).
  WsClient seated(nodes.a.port());
  const std::string seated_token = sign_in_guest(seated, "Seated");
  const auto created = seated.request(create_room_msg("port-royal-pfister", 2, "Seated"));
  INFO(created.ShortDebugString());
  REQUIRE(created.has_room_created());
  const std::string open_code = created.room_created().room().room_code();
  REQUIRE(seated.request(take_seat_msg(open_code, 0)).has_seat_taken());
  const std::int64_t seated_id = seat_account(a_db, open_code, 0);
  REQUIRE(seated_id != 0);
  // Then a guest who plays a match there (his seat shows "Human", the name
  // he typed) and leaves: the room expires.
  std::string played_token;
  const auto played = play_against_bots(nodes.a.port(), "port-royal-pfister", 2, {}, "",
                                        [&](WsClient& human) { played_token = sign_in_guest(human, "Played"); });
  const std::int64_t played_id = seat_account(a_db, played.room_code, 0);
  REQUIRE(played_id != 0);
  // And a guest of node B who does nothing.
  WsClient idle(nodes.b.port());
  const std::string idle_token = sign_in_guest(idle, "Idle");
  const auto in_shared = [&](std::int64_t id) {
    return shared_int(nodes.conninfo, "SELECT COUNT(*) FROM accounts WHERE id = $1", std::to_string(id));
  };
  REQUIRE(in_shared(seated_id) == 1);
  REQUIRE(in_shared(played_id) == 1);

  // Both unused guests go; the seated one, made before them, stays.
  REQUIRE(eventually([&] { return in_shared(played_id) == 0; }, std::chrono::seconds(90)));
  REQUIRE(eventually(
      [&] { return shared_int(nodes.conninfo, "SELECT COUNT(*) FROM accounts WHERE display_name = $1", "Idle") == 0; },
      std::chrono::seconds(60)));
  REQUIRE(in_shared(seated_id) == 1);
  REQUIRE(shared_int(nodes.conninfo, "SELECT COUNT(*) FROM deleted_accounts WHERE purged AND account_id = $1",
                     std::to_string(played_id)) == 1);
  // Node A follows: the finished match's seat keeps "Human" and names no account.
  const std::string played_seat =
      "SELECT COUNT(*) FROM seats WHERE room_code = '" + played.room_code + "' AND seat = 0 AND display_name = 'Human'";
  REQUIRE(
      eventually([&] { return stored_int(a_db, played_seat + " AND account_id = 0") == 1; }, std::chrono::seconds(60)));
  const auto history = http_get_with(nodes.a.port(), "/api/matches/" + std::to_string(played.match_id),
                                     {{"Authorization", "Bearer " + played.seat0_token}});
  INFO(history.body);
  REQUIRE(history.status == 200);
  REQUIRE(history.body.find("\"Human\"") != std::string::npos);
  REQUIRE(history.body.find("deleted player") == std::string::npos);
  // The seated guest keeps his seat and his account, on both nodes.
  REQUIRE(seat_account(a_db, open_code, 0) == seated_id);
  WsClient on_b(nodes.b.port());
  REQUIRE(on_b.request(authenticate(seated_token)).has_account());
  WsClient on_a(nodes.a.port());
  REQUIRE(error_of(on_a.request(authenticate(played_token))) == v1::SESSION_INVALID);
  REQUIRE(error_of(on_a.request(authenticate(idle_token))) == v1::SESSION_INVALID);
}

TEST_CASE(
    "Shared accounts: a node down for longer than the retention finds its seated guest purged when it comes back, and "
    "its restored room's seat keeps his name without his account") {
  skip_unless_postgres();
  TwoNodes nodes({"--guest-retention-days", "0.0002"});
  const std::string a_db = nodes.dir.path() + "/a.db";
  std::string code;
  std::int64_t guest_id = 0;
  {
    WsClient lonely(nodes.a.port());
    sign_in_guest(lonely, "Lonely");
    const auto created = lonely.request(create_room_msg("port-royal-pfister", 2, "Lonely"));
    INFO(created.ShortDebugString());
    REQUIRE(created.has_room_created());
    code = created.room_created().room().room_code();
    REQUIRE(lonely.request(take_seat_msg(code, 0)).has_seat_taken());
    guest_id = seat_account(a_db, code, 0);
    REQUIRE(guest_id != 0);
    // Node A goes away: nobody marks the guest held any more.
    REQUIRE(nodes.a.stop(SIGTERM) == 0);
  }
  REQUIRE(eventually(
      [&] {
        return shared_int(nodes.conninfo, "SELECT COUNT(*) FROM accounts WHERE id = $1", std::to_string(guest_id)) == 0;
      },
      std::chrono::seconds(90)));
  REQUIRE(seat_account(a_db, code, 0) == guest_id);  // A could not know

  ServerProcess again(a_db, nodes.flags(0));
  const std::string seat =
      "SELECT COUNT(*) FROM seats WHERE room_code = '" + code + "' AND seat = 0 AND display_name = 'Lonely'";
  REQUIRE(eventually([&] { return stored_int(a_db, seat + " AND account_id = 0") == 1; }, std::chrono::seconds(60)));
  // The room restored in memory follows too (it may have been restored
  // before the follower's rewrite).
  WsClient watcher(again.port());
  const auto joined = watcher.request(join_msg(code, "Watcher"));
  INFO(joined.ShortDebugString());
  REQUIRE(joined.has_room());
  REQUIRE(joined.room().seats(0).display_name() == "Lonely");
  const bool unbound =
      !joined.room().seats(0).account() ||
      watcher
          .wait_for([](const v1::ServerMessage& m) { return m.has_room() && !m.room().seats(0).account(); },
                    std::chrono::seconds(30))
          .has_value();
  REQUIRE(unbound);
}

TEST_CASE(
    "Shared accounts: a restarted node follows the deletions from where it stopped, and from the start when the "
    "shared list is not the one it followed") {
  skip_unless_postgres();
  TwoNodes nodes;
  constexpr const char* kPassword = "correct horse battery";
  const std::string b_db = nodes.dir.path() + "/b.db";
  // On node B: an open room whose seat the test rewrites while B is down.
  std::string code;
  {
    WsClient keeper(nodes.b.port());
    sign_in_guest(keeper, "Keeper");
    const auto created = keeper.request(create_room_msg("port-royal-pfister", 2, "Keeper"));
    INFO(created.ShortDebugString());
    REQUIRE(created.has_room_created());
    code = created.room_created().room().room_code();
    REQUIRE(keeper.request(take_seat_msg(code, 0)).has_seat_taken());
  }
  // A claimed account made and deleted on node A: its id.
  int made = 0;
  const auto delete_one = [&] {
    WsClient client(nodes.a.port());
    sign_in_guest(client, "Doomed");
    const std::string name = "doomed" + std::to_string(++made);
    REQUIRE(client.request(claim(name, kPassword)).has_account());
    const std::int64_t id = shared_int(nodes.conninfo, "SELECT id FROM accounts WHERE username_key = $1", name);
    const auto deleted = client.request(delete_account(kPassword));
    INFO(deleted.ShortDebugString());
    REQUIRE(deleted.has_ok());
    return id;
  };
  // Node B saved its position at the entry that lists `id`.
  const auto followed_to = [&](std::int64_t id) {
    return eventually(
        [&] {
          return stored_int(b_db, "SELECT COUNT(*) FROM followed_deletions WHERE account_id = " + std::to_string(id)) ==
                 1;
        },
        std::chrono::seconds(60));
  };
  const auto seat_is = [&](const std::string& name, std::int64_t account) {
    return stored_int(b_db, "SELECT COUNT(*) FROM seats WHERE room_code = '" + code + "' AND seat = 0 AND " +
                                "display_name = '" + name + "' AND account_id = " + std::to_string(account)) == 1;
  };
  const std::int64_t first = delete_one();
  REQUIRE(followed_to(first));

  // Node B stops, and its seat is made to name the first deleted account as
  // if it had sat down after the deletion: a node that read the list from
  // the start again would rewrite it.
  REQUIRE(nodes.b.stop(SIGTERM) == 0);
  persistence::Connection(b_db).exec(("UPDATE seats SET display_name = 'Ghost', account_id = " + std::to_string(first) +
                                      " WHERE room_code = '" + code + "' AND seat = 0")
                                         .c_str());
  {
    ServerProcess again(b_db, nodes.flags(1));
    const std::int64_t second = delete_one();
    REQUIRE(followed_to(second));      // it reads on from where it stopped,
    REQUIRE(seat_is("Ghost", first));  // not from the start
    REQUIRE(again.stop(SIGTERM) == 0);
  }

  // A restored PostgreSQL lists another account at the saved position: the
  // node cannot trust what it applied, and reads the list from the start.
  persistence::Connection(b_db).exec("UPDATE followed_deletions SET account_id = 42");
  ServerProcess restored(b_db, nodes.flags(1));
  REQUIRE(eventually([&] { return seat_is("deleted player", 0); }, std::chrono::seconds(60)));
}

TEST_CASE("Shared accounts: a username claimed on node B is refused on node A, in any case") {
  skip_unless_postgres();
  TwoNodes nodes;
  WsClient on_b(nodes.b.port());
  sign_in_guest(on_b, "Calico");
  REQUIRE(on_b.request(claim("Calico", "jack rackham 1720")).has_account());
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "Other");
  REQUIRE(error_of(on_a.request(claim("CALICO", "another password"))) == v1::USERNAME_TAKEN);
  // The guest on A is still a guest and can take another name.
  REQUIRE(on_a.request(claim("Calico2", "another password")).has_account());
}

TEST_CASE("Shared accounts: node B's profile and leaderboard show the shared store's ratings") {
  skip_unless_postgres();
  TwoNodes nodes;
  WsClient on_a(nodes.a.port());
  sign_in_guest(on_a, "Mary");
  REQUIRE(on_a.request(claim("Mary", "read the manual")).has_account());
  const std::int64_t id = shared_int(nodes.conninfo, "SELECT id FROM accounts WHERE username_key = $1", "mary");
  {
    // What node A's outbox would have applied (the outbox is built apart):
    // a settled rating and one match played on node 1.
    persistence::postgres::Connection db(nodes.conninfo);
    db.exec("INSERT INTO ratings VALUES ($1, 'port-royal-pfister', 30, 1.5, 25.5, 12, 7, 0)",
            {static_cast<long long>(id)});
    db.exec(
        "INSERT INTO match_players VALUES (1, 41, 0, $1, 'port-royal-pfister', 'ABCDE', 1, true, true, 25, 25.5, 1000)",
        {static_cast<long long>(id)});
  }
  const auto reply = http_get_with(nodes.b.port(), "/api/players/MARY");
  INFO(reply.body);
  REQUIRE(reply.status == 200);
  const auto profile = parse<v1::PlayerProfile>(reply.body);
  REQUIRE(profile.username() == "Mary");
  REQUIRE(profile.ratings_size() == 1);
  REQUIRE(profile.ratings(0).rating() == Approx(25.5));
  REQUIRE(profile.ratings(0).games() == 12);
  REQUIRE_FALSE(profile.ratings(0).provisional());
  REQUIRE(profile.recent_matches_size() == 1);
  REQUIRE(profile.recent_matches(0).match_id() == 41);
  REQUIRE(profile.recent_matches(0).won());

  const auto board = http_get_with(nodes.b.port(), "/api/leaderboards/port-royal-pfister");
  INFO(board.body);
  REQUIRE(board.status == 200);
  const auto rows = parse<v1::Leaderboard>(board.body);
  REQUIRE(rows.rows_size() == 1);
  REQUIRE(rows.rows(0).username() == "Mary");
  // The same board through the protocol, on node B.
  WsClient on_b(nodes.b.port());
  v1::ClientMessage get;
  get.mutable_get_leaderboard()->set_game_id("port-royal-pfister");
  const auto ws = on_b.request(get);
  INFO(ws.ShortDebugString());
  REQUIRE(ws.has_leaderboard());
  REQUIRE(ws.leaderboard().rows_size() == 1);
  REQUIRE(ws.leaderboard().rows(0).rating().rating() == Approx(25.5));
}

TEST_CASE("Shared accounts: a claimed account's seat stays claimed after its node restarts, a guest's does not") {
  // The node's SQLite has no accounts rows: the restored seats read the
  // usernames from the shared store.
  skip_unless_postgres();
  PostgresServer postgres;
  const std::string conninfo = postgres.create_database("accounts");
  TempDir dir;
  const std::string db = dir.path() + "/db";
  const std::vector<std::string> flags{"--accounts-postgres", conninfo, "--node-id", "0"};
  const auto check = [](const v1::ServerMessage& seen) {
    INFO(seen.ShortDebugString());
    REQUIRE(seen.has_room());
    const auto& seats = seen.room().seats();
    REQUIRE(seats[0].display_name() == "Anne");
    REQUIRE(seats[0].account());
    REQUIRE(seats[0].claimed());
    REQUIRE(seats[1].display_name() == "Anne");  // a guest typing her username
    REQUIRE(seats[1].account());
    REQUIRE_FALSE(seats[1].claimed());
  };
  std::string code;
  {
    ServerProcess server(db, flags);
    WsClient anne(server.port());
    sign_in_guest(anne, "");
    REQUIRE(anne.request(claim("Anne", "correct horse battery")).has_account());
    const auto created = anne.request(create_room_msg("port-royal-pfister", 3, "Host"));
    INFO(created.ShortDebugString());
    REQUIRE(created.has_room_created());
    code = created.room_created().room().room_code();
    REQUIRE(anne.request(take_seat_msg(code, 0)).has_seat_taken());
    WsClient impostor(server.port());
    sign_in_guest(impostor, "Anne");
    REQUIRE(impostor.request(join_msg(code, "Anne")).has_room());
    REQUIRE(impostor.request(take_seat_msg(code, 1)).has_seat_taken());
    WsClient watcher(server.port());
    check(watcher.request(join_msg(code, "Watcher")));
    REQUIRE(server.stop(SIGTERM) == 0);
  }
  ServerProcess server(db, flags);
  WsClient watcher(server.port());
  check(watcher.request(join_msg(code, "Watcher")));
}

TEST_CASE("Shared accounts: quick play finds its player in the shared store, and requests keep their order") {
  skip_unless_postgres();
  PostgresServer postgres;
  TempDir dir;
  ServerProcess server(dir.path() + "/db", {"--accounts-postgres", postgres.create_database("accounts"), "--node-id",
                                            "0", "--quickplay-bot-fill-ms", "600000"});
  WsClient me(server.port());
  sign_in_guest(me, "Queuer");
  // Sent together: the QuickPlay reads the session on a worker, the ping
  // behind it waits for it, and the cancel finds the entry.
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(7);
  v1::ClientMessage queue;
  queue.mutable_quick_play()->set_game_id("port-royal-pfister");
  queue.mutable_quick_play()->set_seats(3);
  v1::ClientMessage cancel;
  cancel.mutable_cancel_quick_play();
  const auto queued_id = me.send(queue);
  const auto ping_id = me.send(ping);
  const auto cancel_id = me.send(cancel);
  // The quick-play strand answers apart from the connection's: matched by
  // request id, not by order; CANCELLED (not NOT_QUEUED) shows the cancel
  // came after the queueing.
  std::map<std::uint64_t, v1::ServerMessage> replies;
  while (replies.size() < 3) {
    auto next = me.next();
    REQUIRE(next.has_value());
    if (next->request_id() != 0) replies[next->request_id()] = std::move(*next);
  }
  INFO(replies[queued_id].ShortDebugString() << " / " << replies[cancel_id].ShortDebugString());
  REQUIRE(replies[queued_id].has_quick_play_status());
  REQUIRE(replies[queued_id].quick_play_status().state() == v1::QUICK_PLAY_QUEUED);
  REQUIRE(replies[ping_id].pong().nonce() == 7);
  REQUIRE(replies[cancel_id].has_quick_play_status());
  REQUIRE(replies[cancel_id].quick_play_status().state() == v1::QUICK_PLAY_CANCELLED);
}

TEST_CASE(
    "Shared accounts: while PostgreSQL is down, account requests and the requests that read the session answer "
    "SERVER_BUSY, seated play goes on, and everything works again once it is back, without a restart") {
  skip_unless_postgres();
  constexpr const char* kPassword = "correct horse battery";
  PostgresServer postgres;
  TempDir dir;
  ServerProcess node(dir.path() + "/db", {"--accounts-postgres", postgres.create_database("accounts"), "--node-id", "0",
                                          "--quickplay-bot-fill-ms", "600000"});
  WsClient anne(node.port());
  sign_in_guest(anne, "Anne");
  REQUIRE(anne.request(claim("Anne", kPassword)).has_account());
  const auto created = anne.request(create_room_msg("port-royal-pfister", 2, "Anne"));
  INFO(created.ShortDebugString());
  REQUIRE(created.has_room_created());
  const std::string code = created.room_created().room().room_code();
  // A match under way, one of its players signed in.
  Table table = open_table(node.port(), "port-royal-pfister", 2, server::Encoding::kBinary);
  sign_in_guest(*table.players[0].client, "Seated");
  rules::RandomBot bot(27);
  v1::ClientMessage quick_play;
  quick_play.mutable_quick_play()->set_game_id("port-royal-pfister");
  quick_play.mutable_quick_play()->set_seats(3);
  v1::ClientMessage leaderboard;
  leaderboard.mutable_get_leaderboard()->set_game_id("port-royal-pfister");

  postgres.shut_down();
  const auto busy = [](const v1::ServerMessage& m) {
    INFO(m.ShortDebugString());
    REQUIRE(m.has_error());
    REQUIRE(m.error().code() == v1::SERVER_BUSY);
    REQUIRE(m.error().message() == "the accounts service is unavailable; try again shortly");
  };
  WsClient newcomer(node.port());
  busy(newcomer.request(create_guest("Newcomer")));
  busy(newcomer.request(sign_in("Anne", kPassword)));
  busy(newcomer.request(authenticate(std::string(64, 'a'))));
  // Anne stays signed in (an unread session is not an ended one).
  busy(anne.request(get_account()));
  busy(anne.request(take_seat_msg(code, 0)));
  busy(anne.request(my_rooms()));
  busy(anne.request(quick_play));
  busy(anne.request(leaderboard));
  const auto profile = http_get_with(node.port(), "/api/players/anne");
  INFO(profile.body);
  REQUIRE(profile.status == 503);
  REQUIRE(profile.body.find("SERVER_BUSY") != std::string::npos);
  // Play that is bound already needs no account: it goes on.
  REQUIRE(play_moves(table, bot, 1) == 1);
  REQUIRE_FALSE(node.exit_status().has_value());  // alive

  // Back: the same node, the same connections.
  postgres.start();
  REQUIRE(newcomer.request(create_guest("Newcomer")).has_account_session());
  WsClient again(node.port());
  REQUIRE(again.request(sign_in("Anne", kPassword)).has_account_session());
  REQUIRE(anne.request(get_account()).has_account());
  const auto seated = anne.request(take_seat_msg(code, 0));
  INFO(seated.ShortDebugString());
  REQUIRE(seated.has_seat_taken());
  REQUIRE(anne.request(my_rooms()).has_my_rooms());
  const auto queued = anne.request(quick_play);
  INFO(queued.ShortDebugString());
  REQUIRE(queued.has_quick_play_status());
  REQUIRE(anne.request(leaderboard).has_leaderboard());
  REQUIRE(http_get_with(node.port(), "/api/players/anne").status == 200);
  REQUIRE(play_moves(table, bot, 1) == 1);
}

TEST_CASE(
    "Shared accounts: while PostgreSQL hangs, account requests beyond the workers and their queue answer SERVER_BUSY "
    "at once, and the ones taken are served once it answers again") {
  skip_unless_postgres();
  PostgresServer postgres;
  TempDir dir;
  // One worker (--accounts-postgres-pool) and one request waiting for it (--password-queue).
  constexpr int kTaken = 2;
  constexpr int kClients = 8;
  ServerProcess node(dir.path() + "/db",
                     {"--accounts-postgres", postgres.create_database("accounts"), "--node-id", "0",
                      "--accounts-postgres-pool", "1", "--password-queue", "1", "--guests-per-address", "100"});
  // The worker's connection is open before PostgreSQL hangs, so a request
  // waits on its answer rather than on a connect that would time out.
  WsClient warm(node.port());
  sign_in_guest(warm, "Warm");
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int c = 0; c < kClients; ++c) clients.push_back(std::make_unique<WsClient>(node.port()));

  postgres.freeze();
  std::vector<std::uint64_t> ids;
  for (int c = 0; c < kClients; ++c) ids.push_back(clients[c]->send(create_guest("Guest " + std::to_string(c))));
  // Each connection's answer, read on its own thread: the refused ones come
  // at once, the taken ones only when PostgreSQL answers again.
  std::mutex mutex;
  std::condition_variable answered;
  std::vector<std::optional<v1::ServerMessage>> replies(kClients);
  int refused = 0;
  std::vector<std::thread> readers;
  for (int c = 0; c < kClients; ++c) {
    readers.emplace_back([&, c] {
      auto reply = clients[c]->wait_for([id = ids[c]](const v1::ServerMessage& m) { return m.request_id() == id; },
                                        std::chrono::seconds(120));
      std::lock_guard lock(mutex);
      if (reply && reply->has_error() && reply->error().code() == v1::SERVER_BUSY) ++refused;
      replies[c] = std::move(reply);
      answered.notify_all();
    });
  }
  bool all_refused_while_frozen = false;
  {
    std::unique_lock lock(mutex);
    all_refused_while_frozen =
        answered.wait_for(lock, std::chrono::seconds(120), [&] { return refused >= kClients - kTaken; });
  }
  postgres.thaw();
  for (auto& reader : readers) reader.join();
  REQUIRE(all_refused_while_frozen);

  // At most one request on the worker and one in the queue were taken; all
  // the others were refused, with the retry message, before any answer.
  int served = 0;
  for (int c = 0; c < kClients; ++c) {
    REQUIRE(replies[c].has_value());
    INFO(replies[c]->ShortDebugString());
    if (replies[c]->has_error()) {
      REQUIRE(replies[c]->error().code() == v1::SERVER_BUSY);
      REQUIRE(replies[c]->error().message() == "too many account requests at once; try again in a moment");
    } else {
      REQUIRE(replies[c]->has_account_session());
      ++served;
    }
  }
  REQUIRE(served >= 1);
  REQUIRE(served <= kTaken);
  // Nothing is left stuck: a refused client is served when it asks again.
  for (int c = 0; c < kClients; ++c) {
    if (replies[c]->has_error()) {
      REQUIRE(clients[c]->request(create_guest("Again " + std::to_string(c))).has_account_session());
      break;
    }
  }
}

TEST_CASE("Shared accounts: a node whose --accounts-postgres cannot be reached refuses to start") {
  // No PostgreSQL needed: nothing listens on port 1.
  TempDir dir;
  const std::string log = dir.path() + "/log";
  const std::string command =
      server_binary() + " --bind 127.0.0.1 --port 0 --db " + dir.path() +
      "/db --node-id 0 --accounts-postgres 'host=127.0.0.1 port=1 dbname=x connect_timeout=5' 2>" + log + " >/dev/null";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 1);
  const std::string text = file_text(log);
  INFO(text);
  REQUIRE(text.find("cannot use --accounts-postgres") != std::string::npos);
  REQUIRE(text.find("listening") == std::string::npos);

  // Nor does a node without its id: the shared store keys matches by node.
  const std::string without_id = server_binary() + " --bind 127.0.0.1 --port 0 --db " + dir.path() +
                                 "/db2 --accounts-postgres 'host=127.0.0.1 port=1 dbname=x' 2>" + log + " >/dev/null";
  const int refused = std::system(without_id.c_str());
  REQUIRE(WIFEXITED(refused));
  REQUIRE(WEXITSTATUS(refused) == 2);
  REQUIRE(file_text(log).find("--accounts-postgres needs --node-id") != std::string::npos);
}
