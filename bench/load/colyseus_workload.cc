#include "bench/load/colyseus_workload.h"

#include <algorithm>
#include <boost/asio/ip/address_v4.hpp>
#include <cstdio>

#include "bench/load/seat_reservation.h"
#include "bench/load/think_time.h"

namespace brethren::bench {

namespace asio = boost::asio;
namespace cy = colyseus;

struct ColyseusWorkload::Player {
  Player(std::size_t i, std::size_t t, int s) : index(i), table(t), seat(s) {}
  std::size_t index;
  std::size_t table;
  int seat;
  bool in_window = false;  // its join holds a slot of the window
  bool joined = false;     // JOIN_ROOM received and acknowledged
  bool has_view = false;
  cy::LomView view;  // the latest of the current game
  bool in_flight = false;
  bool saw_end = false;
  std::int64_t sent_moves = 0;  // own move count in the view the move was chosen from
  std::int64_t min_moves = 0;   // views with fewer own moves are older than our last move
  Clock::time_point sent_at;
  std::unique_ptr<ThinkTimer> think;  // realistic mode only
};

struct ColyseusWorkload::Table {
  std::vector<std::size_t> players;  // by seat
  std::string room_id;               // set once the host has joined
  std::int64_t game = 0;             // the room's game number this table plays
  int finished = 0;
  bool over = false;
  bool under_way = false;  // had its first view
};

ColyseusWorkload::ColyseusWorkload(asio::io_context& io, const LoadOptions& options,
                                   std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats)
    : io_(io),
      options_(options),
      connections_(connections),
      stats_(stats),
      server_(asio::ip::make_address(options.host), options.port),
      rng_(options.seed) {
  const auto seats = static_cast<std::size_t>(options.seats);
  tables_.resize(connections.size() / seats);
  players_.reserve(connections.size());
  for (std::size_t i = 0; i < connections.size(); ++i) {
    players_.emplace_back(i, i / seats, static_cast<int>(i % seats));
    if (!tables_.empty()) tables_[i / seats].players.push_back(i);
    if (options.mode == Mode::kRealistic) players_.back().think = std::make_unique<ThinkTimer>(io_);
    connections[i]->set_read_limit(cy::kMaxFrameBytes);
  }
}

ColyseusWorkload::~ColyseusWorkload() = default;

std::string ColyseusWorkload::who(const Player& p) const {
  return "seat " + std::to_string(p.seat) + " of table " + std::to_string(p.table);
}

// --- Joining ---------------------------------------------------------------------

void ColyseusWorkload::run_when_free(std::function<void()> fn) {
  if (joins_in_flight_ < options_.open_window) {
    ++joins_in_flight_;
    return fn();
  }
  waiting_joins_.push_back(std::move(fn));
}

void ColyseusWorkload::release_slot(Player& p) {
  if (!p.in_window) return;
  p.in_window = false;
  if (!waiting_joins_.empty()) {
    auto next = std::move(waiting_joins_.front());
    waiting_joins_.pop_front();
    return next();  // the slot passes to it
  }
  --joins_in_flight_;
}

void ColyseusWorkload::join(Player& p, std::string path, std::string json_options) {
  run_when_free([this, &p, path = std::move(path), json_options = std::move(json_options)]() mutable {
    p.in_window = true;
    // 127.0.0.1 .. 127.0.0.N, round robin, as the runner spreads its own connections.
    const auto source = asio::ip::address_v4(
        0x7f000001u + static_cast<std::uint32_t>(p.index % static_cast<std::size_t>(options_.sources)));
    cy::reserve_seat(io_, server_, source, "/matchmake/" + path, std::move(json_options),
                     [this, &p, source](const std::string& error, const cy::Reservation& r) {
                       if (!error.empty()) {
                         stats_.error(who(p) + ": seat reservation: " + error);
                         release_slot(p);
                         if (idle_) idle_settled();
                         return;
                       }
                       // The run is ending: a connection opened now would outlive the runner's finish().
                       if (stats_.stopping) return release_slot(p);
                       Table& table = tables_[p.table];
                       if (!idle_ && p.seat == 0) {
                         table.room_id = r.room_id;  // the table's room for all its games
                       } else if (!idle_ && r.room_id != table.room_id) {
                         stats_.error(who(p) + ": reserved a seat in another room");
                       }
                       connections_[p.index]->open(server_, source, r.target());
                     });
  });
}

void ColyseusWorkload::on_closed(Connection& c) {
  Player& p = players_[c.index()];
  const bool joining = p.in_window;
  release_slot(p);
  if (p.in_flight) {
    p.in_flight = false;
    --moves_in_flight_;
  }
  if (idle_ && joining) idle_settled();
}

void ColyseusWorkload::on_joined(Player& p) {
  p.joined = true;
  connections_[p.index]->send(cy::join_room_ack(), false);
  release_slot(p);
  if (idle_) {
    ++idle_open_;
    if (p.index == 0) {
      // The idle room exists: everyone else joins it.
      for (std::size_t i = 1; i < players_.size(); ++i) join(players_[i], "joinById/" + idle_room_, "{}");
    }
    return idle_settled();
  }
  if (p.seat != 0 || stats_.stopping) return;
  // The host is in: the others join its room by id (the room starts the game when the last one has).
  Table& table = tables_[p.table];
  for (std::size_t i : table.players) {
    Player& seat = players_[i];
    if (seat.seat != 0) join(seat, "joinById/" + table.room_id, "{\"seat\":" + std::to_string(seat.seat) + "}");
  }
}

// --- Idle ------------------------------------------------------------------------

void ColyseusWorkload::open_idle(std::function<void(std::size_t)> done) {
  idle_ = true;
  idle_done_ = std::move(done);
  if (players_.empty()) return idle_done_(0);
  Player& first = players_[0];
  // Its reservation names the room; the others wait for it (on_joined).
  run_when_free([this, &first] {
    first.in_window = true;
    const auto source = asio::ip::address_v4(0x7f000001u);
    cy::reserve_seat(io_, server_, source, "/matchmake/create/idle", "{}",
                     [this, &first, source](const std::string& error, const cy::Reservation& r) {
                       if (!error.empty()) {
                         stats_.error("the idle room: " + error);
                         release_slot(first);
                         idle_settled_ = players_.size() - 1;  // nobody else can join
                         return idle_settled();
                       }
                       idle_room_ = r.room_id;
                       connections_[0]->open(server_, source, r.target());
                     });
  });
}

void ColyseusWorkload::idle_settled() {
  if (++idle_settled_ == players_.size() && idle_done_) {
    auto done = std::move(idle_done_);
    idle_done_ = nullptr;
    done(idle_open_);
  }
}

// --- Games -----------------------------------------------------------------------

void ColyseusWorkload::start() {
  started_ = Clock::now();
  if (options_.ramp_s <= 0) {
    for (auto& table : tables_) start_table(table);
    return;
  }
  for (auto& table : tables_) {
    auto& timer = ramp_timers_.emplace_back(std::make_unique<asio::steady_timer>(io_));
    timer->expires_after(std::chrono::microseconds(rng_.below(static_cast<std::uint32_t>(options_.ramp_s * 1e6) + 1)));
    timer->async_wait([this, &table](boost::system::error_code ec) {
      if (!ec && !stats_.stopping) start_table(table);
    });
  }
}

void ColyseusWorkload::when_under_way(std::function<void()> fn) {
  if (options_.mode != Mode::kSaturation || tables_under_way_ >= tables_.size()) return fn();
  under_way_ = std::move(fn);
  under_way_deadline_ = std::make_unique<asio::steady_timer>(io_);
  under_way_deadline_->expires_after(std::chrono::seconds(60));
  under_way_deadline_->async_wait([this](boost::system::error_code ec) {
    if (!ec) under_way(true);
  });
}

// A table's first view (or the 60 s deadline): the warm-up starts once every table had one.
void ColyseusWorkload::under_way(bool deadline_passed) {
  if (!deadline_passed) ++tables_under_way_;
  if (!under_way_ || (!deadline_passed && tables_under_way_ < tables_.size())) return;
  if (under_way_deadline_) under_way_deadline_->cancel();
  auto fn = std::move(under_way_);
  under_way_ = nullptr;
  under_way_seconds_ = std::chrono::duration<double>(Clock::now() - started_).count();
  if (!options_.quiet) {
    std::printf("%zu of %zu tables had their first view %.2f s after the start (then --warmup)\n", tables_under_way_,
                tables_.size(), under_way_seconds_);
  }
  fn();
}

std::string ColyseusWorkload::summary_fields() const {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, " tables_started_s=%.2f", under_way_seconds_);
  return buffer;
}

