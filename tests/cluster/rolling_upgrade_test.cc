// A rolling upgrade under load on the loopback cluster (issue #26, item 5;
// docs/operations.md, "Upgrade"): with matches in play on every node, each
// node in turn is drained (POST /admin/drain), stops by itself and starts
// again on its database with a NEW build, while scripted players keep
// playing through the proxy. Checked: a drained node takes no new rooms
// (HAProxy sends them elsewhere) while its rooms' players keep their route;
// it stops cleanly (exit 0); every match either finished during the drain or
// is restored after the restart, none stranded; every acknowledged move is
// in the node's database; and each player's reconnection gap (connection
// lost to match resumed) is measured and printed (p50, p99, max).
//
// The builds: the cluster starts on the server built before the test-only
// game High Card's rules version bump (brethren-server-test-games-before-bump:
// High Card plays version 1 only) and each node restarts on the one built
// after it (brethren-server-test-games: version 2, version 1 still playable
// for live matches; tests/games/high_card/README.md). A High Card match
// started on the old build waits on every node, one round played, while its
// node is upgraded: it is restored by the new build and finishes under
// version 1; a High Card match started on an upgraded node is played under
// version 2. The load is Port Royal, whose long matches outlive a drain.
//
// Short by default (two tables per node, one pass); longer with
// BRETHREN_ROLLING_TABLES_PER_NODE and BRETHREN_ROLLING_PASSES (bench/run-figures.sh).
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "persistence/sqlite.h"
#include "rules/bots/random_bot.h"
#include "tests/cluster/cluster_support.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
// Long matches (about 260 moves with random players), so that every node
// has matches in play while the others restart.
constexpr const char* kGame = "port-royal-pfister";
constexpr int kSeats = 2;
// The test-only game at two rules versions (High Card is 2 seats as well).
constexpr const char* kVersionedGame = "high-card";
// A drained node's matches play on this long at most; one of them is
// played to its end within it, the others are restored after the restart.
constexpr double kGraceSeconds = 8;
// The load's pace: at least this long per round of one move per table (a
// match then lasts some 15 s: a fresh one outlives a drain's grace).
constexpr auto kRound = 60ms;

int env_int(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value && *value ? std::max(1, std::atoi(value)) : fallback;
}

std::string room_target(const std::string& code) { return "/ws?room=" + code; }

// One room of scripted players, connected through the proxy.
struct LoadTable {
  Table t;
  char node = 0;
  std::uint64_t acked_version = 0;  // the newest version acknowledged to a mover
  int acked_moves = 0;
  bool lost = false;  // connections gone; reconnecting
  Clock::time_point lost_at{};
  int restores = 0;
  bool finished_while_draining = false;
  std::string game = kGame;
  // Not played on until its node has been upgraded (a High Card match of
  // the old build); the rules version its match must finish under (0: any).
  bool held = false;
  int rules_version = 0;
};

std::unique_ptr<WsClient> connect_to_room(std::uint16_t proxy, const std::string& code) {
  return std::make_unique<WsClient>(proxy, server::Encoding::kBinary, "127.0.0.1", room_target(code));
}

// A new match of `game` on `node` (its character in the target: the proxy's route).
LoadTable open_load_table(std::uint16_t proxy, int node, const char* game = kGame) {
  LoadTable lt;
  lt.node = kAlphabet[node];
  lt.game = game;
  Table& t = lt.t;
  for (int i = 0; i < kSeats; ++i) {
    t.players.emplace_back();
    t.players[i].client = connect_to_room(proxy, i == 0 ? std::string(1, lt.node) : t.code);
    if (i == 0) {
      auto created = t.players[0].client->request(create_room_msg(game, kSeats, "Player 0"));
      INFO(created.ShortDebugString());
      REQUIRE(created.has_room_created());
      t.code = created.room_created().room().room_code();
      REQUIRE(t.code[0] == lt.node);
    } else {
      REQUIRE(t.players[i].client->request(join_msg(t.code, "Player " + std::to_string(i))).has_room());
    }
    auto seat = t.players[i].client->request(take_seat_msg(t.code, i));
    REQUIRE(seat.has_seat_taken());
    t.players[i].seat = i;
    t.players[i].token = seat.seat_taken().seat_token();
  }
  REQUIRE(t.players[0].client->request(start_msg(t.code)).has_room());
  sync_all(t, 0);
  return lt;
}

struct Gaps {
  std::vector<double> ms;  // one per player per reconnection
  void print(const char* what) const {
    if (ms.empty()) return;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("rolling upgrade: %s over %zu reconnections: p50 %.0f ms, p99 %.0f ms, max %.0f ms\n", what,
                sorted.size(), sorted[sorted.size() / 2], sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)],
                sorted.back());
  }
};

