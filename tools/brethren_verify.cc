// brethren-verify: checks that a finished Brethren match was dealt from the
// seed the server committed to at its start (docs/fairness.md).
//
//   brethren-verify match.json
//   curl -s http://host:8080/api/matches/42 | brethren-verify -
//   brethren-verify http://127.0.0.1:8080/api/matches/42 [--room-code C] [--password P] [--token T]
//
// Exit status: 0 verified, 1 a check failed, 2 the input could not be read.
#include <google/protobuf/util/json_util.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "rules/registry/all_games.h"
#include "tools/match_verifier.h"

namespace {

namespace po = boost::program_options;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

struct Credentials {
  std::string room_code, password, token;
};

// GET http://host[:port]/path; throws with the reason on failure.
std::string http_get(const std::string& url, const Credentials& credentials) {
  constexpr std::string_view kScheme = "http://";
  if (!url.starts_with(kScheme)) throw std::runtime_error("only http:// URLs are supported");
  const std::string rest = url.substr(kScheme.size());
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const std::string target = slash == std::string::npos ? "/" : rest.substr(slash);
  const auto colon = authority.rfind(':');
  const std::string host = authority.substr(0, colon);
  const std::string port = colon == std::string::npos ? "80" : authority.substr(colon + 1);

  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::resolver(io).resolve(host, port));
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, authority);
  request.set(http::field::user_agent, "brethren-verify");
  if (!credentials.token.empty()) request.set(http::field::authorization, "Bearer " + credentials.token);
  if (!credentials.room_code.empty()) request.set("X-Room-Code", credentials.room_code);
  if (!credentials.password.empty()) request.set("X-Room-Password", credentials.password);
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  if (response.result() != http::status::ok) {
    throw std::runtime_error("the server answered " + std::to_string(response.result_int()) + ": " + response.body());
  }
  return response.body();
}

std::string read_input(const std::string& source, const Credentials& credentials) {
  if (source.starts_with("http://") || source.starts_with("https://")) return http_get(source, credentials);
  if (source == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  std::ifstream in(source, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + source);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  std::string source;
  Credentials credentials;
  po::options_description desc(
      "brethren-verify: checks a finished match against the seed committed to at its start\n"
      "usage: brethren-verify <match.json | - | http://HOST:PORT/api/matches/ID> [options]");
  // clang-format off
  desc.add_options()
      ("help,h", "this help")
      ("input", po::value(&source), "a MatchHistory JSON file, - for stdin, or the match's history URL")
      ("room-code", po::value(&credentials.room_code), "with a URL: the room code (unlisted rooms)")
      ("password", po::value(&credentials.password), "with a URL: the room password (when spectators need it)")
      ("token", po::value(&credentials.token), "with a URL: your seat token (your own replay)");
  // clang-format on
  po::positional_options_description positional;
  positional.add("input", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(desc).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "brethren-verify: " << e.what() << "\n" << desc << "\n";
    return 2;
  }
  if (vm.count("help") || source.empty()) {
    std::cout << desc << "\n";
    return vm.count("help") ? 0 : 2;
  }

  brethren::v1::MatchHistory history;
  try {
    const std::string json = read_input(source, credentials);
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = true;  // newer servers may add fields
    const auto status = google::protobuf::util::JsonStringToMessage(json, &history, options);
    if (!status.ok()) throw std::runtime_error("not a MatchHistory in JSON: " + std::string(status.message()));
  } catch (const std::exception& e) {
    std::cerr << "brethren-verify: " << e.what() << "\n";
    return 2;
  }

  const auto games = brethren::rules::make_all_games_registry();
  const auto report = brethren::tools::verify_match(games, history);
  std::cout << "match " << history.match_id() << " (" << history.game_id() << ", " << history.seat_count()
            << " seats)\n";
  for (const auto& line : report.checked) std::cout << "  ok: " << line << "\n";
  if (!report.verified) {
    std::cout << "  MISMATCH: " << report.failure << "\nNOT VERIFIED\n";
    return 1;
  }
  for (const auto& line : report.not_checked) std::cout << "  not checkable: " << line << "\n";
  std::cout << "VERIFIED\n";
  return 0;
}
