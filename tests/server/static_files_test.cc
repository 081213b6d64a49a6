// The browser client's files from --web-root, through the real server
// (issue #14, item 2): types, validators, caching, precompressed variants,
// client routes, and nothing outside the web root.
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/raw_http.h"
#include "tests/support/server_process.h"

using namespace brethren::testing;

namespace {

void write_file(const std::filesystem::path& path, const std::string& content) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

const std::string kIndex =
    "<!doctype html><title>Brethren client</title><script src=/assets/main-3F2A9C1B.js></script>";
const std::string kScript = "console.log('the client');";
const std::string kScriptGz = std::string("\x1f\x8b\x08\x00", 4) + "precompressed bytes";
const std::string kSecret = "the secret outside the web root";

// <dir>/web is the web root; <dir>/secret.txt lies beside it.
std::string make_web_root(const TempDir& dir) {
  const std::filesystem::path root = std::filesystem::path(dir.path()) / "web";
  write_file(root / "index.html", kIndex);
  write_file(root / "assets" / "main-3F2A9C1B.js", kScript);
  write_file(root / "assets" / "main-3F2A9C1B.js.gz", kScriptGz);
  write_file(root / "style.css", "body { color: black }");
  write_file(root / "favicon.ico", "icon");
  write_file(root / "data.bin", "bytes");
  write_file(root / ".env", "SECRET=1");
  write_file(std::filesystem::path(dir.path()) / "secret.txt", kSecret);
  std::filesystem::create_symlink("../secret.txt", root / "link-out.txt");
  std::filesystem::create_symlink(std::filesystem::path(dir.path()) / "secret.txt", root / "abs-link.txt");
  std::filesystem::create_directory_symlink("..", root / "up");
  std::filesystem::create_symlink("style.css", root / "link-in.css");
  return root.string();
}

}  // namespace

TEST_CASE("Static files: the client's page, its assets and its routes, with types, validators and caching") {
  TempDir dir;
  const std::string root = make_web_root(dir);
  ServerProcess server(dir.path() + "/s.db", {"--web-root", root});
  const auto port = server.port();

  const auto index = raw_request(port, get_request("/"));
  REQUIRE(index.status == 200);
  REQUIRE(index.body == kIndex);
  REQUIRE(index.header("content-type") == "text/html; charset=utf-8");
  REQUIRE(index.header("cache-control") == "no-cache");
  REQUIRE_FALSE(index.header("etag").empty());
  REQUIRE(index.header("x-content-type-options") == "nosniff");

  // The client's own routes are its page; API paths keep their meaning.
  for (const std::string route : {"/r/ABCD", "/replay/12", "/r/ABCD?x=1", "/some/deep/route"}) {
    INFO(route);
    const auto page = raw_request(port, get_request(route));
    REQUIRE(page.status == 200);
    REQUIRE(page.body == kIndex);
  }
  const auto health = raw_request(port, get_request("/healthz"));
  REQUIRE(health.status == 200);
  REQUIRE(health.body.find("\"status\":\"ok\"") != std::string::npos);
  REQUIRE(raw_request(port, get_request("/ws")).status == 426);
  REQUIRE(raw_request(port, get_request("/metrics")).body.find("brethren_connections_open") != std::string::npos);
  const auto api = raw_request(port, get_request("/api/nothing"));
  REQUIRE(api.status == 404);
  REQUIRE(api.body != kIndex);

  // A hashed asset: immutable; gzip from its precompressed sibling.
  const auto plain = raw_request(port, get_request("/assets/main-3F2A9C1B.js"));
  REQUIRE(plain.status == 200);
  REQUIRE(plain.body == kScript);
  REQUIRE(plain.header("content-type") == "text/javascript; charset=utf-8");
  REQUIRE(plain.header("cache-control") == "public, max-age=31536000, immutable");
  REQUIRE(plain.header("vary") == "Accept-Encoding");
  REQUIRE(plain.header("content-encoding").empty());
  const auto gz = raw_request(port, get_request("/assets/main-3F2A9C1B.js", "Accept-Encoding: br, gzip\r\n"));
  REQUIRE(gz.status == 200);
  REQUIRE(gz.body == kScriptGz);
  REQUIRE(gz.header("content-encoding") == "gzip");
  REQUIRE(gz.header("etag") != plain.header("etag"));
  const auto refused = raw_request(port, get_request("/assets/main-3F2A9C1B.js", "Accept-Encoding: gzip;q=0\r\n"));
  REQUIRE(refused.body == kScript);

  REQUIRE(raw_request(port, get_request("/style.css")).header("content-type") == "text/css; charset=utf-8");
  REQUIRE(raw_request(port, get_request("/style.css")).header("cache-control") == "no-cache");
  REQUIRE(raw_request(port, get_request("/favicon.ico")).header("content-type") == "image/x-icon");
  REQUIRE(raw_request(port, get_request("/data.bin")).header("content-type") == "application/octet-stream");
  REQUIRE(raw_request(port, get_request("/link-in.css")).status == 200);  // a link inside the root

  // If-None-Match: 304 without a body; a stale tag gets the file.
  const std::string etag = index.header("etag");
  const auto not_modified = raw_request(port, get_request("/", "If-None-Match: \"other\", " + etag + "\r\n"));
  REQUIRE(not_modified.status == 304);
  REQUIRE(not_modified.body.empty());
  REQUIRE(not_modified.header("etag") == etag);
  REQUIRE(raw_request(port, get_request("/", "If-None-Match: W/" + etag + "\r\n")).status == 304);
  REQUIRE(raw_request(port, get_request("/", "If-None-Match: \"stale\"\r\n")).status == 200);

  // HEAD: the GET's header, Content-Length included, and no body; keep-alive
  // goes on with the next request on the same connection.
  RawConnection connection(port);
  connection.send(get_request("/assets/main-3F2A9C1B.js", "", "HEAD"));
  const auto head = connection.read_response(std::chrono::seconds(10), true);
  REQUIRE(head.status == 200);
  REQUIRE(head.header("content-length") == std::to_string(kScript.size()));
  REQUIRE(head.body.empty());
  connection.send(get_request("/style.css"));
  REQUIRE(connection.read_response().body == "body { color: black }");

  REQUIRE(raw_request(port, get_request("/", "", "POST")).status == 405);
  REQUIRE(raw_request(port, get_request("/missing.js")).status == 404);
  REQUIRE(raw_request(port, get_request("/assets/missing-3F2A9C1B.css")).status == 404);
}

