#include "persistence/postgres/rating_reader.h"

namespace brethren::persistence::postgres {
namespace {

RatingRecord rating_from(const Result& r, int row, int first = 0) {
  RatingRecord out;
  out.account_id = r.int64(row, first);
  out.game_id = r.text(row, first + 1);
  out.mu = r.real(row, first + 2);
  out.sigma = r.real(row, first + 3);
  out.shown = r.real(row, first + 4);
  out.games = r.int64(row, first + 5);
  out.wins = r.int64(row, first + 6);
  out.updated_at = r.int64(row, first + 7);
  return out;
}

long long count(std::size_t n) { return static_cast<long long>(n); }

}  // namespace

std::optional<PublicAccount> RatingReader::claimed_account(const std::string& username_key) const {
  auto db = pool_.lease();
  auto r =
      db->exec("SELECT id, username, display_name, created_at FROM accounts WHERE username_key = $1 AND claimed_at > 0",
               {username_key});
  if (r.rows() == 0) return std::nullopt;
  PublicAccount out;
  out.id = r.int64(0, 0);
  out.username = r.text(0, 1);
  out.display_name = r.text(0, 2);
  out.created_at = r.int64(0, 3);
  return out;
}

std::vector<RatingRecord> RatingReader::ratings_of(std::int64_t account_id) const {
  auto db = pool_.lease();
  auto r = db->exec(
      "SELECT account_id, game_id, mu, sigma, shown, games, wins, updated_at FROM ratings WHERE account_id = $1 "
      "ORDER BY game_id",
      {account_id});
  std::vector<RatingRecord> out;
  for (int row = 0; row < r.rows(); ++row) out.push_back(rating_from(r, row));
  return out;
}

std::optional<RatingRecord> RatingReader::rating(std::int64_t account_id, const std::string& game_id) const {
  auto db = pool_.lease();
  auto r = db->exec(
      "SELECT account_id, game_id, mu, sigma, shown, games, wins, updated_at FROM ratings "
      "WHERE account_id = $1 AND game_id = $2",
      {account_id, game_id});
  if (r.rows() == 0) return std::nullopt;
  return rating_from(r, 0);
}

std::vector<PlayedMatch> RatingReader::recent_matches(std::int64_t account_id, std::size_t limit) const {
  auto db = pool_.lease();
  auto r = db->exec(
      "SELECT node_id, room_code, match_id, seat, account_id, game_id, place, won, rated, shown_before, shown_after, "
      "finished_at FROM match_players WHERE account_id = $1 "
      "ORDER BY finished_at DESC, node_id DESC, match_id DESC LIMIT $2",
      {account_id, count(limit)});
  std::vector<PlayedMatch> out;
  for (int row = 0; row < r.rows(); ++row) {
    PlayedMatch m;
    m.node_id = static_cast<int>(r.int64(row, 0));
    m.room_code = r.text(row, 1);
    m.player.match_id = r.int64(row, 2);
    m.player.seat = static_cast<int>(r.int64(row, 3));
    m.player.account_id = r.int64(row, 4);
    m.player.game_id = r.text(row, 5);
    m.player.place = static_cast<int>(r.int64(row, 6));
    m.player.won = r.boolean(row, 7);
    m.player.rated = r.boolean(row, 8);
    m.player.shown_before = r.real(row, 9);
    m.player.shown_after = r.real(row, 10);
    m.player.finished_at = r.int64(row, 11);
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<BoardRow> RatingReader::leaderboard(const std::string& game_id, double max_sigma, std::int64_t min_games,
                                                std::size_t offset, std::size_t limit) const {
  auto db = pool_.lease();
  auto r = db->exec(
      "SELECT a.username, r.account_id, r.game_id, r.mu, r.sigma, r.shown, r.games, r.wins, r.updated_at "
      "FROM ratings r JOIN accounts a ON a.id = r.account_id "
      "WHERE r.game_id = $1 AND r.sigma <= $2 AND r.games >= $3 AND a.claimed_at > 0 "
      "ORDER BY r.shown DESC, r.account_id LIMIT $4 OFFSET $5",
      {game_id, max_sigma, min_games, count(limit), count(offset)});
  std::vector<BoardRow> out;
  for (int row = 0; row < r.rows(); ++row) out.push_back(BoardRow{r.text(row, 0), rating_from(r, row, 1)});
  return out;
}

}  // namespace brethren::persistence::postgres
