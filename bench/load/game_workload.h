// Complete games against a Brethren server: the connections sit at tables of
// --seats; at each table the first creates a private room, everyone takes a
// seat, the host starts, and each seat plays the random bot's choice from
// its own view when that view says it must act (at once in saturation mode,
// after a think time in realistic mode). A finished game is checked (every
// seat saw the same outcome, ranks and winners agree) and the table opens a
// new room for the next one.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <vector>

#include "bench/load/options.h"
#include "bench/load/stats.h"
#include "bench/load/workload.h"
#include "brethren/v1/protocol.pb.h"
#include "rules/bots/random_bot.h"
#include "server/protocol/codec.h"

namespace brethren::bench {

class GameWorkload final : public Workload {
 public:
  GameWorkload(boost::asio::io_context& io, const LoadOptions& options,
               std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats);
  ~GameWorkload() override;
  void start() override;
  void on_frame(Connection& c, std::string_view frame, bool text) override;
  bool drained() const override { return moves_in_flight_ == 0; }

 private:
  using Clock = std::chrono::steady_clock;
  struct Player;
  struct Table;

  void open_room(Table& table);
  void on_message(Player& p, v1::ServerMessage& m);
  void on_update(Player& p, v1::MatchUpdate& update);
  void consider_moving(Player& p);
  void move(Player& p);
  void on_game_over(Table& table);
  std::uint64_t send(Player& p, v1::ClientMessage message);

  boost::asio::io_context& io_;
  const LoadOptions& options_;
  std::vector<std::unique_ptr<Connection>>& connections_;
  LoadStats& stats_;
  server::Encoding encoding_;
  std::vector<Player> players_;
  std::vector<Table> tables_;
  std::vector<std::unique_ptr<boost::asio::steady_timer>> ramp_timers_;
  std::size_t moves_in_flight_ = 0;
  rules::Rng rng_;
};

}  // namespace brethren::bench
