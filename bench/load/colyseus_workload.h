// Complete Letter of Marque games against Colyseus 0.16
// (bench/peers/colyseus-server.js) through its own protocol (seat
// reservation over HTTP, then the room's WebSocket: colyseus_protocol.h,
// seat_reservation.h), the same workload as bench/peers/load.js's colyseus
// target but without Node's cost on the load generator's core:
//
// - a room per table: the host reserves with create {seats, seat: 0}, and
//   once it has joined the others reserve with joinById {seat}; the room
//   deals the first game when the last seat joins, and the next one when the
//   host sends "again", so the table stays in its room;
// - each seat plays a uniformly random legal action from its own "view"
//   message, at once when the view says it must act (saturation), or after a
//   think time uniform in [0.5, 1.5] x --think-ms (realistic);
// - a move's round trip: from sending it to the mover's own view that
//   contains it (its move count has grown);
// - a finished game: every seat saw the end, with the same winners and scores;
// - saturation's warm-up counts from the moment every table has its first
//   view (at most 60 s after the start).
// Idle mode: the first connection creates an "idle" room and every other
// joins it by id.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <vector>

#include "bench/load/colyseus_protocol.h"
#include "bench/load/options.h"
#include "bench/load/stats.h"
#include "bench/load/workload.h"
#include "rules/core/rng.h"

namespace brethren::bench {

class ColyseusWorkload final : public Workload {
 public:
  ColyseusWorkload(boost::asio::io_context& io, const LoadOptions& options,
                   std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats);
  ~ColyseusWorkload() override;
  void start() override;
  void on_frame(Connection& c, std::string_view frame, bool text) override;
  void on_closed(Connection& c) override;
  bool drained() const override { return moves_in_flight_ == 0; }
  bool opens_connections() const override { return true; }
  void open_idle(std::function<void(std::size_t)> done) override;
  void when_under_way(std::function<void()> fn) override;
  // tables_started_s: saturation's wait for every table's first view, as bench/peers/load.js prints it.
  std::string summary_fields() const override;

 private:
  using Clock = std::chrono::steady_clock;
  struct Player;
  struct Table;

  void start_table(Table& table);
  // Reserves a seat and opens p's connection on it; at most --open-window at once (from the request to JOIN_ROOM).
  void join(Player& p, std::string path, std::string json_options);
  void run_when_free(std::function<void()> fn);
  void release_slot(Player& p);
  void on_joined(Player& p);
  void on_view(Player& p, colyseus::LomView& view);
  void consider_moving(Player& p);
  void move(Player& p);
  void on_game_over(Table& table);
  void under_way(bool deadline_passed);
  void idle_settled();
  std::string who(const Player& p) const;

  boost::asio::io_context& io_;
  const LoadOptions& options_;
  std::vector<std::unique_ptr<Connection>>& connections_;
  LoadStats& stats_;
  boost::asio::ip::tcp::endpoint server_;
  std::vector<Player> players_;
  std::vector<Table> tables_;
  std::vector<std::unique_ptr<boost::asio::steady_timer>> ramp_timers_;
  std::size_t moves_in_flight_ = 0;
  rules::Rng rng_;
  // The window of joins in flight.
  std::size_t joins_in_flight_ = 0;
  std::deque<std::function<void()>> waiting_joins_;
  // Saturation: the warm-up waits for every table's first view.
  Clock::time_point started_;
  std::size_t tables_under_way_ = 0;
  std::function<void()> under_way_;
  std::unique_ptr<boost::asio::steady_timer> under_way_deadline_;
  double under_way_seconds_ = -1;
  // Idle mode.
  bool idle_ = false;
  std::string idle_room_;
  std::size_t idle_open_ = 0, idle_settled_ = 0;
  std::function<void(std::size_t)> idle_done_;
};

}  // namespace brethren::bench
