#include "persistence/ratings.h"

#include "persistence/sqlite.h"

namespace brethren::persistence {
namespace {

#define RATING_COLUMNS "account_id, game_id, mu, sigma, shown, games, wins, updated_at"

RatingRecord rating_from(Statement& st, int first = 0) {
  return RatingRecord{st.column_int(first),      st.column_text(first + 1), st.column_real(first + 2),
                      st.column_real(first + 3), st.column_real(first + 4), st.column_int(first + 5),
                      st.column_int(first + 6),  st.column_int(first + 7)};
}

}  // namespace

namespace rating_rows {

std::vector<SeatHolder> seat_holders(Connection& db, const std::string& room_code) {
  auto st = db.prepare("SELECT seat, account_id, bot_kind FROM seats WHERE room_code = ?1 ORDER BY seat");
  st.bind(1, room_code);
  std::vector<SeatHolder> holders;
  while (st.step())
    holders.push_back(SeatHolder{static_cast<int>(st.column_int(0)), st.column_int(1), st.column_text(2)});
  return holders;
}

std::optional<RatingRecord> rating(Connection& db, std::int64_t account_id, const std::string& game_id) {
  auto st = db.prepare("SELECT " RATING_COLUMNS " FROM ratings WHERE account_id = ?1 AND game_id = ?2");
  st.bind(1, account_id).bind(2, game_id);
  if (!st.step()) return std::nullopt;
  return rating_from(st);
}

void put_rating(Connection& db, const RatingRecord& r) {
  db.prepare("INSERT INTO ratings (" RATING_COLUMNS
             ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (account_id, game_id) DO UPDATE SET mu = ?3, "
             "sigma = ?4, shown = ?5, games = ?6, wins = ?7, updated_at = ?8")
      .bind(1, r.account_id)
      .bind(2, r.game_id)
      .bind_real(3, r.mu)
      .bind_real(4, r.sigma)
      .bind_real(5, r.shown)
      .bind(6, r.games)
      .bind(7, r.wins)
      .bind(8, r.updated_at)
      .run();
}

void add_match_player(Connection& db, const MatchPlayerRecord& p) {
  db.prepare(
        "INSERT INTO match_players (match_id, seat, account_id, game_id, place, won, rated, shown_before, "
        "shown_after, finished_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
      .bind(1, p.match_id)
      .bind(2, p.seat)
      .bind(3, p.account_id)
      .bind(4, p.game_id)
      .bind(5, p.place)
      .bind(6, p.won ? 1 : 0)
      .bind(7, p.rated ? 1 : 0)
      .bind_real(8, p.shown_before)
      .bind_real(9, p.shown_after)
      .bind(10, p.finished_at)
      .run();
}

}  // namespace rating_rows

RatingReader::RatingReader(const std::string& path) : db_(std::make_unique<Connection>(path, true)) {}

RatingReader::~RatingReader() = default;

std::optional<PublicAccount> RatingReader::claimed_account(const std::string& username_key) const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare(
      "SELECT id, username, display_name, created_at FROM accounts WHERE username_key = ?1 AND claimed_at > 0");
  st.bind(1, username_key);
  if (!st.step()) return std::nullopt;
  return PublicAccount{st.column_int(0), st.column_text(1), st.column_text(2), st.column_int(3)};
}

std::vector<RatingRecord> RatingReader::ratings_of(std::int64_t account_id) const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare("SELECT " RATING_COLUMNS " FROM ratings WHERE account_id = ?1 ORDER BY game_id");
  st.bind(1, account_id);
  std::vector<RatingRecord> out;
  while (st.step()) out.push_back(rating_from(st));
  return out;
}

std::optional<RatingRecord> RatingReader::rating(std::int64_t account_id, const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare("SELECT " RATING_COLUMNS " FROM ratings WHERE account_id = ?1 AND game_id = ?2");
  st.bind(1, account_id).bind(2, game_id);
  if (!st.step()) return std::nullopt;
  return rating_from(st);
}

std::vector<MatchPlayerRecord> RatingReader::recent_matches(std::int64_t account_id, std::size_t limit) const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare(
      "SELECT match_id, seat, account_id, game_id, place, won, rated, shown_before, shown_after, finished_at "
      "FROM match_players WHERE account_id = ?1 ORDER BY finished_at DESC, match_id DESC LIMIT ?2");
  st.bind(1, account_id).bind(2, static_cast<std::int64_t>(limit));
  std::vector<MatchPlayerRecord> out;
  while (st.step()) {
    out.push_back(MatchPlayerRecord{st.column_int(0), static_cast<int>(st.column_int(1)), st.column_int(2),
                                    st.column_text(3), static_cast<int>(st.column_int(4)), st.column_int(5) != 0,
                                    st.column_int(6) != 0, st.column_real(7), st.column_real(8), st.column_int(9)});
  }
  return out;
}

std::vector<BoardRow> RatingReader::leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                                std::size_t offset, std::size_t limit) const {
  std::lock_guard lock(mutex_);
  auto st = db_->prepare(
      "SELECT a.username, r.account_id, r.game_id, r.mu, r.sigma, r.shown, r.games, r.wins, r.updated_at "
      "FROM ratings r JOIN accounts a ON a.id = r.account_id "
      "WHERE r.game_id = ?1 AND r.sigma <= ?2 AND r.games >= ?3 AND a.claimed_at > 0 "
      "ORDER BY r.shown DESC, r.account_id LIMIT ?4 OFFSET ?5");
  st.bind(1, game_id)
      .bind_real(2, max_sigma)
      .bind(3, min_games)
      .bind(4, static_cast<std::int64_t>(limit))
      .bind(5, static_cast<std::int64_t>(offset));
  std::vector<BoardRow> out;
  while (st.step()) out.push_back(BoardRow{st.column_text(0), rating_from(st, 1)});
  return out;
}

}  // namespace brethren::persistence
