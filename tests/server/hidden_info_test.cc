// The hidden-information promise, checked on the raw frames the real server
// sends: nothing any frame to another seat (or a spectator) carries depends
// on whether a ship is armed, until an attack reveals it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/letter_of_marque/letter_of_marque.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
namespace lom = brethren::v1::letter_of_marque;
namespace action = brethren::rules::letter_of_marque::action;

namespace {

v1::GameAction lom_action(std::function<void(lom::Action&)> fill) {
  v1::GameAction a;
  fill(*a.mutable_letter_of_marque());
  return a;
}

// Scripted, seat-independent policy: depart (unarmed if possible), else
// return the lowest own ship, else pass. Never attacks.
v1::GameAction peaceful(const v1::MatchView& view) {
  auto has = [&](const v1::GameAction& want) {
    return std::any_of(view.legal_actions().begin(), view.legal_actions().end(),
                       [&](const v1::GameAction& a) { return a.SerializeAsString() == want.SerializeAsString(); });
  };
  for (bool armed : {false, true}) {
    auto depart = lom_action([armed](lom::Action& a) { a.mutable_depart()->set_armed(armed); });
    if (has(depart)) return depart;
  }
  for (const auto& a : view.legal_actions()) {
    if (a.letter_of_marque().has_return_ship()) return a;
  }
  return lom_action([](lom::Action& a) { a.mutable_pass(); });
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
}

struct Run {
  std::vector<std::vector<std::string>> frames;   // per seat, normalized
  std::size_t attack_frame_index[3] = {0, 0, 0};  // first frame after the attack, per seat
};

// One scripted game with a fixed seed; seat 0's preliminary ship is armed or not.
Run scripted_game(bool seat0_armed) {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--insecure-fixed-seed", "4242"});
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  for (int seat = 0; seat < 3; ++seat) {
    const bool armed = seat == 0 ? seat0_armed : false;
    auto reply = t.players[seat].client->request(
        submit_msg(t.code, lom_action([armed](lom::Action& a) { a.mutable_choose_ship()->set_armed(armed); })));
    REQUIRE(reply.has_action_accepted());
    sync_all(t, reply.action_accepted().version());
  }
  // Six peaceful moves; seat 0's first ship (id 1) stays at sea meanwhile
  // unless seat 0 returns it, which reveals nothing either.
  for (int i = 0; i < 6; ++i) {
    const int seat = t.players[0].view.to_act(0);
    auto reply = t.players[seat].client->request(submit_msg(t.code, peaceful(t.players[seat].view)));
    REQUIRE(reply.has_action_accepted());
    sync_all(t, reply.action_accepted().version());
  }
  Run run;
  for (int seat = 0; seat < 3; ++seat) run.attack_frame_index[seat] = t.players[seat].client->frames().size();
  // Then someone attacks one of seat 0's ships at sea: its base is public from now on.
  while (true) {
    const int seat = t.players[0].view.to_act(0);
    const auto& legal = t.players[seat].view.legal_actions();
    auto attack = std::find_if(legal.begin(), legal.end(), [&](const v1::GameAction& a) {
      if (!a.letter_of_marque().has_attack()) return false;
      for (const auto& ship : t.players[seat].view.game().letter_of_marque().ships_at_sea()) {
        if (ship.ship_id() == a.letter_of_marque().attack().ship_id()) return ship.owner() == 0;
      }
      return false;
    });
    auto reply = t.players[seat].client->request(
        submit_msg(t.code, attack != legal.end() ? *attack : peaceful(t.players[seat].view)));
    REQUIRE(reply.has_action_accepted());
    sync_all(t, reply.action_accepted().version());
    if (attack != legal.end()) break;
  }
  for (int seat = 0; seat < 3; ++seat) {
    std::vector<std::string> normalized;
    for (const auto& f : t.players[seat].client->frames()) {
      std::string bytes = f.bytes;
      replace_all(bytes, t.code, std::string(t.code.size(), '#'));
      replace_all(bytes, t.players[seat].token, std::string(t.players[seat].token.size(), '#'));
      replace_all(bytes, t.host_token, std::string(t.host_token.size(), '#'));
      normalized.push_back(bytes);
    }
    run.frames.push_back(std::move(normalized));
  }
  return run;
}

}  // namespace

TEST_CASE("LOM-H-1, LOM-H-4: every raw frame to other seats is byte-identical whether seat 0's ship is armed or not") {
  const Run armed = scripted_game(true);
  const Run unarmed = scripted_game(false);
  for (int seat : {1, 2}) {
    INFO("frames to seat " << seat);
    const std::size_t before = armed.attack_frame_index[seat];
    REQUIRE(before == unarmed.attack_frame_index[seat]);
    REQUIRE(before > 10);
    for (std::size_t i = 0; i < before; ++i) {
      INFO("frame " << i);
      REQUIRE(armed.frames[seat][i] == unarmed.frames[seat][i]);
    }
  }
  // Seat 0 itself was told the difference all along (its own view shows the base).
  bool seat0_differs = false;
  for (std::size_t i = 0; i < armed.attack_frame_index[0] && i < unarmed.frames[0].size(); ++i) {
    seat0_differs |= armed.frames[0][i] != unarmed.frames[0][i];
  }
  REQUIRE(seat0_differs);
}

TEST_CASE("LOM-H-1, LOM-H-3: in whole random games no frame to a seat shows another seat's unrevealed base") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  for (int game = 0; game < 3; ++game) {
    Table t = open_table(server.port(), "letter-of-marque", 4, server::Encoding::kBinary);
    rules::RandomBot bot(100 + game);
    play_moves(t, bot, 10000);
    REQUIRE(t.finished());
    for (const auto& p : t.players) {
      for (const auto& f : p.client->frames()) {
        v1::ServerMessage m;
        REQUIRE(m.ParseFromString(f.bytes));
        if (!m.has_match_update()) continue;
        const auto& view = m.match_update().view();
        REQUIRE(view.viewer_seat() == p.seat);
        for (const auto& ship : view.game().letter_of_marque().ships_at_sea()) {
          if (ship.owner() != p.seat && !ship.revealed()) REQUIRE(ship.base() == lom::BASE_UNKNOWN);
        }
        for (const auto& e : m.match_update().events()) {
          const auto& ev = e.event().letter_of_marque();
          if (!ev.has_own_ship_base() || ev.own_ship_base().ship_id() == 0) continue;
          // A base event names one of the viewer's own ships only.
          bool own = false;
          for (const auto& ship : view.game().letter_of_marque().ships_at_sea()) {
            own |= ship.ship_id() == ev.own_ship_base().ship_id() && ship.owner() == p.seat;
          }
          const bool gone = std::none_of(view.game().letter_of_marque().ships_at_sea().begin(),
                                         view.game().letter_of_marque().ships_at_sea().end(),
                                         [&](const auto& s) { return s.ship_id() == ev.own_ship_base().ship_id(); });
          REQUIRE((own || gone));
        }
      }
    }
  }
}
