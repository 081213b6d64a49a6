#include "server/quickplay/quick_play.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <algorithm>
#include <numeric>

#include "persistence/accounts.h"
#include "persistence/store_unavailable.h"
#include "server/account/account_service.h"
#include "server/base/secrets.h"
#include "server/base/unix_time.h"
#include "server/match/wire_errors.h"
#include "server/quickplay/bot_level.h"
#include "server/room/bot_kinds.h"
#include "server/room/user_text.h"

namespace brethren::server {

namespace asio = boost::asio;
using quickplay::Clock;
using quickplay::QueueEntry;
using quickplay::QuickPlayQueue;

namespace {

constexpr std::size_t kMaxGameId = 64;

Clock::duration from_ms(double ms) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}

v1::ServerMessage status_message(const std::string& game_id, int seats, v1::QuickPlayState state) {
  v1::ServerMessage m;
  auto* status = m.mutable_quick_play_status();
  status->set_state(state);
  status->set_game_id(game_id);
  status->set_seats(seats);
  return m;
}

}  // namespace

QuickPlay::RatingSource QuickPlay::unrated() {
  return [](std::int64_t, const std::string&) { return rating::initial_rating(); };
}

QuickPlay::QuickPlay(Services& services, RoomDirectory& rooms, PlayerSource players, RatingSource ratings)
    : services_(services),
      rooms_(rooms),
      players_(std::move(players)),
      ratings_(ratings ? std::move(ratings) : unrated()),
      window_{services.config.quickplay_window, services.config.quickplay_window_per_second},
      bot_fill_(from_ms(services.config.quickplay_bot_fill_ms)),
      strand_(asio::make_strand(services.io)),
      timer_(strand_) {}

bool QuickPlay::handles(const v1::ClientMessage& message) {
  return message.body_case() == v1::ClientMessage::kQuickPlay ||
         message.body_case() == v1::ClientMessage::kCancelQuickPlay;
}

void QuickPlay::handle(const std::shared_ptr<Client>& client, std::uint64_t rid, const v1::ClientMessage& message,
                       const AccountBinding* account) {
  if (message.body_case() == v1::ClientMessage::kCancelQuickPlay) {
    return asio::post(strand_, [self = shared_from_this(), client, rid] { self->cancel(client, rid); });
  }
  const v1::QuickPlay& m = message.quick_play();
  // The checks that need no queue, here on the connection's strand: the
  // queues' strand only ever does quick work.
  if (services_.shutting_down) return reply_error(client, rid, v1::SHUTTING_DOWN, "the server is shutting down");
  if (auto refused = rooms_.creation_refused()) return reply_error(client, rid, v1::DRAINING, std::move(*refused));
  const rules::Game* game = m.game_id().size() <= kMaxGameId ? services_.games.find(m.game_id()) : nullptr;
  if (!game) {
    return reply_error(client, rid, v1::UNKNOWN_GAME,
                       m.game_id().size() <= kMaxGameId ? "no game with id '" + escape_user_text(m.game_id()) + "'"
                                                        : "no game with such an id");
  }
  // The game's own seat range, with its default options (a quick-play room
  // takes the defaults).
  if (auto checked = game->check_setup(v1::GameOptions{}, m.seats()); !checked) {
    return reply_error(client, rid, to_protocol_error(checked.error().code), checked.error().message);
  }
  // Quick play rates and remembers players: it needs an account (a guest
  // is one, made without a form: CreateGuest).
  std::optional<Player> player;
  double mu = 0;
  try {
    if (account) player = players_(account->account_id, account->session_hash);
    if (player) mu = ratings_(player->account_id, m.game_id()).mu;
  } catch (const persistence::StoreUnavailable& e) {
    // The shared store is out of reach: nothing queued, try again shortly.
    spdlog::warn("quick play: player not read: {}", e.what());
    return reply_error(client, rid, v1::SERVER_BUSY, kAccountsUnavailable);
  } catch (const std::exception& e) {
    spdlog::error("quick play: player not read: {}", e.what());
    return reply_error(client, rid, v1::INTERNAL, "the server could not read your account; nothing was queued");
  }
  if (!player) {
    return reply_error(client, rid, v1::NOT_SIGNED_IN,
                       "quick play needs a signed-in connection (CreateGuest, SignIn or Authenticate)");
  }
  asio::post(strand_,
             [self = shared_from_this(), client, rid, key = Key{m.game_id(), m.seats()}, player = std::move(*player),
              mu]() mutable { self->enqueue(client, rid, std::move(key), std::move(player), mu); });
}

