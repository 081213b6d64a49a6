// brethren-echo: the smallest useful Boost.Beast WebSocket server, written
// as Beast's own examples are (tcp_stream, suggested timeouts, one
// flat_buffer, one read and one write at a time), with Beast's defaults.
// It echoes every frame back as it came. Benchmarks run the same load
// against it to get the ceiling one core reaches with Beast, and state
// Brethren's figures as a ratio to it.
//
// With --fanout K (K > 1) it relays instead: each frame goes to every
// connection of the sender's group, the sender included (a 4-seat move is
// one frame in and four out, to four sockets). A connection names its group
// in the upgrade request's target, /ws?group=N; the load generator puts K
// connections in each group (brethren-load --target echo --fanout K).
//
//   brethren-echo --port 0 --threads 1 [--fanout 4]   (prints "listening on ws://ADDR:PORT/ws")
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <deque>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>
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

// --fanout: the sessions of each group, on the one thread (--threads 1).
class RelaySession;
using Groups = std::unordered_map<long, std::vector<RelaySession*>>;

class RelaySession : public std::enable_shared_from_this<RelaySession> {
 public:
  // TCP_NODELAY as Brethren's sessions: a member gets frames it did not ask
  // for, and Nagle would hold each behind the peer's delayed ACK (40 ms).
  RelaySession(tcp::socket&& socket, Groups& groups) : ws_(std::move(socket)), groups_(groups) {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ignored);
  }
  ~RelaySession() {
    if (group_ < 0) return;
    auto& members = groups_[group_];
    members.erase(std::remove(members.begin(), members.end(), this), members.end());
  }

  // The upgrade request first, for its target's group number.
  void run() {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    beast::http::async_read(ws_.next_layer(), buffer_, request_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return;
                              self->ws_.async_accept(self->request_, [self](beast::error_code e) {
                                if (e) return;
                                self->join(self->request_.target());
                                self->read();
                              });
                            });
  }

 private:
  void join(beast::string_view target) {
    const auto at = target.find("group=");
    if (at == beast::string_view::npos) return;
    long group = -1;
    const char* begin = target.data() + at + 6;
    if (std::from_chars(begin, target.data() + target.size(), group).ec != std::errc() || group < 0) return;
    group_ = group;
    groups_[group_].push_back(this);
  }

  void read() {
    buffer_.consume(buffer_.size());
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      auto frame = std::make_shared<const std::string>(beast::buffers_to_string(self->buffer_.data()));
      const bool text = self->ws_.got_text();
      if (self->group_ < 0) {
        self->send(frame, text);
      } else {
        for (RelaySession* member : self->groups_[self->group_]) member->send(frame, text);
      }
      self->read();
    });
  }

  void send(const std::shared_ptr<const std::string>& frame, bool text) {
    queue_.push_back({frame, text});
    if (queue_.size() == 1) write_next();
  }

  void write_next() {
    ws_.text(queue_.front().text);
    ws_.async_write(asio::buffer(*queue_.front().frame),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return;
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write_next();
                    });
  }

  struct Outgoing {
    std::shared_ptr<const std::string> frame;
    bool text;
  };

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  beast::http::request<beast::http::empty_body> request_;
  Groups& groups_;
  long group_ = -1;
  std::deque<Outgoing> queue_;
};

class Listener {
 public:
  Listener(asio::io_context& io, const tcp::endpoint& endpoint, int fanout) : io_(io), acceptor_(io), fanout_(fanout) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void accept() {
    acceptor_.async_accept(asio::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
      if (!ec && fanout_ > 1)
        std::make_shared<RelaySession>(std::move(socket), groups_)->run();
      else if (!ec)
        std::make_shared<EchoSession>(std::move(socket))->run();
      accept();
    });
  }

 private:
  asio::io_context& io_;
  tcp::acceptor acceptor_;
  int fanout_;
  Groups groups_;
};

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string bind = "127.0.0.1";
  std::uint16_t port = 0;
  int threads = 1;
  int fanout = 1;
  po::options_description desc("brethren-echo: a minimal Boost.Beast WebSocket echo server\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("bind", po::value(&bind)->default_value(bind), "address to listen on")
      ("port", po::value(&port)->default_value(port), "TCP port (0: any free port, printed at start)")
      ("threads", po::value(&threads)->default_value(threads), "worker threads")
      ("fanout", po::value(&fanout)->default_value(fanout),
       "1: echo each frame to its sender; K > 1: relay it to every connection of the sender's group "
       "(named in the upgrade target, /ws?group=N), the sender included; needs --threads 1");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
    if (fanout < 1 || (fanout > 1 && threads != 1)) throw po::error("--fanout must be 1, or K > 1 with --threads 1");
  } catch (const po::error& e) {
    std::cerr << "brethren-echo: " << e.what() << "\n";
    return 2;
  }
  asio::io_context io(threads);
  Listener listener(io, tcp::endpoint(asio::ip::make_address(bind), port), fanout);
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
