// Bundles tests/unit/*.test.ts for node's own test runner (node --test).
import { build } from "esbuild";
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(web, "tests", "unit");
rmSync(join(web, "dist-test"), { recursive: true, force: true });
await build({
  entryPoints: readdirSync(dir).filter((f) => f.endsWith(".test.ts")).map((f) => join(dir, f)),
  bundle: true,
  platform: "node",
  format: "esm",
  outdir: join(web, "dist-test"),
  outExtension: { ".js": ".mjs" },
  external: ["node:*", "esbuild"],
  logLevel: "warning",
});