void QuickPlay::leave(std::uint64_t client_id) {
  asio::post(strand_, [self = shared_from_this(), client_id] {
    auto gone = self->take_out(client_id);
    if (!gone) return;
    // Claimed meanwhile, his seat waits for him as if he had left the table.
    if (self->shared_) return self->shared_->remove(gone->ticket, [](bool) {});
    self->reschedule();
  });
}

void QuickPlay::use_shared_queues(quickplay::SharedQueues* shared, int node_id) {
  shared_ = shared;
  node_id_ = node_id;
}

void QuickPlay::host_table(quickplay::FormedTable table) {
  asio::post(strand_, [self = shared_from_this(), table = std::move(table)] {
    std::vector<Room::QuickPlaySeat> seats;
    double mu_sum = 0;
    for (const quickplay::Ticket& person : table.people) {
      mu_sum += person.mu;
      Room::QuickPlaySeat seat{{}, person.display_name, person.account_id, "", person.claimed, {}};
      if (quickplay::ticket_node(person.id) == self->node_id_) {
        // Ours: his connection, if it still waits (else his seat waits).
        if (auto it = self->tickets_.find(person.id); it != self->tickets_.end()) {
          if (auto gone = self->take_out(it->second)) seat.client = gone->client;
        }
      } else {
        seat.elsewhere = [shared = self->shared_, ticket = person.id](v1::ServerMessage m) {
          shared->tell(ticket, m.SerializeAsString());
        };
      }
      seats.push_back(std::move(seat));
    }
    const double mean = table.people.empty() ? 0 : mu_sum / static_cast<double>(table.people.size());
    self->make_room(Key{table.game_id, table.seats}, std::move(seats), mean);
  });
}

void QuickPlay::told(std::uint64_t ticket, std::string message) {
  asio::post(strand_, [self = shared_from_this(), ticket, message = std::move(message)] {
    auto it = self->tickets_.find(ticket);
    if (it == self->tickets_.end()) return;  // he left: MATCHED's seat waits for him
    auto gone = self->take_out(it->second);
    v1::ServerMessage m;
    if (!gone || !m.ParseFromString(message) || !m.has_quick_play_status()) return;
    if (auto client = gone->client.lock()) client->deliver(std::move(m));
  });
}

void QuickPlay::shared_queues_down(std::string reason) {
  asio::post(strand_, [self = shared_from_this(), reason = std::move(reason)] {
    std::vector<std::uint64_t> clients;
    for (const auto& [client_id, w] : self->waiting_) clients.push_back(client_id);
    for (std::uint64_t client_id : clients) {
      auto gone = self->take_out(client_id);
      auto client = gone ? gone->client.lock() : nullptr;
      if (!client) continue;
      v1::ServerMessage m = status_message(gone->key.first, gone->key.second, v1::QUICK_PLAY_CANCELLED);
      m.mutable_quick_play_status()->set_reason(reason);
      client->deliver(std::move(m));
    }
  });
}

// --- On the strand ------------------------------------------------------------

QuickPlayQueue& QuickPlay::queue(const Key& key) {
  auto it = queues_.find(key);
  if (it == queues_.end()) it = queues_.emplace(key, QuickPlayQueue(key.second, window_, bot_fill_)).first;
  return it->second;
}

