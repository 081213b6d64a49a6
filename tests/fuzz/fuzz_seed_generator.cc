// Writes the seed corpora of the fuzz targets into <dir>/<target>/:
//   fuzz_seed_generator tests/fuzz/corpus
// Real inputs, small: frames as the protocol documents them, states from a
// few seeded random games, and actions the rules list as legal. Deterministic:
// running it again gives the same files.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "server/protocol/codec.h"
#include "tests/fuzz/fuzz_support.h"

using namespace brethren;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

std::string u64(std::uint64_t v) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  return out;
}

// A state after `moves` random legal moves, with the same play as fuzz_apply_action.
std::unique_ptr<rules::State> reach(const rules::Game& game, int seats, std::uint64_t seed, int moves) {
  rules::MatchSetup setup{game.info().default_options(), seats, seed, 0};
  auto state = std::move(game.new_match(setup).value());
  rules::Rng rng(seed ^ 0x5eed);
  fuzz::play_legal(game, *state, rng, moves, false);
  return state;
}

void client_frames(const fs::path& dir) {
  // JSON frames as in docs/protocol.md (first byte odd: JSON).
  const char* json[] = {
      R"({"requestId": 1, "hello": {"protocolVersion": 1, "clientName": "fuzz"}})",
      R"({"requestId": 2, "listGames": {}})",
      R"({"requestId": 3, "createRoom": {"gameId": "tortuga-1667", "seatCount": 4, "public": true, "displayName": "Anne"}})",
      R"({"requestId": 4, "joinRoom": {"roomCode": "K7Q2M9XPA", "displayName": "Mary"}})",
      R"({"requestId":1,"resume":{"roomCode":"YVV4DDNGG","seatToken":"<your token>","lastVersion":"11"}})",
      R"({"requestId": "9", "sync": {"roomCode": "K7Q2M9XPA", "lastVersion": "3"}})",
      R"({"requestId": 7, "sendChat": {"roomCode": "K7Q2M9XPA", "text": "Ahoy \u00e9"}})",
      R"({"requestId": 8, "submitAction": {"roomCode": "K7Q2M9XPA", "action": {"letterOfMarque": {}}}})",
  };
  int i = 0;
  for (const char* frame : json) write(dir, "json-" + std::to_string(i++), std::string("\x01") + frame);
  // Binary frames (first byte even): the same requests, and real actions.
  i = 0;
  for (const char* frame : json) {
    v1::ClientMessage m;
    std::string error;
    if (!server::decode_client_message(frame, server::Encoding::kJson, m, error)) continue;
    write(dir, "binary-" + std::to_string(i++),
          std::string(1, '\0') + server::encode_client_message(m, server::Encoding::kBinary));
  }
  for (const auto& game : fuzz::games().games()) {
    auto state = reach(*game, game->info().min_seats(), 1, 10);
    const rules::Seat seat = state->acting_seats().front();
    v1::ClientMessage m;
    m.set_request_id(12);
    m.mutable_submit_action()->set_room_code("K7Q2M9XPA");
    *m.mutable_submit_action()->mutable_action() = state->encode_action(seat, state->legal_actions(seat).front());
    write(dir, "submit-" + game->id(),
          std::string(1, '\0') + server::encode_client_message(m, server::Encoding::kBinary));
    write(dir, "submit-json-" + game->id(), "\x01" + server::encode_client_message(m, server::Encoding::kJson));
  }
}

void states(const fs::path& dir) {
  const auto& all = fuzz::games().games();
  for (std::size_t g = 0; g < all.size(); ++g) {
    const rules::Game& game = *all[g];
    for (int moves : {0, 25}) {
      auto state = reach(game, game.info().min_seats(), 7 + g, moves);
      write(dir, game.id() + "-" + std::to_string(moves), std::string(1, static_cast<char>(g)) + state->serialize());
    }
  }
}

void actions(const fs::path& dir) {
  const auto& all = fuzz::games().games();
  for (std::size_t g = 0; g < all.size(); ++g) {
    const rules::Game& game = *all[g];
    const int seats = game.info().min_seats();
    for (int moves : {0, 30}) {
      const std::uint64_t seed = 11 + g;
      std::string input;
      input.push_back(static_cast<char>(g));
      input.push_back(0);  // min_seats
      input += u64(seed);
      input.push_back(static_cast<char>(moves & 0xff));
      input.push_back(static_cast<char>(moves >> 8));
      input.push_back(0);
      auto state = reach(game, seats, seed, moves);
      // A few legal moves in a row, then one by a seat that need not act.
      rules::Rng rng(seed);
      for (int k = 0; k < 4 && !state->is_terminal(); ++k) {
        const rules::Seat seat = state->acting_seats().front();
        const auto legal = state->legal_actions(seat);
        const auto action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        std::string bytes;
        state->encode_action(seat, action).SerializeToString(&bytes);
        if (bytes.size() > 255) break;
        input.push_back(static_cast<char>(seat + 1));
        input.push_back(static_cast<char>(bytes.size()));
        input += bytes;
        (void)state->apply(seat, action);
      }
      write(dir, game.id() + "-" + std::to_string(moves), input);
    }
  }
}

void http_requests(const fs::path& dir) {
  // First byte: where the request is split in two.
  write(dir, "history",
        std::string("\x20") +
            "GET /api/matches/42 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer abc\r\n"
            "X-Room-Code: K7Q2M9XPA\r\nX-Room-Password: pw\r\n\r\n");
  write(dir, "upgrade",
        std::string("\x10") +
            "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
  write(dir, "healthz", std::string("\x05") + "GET /healthz HTTP/1.0\r\n\r\n");
  write(dir, "chunked",
        std::string("\x30") +
            "POST /api/matches/1?x=1 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            "5\r\nhello\r\n0\r\n\r\n");
  write(dir, "body", std::string("\x08") + "PUT /metrics HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_seed_generator <corpus-dir>\n");
    return 2;
  }
  const fs::path root = argv[1];
  client_frames(root / "fuzz_client_frame");
  states(root / "fuzz_state_load");
  actions(root / "fuzz_apply_action");
  http_requests(root / "fuzz_http_request");
  return 0;
}
