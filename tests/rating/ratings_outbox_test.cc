// The ratings outbox on SQLite (docs/accounts.md, "The ratings outbox"): a
// cluster node's finished match stores its outbox row in the unit of its
// result, all or nothing, and rates nothing locally.
#include <catch2/catch.hpp>

#include "persistence/rating_outbox.h"
#include "tests/rating/outbox_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::persistence;
using brethren::testing::count;
using brethren::testing::finish;
using brethren::testing::seat_room;
using brethren::testing::TempDir;

TEST_CASE("Rating outbox: the row commits with the result, carrying the seats, and no local rating is written") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  auto store = Store::open(path);
  const auto match = seat_room(*store, "OUT", store->next_match_id(), true,
                               {{11, "", 0, 2, false}, {0, "medium", 1, 1, false}, {12, "", 2, 3, true}});
  REQUIRE(finish(*store, match, rating::outbox_step(match)) == "");

  REQUIRE(store->load_result(match.match_id).has_value());
  RatingOutbox outbox(path);
  REQUIRE(outbox.size() == 1);
  const auto row = outbox.oldest();
  REQUIRE(row.has_value());
  REQUIRE(row->match_id == match.match_id);
  REQUIRE(row->room_code == "OUT");
  REQUIRE(row->game_id == "letter-of-marque");
  REQUIRE(row->finished_at == match.finished_at);
  REQUIRE(row->rated);
  REQUIRE(row->seats.size() == 3);
  REQUIRE(row->seats[0].account_id == 11);
  REQUIRE(row->seats[0].place == 2);
  REQUIRE(row->seats[1].bot_kind == "medium");
  REQUIRE(row->seats[1].account_id == 0);
  REQUIRE(row->seats[1].side == 1);
  REQUIRE(row->seats[2].account_id == 12);
  REQUIRE(row->seats[2].abandoned);
  // The shared PostgreSQL rates it: nothing here.
  REQUIRE(count(path, "SELECT COUNT(*) FROM ratings") == 0);
  REQUIRE(count(path, "SELECT COUNT(*) FROM match_players") == 0);

  // Removed once sent; the next row is the next one committed.
  const auto second = seat_room(*store, "TWO", store->next_match_id(), false, {{11, "", 0, 1}, {12, "", 1, 2}});
  REQUIRE(finish(*store, second, rating::outbox_step(second)) == "");
  store->commit_unit(Store::Unit().run([id = match.match_id](Connection& db) { outbox_rows::remove(db, id); }),
                     nullptr);
  store->flush();
  REQUIRE(outbox.size() == 1);
  REQUIRE(outbox.oldest()->match_id == second.match_id);
  REQUIRE_FALSE(outbox.oldest()->rated);  // the room is not rated
  REQUIRE(count(path, "SELECT COUNT(*) FROM rating_outbox_seats") == 2);
}

TEST_CASE("Rating outbox: a result never commits without its outbox row, nor the row without the result") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  auto store = Store::open(path);
  const auto match = seat_room(*store, "ALL", store->next_match_id(), true, {{21, "", 0, 1}, {22, "", 1, 2}});
  struct Fault {
    const char* where;
    const char* trigger;
  };
  const auto fault = GENERATE(Fault{"the outbox row", "BEFORE INSERT ON rating_outbox"},
                              Fault{"its seats", "BEFORE INSERT ON rating_outbox_seats"},
                              Fault{"the result", "BEFORE INSERT ON results"});
  INFO("failing: " << fault.where);
  {
    Connection saboteur(path);
    saboteur.exec(
        (std::string("CREATE TRIGGER fault ") + fault.trigger + " BEGIN SELECT RAISE(ABORT, 'no'); END").c_str());
  }
  REQUIRE_THAT(finish(*store, match, rating::outbox_step(match)), Catch::Contains("no"));
  REQUIRE_FALSE(store->load_result(match.match_id).has_value());
  REQUIRE(count(path, "SELECT COUNT(*) FROM rating_outbox") == 0);
  REQUIRE(count(path, "SELECT COUNT(*) FROM rating_outbox_seats") == 0);

  {
    Connection saboteur(path);
    saboteur.exec("DROP TRIGGER fault");
  }
  REQUIRE(finish(*store, match, rating::outbox_step(match)) == "");
  REQUIRE(store->load_result(match.match_id).has_value());
  REQUIRE(RatingOutbox(path).size() == 1);
}

TEST_CASE("Rating outbox: a match the model cannot rate is stored unrated") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  auto store = Store::open(path);
  // A seat without an account; a bot without a fixed rating; one side only.
  const auto guest = seat_room(*store, "GST", store->next_match_id(), true, {{31, "", 0, 1}, {0, "", 1, 2}});
  const auto one_side = seat_room(*store, "ONE", store->next_match_id(), true, {{31, "", 0, 1}, {32, "", 0, 1}});
  REQUIRE(finish(*store, guest, rating::outbox_step(guest)) == "");
  REQUIRE(finish(*store, one_side, rating::outbox_step(one_side)) == "");
  RatingOutbox outbox(path);
  REQUIRE(outbox.size() == 2);
  REQUIRE(count(path, "SELECT COUNT(*) FROM rating_outbox WHERE rated = 0") == 2);
}
