// A quick-play room (server/quickplay/, docs/quickplay.md): the server
// formed the table, so the room is stored with its seats taken and its
// match started in one commit, and nobody is its host. After the commit it
// is like any room: each person resumes his seat with the token he was sent.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <algorithm>

#include "server/base/secrets.h"
#include "server/base/unix_time.h"
#include "server/room/room.h"

namespace brethren::server {

namespace asio = boost::asio;

namespace {

v1::ServerMessage quick_play_status(const persistence::RoomRecord& room, v1::QuickPlayState state) {
  v1::ServerMessage m;
  auto* status = m.mutable_quick_play_status();
  status->set_state(state);
  status->set_game_id(room.game_id);
  status->set_seats(room.seat_count);
  return m;
}

// A person's MATCHED or CANCELLED: to his connection here, or to his node.
void tell(const Room::QuickPlaySeat& seat, v1::ServerMessage m) {
  if (auto client = seat.client.lock()) {
    client->deliver(std::move(m));
  } else if (seat.elsewhere) {
    seat.elsewhere(std::move(m));
  }
}

}  // namespace

void Room::start_quick_play(std::vector<QuickPlaySeat> seats, std::function<void(bool)> done) {
  asio::post(strand_, [self = shared_from_this(), seats = std::move(seats), done = std::move(done)]() mutable {
    Room& room = *self;
    // The tokens are sent once the room is stored, never before.
    auto tokens = std::make_shared<std::vector<std::string>>(seats.size());
    persistence::Store::Unit unit;
    unit.insert_room(room.record_);
    for (std::size_t s = 0; s < seats.size() && s < room.seats_.size(); ++s) {
      const int seat = static_cast<int>(s);
      if (!seats[s].bot_kind.empty()) {
        room.seats_.give_bot(seat, seats[s].bot_kind);
      } else {
        (*tokens)[s] = new_secret_token();
        auto client = seats[s].client.lock();
        room.seats_.take(seat, seats[s].display_name, (*tokens)[s], client ? client->client_id() : 0,
                         seats[s].account_id);
        room.seats_[s].claimed = seats[s].claimed;
      }
      const SeatSlot& slot = room.seats_[s];
      unit.upsert_seat(persistence::SeatRecord{room.code(), seat, slot.display_name, slot.token_hash, slot.bot_kind,
                                               slot.account_id});
    }
    NewMatch created;
    auto fail = [&room, &seats, &done](const std::string& why) {
      spdlog::error("room {}: quick-play table not started: {}", room.code(), why);
      for (const QuickPlaySeat& seat : seats) {
        v1::ServerMessage m = quick_play_status(room.record_, v1::QUICK_PLAY_CANCELLED);
        m.mutable_quick_play_status()->set_reason("the server could not start your table; please try again");
        tell(seat, std::move(m));
      }
      room.expired_ = true;  // refuses requests: nobody was told its code
      done(false);
    };
    if (auto refused = room.new_match(created)) return fail(refused->text);
    room.status_ = Status::kStarting;
    const persistence::MatchRecord match = created.record;
    auto holder = std::make_shared<std::unique_ptr<rules::State>>(std::move(created.state));
    unit.insert_match(match).set_room_status(room.code(), persistence::RoomStatus::kPlaying, unix_millis());
    room.services_.store.commit_unit(
        std::move(unit), room.on_strand([self, seats = std::move(seats), done = std::move(done), tokens, holder, match](
                                            bool ok, const std::string& error) mutable {
          Room& r = *self;
          if (!ok) {
            spdlog::error("room {}: quick-play table not stored: {}", r.code(), error);
            for (const QuickPlaySeat& seat : seats) {
              v1::ServerMessage m = quick_play_status(r.record_, v1::QUICK_PLAY_CANCELLED);
              m.mutable_quick_play_status()->set_reason("the server could not store your table; please try again");
              tell(seat, std::move(m));
            }
            r.expired_ = true;
            return done(false);
          }
          r.match_stored(match, std::move(*holder));
          // Each person's account holds his seat (myRooms, ratings), as
          // when he takes a seat himself.
          for (std::size_t s = 0; s < seats.size(); ++s) {
            if (seats[s].bot_kind.empty()) r.services_.account_rooms.add(seats[s].account_id, r.code());
          }
          r.update_summary();
          for (std::size_t s = 0; s < seats.size(); ++s) {
            if (!seats[s].bot_kind.empty()) continue;
            v1::ServerMessage m = quick_play_status(r.record_, v1::QUICK_PLAY_MATCHED);
            auto* status = m.mutable_quick_play_status();
            status->set_room_code(r.code());
            status->set_seat(static_cast<int>(s));
            status->set_seat_token((*tokens)[s]);
            auto client = seats[s].client.lock();
            if (!client) {
              // Waiting on another node: told there, he comes with his
              // token. Gone meanwhile: the seat waits for him (Resume), and
              // after the room's grace period the autopilot plays it.
              r.seats_[s].client_id = 0;
              if (seats[s].elsewhere) seats[s].elsewhere(std::move(m));
              continue;
            }
            // Told first, so that the room's pushes that follow name a room
            // the client knows it sits in.
            client->deliver(std::move(m));
            r.add_member(client, static_cast<int>(s), false, r.seats_[s].display_name);
          }
          spdlog::info("room {}: quick-play table of {} ({} bots) started", r.code(), seats.size(),
                       std::count_if(seats.begin(), seats.end(),
                                     [](const QuickPlaySeat& seat) { return !seat.bot_kind.empty(); }));
          r.broadcast_room();
          r.run_match(match.first_deadline_ms);
          done(true);
        }));
  });
}

}  // namespace brethren::server
