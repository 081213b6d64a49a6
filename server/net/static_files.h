// The browser client's bundle: GET / and its assets from a web root folder.
// Never serves anything outside that folder (no "..", no encoded slashes, no
// dot files, no symbolic link that leads out); client routes without a file
// extension (/r/CODE, /replay/42) get index.html. Files are streamed from
// disk per request (bounded memory: Beast's file_body reads 4 KiB at a time);
// a precompressed "<file>.gz" beside a file is sent to clients that accept
// gzip, so compression costs no CPU at request time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace brethren::server {

// One file chosen for a request: an open descriptor (owned by the caller
// once taken) and the headers it needs.
struct StaticFile {
  int fd = -1;
  std::uint64_t size = 0;
  std::string content_type;
  std::string etag;           // a strong validator: size and mtime of the file sent
  std::string cache_control;  // immutable for hashed asset names, no-cache otherwise
  bool gzip = false;          // Content-Encoding: gzip
  bool compressible = false;  // Vary: Accept-Encoding
  StaticFile() = default;
  StaticFile(StaticFile&& other) noexcept;
  StaticFile& operator=(StaticFile&& other) noexcept;
  StaticFile(const StaticFile&) = delete;
  StaticFile& operator=(const StaticFile&) = delete;
  ~StaticFile();
  // Hands the descriptor over (e.g. to a file_body).
  int release();
};

class StaticFiles {
 public:
  // An empty or missing root, or one without index.html: available() is
  // false and every look-up misses.
  explicit StaticFiles(const std::filesystem::path& root);

  bool available() const { return !root_.empty(); }
  const std::string& root() const { return root_; }

  // The file for a request target (path and query, as sent), or nullopt:
  // not found, or not allowed (the caller answers 404 to both).
  std::optional<StaticFile> find(std::string_view target, bool accepts_gzip) const;

 private:
  std::optional<StaticFile> open_inside(const std::string& relative, bool accepts_gzip) const;

  std::string root_;  // canonical, without a trailing slash; empty: no client
};

// What a request target may name before any file system look-up: its path
// (before '?' or '#') percent-decoded, and that path relative to the web
// root with empty segments dropped. nullopt (404) for a path not starting
// with '/', a malformed escape, an encoded '/', a backslash or a control
// character, and any segment starting with '.' (".", "..", dot files).
// Pure: the HTTP fuzz target calls it.
struct StaticTarget {
  std::string decoded;   // for is_client_route
  std::string relative;  // empty: the root itself
};
std::optional<StaticTarget> resolve_static_target(std::string_view target);

// Where the bundle is when --web-root is not given: "web" beside the
// executable (the build tree: build/server/web), else
// "<prefix>/share/brethren/web" for an installed binary. Empty: none found.
std::filesystem::path default_web_root();

// Whether a target names the client's own page rather than a file: no
// extension in its last segment (/, /r/ABC, /replay/12).
bool is_client_route(std::string_view path);

// MIME type by file extension (application/octet-stream when unknown).
std::string_view content_type_for(std::string_view filename);

// Names like main-3F2A9C1B.js or chunk.5d41402abc4b2a76.css: content hashed,
// so they may be cached for ever.
bool has_content_hash(std::string_view filename);

// Whether an If-None-Match header value matches the ETag (weak comparison).
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// Whether an Accept-Encoding header value accepts gzip (q=0 refuses).
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace brethren::server
