// A finished match's ratings, stored with its result (docs/ratings.md): the
// room builds a FinishedMatch and adds finished_match_step() to the unit
// that commits the final move and the result, so that the ratings and the
// result commit together or not at all. Knows no game: sides and places
// come from the rules (State::rated_sides), seat holders from the store.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace brethren::persistence {
class Connection;
}

namespace brethren::rating {

struct FinishedMatch {
  std::int64_t match_id = 0;
  std::string room_code;
  std::string game_id;
  std::int64_t finished_at = 0;  // Unix milliseconds
  bool room_rated = false;       // RoomSettings.rated
  struct Seat {
    int side = 0;            // seats of one side are rated as a team
    int place = 0;           // the side's place, 1 = best
    bool abandoned = false;  // ranked last (docs/ratings.md, "Abandons")
  };
  std::vector<Seat> seats;  // by seat number
};

// Why a match of a rated room is not rated, or "" when it is; reads the
// seats' holders on `db`. Exposed for tests.
std::string unrated_reason(persistence::Connection& db, const FinishedMatch& match);

// The step for Store::Unit::run: records every account's seat of the match
// (persistence::MatchPlayerRecord) and, when the match is rated, every
// account's new rating. Throws only when the database fails (the unit then
// rolls back, result included).
std::function<void(persistence::Connection&)> finished_match_step(FinishedMatch match);

// The step a node of a cluster runs instead (docs/accounts.md, "The ratings
// outbox"): stores the match, its seats' holders and whether it is rated as
// an outbox row (persistence/rating_outbox.h), for the sender to apply on the
// shared PostgreSQL; no local rating or match_players row. Throws only when
// the database fails.
std::function<void(persistence::Connection&)> outbox_step(FinishedMatch match);

}  // namespace brethren::rating
