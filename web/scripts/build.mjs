// Bundles src/main.tsx into dist/ with content-hashed names, writes
// index.html pointing at them, and a precompressed .gz beside each JS/CSS
// file so the server can send it as is.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { readFileSync, writeFileSync, rmSync, mkdirSync, readdirSync, statSync, copyFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "assets"), { recursive: true });

const result = await build({
  entryPoints: { app: join(web, "src", "main.tsx") },
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  sourcemap: false,
  outdir: join(dist, "assets"),
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
});

const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
const js = outputs.find((f) => f.endsWith(".js"));
const css = outputs.find((f) => f.endsWith(".css"));
let html = readFileSync(join(web, "src", "index.html"), "utf8");
html = html
  .replace("<!--CSS-->", css ? `<link rel="stylesheet" href="/assets/${css}">` : "")
  .replace("<!--JS-->", `<script type="module" src="/assets/${js}"></script>`);
writeFileSync(join(dist, "index.html"), html);
copyFileSync(join(web, "src", "favicon.svg"), join(dist, "favicon.svg"));

let jsGz = 0;
for (const f of readdirSync(join(dist, "assets"))) {
  if (!/\.(js|css)$/.test(f)) continue;
  const p = join(dist, "assets", f);
  const gz = gzipSync(readFileSync(p), { level: 9 });
  writeFileSync(p + ".gz", gz);
  if (f.endsWith(".js")) jsGz += gz.length;
  console.log(`${f}: ${statSync(p).size} bytes, ${gz.length} gzipped`);
}
writeFileSync(join(dist, "bundle-size.json"), JSON.stringify({ jsGzipBytes: jsGz }) + "\n");
const limit = 250 * 1024;
if (jsGz > limit) {
  console.error(`JS bundle is ${jsGz} bytes gzipped, over the ${limit}-byte budget`);
  process.exit(1);
}
