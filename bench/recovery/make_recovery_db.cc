// brethren-make-recovery-db: writes a database holding N rooms whose matches
// are unfinished (seeded random play stopped part-way), as a server that was
// killed mid-evening leaves it, and optionally the history of F matches
// played to their end long ago (rooms finished before any retention), which
// start-up must not read. The restart-recovery figure starts
// brethren-server on it and reads the "recovered ... in X s" log line.
//
//   brethren-make-recovery-db --db /tmp/recovery.db --matches 10000 --finished 100000
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "persistence/store.h"
#include "rules/registry/all_games.h"
#include "tools/command_line.h"

namespace po = boost::program_options;
using namespace brethren;

int main(int argc, char** argv) {
  std::string db, game_id = "letter-of-marque";
  std::size_t matches = 10000, finished = 0;
  int seats = 4;
  std::uint64_t seed = 1;
  po::options_description desc("brethren-make-recovery-db: a database of unfinished matches\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("db", po::value(&db)->required(), "SQLite file to create (must not exist)")
      ("matches", po::value(&matches)->default_value(matches), "unfinished matches (one room each)")
      ("finished", po::value(&finished)->default_value(finished), "matches played to their end long ago (one finished room each)")
      ("game", po::value(&game_id)->default_value(game_id), "game id")
      ("seats", po::value(&seats)->default_value(seats), "seats per match")
      ("seed", po::value(&seed)->default_value(seed), "seed of match 0; match i uses seed + i");
  // clang-format on
  po::variables_map vm;
  if (auto exit_code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-make-recovery-db"))
    return *exit_code;
  const rules::GameRegistry games = rules::make_all_games_registry();
  const rules::Game* game = games.find(game_id);
  if (!game) {
    std::cerr << "brethren-make-recovery-db: unknown game '" << game_id << "'\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  // NORMAL sync: this only prepares the input; the server reads it back.
  auto store = persistence::Store::open(db, persistence::StoreOptions{false});
  std::size_t failed = 0, actions = 0;
  auto count_failure = [&failed](bool ok, const std::string& error) {
    if (!ok && failed++ == 0) std::cerr << "brethren-make-recovery-db: " << error << "\n";
  };
  std::vector<rules::ActionId> legal;
  std::size_t finished_actions = 0;
  for (std::size_t i = 0; i < matches + finished; ++i) {
    // Rooms [0, matches) are live, the rest hold finished matches.
    const bool to_the_end = i >= matches;
    char code[32];
    std::snprintf(code, sizeof code, "R%08zu", i);
    const std::int64_t now = 1'700'000'000'000 + static_cast<std::int64_t>(i);
    persistence::RoomRecord room;
    room.code = code;
    room.game_id = game_id;
    room.seat_count = seats;
    room.host_token_hash = "h";
    room.status = persistence::RoomStatus::kPlaying;  // kFinished once its final move is stored
    room.created_at = now;
    store->insert_room(std::move(room), count_failure);
    for (int s = 0; s < seats; ++s) {
      store->upsert_seat(
          persistence::SeatRecord{code, s, "Player " + std::to_string(s), "t" + std::to_string(s), "", 0},
          count_failure);
    }
    const rules::MatchSetup setup{{}, seats, seed + i};
    auto state = game->new_match(setup);
    if (!state) {
      std::cerr << "brethren-make-recovery-db: " << state.error().message << "\n";
      return 1;
    }
    const std::int64_t match_id = store->next_match_id();
    persistence::MatchRecord record;
    record.id = match_id;
    record.room_code = code;
    record.game_id = game_id;
    record.seed = seed + i;
    record.seat_count = seats;
    record.status = persistence::MatchStatus::kLive;
    record.started_at = now;
    store->commit_unit(persistence::Store::Unit().insert_match(std::move(record)), count_failure);
    // Play a random number of random moves, never the last one; or, for a
    // finished match, every move, the last one stored with the result and
    // the room's status as the server does.
    rules::Rng rng(seed * 7919 + i);
    const std::uint32_t target = to_the_end ? 100000 : 1 + rng.below(60);
    auto& live = *state;
    for (std::int64_t seq = 1; seq <= target; ++seq) {
      const auto acting = live->acting_seats();
      const rules::Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      live->legal_actions(seat, legal);
      const rules::ActionId action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      auto next = live->clone();
      next->apply_legal(seat, action);
      if (next->is_terminal() && !to_the_end) break;
      persistence::ActionRecord row;
      row.match_id = match_id;
      row.seq = seq;
      row.seat = seat;
      row.action = live->encode_action(seat, action).SerializeAsString();
      row.at = now;
      live = std::move(next);
      if (to_the_end)
        ++finished_actions;
      else
        ++actions;
      if (!live->is_terminal()) {
        store->commit_unit(persistence::Store::Unit().append_action(std::move(row)), count_failure);
        continue;
      }
      const auto outcome = live->outcome();
      persistence::ResultRecord result{match_id, outcome.SerializeAsString(), outcome.summary(), now, ""};
      if (game->info().action_log_secret()) result.final_state = live->serialize();
      persistence::Store::Unit unit;
      unit.append_action(std::move(row))
          .finish_match(std::move(result))
          .set_room_status(code, persistence::RoomStatus::kFinished, now);
      store->commit_unit(std::move(unit), count_failure);
      break;
    }
  }
  store->flush();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "wrote %zu unfinished %s matches (%zu actions, %.1f per match) and %zu finished ones (%zu actions) to %s "
      "in %.1f s, %zu failed writes\n",
      matches, game_id.c_str(), actions, matches ? static_cast<double>(actions) / static_cast<double>(matches) : 0.0,
      finished, finished_actions, db.c_str(), seconds, failed);
  return failed ? 1 : 0;
}