TEST_CASE("Static files: nothing outside the web root is ever served") {
  TempDir dir;
  const std::string root = make_web_root(dir);
  ServerProcess server(dir.path() + "/s.db", {"--web-root", root});
  const auto port = server.port();
  REQUIRE(raw_request(port, get_request("/../secret.txt")).body.find(kSecret) == std::string::npos);
  for (const std::string& target : std::vector<std::string>{"/../secret.txt",
                                                            "/..",
                                                            "/../",
                                                            "/assets/../../secret.txt",
                                                            "/%2e%2e/secret.txt",
                                                            "/%2E%2E/secret.txt",
                                                            "/.%2e/secret.txt",
                                                            "/assets/..%2fsecret.txt",
                                                            "/assets%2f..%2f..%2fsecret.txt",
                                                            "/..%2f..%2fsecret.txt",
                                                            "/..%5csecret.txt",
                                                            "/..\\secret.txt",
                                                            "/link-out.txt",
                                                            "/abs-link.txt",
                                                            "/up/secret.txt",
                                                            "/.env",
                                                            "/%2eenv",
                                                            "/index.html%00.js",
                                                            "/secret.txt%00",
                                                            "%2e%2e/secret.txt",
                                                            "http://127.0.0.1/../secret.txt",
                                                            "/%",
                                                            "/%zz",
                                                            std::string("/") + dir.path() + "/secret.txt",
                                                            "//" + dir.path().substr(1) + "/secret.txt",
                                                            "/../../../../../../etc/passwd",
                                                            "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd"}) {
    INFO(target);
    const auto reply = raw_request(port, get_request(target));
    REQUIRE(reply.body.find(kSecret) == std::string::npos);
    REQUIRE(reply.body.find("root:") == std::string::npos);
    REQUIRE(reply.body.find("SECRET=1") == std::string::npos);
    // Either no such file (404) or a malformed request (400); never the
    // client page for a path that tried to climb out.
    REQUIRE((reply.status == 404 || reply.status == 400));
  }
  // An extension-less path inside the root is a client route: the page, not /etc/passwd.
  REQUIRE(raw_request(port, get_request("/etc/passwd")).body == kIndex);
  // A raw NUL byte in the request line.
  const char with_nul[] = "GET /index.html\0.txt HTTP/1.1\r\nHost: x\r\n\r\n";
  const auto nul = raw_request(port, std::string(with_nul, sizeof with_nul - 1));
  INFO(nul.status << " " << nul.body.substr(0, 200));
  REQUIRE(nul.status != 200);
  REQUIRE(raw_request(port, get_request("/")).status == 200);  // still serving
}

TEST_CASE("Static files: without a client bundle / says so and the server still serves") {
  TempDir dir;
  ServerProcess server(dir.path() + "/s.db", {"--web-root", dir.path() + "/no-such-folder"});
  const auto page = raw_request(server.port(), get_request("/"));
  REQUIRE(page.status == 200);
  REQUIRE(page.header("content-type") == "text/html; charset=utf-8");
  REQUIRE(page.body.find("not built") != std::string::npos);
  REQUIRE(raw_request(server.port(), get_request("/main.js")).status == 404);
  REQUIRE(raw_request(server.port(), get_request("/healthz")).status == 200);
  server.stop(SIGTERM);
  REQUIRE(server.log().find("open http://127.0.0.1:" + std::to_string(server.port()) + "/") != std::string::npos);
}