// Every player back through the proxy with its seat token: true once all
// are resumed and have seen every acknowledged move (the match goes on).
bool try_restore(LoadTable& lt, std::uint16_t proxy, Gaps& gaps) {
  std::vector<std::unique_ptr<WsClient>> clients;
  for (auto& p : lt.t.players) {
    try {
      auto client = connect_to_room(proxy, lt.t.code);
      auto resumed = client->request(resume_msg(lt.t.code, p.token, 0), 2s);
      if (resumed.has_error()) {
        // The node is back but its proxy route, or the node itself, is
        // still stopping or starting: only these may answer for a while.
        INFO(resumed.ShortDebugString());
        REQUIRE((resumed.error().code() == v1::SHUTTING_DOWN || resumed.error().code() == v1::UNKNOWN_ROOM));
        return false;
      }
      clients.push_back(std::move(client));
    } catch (const std::exception&) {
      return false;  // the proxy answers 503 while the node is down
    }
  }
  const double gap = std::chrono::duration<double, std::milli>(Clock::now() - lt.lost_at).count();
  for (std::size_t i = 0; i < clients.size(); ++i) {
    lt.t.players[i].client = std::move(clients[i]);
    gaps.ms.push_back(gap);
  }
  sync_all(lt.t, lt.acked_version);
  // Every move acknowledged before the stop is in the restored match.
  REQUIRE(lt.t.version >= lt.acked_version);
  lt.lost = false;
  ++lt.restores;
  return true;
}

// True once the proxy sends a room's connection to `node` again.
bool route_up(std::uint16_t proxy, char node) {
  try {
    connect_to_room(proxy, std::string(1, node));
    return true;
  } catch (const std::exception&) {
    return false;  // 503 from the proxy: the node is not up in its backend yet
  }
}

// The node closed the connections: the clients let go of theirs at once,
// as a browser does (a client that kept reading nothing would hold the
// node's shutdown for its 3 s close wait).
void mark_lost(LoadTable& lt) {
  if (lt.lost) return;
  lt.lost = true;
  lt.lost_at = Clock::now();
  for (auto& p : lt.t.players) p.client.reset();
}

// One move; marks the table lost when its node has closed the connections.
void step(LoadTable& lt, rules::Bot& bot) {
  if (lt.lost || lt.held || lt.t.finished()) return;
  try {
    SeatedPlayer& p = lt.t.players[lt.t.players[0].view.to_act(0)];
    auto action = bot.choose(p.view);
    REQUIRE(action.has_value());
    auto reply = p.client->request(submit_msg(lt.t.code, *action), 5s);
    if (!reply.has_action_accepted()) {
      // Refused only because the node is stopping: not acknowledged.
      INFO(reply.ShortDebugString());
      REQUIRE(reply.error().code() == v1::SHUTTING_DOWN);
      return mark_lost(lt);
    }
    lt.acked_version = std::max(lt.acked_version, reply.action_accepted().version());
    ++lt.acked_moves;
    sync_all(lt.t, reply.action_accepted().version());
  } catch (const std::runtime_error& e) {
    if (std::getenv("BRETHREN_ROLLING_DEBUG")) std::printf("DEBUG %s lost: %s\n", lt.t.code.c_str(), e.what());
    mark_lost(lt);
  }
}

// An idle table's connections, read without waiting, so that a stopped
// node is noticed when it happens and not at the next move.
void notice_close(LoadTable& lt) {
  if (lt.lost) return;
  for (auto& p : lt.t.players) {
    if (p.client->wait_closed(1ms)) {
      if (std::getenv("BRETHREN_ROLLING_DEBUG")) std::printf("DEBUG %s closed\n", lt.t.code.c_str());
      return mark_lost(lt);
    }
  }
}

std::int64_t count_rows(const std::string& db, const std::string& sql, const std::string& code) {
  persistence::Connection connection(db, true);
  persistence::Statement statement(connection.handle(), sql.c_str());
  statement.bind(1, code);
  REQUIRE(statement.step());
  return statement.column_int(0);
}

}  // namespace