void QuickPlay::enqueue(const std::shared_ptr<Client>& client, std::uint64_t rid, Key key, Player player, double mu) {
  if (shared_) return enqueue_shared(client, rid, std::move(key), std::move(player), mu);
  if (waiting_.count(client->client_id()) || accounts_.count(player.account_id)) {
    return reply_error(client, rid, v1::ALREADY_QUEUED,
                       "this connection or account already waits for a quick-play table; cancel that first");
  }
  std::size_t& in_game = per_game_[key.first];
  if (in_game >= services_.config.quickplay_max_queue) {
    return reply_error(client, rid, v1::QUICK_PLAY_QUEUE_FULL,
                       std::to_string(in_game) + " players already wait for " + key.first + "; try again in a moment");
  }
  ++in_game;
  const Clock::time_point now = Clock::now();
  QuickPlayQueue& q = queue(key);
  q.add(QueueEntry{client->client_id(), player.account_id, mu, now});
  waiting_.emplace(client->client_id(),
                   Waiting{key, 0, player.account_id, client, std::move(player.display_name), player.claimed});
  accounts_.insert(player.account_id);
  v1::ServerMessage m = status_message(key.first, key.second, v1::QUICK_PLAY_QUEUED);
  auto* status = m.mutable_quick_play_status();
  status->set_position(q.position(client->client_id()));
  status->set_waiting(static_cast<int>(q.size()));
  status->set_bots_by_unix_ms(unix_millis() + std::chrono::duration_cast<std::chrono::milliseconds>(bot_fill_).count());
  reply(client, rid, std::move(m));
  match(key);
}

void QuickPlay::enqueue_shared(const std::shared_ptr<Client>& client, std::uint64_t rid, Key key, Player player,
                               double mu) {
  // One entry per account on this node; another node's entry of the same
  // account is refused by the matcher's claim of that account only once.
  if (waiting_.count(client->client_id()) || accounts_.count(player.account_id)) {
    return reply_error(client, rid, v1::ALREADY_QUEUED,
                       "this connection or account already waits for a quick-play table; cancel that first");
  }
  const std::size_t in_game = shared_->waiting(key.first) + per_game_[key.first];
  if (in_game >= services_.config.quickplay_max_queue) {
    return reply_error(client, rid, v1::QUICK_PLAY_QUEUE_FULL,
                       std::to_string(in_game) + " players already wait for " + key.first + "; try again in a moment");
  }
  ++per_game_[key.first];
  const std::int64_t now = unix_millis();
  quickplay::Ticket ticket{(static_cast<std::uint64_t>(node_id_) << 56) | ++next_ticket_,
                           key.first,
                           key.second,
                           player.account_id,
                           player.display_name,
                           player.claimed,
                           mu,
                           now};
  tickets_.emplace(ticket.id, client->client_id());
  waiting_.emplace(client->client_id(),
                   Waiting{key, ticket.id, player.account_id, client, std::move(player.display_name), player.claimed});
  accounts_.insert(player.account_id);
  v1::ServerMessage m = status_message(key.first, key.second, v1::QUICK_PLAY_QUEUED);
  auto* status = m.mutable_quick_play_status();
  // The cluster's queue as of the last round, him last in it.
  status->set_waiting(static_cast<int>(in_game + 1));
  status->set_position(static_cast<int>(in_game + 1));
  status->set_bots_by_unix_ms(now + std::chrono::duration_cast<std::chrono::milliseconds>(bot_fill_).count());
  shared_->add(std::move(ticket));
  reply(client, rid, std::move(m));
}

void QuickPlay::cancel_shared(const std::shared_ptr<Client>& client, std::uint64_t rid, std::uint64_t ticket) {
  // Out only if no matcher claimed him first: then his MATCHED is coming.
  shared_->remove(ticket, [self = shared_from_this(), client, rid, ticket](bool removed) {
    asio::post(self->strand_, [self, client, rid, ticket, removed] {
      auto it = self->tickets_.find(ticket);
      if (!removed || it == self->tickets_.end()) {
        return self->reply_error(client, rid, v1::NOT_QUEUED,
                                 "this connection waits in no quick-play queue (its table has just been found)");
      }
      auto gone = self->take_out(it->second);
      self->reply(client, rid, status_message(gone->key.first, gone->key.second, v1::QUICK_PLAY_CANCELLED));
    });
  });
}

