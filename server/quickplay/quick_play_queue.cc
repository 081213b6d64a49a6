#include "server/quickplay/quick_play_queue.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace brethren::server::quickplay {

bool QuickPlayQueue::remove(std::uint64_t client_id) {
  auto it = std::find_if(entries_.begin(), entries_.end(),
                         [client_id](const QueueEntry& e) { return e.client_id == client_id; });
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

int QuickPlayQueue::position(std::uint64_t client_id) const {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].client_id == client_id) return static_cast<int>(i) + 1;
  }
  return 0;
}

const QueueEntry* QuickPlayQueue::find(std::uint64_t client_id) const {
  for (const QueueEntry& e : entries_) {
    if (e.client_id == client_id) return &e;
  }
  return nullptr;
}

std::vector<std::size_t> QuickPlayQueue::by_rating() const {
  std::vector<std::size_t> order(entries_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Stable: equal ratings stay in queueing order.
  std::stable_sort(order.begin(), order.end(),
                   [this](std::size_t a, std::size_t b) { return entries_[a].mu < entries_[b].mu; });
  return order;
}

std::optional<std::vector<QueueEntry>> QuickPlayQueue::take_table(Clock::time_point now) {
  const std::size_t n = static_cast<std::size_t>(seats_);
  if (n == 0 || entries_.size() < n) return std::nullopt;
  const std::vector<std::size_t> order = by_rating();
  std::optional<std::size_t> best;            // first index (in `order`) of the chosen run
  std::size_t best_oldest = entries_.size();  // its longest waiter's index in entries_ (queueing order)
  for (std::size_t first = 0; first + n <= order.size(); ++first) {
    const double spread = entries_[order[first + n - 1]].mu - entries_[order[first]].mu;
    std::size_t oldest = entries_.size();
    Clock::time_point newest = Clock::time_point::min();
    for (std::size_t k = first; k < first + n; ++k) {
      oldest = std::min(oldest, order[k]);
      newest = std::max(newest, entries_[order[k]].since);
    }
    // The one who queued last has the narrowest window.
    if (window_.at(now - newest) < spread) continue;
    if (oldest < best_oldest) {
      best = first;
      best_oldest = oldest;
    }
  }
  if (!best) return std::nullopt;
  std::vector<std::size_t> taken(order.begin() + static_cast<std::ptrdiff_t>(*best),
                                 order.begin() + static_cast<std::ptrdiff_t>(*best + n));
  std::vector<QueueEntry> table;
  for (std::size_t index : taken) table.push_back(entries_[index]);
  // Seats in queueing order: who waited longest sits first.
  std::sort(taken.begin(), taken.end());
  std::sort(table.begin(), table.end(), [](const QueueEntry& a, const QueueEntry& b) { return a.since < b.since; });
  for (auto it = taken.rbegin(); it != taken.rend(); ++it)
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(*it));
  return table;
}

std::optional<std::vector<QueueEntry>> QuickPlayQueue::take_bot_table(Clock::time_point now) {
  if (entries_.empty() || now < bots_by(entries_.front().since)) return std::nullopt;
  // The longest waiter, then the others nearest to him in rating, each
  // joining only if everyone at the table still accepts its spread.
  const QueueEntry first = entries_.front();
  std::vector<std::size_t> others(entries_.size() - 1);
  std::iota(others.begin(), others.end(), std::size_t{1});
  std::stable_sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
    return std::abs(entries_[a].mu - first.mu) < std::abs(entries_[b].mu - first.mu);
  });
  std::vector<std::size_t> taken{0};
  double low = first.mu, high = first.mu;
  Clock::time_point newest = first.since;
  for (std::size_t index : others) {
    if (taken.size() + 1 >= static_cast<std::size_t>(seats_)) break;  // at least one bot: else take_table's
    const QueueEntry& e = entries_[index];
    const double spread = std::max(high, e.mu) - std::min(low, e.mu);
    if (window_.at(now - std::max(newest, e.since)) < spread) continue;
    taken.push_back(index);
    low = std::min(low, e.mu);
    high = std::max(high, e.mu);
    newest = std::max(newest, e.since);
  }
  std::sort(taken.begin(), taken.end());
  std::vector<QueueEntry> table;
  for (std::size_t index : taken) table.push_back(entries_[index]);
  for (auto it = taken.rbegin(); it != taken.rend(); ++it)
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(*it));
  return table;
}

std::optional<Clock::time_point> QuickPlayQueue::next_change(Clock::time_point now) const {
  if (entries_.empty()) return std::nullopt;
  std::optional<Clock::time_point> next = bots_by(entries_.front().since);
  const std::size_t n = static_cast<std::size_t>(seats_);
  if (n > 0 && entries_.size() >= n) {
    const std::vector<std::size_t> order = by_rating();
    for (std::size_t first = 0; first + n <= order.size(); ++first) {
      const double spread = entries_[order[first + n - 1]].mu - entries_[order[first]].mu;
      Clock::time_point newest = Clock::time_point::min();
      for (std::size_t k = first; k < first + n; ++k) newest = std::max(newest, entries_[order[k]].since);
      auto from = window_.accepts_from(newest, spread);
      if (from && *from > now && *from < *next) next = *from;
    }
  }
  if (*next < now) next = now;
  return next;
}

}  // namespace brethren::server::quickplay
