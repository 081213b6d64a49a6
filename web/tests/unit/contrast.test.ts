// Every CSS rule that sets both a text colour and a background colour keeps
// WCAG AA contrast (4.5:1). axe in the browser tests sees a tag only when a
// match happens to show it (a kept Remove card, a third team); this sees all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const src = join(process.cwd(), "src");

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? cssFiles(join(dir, d.name)) : d.name.endsWith(".css") ? [join(dir, d.name)] : [],
  );
}

function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Custom properties (`--brit: #c0392b`) declared anywhere in the file. */
function variables(css: string): Map<string, string> {
  return new Map([...css.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})\b/g)].map((m) => [m[1], m[2]]));
}

test("the contrast formula matches WCAG's examples", () => {
  assert.equal(Math.round(contrast("#000", "#fff") * 10) / 10, 21);
  assert.ok(contrast("#777", "#fff") < 4.5); // 4.48: the tag axe caught
  assert.ok(contrast("#595959", "#fff") >= 7);
});

test("every rule with a text colour and a background keeps 4.5:1", () => {
  const files = cssFiles(src);
  assert.ok(files.length >= 4, "the boards' style sheets were found");
  const low: string[] = [];
  let pairs = 0;
  for (const file of files) {
    const css = readFileSync(file, "utf8");
    const vars = variables(css);
    const resolve = (v: string) => (v.startsWith("var(") ? vars.get(v.slice(4, -1).trim()) : v);
    for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const bg = /background(?:-color)?:\s*(#[0-9a-fA-F]{3,6}\b|var\(--[\w-]+\))/.exec(m[2]);
      const fg = /(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6}\b|var\(--[\w-]+\))/.exec(m[2]);
      if (!bg || !fg) continue;
      const [b, f] = [resolve(bg[1]), resolve(fg[1])];
      if (!b || !f) continue;
      pairs++;
      const c = contrast(b, f);
      if (c < 4.5) low.push(`${file.slice(src.length + 1)}: ${m[1].trim()} (${f} on ${b}: ${c.toFixed(2)})`);
    }
  }
  assert.ok(pairs >= 10, `rules with both colours were checked (${pairs})`);
  assert.deepEqual(low, []);
});
