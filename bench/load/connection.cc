#include "bench/load/connection.h"

#include <netinet/in.h>

#include <boost/asio/buffer.hpp>

namespace brethren::bench {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif
// Lets connect() pick the source port per 4-tuple instead of bind()
// reserving one per source address, so ports are not exhausted early.
using bind_address_no_port = asio::detail::socket_option::boolean<IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT>;
}  // namespace

void bind_source(tcp::socket& socket, const asio::ip::address& source, beast::error_code& ec) {
  socket.set_option(bind_address_no_port(true), ec);
  if (!ec) socket.bind(tcp::endpoint(source, 0), ec);
}

Connection::Connection(asio::io_context& io, std::size_t index, FrameSink& sink)
    : ws_(io), index_(index), sink_(sink) {}

void Connection::open(const tcp::endpoint& server, const asio::ip::address& source, std::string target) {
  beast::error_code ec;
  auto& socket = ws_.next_layer();
  socket.open(server.protocol(), ec);
  if (!ec) bind_source(socket, source, ec);
  if (ec) return fail("bind " + source.to_string(), ec);
  host_ = server.address().to_string() + ":" + std::to_string(server.port());
  target_ = std::move(target);
  socket.async_connect(server, [this](beast::error_code e) { on_connect(e); });
}

void Connection::on_connect(beast::error_code ec) {
  if (ec) return fail("connect", ec);
  ws_.next_layer().set_option(tcp::no_delay(true), ec);
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(read_limit_);
  ws_.async_handshake(host_, target_, [this](beast::error_code e) { on_handshake(e); });
}

void Connection::on_handshake(beast::error_code ec) {
  if (ec) return fail("handshake", ec);
  open_ = true;
  read();
  sink_.on_open(*this);
}

void Connection::read() {
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    if (ec) return fail("read", ec);
    const auto data = buffer_.cdata();
    const bool text = ws_.got_text();
    sink_.on_frame(*this, std::string_view(static_cast<const char*>(data.data()), data.size()), text);
    buffer_.consume(buffer_.size());
    if (!ended_) read();
  });
}

void Connection::send(std::string frame, bool text) {
  if (ended_) return;
  queue_.push_back(Outgoing{std::move(frame), text});
  if (!writing_) write_next();
}

void Connection::write_next() {
  if (queue_.empty() || ended_) {
    writing_ = false;
    return;
  }
  writing_ = true;
  ws_.text(queue_.front().text);
  ws_.async_write(asio::buffer(queue_.front().data), [this](beast::error_code ec, std::size_t) {
    if (ec) return fail("write", ec);
    queue_.pop_front();
    write_next();
  });
}

void Connection::abort() {
  if (ended_) return;
  ended_ = true;
  open_ = false;
  beast::error_code ignored;
  ws_.next_layer().close(ignored);
}

void Connection::fail(const std::string& what, beast::error_code ec) {
  if (ended_) return;  // we ended it ourselves
  ended_ = true;
  open_ = false;
  beast::error_code ignored;
  ws_.next_layer().close(ignored);
  sink_.on_closed(*this, what + ": " + ec.message());
}

}  // namespace brethren::bench
