#include "server/net/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <system_error>
#include <utility>
#include <vector>

namespace brethren::server {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int hex_value(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// Percent-decodes a path; nullopt for a malformed escape and for anything
// that could change how the path splits or ends: an encoded '/' or '\', a
// NUL or another control character (raw or encoded).
std::optional<std::string> decode_path(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    char ch = path[i];
    bool encoded = false;
    if (ch == '%') {
      if (i + 2 >= path.size()) return std::nullopt;
      const int hi = hex_value(path[i + 1]);
      const int lo = hex_value(path[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      ch = static_cast<char>(hi * 16 + lo);
      i += 2;
      encoded = true;
    }
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f || ch == '\\') return std::nullopt;
    if (encoded && ch == '/') return std::nullopt;
    out += ch;
  }
  return out;
}

// The path split into segments, empty ones dropped; nullopt when a segment
// starts with '.' (".", "..", and dot files such as .git or .env).
std::optional<std::string> safe_relative_path(const std::string& decoded) {
  std::string relative;
  std::size_t start = 0;
  while (start <= decoded.size()) {
    std::size_t end = decoded.find('/', start);
    if (end == std::string::npos) end = decoded.size();
    const std::string_view segment(decoded.data() + start, end - start);
    if (!segment.empty()) {
      if (segment.front() == '.') return std::nullopt;
      if (!relative.empty()) relative += '/';
      relative += segment;
    }
    start = end + 1;
  }
  return relative;
}

bool is_compressible(std::string_view type) {
  return type.starts_with("text/") || type.starts_with("application/json") ||
         type.starts_with("application/manifest+json") || type.starts_with("image/svg+xml") ||
         type.starts_with("application/wasm");
}

std::string to_hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[value & 0xf]);
    value >>= 4;
  } while (value != 0);
  return out;
}

bool has_digit(std::string_view s) {
  for (char ch : s)
    if (std::isdigit(static_cast<unsigned char>(ch))) return true;
  return false;
}

}  // namespace

StaticFile::StaticFile(StaticFile&& other) noexcept { *this = std::move(other); }

StaticFile& StaticFile::operator=(StaticFile&& other) noexcept {
  if (this != &other) {
    if (fd >= 0) ::close(fd);
    fd = std::exchange(other.fd, -1);
    size = other.size;
    content_type = std::move(other.content_type);
    etag = std::move(other.etag);
    cache_control = std::move(other.cache_control);
    gzip = other.gzip;
    compressible = other.compressible;
  }
  return *this;
}

StaticFile::~StaticFile() {
  if (fd >= 0) ::close(fd);
}

int StaticFile::release() { return std::exchange(fd, -1); }

