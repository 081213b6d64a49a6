#include "server/backup/backup_folder.h"

#include <algorithm>
#include <ctime>
#include <filesystem>

namespace brethren::server {

namespace fs = std::filesystem;

namespace {
constexpr std::string_view kPrefix = "brethren-";
constexpr std::string_view kSuffix = ".db";

bool is_backup_name(const std::string& name) {
  return name.size() > kPrefix.size() + kSuffix.size() && name.rfind(kPrefix, 0) == 0 &&
         name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}
}  // namespace

BackupFolder::BackupFolder(std::string dir, int keep) : dir_(std::move(dir)), keep_(std::max(1, keep)) {}

void BackupFolder::create() const { fs::create_directories(dir_); }

std::string BackupFolder::path_for(std::chrono::system_clock::time_point now) const {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(ms % 1000));
  return (fs::path(dir_) / (std::string(kPrefix) + stamp + millis + std::string(kSuffix))).string();
}

std::vector<std::string> BackupFolder::backups() const {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(ec) && is_backup_name(name)) out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int BackupFolder::rotate() const {
  const auto all = backups();
  int removed = 0;
  for (std::size_t i = 0; i + static_cast<std::size_t>(keep_) < all.size(); ++i) {
    std::error_code ec;
    if (fs::remove(all[i], ec)) ++removed;
  }
  return removed;
}

}  // namespace brethren::server
