// Port Royal (Panning) through its drawn board: one match, three browsers —
// Anne on a 390x844 phone, Bart at 1280x800, Carla at 1280x800 asking for
// reduced motion. Every move is clicked on the board (a seeded random choice
// among the enabled controls). Checks: the board's parts are drawn (table
// places, loot row, hand, ships with capacity bars); whenever a seat must act
// a move control is in view once the board is scrolled to its top (the
// shell does not scroll by itself yet: we scroll to the board like a player
// would and measure); a move animates (motion counter) and nothing does under
// reduced motion; no enum/snake_case text; Spanish and Italian screens carry
// none of this game's English words; the outcome names the winner.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { seeded, withServer, expectNoErrors, axeTable, type Person } from "./helpers";
import { catalogue } from "../../src/games/port-royal-panning/i18n";

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(here, "..", "..", "test-results");
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

async function open(browser: import("@playwright/test").Browser, name: string, viewport: { width: number; height: number }, reduce = false): Promise<Person> {
  const context = await browser.newContext({ viewport, reducedMotion: reduce ? "reduce" : "no-preference" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${name} console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${name} exception: ${e.message}`));
  return { name, context, page, errors };
}

const animations = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.animations ?? "0"));

/** English words of this game's catalogue that never occur in its Spanish and Italian values. */
function englishOnlyWords(): string[] {
  const words = (c: Record<string, string>) => new Set(Object.values(c).join(" ").toLowerCase().match(/\p{L}{5,}/gu) ?? []);
  const es = words(catalogue.es);
  const it = words(catalogue.it);
  return [...words(catalogue.en)].filter((w) => !es.has(w) && !it.has(w));
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLElement>("[data-testid=table]")?.innerText ?? "");
}

function expectNoCodeText(text: string) {
  expect(text, "no enum names").not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
  expect(text, "no snake_case").not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text, "no catalogue keys").not.toMatch(/\b(prq|act|ev)\.[a-zA-Z]/);
}

async function expectNoEnglish(page: Page, lang: "es" | "it", words: string[]) {
  await page.getByTestId("lang").selectOption(lang);
  const text = (await page.evaluate(() => document.querySelector<HTMLElement>("[data-testid=prq-board]")?.innerText ?? "")).toLowerCase();
  const found = words.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").test(text));
  expect(found, `English words on the ${lang} board`).toEqual([]);
  expectNoCodeText(await visibleText(page));
}

test("port-royal-panning: a whole match on the drawn board, phone and desktop", async ({ browser }) => {
  test.setTimeout(420_000);
  mkdirSync(RESULTS, { recursive: true });
  const random = seeded(23);
  const anne = await open(browser, "Anne", PHONE);
  const bart = await open(browser, "Bart", DESK);
  const carla = await open(browser, "Carla", DESK, true);
  const players = [anne, bart, carla];

  await anne.page.goto(withServer("/"));
  await anne.page.getByTestId("name").fill("Anne");
  await anne.page.getByTestId("game").selectOption("port-royal-panning");
  await anne.page.getByTestId("seats").fill("3");
  await anne.page.getByTestId("create").click();
  await expect(anne.page.getByTestId("room")).toBeVisible();
  // The host is seated on creating (clicking "take seat" here raced that and could wait for ever).
  await expect(anne.page.getByTestId("seat-0")).toContainText("Anne");
  const link = new URL(await anne.page.getByTestId("share-link").inputValue());
  for (const [i, p] of [bart, carla].entries()) {
    await p.page.goto(link.pathname + link.search);
    await p.page.getByTestId("join-name").fill(p.name);
    await p.page.getByTestId("join-room").click();
    await p.page.getByTestId(`take-seat-${i + 1}`).click();
    await expect(anne.page.getByTestId(`seat-${i + 1}`)).toContainText(p.name);
  }
  await anne.page.getByTestId("start").click();
  for (const p of players) await expect(p.page.getByTestId("prq-board")).toBeVisible();

  // The board's parts, for a seated player.
  for (const p of [anne, bart]) {
    await expect(p.page.getByTestId("prq-prompt")).toBeVisible();
    await expect(p.page.getByTestId("prq-hand")).toBeVisible();
    await expect(p.page.getByTestId("prq-loot").locator(".prq-loot")).toHaveCount(9);
    await expect(p.page.locator("[data-testid^=prq-slot-]")).toHaveCount(3);
    await expect(p.page.locator(".prq-ship")).toHaveCount(12);
    await expect(p.page.locator(".prq-ship .cap[role=meter]")).toHaveCount(12);
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no horizontal scroll").toBe(true);
  }
  const words = englishOnlyWords();
  expect(words.length).toBeGreaterThan(20);

  const view = { phone: { turns: 0, inView: 0, worstY: 0 }, desk: { turns: 0, inView: 0, worstY: 0 } };
  let moves = 0;
  let shots = false;
  let langChecked = false;
  let animChecked = false;
  const kinds: Record<string, number> = {};
  const pending = new Map<Person, { version: string; at: number }>();
  for (let loop = 0; loop < 5000; loop++) {
    if (loop % 10 === 0 && (await anne.page.getByTestId("outcome").count()) > 0) break;
    let moved = false;
    for (const p of players) {
      // One round trip: what the seat can do, whether a control is in view (board scrolled to its top), then one click.
      const pickAt = random();
      const wait = pending.get(p);
      if (wait && Date.now() - wait.at > 10_000) pending.delete(p);
      const seen = await p.page
        .evaluate(([r, waitFor]) => {
          const version = document.querySelector<HTMLElement>("[data-testid=table]")?.dataset.version ?? "";
          if (version === waitFor) return null; // our last click is not answered yet
          const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-testid=table] button.move:not(:disabled)")];
          if (buttons.length === 0) return null;
          document.querySelector<HTMLElement>("[data-testid=prq-board]")?.scrollIntoView({ block: "start" });
          let y = Infinity;
          let inView = false;
          for (const b of buttons) {
            const rect = b.getBoundingClientRect();
            y = Math.min(y, rect.top);
            if (rect.top >= 0 && rect.bottom <= innerHeight && rect.width > 0) inView = true;
          }
          const anim = Number(document.documentElement.dataset.animations ?? "0");
          const b = buttons[Math.floor(r * buttons.length)];
          const kind = b.dataset.move ?? "?";
          b.click();
          return { inView, y: Math.round(y), version, anim, kind };
        }, [pickAt, wait?.version ?? null] as const)
        .catch(() => null);
      if (!seen) continue;
      if (p !== carla) {
        const v = p === anne ? view.phone : view.desk;
        v.turns++;
        if (seen.inView) v.inView++;
        else v.worstY = Math.max(v.worstY, seen.y);
      }
      pending.set(p, { version: seen.version, at: Date.now() });
      kinds[seen.kind] = (kinds[seen.kind] ?? 0) + 1;
      moves++;
      moved = true;
      if (!animChecked && p === bart && seen.kind === "playCard") {
        // The card played glides from the hand to the table.
        await expect.poll(() => animations(bart.page), { timeout: 5000 }).toBeGreaterThan(seen.anim);
        animChecked = true;
      }
    }
    if (!moved) await anne.page.waitForTimeout(5);
    if (!shots && moves >= 30 && (await anne.page.locator(".prq-table .prq-slot .prq-crew:not(.empty)").count()) > 0) {
      shots = true;
      await anne.page.getByTestId("prq-board").scrollIntoViewIfNeeded();
      await anne.page.evaluate(() => document.querySelector("[data-testid=prq-board]")?.scrollIntoView({ block: "start" }));
      writeFileSync(join(RESULTS, "port-royal-panning-390x844.png"), await anne.page.screenshot());
      writeFileSync(join(RESULTS, "port-royal-panning-390x844-full.png"), await anne.page.screenshot({ fullPage: true }));
      await bart.page.evaluate(() => document.querySelector("[data-testid=prq-board]")?.scrollIntoView({ block: "start" }));
      writeFileSync(join(RESULTS, "port-royal-panning-1280x800.png"), await bart.page.screenshot());
      writeFileSync(join(RESULTS, "port-royal-panning-1280x800-full.png"), await bart.page.screenshot({ fullPage: true }));
      await axeTable(anne.page, "port-royal-panning 390x844 mid-match");
      await axeTable(bart.page, "port-royal-panning 1280x800 mid-match");
    }
    if (!langChecked && moves >= 60) {
      langChecked = true;
      // The rules panel: how to play, each special card, the current phase marked.
      await carla.page.locator("details.rules summary").click();
      await expect(carla.page.getByTestId("rules-panel").locator("section[aria-current=step]")).toHaveCount(1);
      await expect(carla.page.getByTestId("prq-rules-specials").locator("li")).toHaveCount(9);
      expectNoCodeText(await visibleText(carla.page));
      await expectNoEnglish(carla.page, "es", words);
      writeFileSync(join(RESULTS, "port-royal-panning-es.png"), await carla.page.screenshot({ fullPage: true }));
      await expectNoEnglish(carla.page, "it", words);
      const rulesText = (await carla.page.getByTestId("rules-panel").innerText()).toLowerCase();
      expect(words.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").test(rulesText)), "English words in the Italian rules").toEqual([]);
      expect(rulesText, "no rule ids").not.toMatch(/prq-/);
      await carla.page.getByTestId("lang").selectOption("en");
    }
  }
  for (const p of players) await expect(p.page.getByTestId("outcome")).toBeVisible({ timeout: 30_000 });
  await axeTable(anne.page, "port-royal-panning 390x844 outcome");
  await axeTable(bart.page, "port-royal-panning 1280x800 outcome");
  console.log(`prq metrics ${JSON.stringify({ moves, kinds, view })}`);
  expect(shots && langChecked && animChecked, "the match went through screenshots, languages and a played card").toBe(true);

  // Under reduced motion nothing animated; with motion the moves did.
  expect(await animations(carla.page)).toBe(0);
  expect(await animations(anne.page)).toBeGreaterThan(0);
  expect(await animations(bart.page)).toBeGreaterThan(0);
  // Moves in view once the board is on screen: always at 1280x800, nearly always on the phone.
  expect(view.desk.inView / view.desk.turns, JSON.stringify(view.desk)).toBeGreaterThanOrEqual(0.95);
  expect(view.phone.inView / view.phone.turns, JSON.stringify(view.phone)).toBeGreaterThanOrEqual(0.9);

  // The outcome names the winner; the final board shows scores and no turn marker.
  const winner = anne.page.locator("[data-testid=outcome] tr.winner").first();
  await expect(winner).toContainText(/Anne|Bart|Carla/);
  await expect(anne.page.getByTestId("prq-prompt")).not.toContainText("➤");
  await expect(bart.page.locator(".prq-player .score")).toHaveCount(3);
  expectNoCodeText(await visibleText(bart.page));
  writeFileSync(join(RESULTS, "port-royal-panning-end-1280x800.png"), await bart.page.screenshot({ fullPage: true }));
  expectNoErrors(players);
  for (const p of players) await p.context.close();
});
