// A tiny static server for development and for browser tests against a
// server build without --web-root: serves dist/ (precompressed .gz when the
// client accepts it) and index.html for the client's own routes. Loopback only.
import { createServer, request } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const port = Number(process.argv[2] ?? 0);
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json" };

// /api/ goes to the game server, so that the page's own origin serves it (as
// the game server itself does in production).
const upstream = process.env.BRETHREN_API_UPSTREAM;

const server = createServer(async (req, res) => {
  if (upstream && (req.url ?? "").startsWith("/api/")) {
    const up = request(upstream + req.url, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
    return;
  }
  const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
  let file = join(root, path);
  if (!file.startsWith(root)) return res.writeHead(404).end();
  try {
    if (!(await stat(file)).isFile()) throw new Error("dir");
  } catch {
    if (extname(path)) return res.writeHead(404).end();
    file = join(root, "index.html");
  }
  const gz = /\.(js|css)$/.test(file) && /gzip/.test(String(req.headers["accept-encoding"]));
  const body = await readFile(gz ? file + ".gz" : file);
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", ...(gz ? { "Content-Encoding": "gzip" } : {}) });
  res.end(body);
});
server.listen(port, "127.0.0.1", () => console.log(`http://127.0.0.1:${server.address().port}/`));
