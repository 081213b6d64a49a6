#include "server/match/bot_pool.h"

#include <spdlog/spdlog.h>

#include <sys/resource.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <exception>

namespace brethren::server {

using SteadyClock = std::chrono::steady_clock;

void BotPool::Job::cancel() {
  Done dropped;
  {
    std::lock_guard lock(mutex);
    if (cancelled) return;
    cancelled = true;
    dropped = std::move(done);
  }
  stop.request_stop();
  // `dropped` (and whatever it holds) goes here, outside the lock.
}

BotPool::BotPool(BotPoolOptions options, Metrics& metrics) : options_(options), metrics_(metrics) {
  const int threads = std::max(1, options_.threads);
  workers_.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  time_keeper_ = std::thread([this] { keep_time(); });
}

BotPool::~BotPool() { stop(); }

std::chrono::milliseconds BotPool::deadline_for(std::chrono::milliseconds budget) const {
  const double scale = std::clamp(options_.time_scale, 0.0, 1.0);
  return std::chrono::milliseconds(std::llround(static_cast<double>(budget.count()) * scale));
}

std::shared_ptr<BotPool::Job> BotPool::submit(std::unique_ptr<rules::State> state, rules::Seat seat,
                                              std::unique_ptr<rules::SearchBot> bot, Done done) {
  auto job = std::make_shared<Job>();
  job->state = std::move(state);
  job->seat = seat;
  job->bot = std::move(bot);
  job->done = std::move(done);
  job->submitted = SteadyClock::now();
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.max_queued) {
      ++metrics_.bot_searches_refused;
      return nullptr;
    }
    queue_.push_back(job);
    ++metrics_.bot_searches_queued;
  }
  work_ready_.notify_one();
  return job;
}

void BotPool::stop() {
  std::deque<std::shared_ptr<Job>> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
    dropped.swap(queue_);
    metrics_.bot_searches_queued -= static_cast<std::int64_t>(dropped.size());
    dropped.insert(dropped.end(), running_jobs_.begin(), running_jobs_.end());
    // The held results leave now; the searches still running leave as their threads end.
    const auto held =
        std::remove_if(running_jobs_.begin(), running_jobs_.end(), [](const auto& job) { return job->held; });
    metrics_.bot_searches_running -= static_cast<std::int64_t>(running_jobs_.end() - held);
    metrics_.bot_searches_cancelled += static_cast<std::uint64_t>(running_jobs_.end() - held);
    running_jobs_.erase(held, running_jobs_.end());
  }
  // Nothing is played after the stop: cancelled, their results are dropped.
  for (auto& job : dropped) job->cancel();
  work_ready_.notify_all();
  deadlines_changed_.notify_all();
  for (auto& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
  if (time_keeper_.joinable()) time_keeper_.join();
  std::lock_guard lock(mutex_);
  workers_.clear();
}

std::size_t BotPool::running() const {
  std::lock_guard lock(mutex_);
  return running_jobs_.size();
}

std::size_t BotPool::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void BotPool::work() {
  if (options_.nice != 0) {
    // Relative to the process's own (a server started at nice -20 keeps its
    // bots above everything else on the machine, below its network threads).
    errno = 0;
    const int base = ::getpriority(PRIO_PROCESS, 0);
    const int nice = std::min(19, (errno == 0 ? base : 0) + options_.nice);
    if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), nice) != 0) {
      spdlog::warn("bot pool: could not set the threads' nice value to {}", nice);
    }
    // The lowest setting: Linux's idle class, CPU time nobody else wants
    // (a woken network thread takes the core at once).
    sched_param idle{};
    if (options_.nice >= 19 && ::sched_setscheduler(::gettid(), SCHED_IDLE, &idle) != 0) {
      spdlog::warn("bot pool: could not put the threads in the idle scheduling class");
    }
  }
  const std::size_t max_running = static_cast<std::size_t>(std::max(1, options_.max_searches));
  std::unique_lock lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [&] { return stopping_ || (!queue_.empty() && running_jobs_.size() < max_running); });
    if (stopping_) return;
    std::shared_ptr<Job> job = std::move(queue_.front());
    queue_.pop_front();
    --metrics_.bot_searches_queued;
    {
      std::lock_guard job_lock(job->mutex);
      if (job->cancelled) continue;  // cancelled while queued: never runs
    }
    ++metrics_.bot_searches_running;
    job->deadline = SteadyClock::now() + deadline_for(job->bot->time_budget());
    running_jobs_.push_back(job);
    deadlines_changed_.notify_one();
    lock.unlock();
    metrics_.bot_queue_wait.observe(std::chrono::duration<double>(SteadyClock::now() - job->submitted).count());
    auto result = run(job);
    lock.lock();
    if (options_.hold_early_results && !stopping_ && SteadyClock::now() < job->deadline) {
      // Early: the time keeper delivers it at the deadline (see the header).
      job->held = true;
      job->result = result;
      ++metrics_.bot_results_held;
      deadlines_changed_.notify_one();
      continue;
    }
    running_jobs_.erase(std::find(running_jobs_.begin(), running_jobs_.end(), job));
    --metrics_.bot_searches_running;
    // A running slot is free: another thread may start a search (max_searches < threads).
    if (!queue_.empty()) work_ready_.notify_one();
    lock.unlock();
    deliver(job, result);
    lock.lock();
  }
}

std::optional<rules::ActionId> BotPool::run(const std::shared_ptr<Job>& job) {
  const auto started = SteadyClock::now();
  std::optional<rules::ActionId> result;
  try {
    result = job->bot->choose(*job->state, job->seat, job->stop.get_token());
  } catch (const std::exception& e) {
    // The caller's fallback decides (an empty result).
    spdlog::error("bot search for seat {} failed: {}", job->seat, e.what());
  }
  metrics_.bot_search_time.observe(std::chrono::duration<double>(SteadyClock::now() - started).count());
  ++metrics_.bot_searches;
  // The state and the bot go with the search, not with the last handle.
  job->state.reset();
  job->bot.reset();
  return result;
}

void BotPool::deliver(const std::shared_ptr<Job>& job, std::optional<rules::ActionId> result) {
  std::lock_guard lock(job->mutex);
  if (job->cancelled) {
    ++metrics_.bot_searches_cancelled;
    return;
  }
  Done done = std::move(job->done);
  job->cancelled = true;  // done once
  done(result);
}

void BotPool::keep_time() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto now = SteadyClock::now();
    std::optional<SteadyClock::time_point> next;
    std::vector<std::shared_ptr<Job>> due;
    std::vector<std::shared_ptr<Job>> ripe;  // held results whose deadline came
    for (const auto& job : running_jobs_) {
      if (job->timed_out) continue;  // its stop was requested already
      if (job->deadline <= now) {
        (job->held ? ripe : due).push_back(job);
        job->timed_out = true;
      } else if (!next || job->deadline < *next) {
        next = job->deadline;
      }
    }
    for (const auto& job : ripe) {
      running_jobs_.erase(std::find(running_jobs_.begin(), running_jobs_.end(), job));
      --metrics_.bot_searches_running;
    }
    if (!ripe.empty()) work_ready_.notify_all();
    if (!due.empty() || !ripe.empty()) {
      // Outside the lock: a stop request runs the bot's stop callbacks, and
      // `done` posts to the room.
      lock.unlock();
      for (const auto& job : due) job->stop.request_stop();
      for (const auto& job : ripe) deliver(job, job->result);
      lock.lock();
      continue;
    }
    if (next) {
      deadlines_changed_.wait_until(lock, *next);
    } else {
      deadlines_changed_.wait(lock);
    }
  }
}

}  // namespace brethren::server
