#include "persistence/postgres/match_rating_applier.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "persistence/postgres/transaction.h"

namespace brethren::persistence::postgres {
namespace {

// A losing transaction of a deadlock or serialisation failure is run again.
constexpr int kAttempts = 5;

RatingRecord rating_from(const Result& r, int row) {
  RatingRecord out;
  out.account_id = r.int64(row, 0);
  out.game_id = r.text(row, 1);
  out.mu = r.real(row, 2);
  out.sigma = r.real(row, 3);
  out.shown = r.real(row, 4);
  out.games = r.int64(row, 5);
  out.wins = r.int64(row, 6);
  out.updated_at = r.int64(row, 7);
  return out;
}

// The ids as a PostgreSQL array literal, a parameter value ("{1,2,3}").
std::string id_array(const std::set<std::int64_t>& ids) {
  std::string out = "{";
  for (const auto id : ids) {
    if (out.size() > 1) out += ',';
    out += std::to_string(id);
  }
  out += '}';
  return out;
}

MatchRatingApplier::Outcome apply_once(Connection& c, const FinishedMatchRows& m, const NewRating& initial,
                                       const MatchRatingApplier::Rate& rate) {
  const bool first =
      c.exec(
           "INSERT INTO applied_matches (node_id, match_id, applied_at) "
           "VALUES ($1, $2, (extract(epoch FROM clock_timestamp()) * 1000)::bigint) ON CONFLICT DO NOTHING",
           {m.node_id, m.match_id})
          .affected() == 1;
  // A concurrent apply of the same match waits above for the other's commit.
  if (!first) return MatchRatingApplier::Outcome::already_applied;

  std::set<std::int64_t> ids;
  for (const auto& p : m.players) ids.insert(p.account_id);
  if (m.rated && ids.size() != m.players.size()) throw std::invalid_argument("a rated match with one account twice");
  // The accounts stay while this runs (a deletion waits); a deleted one is absent.
  std::set<std::int64_t> present;
  auto live = c.exec("SELECT id FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR KEY SHARE", {id_array(ids)});
  for (int row = 0; row < live.rows(); ++row) present.insert(live.int64(row, 0));

  std::map<std::int64_t, RatingRecord> before;
  if (m.rated) {
    // In account id order, as every apply does, so that two of them never
    // wait for each other in a cycle: make the row if missing, then lock it.
    for (const auto id : present) {
      c.exec(
          "INSERT INTO ratings (account_id, game_id, mu, sigma, shown, games, wins, updated_at) "
          "VALUES ($1, $2, $3, $4, $5, 0, 0, 0) ON CONFLICT DO NOTHING",
          {id, m.game_id, initial.mu, initial.sigma, initial.shown});
      auto row = c.exec(
          "SELECT account_id, game_id, mu, sigma, shown, games, wins, updated_at FROM ratings "
          "WHERE account_id = $1 AND game_id = $2 FOR UPDATE",
          {id, m.game_id});
      before[id] = rating_from(row, 0);
    }
    std::vector<RatingRecord> befores;
    for (const auto& p : m.players) {
      auto found = before.find(p.account_id);
      RatingRecord fresh;
      fresh.account_id = p.account_id;
      fresh.game_id = m.game_id;
      fresh.mu = initial.mu;
      fresh.sigma = initial.sigma;
      fresh.shown = initial.shown;
      befores.push_back(found != before.end() ? found->second : fresh);
    }
    const auto after = rate(befores);
    if (after.size() != m.players.size()) throw std::invalid_argument("rate answered for another number of players");
    for (std::size_t i = 0; i < m.players.size(); ++i) {
      const auto& p = m.players[i];
      if (!present.count(p.account_id)) continue;
      c.exec(
          "UPDATE ratings SET mu = $3, sigma = $4, shown = $5, games = games + 1, wins = wins + $6, updated_at = $7 "
          "WHERE account_id = $1 AND game_id = $2",
          {p.account_id, m.game_id, after[i].mu, after[i].sigma, after[i].shown, p.won ? 1 : 0, m.finished_at});
      c.exec(
          "INSERT INTO match_players (node_id, match_id, seat, account_id, game_id, room_code, place, won, rated, "
          "shown_before, shown_after, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11)",
          {m.node_id, m.match_id, p.seat, p.account_id, m.game_id, m.room_code, p.place, p.won, befores[i].shown,
           after[i].shown, m.finished_at});
    }
  } else {
    for (const auto& p : m.players) {
      if (!present.count(p.account_id)) continue;
      c.exec(
          "INSERT INTO match_players (node_id, match_id, seat, account_id, game_id, room_code, place, won, rated, "
          "shown_before, shown_after, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, 0, 0, $9)",
          {m.node_id, m.match_id, p.seat, p.account_id, m.game_id, m.room_code, p.place, p.won, m.finished_at});
    }
  }
  return MatchRatingApplier::Outcome::applied;
}

}  // namespace

MatchRatingApplier::Outcome MatchRatingApplier::apply(const FinishedMatchRows& match, const NewRating& initial,
                                                      const Rate& rate) {
  auto db = pool_.lease();
  for (int attempt = 1;; ++attempt) {
    try {
      return in_transaction(*db, [&](Connection& c) { return apply_once(c, match, initial, rate); });
    } catch (const RetryableError&) {
      if (attempt == kAttempts) throw;
    }
  }
}

}  // namespace brethren::persistence::postgres
