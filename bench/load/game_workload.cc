#include "bench/load/game_workload.h"

#include <algorithm>

#include "bench/load/result_check.h"
#include "bench/load/think_time.h"

namespace brethren::bench {

namespace asio = boost::asio;

struct GameWorkload::Player {
  Player(std::size_t table_index, int seat_number, std::uint64_t bot_seed)
      : table(table_index), seat(seat_number), bot(bot_seed) {}
  std::size_t table;
  int seat;
  std::uint64_t next_rid = 1;
  rules::RandomBot bot;
  v1::MatchView view;          // the latest of the current game
  std::uint64_t move_rid = 0;  // 0: no move in flight
  Clock::time_point sent_at;
  std::uint64_t min_version = 0;      // views older than our last accepted move are stale
  std::unique_ptr<ThinkTimer> think;  // realistic mode only
};

struct GameWorkload::Table {
  std::vector<std::size_t> players;  // by seat
  std::string code;
  int seated = 0;
  int finished = 0;
  bool over = false;
};

GameWorkload::GameWorkload(asio::io_context& io, const LoadOptions& options,
                           std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats)
    : io_(io),
      options_(options),
      connections_(connections),
      stats_(stats),
      encoding_(options.json ? server::Encoding::kJson : server::Encoding::kBinary),
      rng_(options.seed) {
  const auto seats = static_cast<std::size_t>(options.seats);
  tables_.resize(connections.size() / seats);
  players_.reserve(connections.size());
  for (std::size_t i = 0; i < connections.size(); ++i) {
    players_.emplace_back(i / seats, static_cast<int>(i % seats), rng_.next());
    tables_[i / seats].players.push_back(i);
    if (options.mode == Mode::kRealistic) players_.back().think = std::make_unique<ThinkTimer>(io_);
  }
}

GameWorkload::~GameWorkload() = default;

std::uint64_t GameWorkload::send(Player& p, v1::ClientMessage message) {
  const std::uint64_t rid = p.next_rid++;
  message.set_request_id(rid);
  const std::size_t index = static_cast<std::size_t>(&p - players_.data());
  connections_[index]->send(server::encode_client_message(message, encoding_), encoding_ == server::Encoding::kJson);
  return rid;
}

void GameWorkload::start() {
  if (options_.ramp_s <= 0) {
    for (auto& table : tables_) open_room(table);
    return;
  }
  for (auto& table : tables_) {
    auto& timer = ramp_timers_.emplace_back(std::make_unique<asio::steady_timer>(io_));
    timer->expires_after(std::chrono::microseconds(rng_.below(static_cast<std::uint32_t>(options_.ramp_s * 1e6) + 1)));
    timer->async_wait([this, &table](boost::system::error_code ec) {
      if (!ec && !stats_.stopping) open_room(table);
    });
  }
}

void GameWorkload::open_room(Table& table) {
  for (std::size_t i : table.players) {
    if (!connections_[i]->is_open()) return;  // a broken table stays idle (counted as an error already)
  }
  table.code.clear();
  table.seated = 0;
  table.finished = 0;
  table.over = false;
  for (std::size_t i : table.players) {
    players_[i].view.Clear();
    players_[i].min_version = 0;
  }
  v1::ClientMessage m;
  auto* c = m.mutable_create_room();
  c->set_game_id(options_.game);
  c->set_seat_count(options_.seats);
  c->set_display_name("load 0");
  send(players_[table.players[0]], std::move(m));
}

void GameWorkload::on_frame(Connection& c, std::string_view frame, bool text) {
  v1::ServerMessage m;
  if (!server::decode_server_message(frame, text ? server::Encoding::kJson : server::Encoding::kBinary, m)) {
    return stats_.error("connection " + std::to_string(c.index()) + ": a frame that is not a ServerMessage");
  }
  on_message(players_[c.index()], m);
}

void GameWorkload::on_message(Player& p, v1::ServerMessage& m) {
  Table& table = tables_[p.table];
  using M = v1::ServerMessage;
  switch (m.body_case()) {
    case M::kRoomCreated: {
      table.code = m.room_created().room().room_code();
      for (std::size_t i : table.players) {
        Player& seat = players_[i];
        if (seat.seat != 0) {
          v1::ClientMessage join;
          join.mutable_join_room()->set_room_code(table.code);
          join.mutable_join_room()->set_display_name("load " + std::to_string(seat.seat));
          send(seat, std::move(join));
        }
        v1::ClientMessage take;
        take.mutable_take_seat()->set_room_code(table.code);
        take.mutable_take_seat()->set_seat(seat.seat);
        send(seat, std::move(take));
      }
      return;
    }
    case M::kSeatTaken:
      if (++table.seated == options_.seats) {
        v1::ClientMessage start;
        start.mutable_start_match()->set_room_code(table.code);
        send(players_[table.players[0]], std::move(start));
      }
      return;
    case M::kActionAccepted: {
      if (m.request_id() != p.move_rid) return stats_.error("an acknowledgement for no move in flight");
      p.move_rid = 0;
      --moves_in_flight_;
      p.min_version = m.action_accepted().version();
      if (stats_.measuring) {
        ++stats_.ops;
        stats_.latency.add(static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - p.sent_at).count()));
      }
      return;
    }
    case M::kMatchUpdate:
      if (m.match_update().room_code() != table.code) return;  // a previous game's room
      return on_update(p, *m.mutable_match_update());
    case M::kError:
      if (p.move_rid != 0 && m.request_id() == p.move_rid) {
        p.move_rid = 0;
        --moves_in_flight_;
      }
      return stats_.error("seat " + std::to_string(p.seat) + " of room " + table.code + ": " +
                          v1::ErrorCode_Name(m.error().code()) + ": " + m.error().message());
    default: return;  // room pushes and the other replies change nothing here
  }
}

void GameWorkload::on_update(Player& p, v1::MatchUpdate& update) {
  if (update.view().version() < p.min_version) return;  // older than our own last move
  p.view = std::move(*update.mutable_view());
  if (p.view.finished()) {
    Table& table = tables_[p.table];
    if (++table.finished == options_.seats) on_game_over(table);
    return;
  }
  consider_moving(p);
}

void GameWorkload::consider_moving(Player& p) {
  if (stats_.stopping || p.move_rid != 0 || (p.think && p.think->thinking()) || p.view.legal_actions_size() == 0)
    return;
  const auto& to_act = p.view.to_act();
  if (std::find(to_act.begin(), to_act.end(), p.seat) == to_act.end()) return;
  if (options_.mode != Mode::kRealistic) return move(p);
  p.think->then(rng_, options_.think_ms, [this, &p] { move(p); });
}

void GameWorkload::move(Player& p) {
  if (stats_.stopping || p.move_rid != 0) return;
  auto action = p.bot.choose(p.view);
  if (!action) return;
  Table& table = tables_[p.table];
  v1::ClientMessage m;
  m.mutable_submit_action()->set_room_code(table.code);
  *m.mutable_submit_action()->mutable_action() = std::move(*action);
  p.sent_at = Clock::now();
  ++moves_in_flight_;
  p.move_rid = send(p, std::move(m));
}

void GameWorkload::on_game_over(Table& table) {
  if (table.over) return;
  table.over = true;
  std::vector<const v1::MatchView*> views;
  for (std::size_t i : table.players) views.push_back(&players_[i].view);
  if (auto why = check_finished_game(views, options_.seats); !why.empty()) {
    stats_.inconsistency("room " + table.code + ": " + why);
  }
  ++stats_.games;
  if (!stats_.stopping) open_room(table);
}

}  // namespace brethren::bench
