// brethren-playtest: plays one complete game against a running server with
// real WebSocket clients (random bots deciding from their own views), or
// inspects a room. For smoke tests of a deployment (e.g. the Docker image).
//
//   brethren-playtest --port 8080 --game letter-of-marque --players 3
//   brethren-playtest --port 8080 --inspect K7Q2M9XPA
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "tools/client/table.h"
#include "tools/command_line.h"

namespace po = boost::program_options;
using namespace brethren;
using namespace brethren::client;

int main(int argc, char** argv) {
  std::string host = "127.0.0.1", game = "letter-of-marque", inspect;
  int port = 8080, players = 3;
  std::uint64_t seed = 1;
  bool json = false;
  po::options_description desc("brethren-playtest: play one game against a running brethren-server");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("host", po::value(&host)->default_value(host), "server address")
      ("port", po::value(&port)->default_value(port), "server port")
      ("game", po::value(&game)->default_value(game), "game id")
      ("players", po::value(&players)->default_value(players), "seats (one client each)")
      ("seed", po::value(&seed)->default_value(seed), "seed of the bots' choices")
      ("json", po::bool_switch(&json), "speak JSON text frames instead of binary Protobuf")
      ("inspect", po::value(&inspect), "only join room CODE as a spectator and print its status");
  // clang-format on
  po::variables_map vm;
  if (auto exit_code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-playtest"))
    return *exit_code;
  const auto encoding = json ? server::Encoding::kJson : server::Encoding::kBinary;
  try {
    if (!inspect.empty()) {
      WsClient watcher(static_cast<std::uint16_t>(port), encoding, host);
      auto joined = watcher.request(join_msg(inspect, "Inspector"));
      if (!joined.has_room()) {
        std::printf("room %s: %s\n", inspect.c_str(), joined.ShortDebugString().c_str());
        return 1;
      }
      const auto status = v1::RoomStatus_Name(joined.room().status());
      std::string summary;
      if (joined.room().status() != v1::ROOM_STATUS_OPEN) {
        if (auto update = watcher.wait_for_version(0)) summary = update->view().outcome().summary();
      }
      std::printf("room %s: %s %s\n", inspect.c_str(), status.c_str(), summary.c_str());
      return joined.room().status() == v1::ROOM_STATUS_FINISHED ? 0 : 3;
    }
    Table table = open_table(static_cast<std::uint16_t>(port), game, players, encoding, {}, host);
    rules::RandomBot bot(seed);
    const int moves = play_moves(table, bot, 1'000'000);
    if (!table.finished()) {
      std::printf("room %s: not finished after %d moves\n", table.code.c_str(), moves);
      return 1;
    }
    std::printf("room %s finished after %d moves: %s\n", table.code.c_str(), moves,
                table.players[0].view.outcome().summary().c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "brethren-playtest: %s\n", e.what());
    return 1;
  }
}
