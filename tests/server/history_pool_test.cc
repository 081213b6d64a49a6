// Services::history_pool (server/history/history_pool.h): its owner's end waits for
// the look-up in progress, so a task never outlives the store and games it
// reads (a function-local static pool used to keep running past main()).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "server/history/history_pool.h"

TEST_CASE("History pool: destroying it waits for the task that is running, and the one queued behind it") {
  std::atomic<int> finished{0};
  std::promise<void> started;
  {
    brethren::server::HistoryPool pool;
    pool.post([&] {
      started.set_value();
      // Still busy when the pool's owner goes: the window the old static
      // pool left open.
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ++finished;
    });
    pool.post([&] { ++finished; });
    started.get_future().wait();
  }
  CHECK(finished == 2);
}

TEST_CASE("History pool: join is idempotent and a task posted after it never runs") {
  std::atomic<int> ran{0};
  brethren::server::HistoryPool pool;
  pool.post([&] { ++ran; });
  pool.join();
  CHECK(ran == 1);
  pool.join();
  pool.post([&] { ++ran; });
  pool.join();
  CHECK(ran == 1);
}