void QuickPlay::cancel(const std::shared_ptr<Client>& client, std::uint64_t rid) {
  if (shared_) {
    auto it = waiting_.find(client->client_id());
    if (it != waiting_.end()) return cancel_shared(client, rid, it->second.ticket);
  }
  auto gone = take_out(client->client_id());
  if (!gone) {
    return reply_error(client, rid, v1::NOT_QUEUED,
                       "this connection waits in no quick-play queue (its table may have just been found)");
  }
  reply(client, rid, status_message(gone->key.first, gone->key.second, v1::QUICK_PLAY_CANCELLED));
  reschedule();
}

std::optional<QuickPlay::Waiting> QuickPlay::take_out(std::uint64_t client_id) {
  auto it = waiting_.find(client_id);
  if (it == waiting_.end()) return std::nullopt;
  Waiting gone = std::move(it->second);
  waiting_.erase(it);
  accounts_.erase(gone.account_id);
  if (gone.ticket) tickets_.erase(gone.ticket);
  // An emptied queue stays until reschedule(): a caller may be iterating it.
  if (auto q = queues_.find(gone.key); q != queues_.end()) q->second.remove(client_id);
  if (auto n = per_game_.find(gone.key.first); n != per_game_.end() && --n->second == 0) per_game_.erase(n);
  return gone;
}

void QuickPlay::match(const Key& key) {
  auto it = queues_.find(key);
  if (it != queues_.end() && !services_.shutting_down) {
    const Clock::time_point now = Clock::now();
    // Whole tables of people first; then the tables whose wait is over.
    while (auto table = it->second.take_table(now)) start_table(key, *table);
    while (auto table = it->second.take_bot_table(now)) start_table(key, *table);
  }
  reschedule();
}

void QuickPlay::reschedule() {
  std::optional<Clock::time_point> next;
  const Clock::time_point now = Clock::now();
  for (auto it = queues_.begin(); it != queues_.end();) {
    if (it->second.empty()) {
      it = queues_.erase(it);
      continue;
    }
    if (auto at = it->second.next_change(now); at && (!next || *at < *next)) next = at;
    ++it;
  }
  if (!next) {
    timer_.cancel();
    return;
  }
  // Waiting again cancels the wait before (its handler sees the abort).
  timer_.expires_at(*next);
  timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    if (ec) return;
    if (auto self = weak.lock()) self->on_timer();
  });
}

void QuickPlay::on_timer() {
  if (services_.shutting_down) return;
  std::vector<Key> keys;
  for (const auto& [key, q] : queues_) keys.push_back(key);
  for (const Key& key : keys) {
    auto it = queues_.find(key);
    if (it == queues_.end()) continue;
    const Clock::time_point now = Clock::now();
    while (auto table = it->second.take_table(now)) start_table(key, *table);
    while (auto table = it->second.take_bot_table(now)) start_table(key, *table);
  }
  reschedule();
}

void QuickPlay::start_table(const Key& key, const std::vector<QueueEntry>& people) {
  std::vector<Room::QuickPlaySeat> seats;
  double mu_sum = 0;
  for (const QueueEntry& entry : people) {
    mu_sum += entry.mu;
    auto gone = take_out(entry.client_id);
    if (!gone) continue;  // cannot happen: every entry is indexed
    seats.push_back(Room::QuickPlaySeat{gone->client, gone->display_name, gone->account_id, "", gone->claimed, {}});
  }
  make_room(key, std::move(seats), people.empty() ? 0 : mu_sum / static_cast<double>(people.size()));
}

