#include "server/net/server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <future>

#include "server/net/http_session.h"
#include "server/net/ws_session.h"

namespace brethren::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

Server::Server(Services& services, std::string admin_token, std::string metrics_token)
    : services_(services),
      rooms_(services),
      static_files_(services.config.web_root.empty() ? default_web_root()
                                                     : std::filesystem::path(services.config.web_root)),
      limits_(services.config.max_connections, services.config.max_connections_per_address),
      trusted_proxies_(services.config.proxy_protocol_from),
      acceptor_(asio::make_strand(services.io)),
      accept_retry_(acceptor_.get_executor()),
      signals_(services.io, SIGINT, SIGTERM, SIGUSR1),
      drain_(services, [this](std::string reason) { request_stop(std::move(reason)); }),
      admin_(std::move(admin_token), drain_, services.config.drain_grace_s),
      metrics_token_(std::move(metrics_token)) {}

std::uint16_t Server::listen() {
  const tcp::endpoint endpoint(asio::ip::make_address(services_.config.bind), services_.config.port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  accept();
  return acceptor_.local_endpoint().port();
}

void Server::accept() {
  acceptor_.async_accept(asio::make_strand(services_.io), [this](boost::system::error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
      // Out of descriptors or memory: the connection stays in the kernel's
      // backlog, so an immediate retry fails again at once. Wait instead.
      const auto step = accept_backoff_.failed(ec.message());
      if (step.log) spdlog::warn("{}", *step.log);
      accept_retry_.expires_after(step.delay);
      accept_retry_.async_wait([this](boost::system::error_code wait_ec) {
        if (!wait_ec && acceptor_.is_open()) accept();
      });
      return;
    }
    if (auto line = accept_backoff_.succeeded()) spdlog::info("{}", *line);
    start_session(std::move(socket));
    accept();
  });
}

void Server::start_session(tcp::socket socket) {
  boost::system::error_code ec;
  const auto peer = socket.remote_endpoint(ec);
  if (ec) return;  // gone already
  const bool proxied = !trusted_proxies_.empty() && trusted_proxies_.contains(peer.address());
  auto slot = limits_.admit(peer.address(), !proxied);
  if (slot->state() != ConnectionSlot::State::kAdmitted) {
    if (const auto count = refusal_log_.due()) {
      spdlog::warn(
          "over the connection caps ({} open, at most {}, {} per address): refused {} connection{} "
          "since the last report, the latest from {}",
          limits_.open(), services_.config.max_connections, services_.config.max_connections_per_address, count,
          count == 1 ? "" : "s", peer.address().to_string());
    }
    if (slot->state() == ConnectionSlot::State::kCloseNow) return;  // closed with the socket
  }
  HttpContext context{services_, rooms_, sessions_, static_files_, limits_, admin_, metrics_token_, proxied};
  std::make_shared<HttpSession>(std::move(socket), context, std::move(slot))->run();
}

void Server::run_until_signal() {
  auto stopped = stop_.get_future();
  wait_for_signal();
  std::vector<std::thread> workers;
  for (int i = 0; i < services_.config.threads; ++i) workers.emplace_back([this] { services_.io.run(); });
  spdlog::info("{}: shutting down", stopped.get());
  shutdown();
  services_.io.stop();
  for (auto& t : workers) t.join();
  // A history look-up still running reads the store, which main() closes next.
  services_.history_pool.join();
}

void Server::wait_for_signal() {
  signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec) return;
    on_signal(signal);
    wait_for_signal();
  });
}

void Server::on_signal(int signal) {
  const double grace = services_.config.drain_grace_s;
  if (signal == SIGINT || (signal == SIGTERM && grace <= 0)) {
    return request_stop("signal " + std::to_string(signal) + " received");
  }
  // SIGTERM again while draining keeps the first deadline (Kubernetes sends
  // SIGTERM after a preStop hook that may have started the drain).
  drain_.start(std::chrono::duration<double>(grace), signal == SIGTERM ? "SIGTERM" : "SIGUSR1");
}

void Server::request_stop(std::string reason) {
  std::call_once(stop_once_, [&] { stop_.set_value(std::move(reason)); });
}

void Server::shutdown() {
  using namespace std::chrono_literals;
  services_.shutting_down = true;
  // 1. No new connections.
  asio::post(acceptor_.get_executor(), [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    accept_retry_.cancel();
  });
  // 2. No bot thinks any more: queued searches are dropped, running ones
  // stopped (they return promptly); their results are never played.
  if (services_.bot_pool) services_.bot_pool->stop();
  // 3. Every move already applied is committed and acknowledged.
  services_.store.flush();
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (services_.metrics.commits_in_flight > 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(5ms);
  }
  // 4. Close frames to everyone, then wait for the connections to end.
  for (auto& session : sessions_.all()) session->close(1001, "server shutting down");
  const auto close_deadline = std::chrono::steady_clock::now() + 3s;
  while (services_.metrics.connections_open > 0 && std::chrono::steady_clock::now() < close_deadline) {
    std::this_thread::sleep_for(5ms);
  }
  services_.store.flush();
  spdlog::info("shutdown complete: {} connections left", services_.metrics.connections_open.load());
}

}  // namespace brethren::server
