// brethren-load's command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/load/attack.h"

namespace brethren::bench {

enum class Target { kBrethren, kEcho, kColyseus };
enum class Mode { kSaturation, kRealistic, kIdle };

struct LoadOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  Target target = Target::kBrethren;
  Mode mode = Mode::kSaturation;
  std::string game = "letter-of-marque";
  int seats = 4;
  // Behind a cluster's proxy (docs/scaling.md): table t's connections upgrade
  // on /ws?room=<the code alphabet's (t mod N)-th character>, so that the proxy
  // sends a whole table to node t mod N, where its rooms are created (0: /ws).
  int route_nodes = 0;
  std::size_t connections = 100;
  double think_ms = 500;          // realistic: mean think time
  double duration_s = 10;         // measured time (after opening and warm-up)
  double warmup_s = 1;            // played but not measured
  double ramp_s = 0;              // tables (echo: connections) start at random times in [0, ramp]
  bool json = false;              // text frames with the Protobuf JSON mapping
  int sources = 0;                // 127.0.0.1 .. 127.0.0.N as source addresses (0: one per 25,000 connections)
  std::size_t open_window = 256;  // connection attempts in flight while opening
  std::size_t echo_bytes = 48;    // echo target: frame size (about a binary submitAction)
  int fanout = 1;                 // echo target: connections per relay group (brethren-echo --fanout)
  std::uint64_t seed = 1;
  bool quiet = false;
  // --attack: measure a window without, then one with these hostile connections.
  std::vector<AttackKind> attacks;
  std::size_t attackers = 10;  // per kind
  int server_pid = 0;          // > 0: report the server's RSS growth under attack
};

// nullopt after --help or an error (exit code in `exit_code`).
std::optional<LoadOptions> parse_options(int argc, char** argv, int& exit_code);

const char* to_string(Mode mode);

}  // namespace brethren::bench
