// brethren-echo: the smallest useful Boost.Beast WebSocket server, written
// as Beast's own examples are (tcp_stream, suggested timeouts, one
// flat_buffer, one read and one write at a time), with Beast's defaults.
// It echoes every frame back as it came. Benchmarks run the same load
// against it to get the ceiling one core reaches with Beast, and state
// Brethren's figures as a ratio to it.
//
//   brethren-echo --port 0 --threads 1     (prints "listening on ws://ADDR:PORT/ws")
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

class EchoSession : public std::enable_shared_from_this<EchoSession> {
 public:
  explicit EchoSession(tcp::socket&& socket) : ws_(std::move(socket)) {}

  void run() {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->ws_.text(self->ws_.got_text());
      self->ws_.async_write(self->buffer_.data(), [self](beast::error_code e, std::size_t) {
        if (e) return;
        self->buffer_.consume(self->buffer_.size());
        self->read();
      });
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
};

class Listener {
 public:
  Listener(asio::io_context& io, const tcp::endpoint& endpoint) : io_(io), acceptor_(io) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void accept() {
    acceptor_.async_accept(asio::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
      if (!ec) std::make_shared<EchoSession>(std::move(socket))->run();
      accept();
    });
  }

 private:
  asio::io_context& io_;
  tcp::acceptor acceptor_;
};

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string bind = "127.0.0.1";
  std::uint16_t port = 0;
  int threads = 1;
  po::options_description desc("brethren-echo: a minimal Boost.Beast WebSocket echo server\n\nOptions");
  desc.add_options()
      ("help,h", "this text")
      ("bind", po::value(&bind)->default_value(bind), "address to listen on")
      ("port", po::value(&port)->default_value(port), "TCP port (0: any free port, printed at start)")
      ("threads", po::value(&threads)->default_value(threads), "worker threads");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brethren-echo: " << e.what() << "\n";
    return 2;
  }
  asio::io_context io(threads);
  Listener listener(io, tcp::endpoint(asio::ip::make_address(bind), port));
  listener.accept();
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io](beast::error_code, int) { io.stop(); });
  std::printf("listening on ws://%s:%u/ws\n", bind.c_str(), listener.port());
  std::fflush(stdout);
  std::vector<std::thread> workers;
  for (int i = 1; i < threads; ++i) workers.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& t : workers) t.join();
  return 0;
}
