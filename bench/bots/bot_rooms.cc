// brethren-bot-rooms: fills a server with rooms whose every seat is a
// server-side bot of one kind, starts their matches and leaves them playing
// (a match of bots runs on its own, and is never expired while it does).
// For bench/bots/run.sh: people's moves measured next to bots that think.
//
//   brethren-bot-rooms --port P --rooms 50 --seats 4 --kind hard [--game letter-of-marque]
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "tools/client/table.h"

using namespace brethren;

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  int rooms = 50;
  int seats = 4;
  std::string kind = "hard";
  std::string game = "letter-of-marque";
  po::options_description desc("brethren-bot-rooms: rooms full of server-side bots, started and left playing\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("host", po::value(&host)->default_value(host), "server address")
      ("port", po::value(&port)->default_value(port), "server port")
      ("rooms", po::value(&rooms)->default_value(rooms), "rooms to start")
      ("seats", po::value(&seats)->default_value(seats), "seats per room, each a bot")
      ("kind", po::value(&kind)->default_value(kind), "the bots' kind (GameInfo.bot_kinds)")
      ("game", po::value(&game)->default_value(game), "game id");
  // clang-format on
  try {
    po::variables_map vm;
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brethren-bot-rooms: " << e.what() << "\n";
    return 2;
  }
  try {
    client::WsClient connection(port, server::Encoding::kBinary, host);
    for (int r = 0; r < rooms; ++r) {
      auto created = connection.request(client::create_room_msg(game, seats, "Bench"));
      if (!created.has_room_created()) {
        std::cerr << "brethren-bot-rooms: CreateRoom: " << created.ShortDebugString() << "\n";
        return 1;
      }
      const std::string code = created.room_created().room().room_code();
      for (int s = 0; s < seats; ++s) {
        v1::ClientMessage add;
        add.mutable_add_bot()->set_room_code(code);
        add.mutable_add_bot()->set_seat(s);
        add.mutable_add_bot()->set_kind(kind);
        auto reply = connection.request(add);
        if (!reply.has_room()) {
          std::cerr << "brethren-bot-rooms: AddBot: " << reply.ShortDebugString() << "\n";
          return 1;
        }
      }
      auto started = connection.request(client::start_msg(code));
      if (!started.has_room()) {
        std::cerr << "brethren-bot-rooms: StartMatch: " << started.ShortDebugString() << "\n";
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "brethren-bot-rooms: " << e.what() << "\n";
    return 1;
  }
  std::printf("bot-rooms: game=%s rooms=%d bots=%d kind=%s\n", game.c_str(), rooms, rooms * seats, kind.c_str());
  return 0;
}
