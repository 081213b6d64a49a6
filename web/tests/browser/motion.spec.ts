// The shared motion helper (src/ui/motion.ts) in the real browser, on a page
// of its own (no server): an update animates what moved and what appeared,
// counted on <html data-animations>; nothing under reduced motion; the last
// move stays marked until the next.
import { test, expect, type Page } from "@playwright/test";
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

async function harness(): Promise<string> {
  const out = await build({
    entryPoints: [join(here, "fixtures", "motion-harness.tsx")],
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    jsxImportSource: "preact",
    logLevel: "warning",
  });
  return out.outputFiles[0].text;
}

async function open(page: Page) {
  await page.setContent(`<!doctype html><html><body><div id="app"></div></body></html>`);
  await page.addScriptTag({ content: await harness() });
  await expect(page.locator("#card-a")).toBeVisible();
}

const animations = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.animations ?? "0"));

test("an update animates what moved and what appeared, once per update", async ({ page }) => {
  await open(page);
  expect(await animations(page)).toBe(0);
  await page.click("#update");
  // a, b, c moved (reversed, shifted by the new card) and new1 came from the deck.
  await expect.poll(() => animations(page)).toBe(4);
  const running = await page.evaluate(() => document.getAnimations().map((a) => Number(a.effect?.getTiming().duration)));
  expect(running.length).toBeGreaterThan(0);
  for (const d of running) expect(d).toBeLessThanOrEqual(400);
  await expect(page.locator("#card-a")).toHaveClass(/last-move/);
  await expect(page.locator("#card-b")).not.toHaveClass(/last-move/);
  await page.click("#rerender");
  expect(await animations(page)).toBe(4);
  await page.click("#update");
  await expect(page.locator("#card-new1")).toHaveClass(/last-move/);
  await expect(page.locator("#card-a")).not.toHaveClass(/last-move/);
  expect(await animations(page)).toBeGreaterThan(4);
  const ghosts = await page.evaluate(() => {
    const w = window as unknown as { motion: { travel: (a: Element, b: Element) => Animation | null } };
    w.motion.travel(document.getElementById("deck")!, document.getElementById("card-b")!);
    return document.querySelectorAll("[aria-hidden=true]").length;
  });
  expect(ghosts, "a copy of the deck flies").toBe(1);
  await expect(page.locator("[aria-hidden=true]")).toHaveCount(0);
});

test("nothing animates when the browser asks for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page);
  await page.click("#update");
  await page.click("#update");
  await expect(page.locator("#card-new2")).toBeVisible();
  await expect(page.locator("#card-new1")).toHaveClass(/last-move/);
  expect(await animations(page)).toBe(0);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});
