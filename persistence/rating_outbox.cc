#include "persistence/rating_outbox.h"

#include "persistence/sqlite.h"

namespace brethren::persistence {

namespace outbox_rows {

void add(Connection& db, const OutboxMatch& m) {
  db.prepare("INSERT INTO rating_outbox (match_id, room_code, game_id, finished_at, rated) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, m.match_id)
      .bind(2, m.room_code)
      .bind(3, m.game_id)
      .bind(4, m.finished_at)
      .bind(5, m.rated ? 1 : 0)
      .run();
  auto seat = db.prepare(
      "INSERT INTO rating_outbox_seats (match_id, seat, account_id, bot_kind, side, place, abandoned) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  for (const auto& s : m.seats) {
    seat.bind(1, m.match_id)
        .bind(2, s.seat)
        .bind(3, s.account_id)
        .bind(4, s.bot_kind)
        .bind(5, s.side)
        .bind(6, s.place)
        .bind(7, s.abandoned ? 1 : 0)
        .run();
  }
}

void remove(Connection& db, std::int64_t match_id) {
  db.prepare("DELETE FROM rating_outbox_seats WHERE match_id = ?1").bind(1, match_id).run();
  db.prepare("DELETE FROM rating_outbox WHERE match_id = ?1").bind(1, match_id).run();
}

}  // namespace outbox_rows

RatingOutbox::RatingOutbox(const std::string& path) : db_(std::make_unique<Connection>(path, true)) {}

RatingOutbox::~RatingOutbox() = default;

std::optional<OutboxMatch> RatingOutbox::oldest() const {
  std::lock_guard lock(mutex_);
  // One read transaction, so that the row and its seats are of one commit.
  db_->exec("BEGIN");
  try {
    auto st = db_->prepare(
        "SELECT seq, match_id, room_code, game_id, finished_at, rated FROM rating_outbox ORDER BY seq LIMIT 1");
    std::optional<OutboxMatch> out;
    if (st.step()) {
      out.emplace();
      out->seq = st.column_int(0);
      out->match_id = st.column_int(1);
      out->room_code = st.column_text(2);
      out->game_id = st.column_text(3);
      out->finished_at = st.column_int(4);
      out->rated = st.column_int(5) != 0;
      auto seats = db_->prepare(
          "SELECT seat, account_id, bot_kind, side, place, abandoned FROM rating_outbox_seats WHERE match_id = ?1 "
          "ORDER BY seat");
      seats.bind(1, out->match_id);
      while (seats.step()) {
        out->seats.push_back({static_cast<int>(seats.column_int(0)), seats.column_int(1), seats.column_text(2),
                              static_cast<int>(seats.column_int(3)), static_cast<int>(seats.column_int(4)),
                              seats.column_int(5) != 0});
      }
    }
    db_->exec("COMMIT");
    return out;
  } catch (...) {
    db_->exec("ROLLBACK");
    throw;
  }
}

std::size_t RatingOutbox::size() const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare("SELECT COUNT(*) FROM rating_outbox");
  st.step();
  return static_cast<std::size_t>(st.column_int(0));
}

}  // namespace brethren::persistence
