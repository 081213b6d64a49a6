// A SQLite store holding one room whose match is about to finish, for the
// ratings outbox tests: seats held by accounts, bots or nobody, and the unit
// that stores the result with a rating step (single node or outbox).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "server/rating/finished_match.h"

namespace brethren::testing {

// One seat: an account id, else a bot kind, else nobody's.
struct TestSeat {
  std::int64_t account_id = 0;
  std::string bot_kind;
  int side = 0;
  int place = 0;
  bool abandoned = false;
};

inline rating::FinishedMatch seat_room(persistence::Store& store, const std::string& code, std::int64_t match_id,
                                       bool rated, const std::vector<TestSeat>& seats) {
  using namespace persistence;
  store.commit_unit(
      Store::Unit().insert_room(RoomRecord{code, "letter-of-marque", "", false, "", static_cast<int>(seats.size()),
                                           "hosthash", RoomStatus::kPlaying, 1, 0, ""}),
      nullptr);
  rating::FinishedMatch match;
  match.match_id = match_id;
  match.room_code = code;
  match.game_id = "letter-of-marque";
  match.finished_at = 1700000000000 + match_id;
  match.room_rated = rated;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    SeatRecord seat;
    seat.room_code = code;
    seat.seat = static_cast<int>(s);
    seat.display_name = seats[s].bot_kind.empty() ? "Player" : "Bot";
    seat.bot_kind = seats[s].bot_kind;
    seat.account_id = seats[s].account_id;
    store.upsert_seat(seat, nullptr);
    match.seats.push_back({seats[s].side, seats[s].place, seats[s].abandoned});
  }
  MatchRecord record;
  record.id = match_id;
  record.room_code = code;
  record.game_id = "letter-of-marque";
  record.seat_count = static_cast<int>(seats.size());
  record.started_at = 1;
  store.commit_unit(Store::Unit().insert_match(record), nullptr);
  store.flush();
  return match;
}

// Commits the match's final unit with `step` (finished_match_step or
// outbox_step); returns the store's error ("" when it committed).
inline std::string finish(persistence::Store& store, const rating::FinishedMatch& match,
                          std::function<void(persistence::Connection&)> step) {
  using namespace persistence;
  std::string error = "not answered";
  Store::Unit unit;
  unit.run(std::move(step))
      .finish_match(ResultRecord{match.match_id, "o", "done", match.finished_at, ""})
      .set_room_status(match.room_code, RoomStatus::kFinished, match.finished_at);
  store.commit_unit(std::move(unit), [&error](bool ok, const std::string& why) { error = ok ? "" : why; });
  store.flush();
  return error;
}

inline std::int64_t count(const std::string& path, const std::string& sql) {
  persistence::Connection db(path, true);
  auto st = db.prepare(sql.c_str());
  st.step();
  return st.column_int(0);
}

}  // namespace brethren::testing
