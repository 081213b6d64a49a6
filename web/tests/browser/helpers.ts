import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// axe-core (devDependency): the accessibility check of a table.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** No serious or critical accessibility violation (axe-core) in the table: board, moves, log, outcome. */
export async function axeTable(page: Page, where: string) {
  await axeCheck(page, "[data-testid=table]", where);
}

/** No serious or critical accessibility violation (axe-core) inside `selector`. */
export async function axeCheck(page: Page, selector: string, where: string) {
  // Colours are judged at rest: a card still fading in has a contrast it
  // will not keep (wait for the finite animations, never for a fixed time).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (sel) => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(sel, { resultTypes: ["violations"] });
    return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  }, selector);
  expect(found, `axe on ${where}`).toEqual([]);
}

/** ?server= when the page is served apart from the WebSocket server. */
export function withServer(path: string): string {
  const ws = process.env.BRETHREN_WS_URL;
  return ws ? `${path}${path.includes("?") ? "&" : "?"}server=${encodeURIComponent(ws)}` : path;
}

/** A deterministic random choice, so that a failing run can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A new browser context whose console errors and uncaught exceptions are collected. */
export async function person(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${name} console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${name} exception: ${e.message}`));
  return { name, context, page, errors };
}

export function expectNoErrors(people: Person[]) {
  expect(people.flatMap((p) => p.errors)).toEqual([]);
}

export async function tableVersion(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector<HTMLElement>("[data-testid=table]")?.dataset.version ?? null);
}

export async function attachJson(info: TestInfo, name: string, data: unknown) {
  await info.attach(name, { body: JSON.stringify(data, null, 2), contentType: "application/json" });
}