TEST_CASE(
    "Cluster: a rolling restart under load, one node drained at a time, strands no match and loses no "
    "acknowledged move") {
  if (!cluster_tools_missing().empty()) {
    std::printf("SKIPPED: the cluster test needs %s(tools/setup.sh installs them)\n", cluster_tools_missing().c_str());
    std::exit(77);
  }
  const int tables_per_node = env_int("BRETHREN_ROLLING_TABLES_PER_NODE", 2);
  const int passes = env_int("BRETHREN_ROLLING_PASSES", 1);
  Cluster cluster(BRETHREN_TEST_GAMES_BEFORE_BUMP_BINARY);
  cluster.use_binary(BRETHREN_TEST_GAMES_SERVER_BINARY);  // every restart: the new build
  const std::uint16_t proxy = cluster.proxy_port();
  std::vector<std::unique_ptr<LoadTable>> tables;
  rules::RandomBot bot(26);
  Gaps gaps;
  int refused_on_draining = 0, created_elsewhere = 0, routes_kept = 0;
  const auto round = [&] {
    const auto start = Clock::now();
    for (auto& lt : tables) {
      step(*lt, bot);
      notice_close(*lt);
    }
    std::this_thread::sleep_until(start + kRound);
  };
  const auto live_on = [&](int node) {
    return std::count_if(tables.begin(), tables.end(), [&](const auto& lt) {
      return lt->node == kAlphabet[node] && lt->game == kGame && !lt->t.finished();
    });
  };
  // A High Card match on every node, started by the old build under
  // version 1: one round played (acknowledged), then it waits for the upgrade.
  for (int node = 0; node < Cluster::kNodes; ++node) {
    auto lt = std::make_unique<LoadTable>(open_load_table(proxy, node, kVersionedGame));
    for (int i = 0; i < kSeats; ++i) step(*lt, bot);
    REQUIRE(lt->acked_moves == kSeats);
    REQUIRE_FALSE(lt->t.finished());
    lt->held = true;
    lt->rules_version = 1;
    tables.push_back(std::move(lt));
  }

  for (int pass = 0; pass < passes; ++pass) {
    for (int node = 0; node < Cluster::kNodes; ++node) {
      INFO("pass " << pass << ", node " << node);
      // Matches in play on every node, the drained one included.
      for (int other = 0; other < Cluster::kNodes; ++other) {
        while (live_on(other) < tables_per_node) {
          tables.push_back(std::make_unique<LoadTable>(open_load_table(proxy, other)));
        }
      }
      // A fresh match there too, which cannot end within the grace: it is
      // still live at the deadline and must come back after the restart.
      tables.push_back(std::make_unique<LoadTable>(open_load_table(proxy, node)));
      for (int i = 0; i < 3; ++i) round();
      // One of the drained node's matches is played to its end within the
      // grace; the others are still live at the deadline.
      LoadTable* rushed = nullptr;
      for (auto& lt : tables) {
        if (lt->node == kAlphabet[node] && !lt->t.finished() && !lt->lost && !lt->held) {
          rushed = lt.get();
          break;
        }
      }
      REQUIRE(rushed);

      REQUIRE(cluster.drain_node(node, kGraceSeconds) == 202);
      const auto drain_started = Clock::now();
      while (!rushed->t.finished() && !rushed->lost) step(*rushed, bot);
      rushed->finished_while_draining = rushed->t.finished();
      std::optional<int> status;
      bool route_checked = false;
      auto next_probe = Clock::now();
      int in_a_row_elsewhere = 0;
      while (!(status = cluster.node_exit_status(node))) {
        REQUIRE(Clock::now() - drain_started < 60s);
        round();
        if (Clock::now() < next_probe) continue;
        next_probe = Clock::now() + 400ms;
        // A new room through the proxy lands on another node, or (before
        // the proxy's next health check) is refused by the draining one.
        WsClient newcomer(proxy);
        auto created = newcomer.request(create_room_msg(kGame, kSeats, "Newcomer"));
        if (created.has_room_created()) {
          REQUIRE(created.room_created().room().room_code()[0] != kAlphabet[node]);
          ++created_elsewhere;
          ++in_a_row_elsewhere;
        } else {
          INFO(created.ShortDebugString());
          REQUIRE((created.error().code() == v1::DRAINING || created.error().code() == v1::SHUTTING_DOWN));
          // Once out of the lobby's rotation, the node stays out.
          REQUIRE(in_a_row_elsewhere < Cluster::kNodes);
          ++refused_on_draining;
          in_a_row_elsewhere = 0;
        }
        // The lobby backend goes round robin over the nodes it counts as up:
        // as many new rooms in a row elsewhere as there are nodes say that
        // the proxy has taken the draining node out of it. Its rooms' players
        // keep their route all the same: one reconnects through the proxy.
        if (in_a_row_elsewhere < Cluster::kNodes) continue;
        for (auto& lt : tables) {
          if (route_checked || lt->node != kAlphabet[node] || lt->t.finished() || lt->lost || lt->held) continue;
          try {
            auto again = connect_to_room(proxy, lt->t.code);
            auto resumed = again->request(resume_msg(lt->t.code, lt->t.players[1].token, 0), 2s);
            if (!resumed.has_error()) {
              auto caught_up = again->wait_for_version(lt->t.version);
              REQUIRE(caught_up.has_value());
              lt->t.players[1].client = std::move(again);
              lt->t.players[1].view = caught_up->view();
              route_checked = true;
              ++routes_kept;
            }
          } catch (const std::exception&) {
            // Stopping already: nothing to check on this node.
          }
        }
      }
      REQUIRE(WIFEXITED(*status));
      REQUIRE(WEXITSTATUS(*status) == 0);
      const auto stopped = Clock::now();
      // Its connections are gone, also those of tables that sent nothing
      // since (a waiting High Card match).
      for (auto& lt : tables) {
        if (lt->node == kAlphabet[node] && !lt->t.finished()) mark_lost(*lt);
      }
      const std::string log = cluster.node_log(node);
      if (std::getenv("BRETHREN_ROLLING_DEBUG")) std::printf("%s\n", log.c_str());
      REQUIRE_THAT(log, Catch::Contains("draining (POST /admin/drain)") && Catch::Contains("shutdown complete"));

      // The new build starts on the node's database; its players come back.
      cluster.start_node(node);
      const auto restarted = Clock::now();  // listening: its rooms are recovered
      for (;;) {
        REQUIRE(Clock::now() - restarted < 60s);
        round();
        // Back when the proxy routes to it again and its players are back.
        bool all_back = route_up(proxy, kAlphabet[node]);
        for (auto& lt : tables) {
          if (lt->node != kAlphabet[node] || !lt->lost) continue;
          if (lt->t.finished() || try_restore(*lt, proxy, gaps)) continue;
          all_back = false;
        }
        if (all_back) break;
      }
      // The old build's High Card match plays on under version 1, and a
      // new one there is played under version 2.
      for (auto& lt : tables) {
        if (lt->node == kAlphabet[node]) lt->held = false;
      }
      if (pass == 0) {
        auto fresh = std::make_unique<LoadTable>(open_load_table(proxy, node, kVersionedGame));
        fresh->rules_version = 2;
        tables.push_back(std::move(fresh));
      }
      const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
      std::printf(
          "rolling upgrade: node %d drained for %.0f ms (deadline %.0f ms), its restart took %.0f ms to listen and "
          "%.0f ms more until the proxy routed to it and its players were back\n",
          node, ms(stopped - drain_started), kGraceSeconds * 1000, ms(restarted - stopped),
          ms(Clock::now() - restarted));
    }
  }

  // Every match plays on to its end; none is stranded.
  for (auto& lt : tables) {
    INFO("room " << lt->t.code << " (" << lt->game << ", restored " << lt->restores << " times, version "
                 << lt->t.version << ", lost " << lt->lost << ")");
    for (int guard = 0; !lt->t.finished(); ++guard) {
      REQUIRE(guard < 100000);
      REQUIRE_FALSE(lt->lost);
      step(*lt, bot);
    }
  }
  // Stopped (no live match: at once), each node's database holds every
  // acknowledged move of its matches, and each match is finished.
  for (int node = 0; node < Cluster::kNodes; ++node) {
    const int status = cluster.stop_node(node, SIGTERM);
    REQUIRE(status != -1);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
  }
  int restored = 0, finished_during_drain = 0, old_rules_finished = 0;
  for (auto& lt : tables) {
    INFO("room " << lt->t.code);
    const std::string db = cluster.node_db(static_cast<int>(std::string(kAlphabet).find(lt->node)));
    REQUIRE(count_rows(db, "SELECT COUNT(*) FROM matches WHERE room_code = ?1 AND status = 'finished'", lt->t.code) ==
            1);
    REQUIRE(count_rows(db, "SELECT COUNT(*) FROM actions a JOIN matches m ON a.match_id = m.id WHERE m.room_code = ?1",
                       lt->t.code) >= lt->acked_moves);
    if (lt->rules_version != 0) {
      // High Card: finished under the rules it was started under.
      REQUIRE(count_rows(db,
                         "SELECT COUNT(*) FROM matches WHERE room_code = ?1 AND status = 'finished' AND "
                         "rules_version = " +
                             std::to_string(lt->rules_version),
                         lt->t.code) == 1);
      if (lt->rules_version == 1) {
        REQUIRE(lt->restores > 0);  // it was live while its node was upgraded
        ++old_rules_finished;
      }
    }
    restored += lt->restores > 0;
    finished_during_drain += lt->finished_while_draining;
  }
  REQUIRE(restored > 0);
  REQUIRE(routes_kept > 0);
  REQUIRE(finished_during_drain > 0);
  REQUIRE(old_rules_finished == Cluster::kNodes);
  std::printf(
      "rolling upgrade: %zu matches on 3 nodes, %d pass(es); %d finished while their node drained, %d restored "
      "after a restart by the new build (%d High Card matches of the old build finished under rules version 1); "
      "new rooms while a node drained: %d created on other nodes, %d refused by the draining node before the "
      "proxy's health check saw it\n",
      tables.size(), passes, finished_during_drain, restored, old_rules_finished, created_elsewhere,
      refused_on_draining);
  gaps.print("reconnection gap per player (connection lost to match resumed)");
}
