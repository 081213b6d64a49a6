// TLS termination by a standard proxy (docs/examples/haproxy-tls.cfg, for
// docs/security.md): HAProxy with a self-signed certificate made here, in
// front of the real server; wss:// and https:// through it, and the client
// address passed on with the PROXY protocol, which the server believes
// only from --proxy-protocol-from.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "server/protocol/codec.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;
using namespace std::chrono_literals;

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

#ifndef BRETHREN_SOURCE_DIR
#error "BRETHREN_SOURCE_DIR must name the source tree"
#endif

std::uint16_t free_port() {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();
}

bool port_open(std::uint16_t port) {
  asio::io_context io;
  tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  return !ec;
}

std::string haproxy_binary() {
  for (const char* path : {"/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"}) {
    if (::access(path, X_OK) == 0) return path;
  }
  return "";
}

// HAProxy running docs/examples/haproxy-tls.cfg until destroyed.
class Haproxy {
 public:
  Haproxy(const std::string& pem, std::uint16_t backend_port, const std::string& log_path) {
    port_ = free_port();
    const std::string binary = haproxy_binary();
    const std::string config = std::string(BRETHREN_SOURCE_DIR) + "/docs/examples/haproxy-tls.cfg";
    std::fflush(stdout);
    std::fflush(stderr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setenv("BRETHREN_TLS_BIND", ("127.0.0.1:" + std::to_string(port_)).c_str(), 1);
      ::setenv("BRETHREN_TLS_PEM", pem.c_str(), 1);
      ::setenv("BRETHREN_BACKEND", ("127.0.0.1:" + std::to_string(backend_port)).c_str(), 1);
      std::freopen(log_path.c_str(), "a", stderr);
      std::freopen(log_path.c_str(), "a", stdout);
      ::execl(binary.c_str(), binary.c_str(), "-db", "-f", config.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!port_open(port_) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
  }
  ~Haproxy() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  std::uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

// A TLS connection to the proxy from `source` (a loopback address), with
// the certificate checked against the self-signed one made for 127.0.0.1.
class TlsConnection {
 public:
  TlsConnection(std::uint16_t port, const std::string& cert, const std::string& source)
      : ctx_(ssl::context::tls_client), stream_(io_, ctx_) {
    ctx_.load_verify_file(cert);
    stream_.set_verify_mode(ssl::verify_peer);
    stream_.set_verify_callback(ssl::host_name_verification("127.0.0.1"));
    auto& socket = beast::get_lowest_layer(stream_).socket();
    socket.open(tcp::v4());
    socket.bind(tcp::endpoint(asio::ip::make_address(source), 0));
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    stream_.handshake(ssl::stream_base::client);
  }
  beast::ssl_stream<beast::tcp_stream>& stream() { return stream_; }

 private:
  asio::io_context io_;
  ssl::context ctx_;
  beast::ssl_stream<beast::tcp_stream> stream_;
};

beast::http::response<beast::http::string_body> https_get(TlsConnection& tls, const std::string& target) {
  beast::http::request<beast::http::empty_body> request(beast::http::verb::get, target, 11);
  request.set(beast::http::field::host, "127.0.0.1");
  beast::http::write(tls.stream(), request);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> response;
  beast::http::read(tls.stream(), buffer, response);
  return response;
}

}  // namespace

TEST_CASE("TLS proxy: wss and https through HAProxy, which passes the client address with the PROXY protocol") {
  REQUIRE_FALSE(haproxy_binary().empty());  // tools/setup.sh installs haproxy
  TempDir dir;
  const std::string key = dir.path() + "/key.pem", cert = dir.path() + "/cert.pem", pem = dir.path() + "/both.pem";
  const std::string openssl =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 "
      "-addext subjectAltName=IP:127.0.0.1 -keyout " +
      key + " -out " + cert + " >/dev/null 2>&1";
  REQUIRE(std::system(openssl.c_str()) == 0);
  REQUIRE(std::system(("cat " + cert + " " + key + " > " + pem).c_str()) == 0);

  ServerProcess server(dir.path() + "/t.db",
                       {"--proxy-protocol-from", "127.0.0.1", "--max-connections-per-address", "2"});
  Haproxy proxy(pem, server.port(), dir.path() + "/haproxy.log");
  REQUIRE(port_open(proxy.port()));

  SECTION("https: GET /healthz") {
    TlsConnection tls(proxy.port(), cert, "127.0.0.2");
    const auto health = https_get(tls, "/healthz");
    REQUIRE(health.result_int() == 200);
    REQUIRE(health.body().find("\"status\":\"ok\"") != std::string::npos);
    REQUIRE(health[beast::http::field::strict_transport_security] == "max-age=31536000");
  }

  SECTION("wss: a hello round trip") {
    TlsConnection tls(proxy.port(), cert, "127.0.0.2");
    beast::websocket::stream<beast::ssl_stream<beast::tcp_stream>&> ws(tls.stream());
    ws.handshake("127.0.0.1", "/ws");
    ws.binary(true);
    v1::ClientMessage hello;
    hello.set_request_id(1);
    hello.mutable_hello()->set_protocol_version(1);
    hello.mutable_hello()->set_client_name("tls test");
    ws.write(asio::buffer(server::encode_client_message(hello, server::Encoding::kBinary)));
    beast::flat_buffer buffer;
    ws.read(buffer);
    v1::ServerMessage reply;
    REQUIRE(server::decode_server_message(beast::buffers_to_string(buffer.data()), server::Encoding::kBinary, reply));
    REQUIRE(reply.request_id() == 1);
    REQUIRE(reply.has_hello());
    REQUIRE(reply.hello().protocol_version() == 1);
    // The proxy may end the TCP connection before the client's own
    // teardown: a close error here says nothing about the round trip.
    beast::error_code close_ec;
    ws.close(beast::websocket::close_code::normal, close_ec);
  }

  SECTION("the per-address cap counts the client the proxy names, not the proxy") {
    // Two WebSocket sessions from 127.0.0.2 fill its cap of 2 ...
    std::vector<std::unique_ptr<TlsConnection>> held;
    std::vector<std::unique_ptr<beast::websocket::stream<beast::ssl_stream<beast::tcp_stream>&>>> sockets;
    for (int i = 0; i < 2; ++i) {
      held.push_back(std::make_unique<TlsConnection>(proxy.port(), cert, "127.0.0.2"));
      sockets.push_back(
          std::make_unique<beast::websocket::stream<beast::ssl_stream<beast::tcp_stream>&>>(held.back()->stream()));
      sockets.back()->handshake("127.0.0.1", "/ws");
    }
    // ... so a third from it is refused, while 127.0.0.3 is served.
    TlsConnection third(proxy.port(), cert, "127.0.0.2");
    const auto refused = https_get(third, "/healthz");
    REQUIRE(refused.result_int() == 503);
    REQUIRE(refused[beast::http::field::retry_after] == "10");
    TlsConnection other(proxy.port(), cert, "127.0.0.3");
    REQUIRE(https_get(other, "/healthz").result_int() == 200);
  }
}
