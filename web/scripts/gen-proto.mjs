// Generates TypeScript message types from ../proto with the Debian protoc and
// the protoc-gen-es plugin from node_modules. The output (src/gen) is not
// committed: it is rebuilt from proto/ on every build, so it cannot drift.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const protoRoot = join(web, "..", "proto");
const out = join(web, "src", "gen");
const files = readdirSync(join(protoRoot, "brethren", "v1"))
  .filter((f) => f.endsWith(".proto"))
  .map((f) => join("brethren", "v1", f));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(
  "protoc",
  [
    `--plugin=protoc-gen-es=${join(web, "node_modules", ".bin", "protoc-gen-es")}`,
    `--es_out=${out}`,
    "--es_opt=target=ts,import_extension=none",
    `-I${protoRoot}`,
    ...files,
  ],
  { stdio: "inherit" },
);