void ColyseusWorkload::start_table(Table& table) {
  table.finished = 0;
  table.over = false;
  for (std::size_t i : table.players) {
    Player& p = players_[i];
    p.has_view = false;
    p.saw_end = false;
    p.min_moves = 0;
    p.sent_moves = 0;
  }
  Player& host = players_[table.players[0]];
  if (!table.room_id.empty()) {
    // The next game in the same room.
    if (!connections_[host.index]->is_open()) return;  // a broken table stays idle (counted as an error already)
    ++table.game;
    connections_[host.index]->send(cy::room_data("again"), false);
    return;
  }
  table.game = 1;
  join(host, "create/" + options_.game, "{\"seats\":" + std::to_string(options_.seats) + ",\"seat\":0}");
}

void ColyseusWorkload::on_frame(Connection& c, std::string_view frame, bool text) {
  Player& p = players_[c.index()];
  if (text) return stats_.error(who(p) + ": a text frame");
  std::string why;
  auto f = cy::decode_server_frame(frame, why);
  if (!f) return stats_.error(who(p) + ": " + why);
  switch (f->protocol) {
    case cy::kJoinRoom:
      if (p.joined) return stats_.error(who(p) + ": a second JOIN_ROOM");
      return on_joined(p);
    case cy::kError: return stats_.error(who(p) + ": " + std::to_string(f->error_code) + " " + f->error_message);
    case cy::kLeaveRoom: return stats_.error(who(p) + ": the room asked it to leave");
    default: break;
  }
  if (f->type == "refused") return stats_.error(who(p) + ": refused: " + cy::parse_refusal(f->message));
  if (f->type != "view" || idle_) return stats_.error(who(p) + ": an unexpected message " + f->type.substr(0, 32));
  if (!p.joined) return stats_.error(who(p) + ": a view before JOIN_ROOM");
  auto m = cy::parse_view_message(f->message, why);
  if (!m) return stats_.error(who(p) + ": " + why);
  Table& table = tables_[p.table];
  if (m->game != table.game) return;  // the previous game's
  if (m->view.moves.size() != static_cast<std::size_t>(options_.seats))
    return stats_.error(who(p) + ": a view with " + std::to_string(m->view.moves.size()) + " seats");
  on_view(p, m->view);
}

