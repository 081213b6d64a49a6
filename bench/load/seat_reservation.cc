#include "bench/load/seat_reservation.h"

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>

#include "bench/load/connection.h"

namespace brethren::bench::colyseus {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
constexpr std::size_t kMaxBodyBytes = 16 * 1024;  // a reservation is about 300 bytes
constexpr auto kDeadline = std::chrono::seconds(30);

// Colyseus's generateId(): nanoid's alphabet, 9 characters by default.
bool is_id(const std::string& s) {
  return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

std::string string_field(const google::protobuf::Struct& s, const std::string& key) {
  const auto it = s.fields().find(key);
  if (it == s.fields().end() || !it->second.has_string_value()) return {};
  return it->second.string_value();
}

class Request : public std::enable_shared_from_this<Request> {
 public:
  Request(asio::io_context& io, std::string path, std::string body, ReservationDone done)
      : stream_(io), done_(std::move(done)) {
    request_.method(http::verb::post);
    request_.target(path);
    request_.set(http::field::accept, "application/json");
    request_.set(http::field::content_type, "application/json");
    request_.set(http::field::connection, "close");
    request_.body() = std::move(body);
    parser_.header_limit(kMaxHeaderBytes);
    parser_.body_limit(kMaxBodyBytes);
  }

  void start(const tcp::endpoint& server, const asio::ip::address& source) {
    request_.set(http::field::host, server.address().to_string() + ":" + std::to_string(server.port()));
    request_.prepare_payload();
    beast::error_code ec;
    stream_.socket().open(server.protocol(), ec);
    if (!ec) bind_source(stream_.socket(), source, ec);
    if (ec) return finish("bind " + source.to_string() + ": " + ec.message());
    stream_.expires_after(kDeadline);
    stream_.async_connect(server, [self = shared_from_this()](beast::error_code e) { self->on_connect(e); });
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return finish("connect: " + ec.message());
    stream_.socket().set_option(tcp::no_delay(true), ec);
    http::async_write(stream_, request_, [self = shared_from_this()](beast::error_code e, std::size_t) {
      if (e) return self->finish("write: " + e.message());
      http::async_read(self->stream_, self->buffer_, self->parser_,
                       [self](beast::error_code e2, std::size_t) { self->on_read(e2); });
    });
  }

  void on_read(beast::error_code ec) {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    if (ec) return finish("read: " + ec.message());
    const auto& response = parser_.get();
    if (response.result() != http::status::ok)
      return finish("HTTP " + std::to_string(static_cast<unsigned>(response.result_int())));
    google::protobuf::Struct json;
    if (!google::protobuf::util::JsonStringToMessage(response.body(), &json).ok())
      return finish("a body that is not JSON");
    if (json.fields().count("error") != 0) {
      const auto code = json.fields().find("code");
      const long number = code != json.fields().end() && code->second.has_number_value()
                              ? static_cast<long>(code->second.number_value())
                              : 0;
      return finish("matchmake error " + std::to_string(number) + ": " + string_field(json, "error").substr(0, 200));
    }
    const auto room = json.fields().find("room");
    if (room == json.fields().end() || !room->second.has_struct_value()) return finish("a reservation without room");
    Reservation r;
    r.room_id = string_field(room->second.struct_value(), "roomId");
    r.process_id = string_field(room->second.struct_value(), "processId");
    r.session_id = string_field(json, "sessionId");
    if (!is_id(r.room_id) || !is_id(r.process_id) || !is_id(r.session_id))
      return finish("a reservation without well-formed roomId, processId and sessionId");
    reservation_ = std::move(r);
    finish({});
  }

  void finish(const std::string& error) {
    if (!done_) return;
    auto done = std::move(done_);
    done_ = nullptr;
    done(error, reservation_);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_{kMaxHeaderBytes + kMaxBodyBytes};
  http::request<http::string_body> request_;
  http::response_parser<http::string_body> parser_;
  Reservation reservation_;
  ReservationDone done_;
};

}  // namespace

void reserve_seat(asio::io_context& io, const tcp::endpoint& server, const asio::ip::address& source, std::string path,
                  std::string json_options, ReservationDone done) {
  std::make_shared<Request>(io, std::move(path), std::move(json_options), std::move(done))->start(server, source);
}

}  // namespace brethren::bench::colyseus
