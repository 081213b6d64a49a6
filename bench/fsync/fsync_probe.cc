// brethren-fsync-probe: the disk's own latency for what a durable commit
// waits for (a small write, then fdatasync), in the directory the database
// would be in. The floor under the move's round trip that no server code
// can lower (docs/performance.md, "Realistic p99").
#include <fcntl.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  std::string dir;
  double seconds = 10;
  std::size_t bytes = 4096;
  po::options_description options("brethren-fsync-probe: write + fdatasync latency of a directory's file system");
  options.add_options()("help,h", "this text")("dir", po::value(&dir)->default_value("."), "where the probe file goes")(
      "seconds", po::value(&seconds)->default_value(10), "how long to probe")(
      "bytes", po::value(&bytes)->default_value(4096), "bytes written before each fdatasync (a WAL frame: 4 KiB)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n" << options;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options;
    return 0;
  }
  const std::string path = dir + "/brethren-fsync-probe.tmp";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) {
    std::perror(path.c_str());
    return 1;
  }
  ::unlink(path.c_str());  // gone when the probe ends, however it ends
  const std::vector<char> page(bytes, 'x');
  // A WAL grows and is reused from its start after a checkpoint: cycle over
  // 1 MiB so that the file's size settles and the writes stay data-only.
  const std::size_t pages = std::max<std::size_t>(1, (1u << 20) / std::max<std::size_t>(bytes, 1));
  std::vector<double> latency_us;
  const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  for (std::size_t i = 0; Clock::now() < end; ++i) {
    if (::pwrite(fd, page.data(), page.size(), static_cast<off_t>((i % pages) * bytes)) !=
        static_cast<ssize_t>(page.size())) {
      std::perror("pwrite");
      return 1;
    }
    const auto start = Clock::now();
    if (::fdatasync(fd) != 0) {
      std::perror("fdatasync");
      return 1;
    }
    latency_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
  }
  ::close(fd);
  if (latency_us.empty()) return 1;
  std::sort(latency_us.begin(), latency_us.end());
  auto at = [&](double q) {
    return latency_us[std::min(latency_us.size() - 1, static_cast<std::size_t>(q * latency_us.size()))];
  };
  std::printf("fsync: syncs=%zu p50_us=%.0f p90_us=%.0f p99_us=%.0f p999_us=%.0f max_us=%.0f\n", latency_us.size(),
              at(0.5), at(0.9), at(0.99), at(0.999), latency_us.back());
  return 0;
}