StaticFiles::StaticFiles(const std::filesystem::path& root) {
  std::error_code ec;
  // A folder without index.html is no client either (an empty bundle).
  if (root.empty() || !std::filesystem::is_regular_file(root / "index.html", ec)) return;
  const auto canonical = std::filesystem::canonical(root, ec);
  if (ec) return;
  root_ = canonical.string();
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::optional<StaticFile> StaticFiles::find(std::string_view target, bool gzip_ok) const {
  if (!available()) return std::nullopt;
  const auto resolved = resolve_static_target(target);
  if (!resolved) return std::nullopt;
  if (!resolved->relative.empty()) {
    if (auto file = open_inside(resolved->relative, gzip_ok)) return file;
  }
  if (!is_client_route(resolved->decoded)) return std::nullopt;
  return open_inside("index.html", gzip_ok);
}

std::optional<StaticTarget> resolve_static_target(std::string_view target) {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return std::nullopt;
  auto decoded = decode_path(path);
  if (!decoded) return std::nullopt;
  auto relative = safe_relative_path(*decoded);
  if (!relative) return std::nullopt;
  return StaticTarget{std::move(*decoded), std::move(*relative)};
}

std::optional<StaticFile> StaticFiles::open_inside(const std::string& relative, bool gzip_ok) const {
  // Resolves every symbolic link, then insists on the root as a prefix:
  // a link that leads out of the root is as absent as a missing file.
  auto open_regular = [this](const std::string& path, struct stat& st) -> int {
    std::array<char, PATH_MAX> resolved{};
    if (!::realpath(path.c_str(), resolved.data())) return -1;
    const std::string_view real(resolved.data());
    if (!real.starts_with(root_) || real.size() <= root_.size() || real[root_.size()] != '/') return -1;
    const int fd = ::open(resolved.data(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return -1;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      ::close(fd);
      return -1;
    }
    return fd;
  };
  const std::string full = root_ + "/" + relative;
  struct stat st {};
  StaticFile file;
  file.fd = open_regular(full, st);
  if (file.fd < 0) return std::nullopt;
  file.content_type = content_type_for(relative);
  file.compressible = is_compressible(file.content_type);
  if (file.compressible && gzip_ok) {
    struct stat gz_st {};
    const int gz = open_regular(full + ".gz", gz_st);
    if (gz >= 0) {
      ::close(file.fd);
      file.fd = gz;
      st = gz_st;
      file.gzip = true;
    }
  }
  file.size = static_cast<std::uint64_t>(st.st_size);
  const auto mtime_ns =
      static_cast<std::uint64_t>(st.st_mtim.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(st.st_mtim.tv_nsec);
  // Appended piece by piece: GCC 12's -O3 warns falsely (-Wrestrict) on
  // "literal" + std::string&& here, and warnings are errors.
  std::string etag = "\"";
  etag.append(to_hex(file.size)).append("-").append(to_hex(mtime_ns));
  if (file.gzip) etag.append("-gz");
  etag.append("\"");
  file.etag = std::move(etag);
  const std::string_view name = std::string_view(relative).substr(relative.rfind('/') + 1);
  file.cache_control = has_content_hash(name) ? "public, max-age=31536000, immutable" : "no-cache";
  return file;
}

std::filesystem::path default_web_root() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto dir = exe.parent_path();
  for (const auto& candidate : {dir / "web", dir.parent_path() / "share" / "brethren" / "web"}) {
    if (std::filesystem::is_directory(candidate, ec)) return candidate;
  }
  return {};
}

bool is_client_route(std::string_view path) {
  path = path.substr(0, path.find_first_of("?#"));
  const std::string_view last = path.substr(path.rfind('/') + 1);
  return last.find('.') == std::string_view::npos;
}

std::string_view content_type_for(std::string_view filename) {
  struct Type {
    std::string_view extension;
    std::string_view mime;
  };
  static constexpr Type kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".avif", "image/avif"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".otf", "font/otf"},
      {".wasm", "application/wasm"},
      {".mp3", "audio/mpeg"},
      {".ogg", "audio/ogg"},
      {".wav", "audio/wav"},
  };
  const auto dot = filename.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  std::string extension(filename.substr(dot));
  for (char& ch : extension) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const auto& type : kTypes) {
    if (type.extension == extension) return type.mime;
  }
  return "application/octet-stream";
}

bool has_content_hash(std::string_view filename) {
  const auto dot = filename.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view stem = filename.substr(0, dot);
  const auto separator = stem.find_last_of("-.");
  if (separator == std::string_view::npos) return false;
  const std::string_view hash = stem.substr(separator + 1);
  if (hash.size() < 8 || hash.size() > 64) return false;
  bool upper_or_digits = true;
  bool letters = false;
  for (char ch : hash) {
    const auto c = static_cast<unsigned char>(ch);
    if (!std::isalnum(c) && ch != '_') return false;
    if (std::isalpha(c)) letters = true;
    if (std::islower(c) || ch == '_') upper_or_digits = false;
  }
  // esbuild's [hash] is 8 upper-case letters and digits; webpack's and
  // Vite's mix letters and digits. A lower-case word ("settings") is a name.
  return upper_or_digits || (letters && has_digit(hash));
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  auto opaque = [](std::string_view tag) {
    tag = trim(tag);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    return tag;
  };
  if (trim(if_none_match) == "*") return true;
  std::size_t start = 0;
  while (start <= if_none_match.size()) {
    std::size_t end = if_none_match.find(',', start);
    if (end == std::string_view::npos) end = if_none_match.size();
    if (opaque(if_none_match.substr(start, end - start)) == opaque(etag)) return true;
    start = end + 1;
  }
  return false;
}

bool accepts_gzip(std::string_view accept_encoding) {
  std::size_t start = 0;
  while (start <= accept_encoding.size()) {
    std::size_t end = accept_encoding.find(',', start);
    if (end == std::string_view::npos) end = accept_encoding.size();
    const std::string_view item = accept_encoding.substr(start, end - start);
    const auto semicolon = item.find(';');
    std::string name(trim(item.substr(0, semicolon)));
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (name == "gzip" || name == "x-gzip" || name == "*") {
      double q = 1;
      if (semicolon != std::string_view::npos) {
        std::string params(trim(item.substr(semicolon + 1)));
        if (params.starts_with("q=") || params.starts_with("Q=")) q = std::strtod(params.c_str() + 2, nullptr);
      }
      return q > 0;
    }
    start = end + 1;
  }
  return false;
}

}  // namespace brethren::server
