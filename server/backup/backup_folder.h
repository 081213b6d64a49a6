// The folder of scheduled backups: one file per backup, named by its UTC time
// so that names sort as times do (brethren-20261126T084000.123Z.db); past
// `keep` files the oldest are deleted.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace brethren::server {

class BackupFolder {
 public:
  BackupFolder(std::string dir, int keep);

  // Creates the folder when missing; throws std::filesystem::filesystem_error.
  void create() const;
  // Where a backup taken at `now` goes.
  std::string path_for(std::chrono::system_clock::time_point now) const;
  // The backups in the folder, oldest first (other files are not ours).
  std::vector<std::string> backups() const;
  // Deletes the oldest backups beyond `keep`; returns how many.
  int rotate() const;

 private:
  std::string dir_;
  int keep_;
};

}  // namespace brethren::server