void QuickPlay::make_room(const Key& key, std::vector<Room::QuickPlaySeat> seats, double mean_mu) {
  const std::size_t people = seats.size();
  const rules::Game* game = services_.games.find(key.first);
  std::optional<std::string> refused = rooms_.creation_refused();
  if (!refused && rooms_.size() >= services_.config.max_rooms) refused = "the server holds as many rooms as it may";
  if (!refused && !game) refused = "the game is no longer offered";
  if (refused) {
    for (const auto& seat : seats) {
      v1::ServerMessage m = status_message(key.first, key.second, v1::QUICK_PLAY_CANCELLED);
      m.mutable_quick_play_status()->set_reason(*refused + "; please try again in a moment");
      if (auto client = seat.client.lock()) {
        client->deliver(std::move(m));
      } else if (seat.elsewhere) {
        seat.elsewhere(std::move(m));
      }
    }
    return;
  }
  std::vector<std::string> offered;
  for (const auto& kind : offered_bot_kinds(services_, key.first)) offered.push_back(kind.kind);
  const std::string bot = quickplay::bot_kind_for(mean_mu, offered);
  while (static_cast<int>(seats.size()) < key.second) seats.push_back(Room::QuickPlaySeat{{}, "", 0, bot, false, {}});

  persistence::RoomRecord record;
  record.game_id = key.first;
  record.options = v1::GameOptions{}.SerializeAsString();
  record.is_public = false;  // not in the lobby: the table is full
  record.seat_count = key.second;
  // Nobody is its host: a token nobody is given.
  record.host_token_hash = sha256_hex(new_secret_token());
  record.status = persistence::RoomStatus::kOpen;
  record.created_at = unix_millis();
  v1::RoomSettings settings;
  settings.set_absent_grace_ms(static_cast<std::uint32_t>(services_.config.quickplay_absent_grace_ms));
  // Quick play matches by rating, so its matches count (rated when every
  // seat is an account or a bot: docs/ratings.md).
  settings.set_rated(true);
  record.settings = settings.SerializeAsString();
  auto room = rooms_.create(*game, std::move(record), [](persistence::RoomRecord&) {});
  spdlog::info("quick play: {} with {}: table of {} people and {} '{}' bots in room {}", key.first, key.second, people,
               key.second - static_cast<int>(people), bot, room->code());
  room->start_quick_play(std::move(seats), [&rooms = rooms_, weak = std::weak_ptr<Room>(room)](bool ok) {
    if (ok) return;
    if (auto failed = weak.lock()) rooms.remove(failed);
  });
}

void QuickPlay::reply(const std::shared_ptr<Client>& client, std::uint64_t rid, v1::ServerMessage message) {
  message.set_request_id(rid);
  client->deliver(std::move(message));
}

void QuickPlay::reply_error(const std::shared_ptr<Client>& client, std::uint64_t rid, v1::ErrorCode code,
                            std::string text) {
  server::reply_error(*client, services_.metrics, rid, code, std::move(text));
}

// --- The accounts' players ------------------------------------------------------

namespace {

QuickPlay::Player player_of(const persistence::AccountRecord& account) {
  // At every table a claimed account sits under its username, as TakeSeat does.
  if (account.claimed_at != 0) return QuickPlay::Player{account.id, account.username, true};
  return QuickPlay::Player{account.id, account.display_name.empty() ? "Player" : account.display_name, false};
}

}  // namespace

QuickPlay::PlayerSource account_players(persistence::Store& store, const std::string& db_path, const Config& config) {
  auto accounts = std::make_shared<persistence::AccountStore>(store, db_path);
  return [accounts, idle_ms = config.session_idle_expiry_s * 1000,
          absolute_ms = config.session_absolute_expiry_s * 1000](
             std::int64_t account_id, const std::string& session_hash) -> std::optional<QuickPlay::Player> {
    const auto session = accounts->session(session_hash);
    const std::int64_t now = unix_millis();
    if (!session || session->account_id != account_id || static_cast<double>(now - session->last_used_at) >= idle_ms ||
        static_cast<double>(now - session->created_at) >= absolute_ms) {
      return std::nullopt;
    }
    auto account = accounts->account(account_id);
    if (!account) return std::nullopt;
    return player_of(*account);
  };
}

QuickPlay::PlayerSource signed_in_players(std::shared_ptr<AccountService> accounts) {
  // A failed read throws: QuickPlay::handle answers it (SERVER_BUSY or INTERNAL).
  return [accounts](std::int64_t account_id, const std::string& session_hash) -> std::optional<QuickPlay::Player> {
    const auto account = accounts->signed_in(AccountBinding{account_id, session_hash});
    if (!account) return std::nullopt;
    return player_of(*account);
  };
}

}  // namespace brethren::server
