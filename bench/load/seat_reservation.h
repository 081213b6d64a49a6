// Colyseus's seat reservation: an HTTP POST to /matchmake/<method>/<room name
// or id> with the join options as JSON, answered (HTTP 200 either way) by
// {room: {roomId, processId, ...}, sessionId} or {code, error}, as
// colyseus.js's Client.createMatchMakeRequest sends it. The WebSocket to
// /<processId>/<roomId>?sessionId=<sessionId> then takes the seat.
//
// One request per TCP connection (Connection: close), from the chosen
// 127.0.0.x source, with a deadline; the response's header and body are
// bounded, and the ids must be what Colyseus generates (letters, digits, _
// and -) before they go into a URL.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <functional>
#include <string>

namespace brethren::bench::colyseus {

struct Reservation {
  std::string room_id;
  std::string process_id;
  std::string session_id;
  // The WebSocket's target.
  std::string target() const { return "/" + process_id + "/" + room_id + "?sessionId=" + session_id; }
};

// `done` runs once on the io_context's thread: an empty error and the reservation, or why it failed.
using ReservationDone = std::function<void(const std::string& error, const Reservation& reservation)>;

void reserve_seat(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& server,
                  const boost::asio::ip::address& source, std::string path, std::string json_options,
                  ReservationDone done);

}  // namespace brethren::bench::colyseus
