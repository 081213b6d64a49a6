#include "bench/load/options.h"

#include <boost/program_options.hpp>
#include <iostream>

#include "tools/command_line.h"

namespace brethren::bench {

namespace po = boost::program_options;

const char* to_string(Mode mode) {
  switch (mode) {
    case Mode::kSaturation: return "saturation";
    case Mode::kRealistic: return "realistic";
    case Mode::kIdle: return "idle";
  }
  return "?";
}

std::optional<LoadOptions> parse_options(int argc, char** argv, int& exit_code) {
  LoadOptions o;
  std::string target = "brethren", mode = "saturation", encoding = "binary", attack;
  po::options_description desc(
      "brethren-load: opens C WebSocket connections to a running server on 127.0.0.x and plays\n"
      "complete games with the random bot's moves, or echoes frames against bench/brethren-echo.\n"
      "Prints moves/s (or round trips/s), round-trip latency percentiles in microseconds,\n"
      "games completed, errors and result checks; exits 1 on any error or inconsistent result.\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("host", po::value(&o.host)->default_value(o.host), "server address (127.0.0.x only)")
      ("port", po::value(&o.port)->default_value(o.port), "server port")
      ("target", po::value(&target)->default_value(target),
       "brethren: play games; echo: round trips against an echo server; colyseus: play the same games against "
       "bench/peers/colyseus-server.js through Colyseus 0.16's own protocol (docs/peers.md)")
      ("mode", po::value(&mode)->default_value(mode),
       "saturation: move again as soon as it is your turn; realistic: after a think time; idle: only hold connections")
      ("game", po::value(&o.game)->default_value(o.game), "game id")
      ("seats", po::value(&o.seats)->default_value(o.seats), "seats per room (one connection each)")
      ("route-nodes", po::value(&o.route_nodes)->default_value(o.route_nodes),
       "through a cluster's proxy: spread the tables over this many nodes, each table's connections on "
       "/ws?room=<node character> (0: plain /ws)")
      ("connections,c", po::value(&o.connections)->default_value(o.connections), "connections (a multiple of --seats)")
      ("think-ms", po::value(&o.think_ms)->default_value(o.think_ms), "realistic: mean think time; each drawn uniformly in [0.5, 1.5] x mean")
      ("duration", po::value(&o.duration_s)->default_value(o.duration_s), "seconds measured (idle: seconds held)")
      ("warmup", po::value(&o.warmup_s)->default_value(o.warmup_s), "seconds played before measuring")
      ("ramp", po::value(&o.ramp_s)->default_value(o.ramp_s),
       "start each table (echo: each connection) at a random time in the first RAMP seconds, so that games do not "
       "all start and end together; keep --warmup >= --ramp")
      ("encoding", po::value(&encoding)->default_value(encoding), "binary (Protobuf) or json")
      ("sources", po::value(&o.sources)->default_value(o.sources), "source addresses 127.0.0.1..N (0: one per 25,000 connections; colyseus: per 12,500, each seat's HTTP request being one more)")
      ("open-window", po::value(&o.open_window)->default_value(o.open_window), "connection attempts in flight while opening")
      ("echo-bytes", po::value(&o.echo_bytes)->default_value(o.echo_bytes), "echo target: bytes per frame")
      ("fanout", po::value(&o.fanout)->default_value(o.fanout),
       "echo target: K > 1 against brethren-echo --fanout K: groups of K connections take turns as a 4-seat room "
       "does; each frame is relayed to the K connections of its group, and the next in turn sends once the frame "
       "reached it. Counts relayed frames/s (round trips: send to the sender's own copy)")
      ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the bots' choices and think times")
      ("quiet,q", po::bool_switch(&o.quiet), "print only the summary")
      ("attack", po::value(&attack),
       "after the measured window, measure a second one as long with hostile connections alongside and print both and "
       "their ratio: ping-flood, list-rooms-unread, garbage-frames, slow-http, a comma-separated list, or all")
      ("attackers", po::value(&o.attackers)->default_value(o.attackers), "--attack: hostile connections of each kind")
      ("server-pid", po::value(&o.server_pid)->default_value(o.server_pid),
       "the server's pid: report its CPU time per move (or round trip) over the measured window; with --attack, "
       "also its RSS growth (VmRSS, sampled every 100 ms) under attack");
  // clang-format on
  po::variables_map vm;
  if (auto code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-load")) {
    exit_code = *code;
    return std::nullopt;
  }
  auto bad = [&exit_code](const std::string& why) {
    std::cerr << "brethren-load: " << why << "\n";
    exit_code = 2;
    return std::nullopt;
  };
  if (target == "brethren")
    o.target = Target::kBrethren;
  else if (target == "echo")
    o.target = Target::kEcho;
  else if (target == "colyseus")
    o.target = Target::kColyseus;
  else
    return bad("--target must be brethren, echo or colyseus");
  if (mode == "saturation")
    o.mode = Mode::kSaturation;
  else if (mode == "realistic")
    o.mode = Mode::kRealistic;
  else if (mode == "idle")
    o.mode = Mode::kIdle;
  else
    return bad("--mode must be saturation, realistic or idle");
  if (encoding != "binary" && encoding != "json") return bad("--encoding must be binary or json");
  o.json = encoding == "json";
  if (o.host.rfind("127.", 0) != 0) return bad("--host must be a loopback address 127.x.x.x");
  if (o.seats < 1 || o.connections == 0) return bad("--seats and --connections must be positive");
  if (o.route_nodes < 0 || o.route_nodes > 32) return bad("--route-nodes must be between 0 and 32");
  if (o.target != Target::kEcho && o.connections % static_cast<std::size_t>(o.seats) != 0) {
    return bad("--connections must be a multiple of --seats");
  }
  if (o.target == Target::kColyseus && (o.json || o.route_nodes > 0 || o.seats > 16))
    return bad("--target colyseus takes no --encoding json or --route-nodes, and at most 16 seats");
  if (o.target == Target::kColyseus && o.open_window == 0) return bad("--open-window must be positive");
  if (o.fanout < 1 || (o.fanout > 1 && o.target != Target::kEcho))
    return bad("--fanout needs --target echo and K >= 1");
  if (o.connections % static_cast<std::size_t>(o.fanout) != 0)
    return bad("--connections must be a multiple of --fanout");
  if (!attack.empty()) {
    auto kinds = parse_attack_list(attack);
    if (!kinds)
      return bad(
          "--attack must be ping-flood, list-rooms-unread, garbage-frames, slow-http, a comma-separated list of them, "
          "or all");
    if (o.target != Target::kBrethren || o.mode == Mode::kIdle)
      return bad("--attack needs --target brethren and a saturation or realistic mode");
    if (o.attackers == 0) return bad("--attackers must be positive");
    o.attacks = std::move(*kinds);
  }
  // Colyseus: each seat's HTTP reservation is a connection of its own besides the WebSocket.
  const std::size_t per_seat = o.target == Target::kColyseus ? 2 : 1;
  if (o.sources == 0) o.sources = static_cast<int>((per_seat * o.connections + 24'999) / 25'000);
  if (o.sources < 1 || o.sources > 250) return bad("--sources must be 1..250");
  if (o.duration_s <= 0 || o.warmup_s < 0 || o.think_ms < 0 || o.ramp_s < 0)
    return bad("--duration, --warmup, --think-ms out of range");
  return o;
}

}  // namespace brethren::bench
