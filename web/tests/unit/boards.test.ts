// Every game's board (and the buttons it draws) imports nothing from the
// store: what it needs comes as props or context, so a board's module loads
// under node (unit tests) without a socket, localStorage or a page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { build } from "esbuild";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const games = join(process.cwd(), "src", "games");

for (const game of readdirSync(games, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
  test(`${game}: the board's modules do not import the store`, async () => {
    const out = await build({
      entryPoints: [join(games, game, "board.tsx")],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      logLevel: "silent",
      loader: { ".css": "empty" },
    });
    const inputs = Object.keys(out.metafile.inputs);
    assert.ok(inputs.some((f) => f.includes(`games/${game}/board.tsx`)), "the board was bundled");
    assert.deepEqual(inputs.filter((f) => f.includes("src/state/")), []);
  });
}