void ColyseusWorkload::on_view(Player& p, cy::LomView& view) {
  Table& table = tables_[p.table];
  if (!table.under_way) {
    table.under_way = true;
    under_way(false);
  }
  const std::int64_t mine = view.moves[static_cast<std::size_t>(p.seat)];
  if (mine < p.min_moves) return;  // older than our own last move
  if (p.in_flight && mine > p.sent_moves) {
    p.in_flight = false;
    --moves_in_flight_;
    p.min_moves = mine;
    if (stats_.measuring) {
      ++stats_.ops;
      stats_.latency.add(static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - p.sent_at).count()));
    }
  }
  p.view = std::move(view);
  p.has_view = true;
  if (p.view.finished) {
    if (p.saw_end) return;
    p.saw_end = true;
    if (++table.finished == options_.seats) on_game_over(table);
    return;
  }
  consider_moving(p);
}

void ColyseusWorkload::consider_moving(Player& p) {
  if (stats_.stopping || p.in_flight || (p.think && p.think->thinking()) || p.view.legal_actions.empty()) return;
  const auto& to_act = p.view.to_act;
  if (std::find(to_act.begin(), to_act.end(), p.seat) == to_act.end()) return;
  if (options_.mode != Mode::kRealistic) return move(p);
  p.think->then(rng_, options_.think_ms, [this, &p] { move(p); });
}

void ColyseusWorkload::move(Player& p) {
  if (stats_.stopping || p.in_flight || p.view.legal_actions.empty()) return;
  const auto& legal = p.view.legal_actions;
  const auto& action = legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
  p.sent_moves = p.view.moves[static_cast<std::size_t>(p.seat)];
  p.in_flight = true;
  ++moves_in_flight_;
  p.sent_at = Clock::now();
  connections_[p.index]->send(cy::room_data("act", action), false);
}

void ColyseusWorkload::on_game_over(Table& table) {
  if (table.over) return;
  table.over = true;
  // Every seat saw the same end: the same winners (at least one) and the same scores.
  const auto& first = players_[table.players[0]].view;
  bool same = !first.winners.empty();
  for (std::size_t i : table.players) {
    const auto& v = players_[i].view;
    same = same && v.winners == first.winners && v.scores == first.scores;
  }
  if (!same) {
    stats_.inconsistency("table " + std::to_string(static_cast<std::size_t>(&table - tables_.data())) +
                         ": seats saw different ends");
  }
  ++stats_.games;
  if (!stats_.stopping) start_table(table);
}

}  // namespace brethren::bench
