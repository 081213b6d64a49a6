// Port Royal (Pfister) at the table: one person against two bots plays a
// whole match through the board's own controls, at 1280x800 and at 390x844
// (the phone one under reduced motion). Checks: the board's parts are drawn
// (draw pile, harbour with its cards as cards, expeditions, every player's
// display), a move control is in the viewport whenever the seat must act,
// each move control says in words what it does, a move animates (and nothing
// does under reduced motion), no raw enum / snake_case / catalogue key on
// screen, in Spanish and Italian no English word of this game's catalogue,
// and the outcome names the winner. Screenshots of both sizes go to
// test-results/ (and docs/images/ with BRETHREN_UPDATE_DOC_IMAGES=1).
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { person, seeded, withServer, expectNoErrors, tableVersion, axeTable } from "./helpers";
import { catalogue } from "../../src/games/port-royal-pfister/i18n";

const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "images");
const SIZES = [
  { name: "1280x800", width: 1280, height: 800, reduced: false, image: "port-royal-pfister.png" },
  { name: "390x844", width: 390, height: 844, reduced: true, image: "port-royal-pfister-phone.png" },
];

/** English words of this game's catalogue that must not show in another language (values that differ there). */
function englishWords(lang: "es" | "it"): string[] {
  const words = new Set<string>();
  for (const [k, en] of Object.entries(catalogue.en)) {
    const other = catalogue[lang][k] ?? "";
    if (en === other) continue;
    const otherWords = new Set(other.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
    for (const w of en.match(/\p{L}{5,}/gu) ?? []) if (!otherWords.has(w.toLowerCase())) words.add(w);
  }
  // Words that are the same in the three languages (names of cards, loanwords) are not English leaks.
  for (const lang2 of ["es", "it"] as const) for (const v of Object.values(catalogue[lang2])) for (const w of v.match(/\p{L}{5,}/gu) ?? []) words.delete(w);
  return [...words];
}

async function boardText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const b = document.querySelector<HTMLElement>("[data-testid=table] .board");
    if (!b) return "";
    const labels = [...b.querySelectorAll<HTMLElement>("[aria-label],[title]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`);
    return `${b.innerText}\n${labels.join("\n")}`;
  });
}

async function expectNoRawText(page: Page) {
  const text = await boardText(page);
  expect(text, "no enum name").not.toMatch(/\b[A-Z]{2,}_[A-Z0-9_]+\b/);
  expect(text, "no snake_case").not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text, "no catalogue key").not.toMatch(/\b(prp|act|ev)\.[a-zA-Z.]+/);
  expect(text, "no placeholder").not.toMatch(/\{[a-zA-Z]+\}/);
}

async function expectNoEnglish(page: Page, lang: "es" | "it") {
  const text = await boardText(page);
  const found = englishWords(lang).filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, "u").test(text));
  expect(found, `English words on the ${lang} board`).toEqual([]);
}

const animations = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.animations ?? "0"));

for (const size of SIZES) {
  test(`port-royal-pfister at ${size.name}: a whole match against two bots through the board`, async ({ browser }, info) => {
    test.setTimeout(150_000);
    const random = seeded(size.width);
    const anne = await person(browser, "Anne");
    await anne.page.setViewportSize({ width: size.width, height: size.height });
    if (size.reduced) await anne.page.emulateMedia({ reducedMotion: "reduce" });
    const page = anne.page;
    await page.goto(withServer("/"));
    await page.getByTestId("name").fill("Anne");
    await expect(page.getByTestId("create")).toBeEnabled();
    await page.getByTestId("game").selectOption("port-royal-pfister");
    await page.getByTestId("seats").fill("3");
    await page.getByTestId("create").click();
    await expect(page.getByTestId("room")).toBeVisible();
    // The host is seated on creating (clicking "take seat" here raced that and could wait for ever).
    await expect(page.getByTestId("seat-0")).toContainText("Anne");
    for (const s of [1, 2]) {
      await page.getByTestId(`add-bot-${s}`).click();
      await expect(page.getByTestId(`seat-${s}`)).toContainText(/bot/i);
    }
    await page.getByTestId("start").click();
    await expect(page.getByTestId("table")).toBeVisible();

    // The board's parts.
    for (const id of ["draw-pile", "drawn-ship", "discard-pile", "harbor", "expeditions", "players", "prp-prompt", "player-0", "player-1", "player-2"]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    // After the animations (a card flying in may pass outside for a moment), nothing is wider than the window.
    const noHorizontalScroll = async () => {
      await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 3000, polling: 50 }).catch(() => undefined);
      return page.evaluate(() => {
        if (document.documentElement.scrollWidth <= window.innerWidth + 1) return "";
        const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1);
        return wide.slice(0, 5).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).join("; ") || `scrollWidth ${document.documentElement.scrollWidth}`;
      });
    };

    let moves = 0;
    let myTurns = 0;
    let inView = 0;
    let animated = 0;
    let shot = false;
    let langChecked = false;
    const kinds: Record<string, number> = {};
    for (let round = 0; round < 5000; round++) {
      if (await page.getByTestId("outcome").count()) break;
      const mine = await page.evaluate(() => document.querySelector("[data-testid=table]")?.getAttribute("data-my-turn") === "true");
      const buttons = page.locator("[data-testid=table] .board button.move:enabled");
      const n = mine ? await buttons.count() : 0;
      if (n === 0) {
        await page.waitForTimeout(25);
        continue;
      }
      myTurns++;
      // A control is in view: the board brings it there by itself.
      await expect
        .poll(() => page.evaluate(() => [...document.querySelectorAll("[data-testid=table] .board button.move:enabled")].some((b) => {
          const r = b.getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
        })), { timeout: 3000 })
        .toBe(true);
      inView++;
      // Every control says what it does, in words.
      const labels = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? ""));
      for (const l of labels) expect(l.length, `a move's label: ${l}`).toBeGreaterThan(8);
      expect(await page.getByTestId("prp-prompt").innerText()).not.toBe("");

      // A player's choice, biased to finish the game: expeditions, hires, then trades; stop after a few draws.
      const moveKinds = await buttons.evaluateAll((bs) => bs.map((b) => `${b.getAttribute("data-move")}|${b.textContent ?? ""}`));
      const byKind = (k: string) => moveKinds.map((m, i) => (m.startsWith(`${k}|`) ? i : -1)).filter((i) => i >= 0);
      let pick: number[] = byKind("fulfil");
      if (!pick.length) pick = byKind("repel");
      if (!pick.length) pick = moveKinds.map((m, i) => (m.startsWith("take|") && /−/.test(m) ? i : -1)).filter((i) => i >= 0);
      if (!pick.length) pick = byKind("take");
      if (!pick.length) pick = random() < 0.45 ? byKind("stop") : byKind("draw");
      if (!pick.length) pick = moveKinds.map((_, i) => i);
      const choice = pick[Math.floor(random() * pick.length)];
      const kind = moveKinds[choice].split("|")[0];
      const before = await tableVersion(page);
      const countBefore = await animations(page);
      try {
        await buttons.nth(choice).click({ timeout: 2000 });
      } catch {
        continue;
      }
      await page.waitForFunction((v) => document.querySelector<HTMLElement>("[data-testid=table]")?.dataset.version !== v, before, { timeout: 10_000, polling: 20 }).catch(() => undefined);
      moves++;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if ((await animations(page)) > countBefore) animated++;
      if (size.reduced) expect(await animations(page), "nothing moves under reduced motion").toBe(0);
      if (moves % 4 === 0) expect(await noHorizontalScroll(), "no horizontal scroll").toBe("");

      if (moves % 7 === 0) await expectNoRawText(page);
      if (!shot && moves >= 10) {
        const harborCards = await page.locator("[data-testid=harbor] .prp-card").count();
        if (harborCards >= 2 || moves >= 30) {
          shot = true;
          await page.getByTestId("table").evaluate((e) => e.scrollIntoView({ block: "start" }));
          await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 3000, polling: 50 }).catch(() => undefined);
          await axeTable(page, `port-royal-pfister ${size.name} mid-match`);
          const png = await page.screenshot({ fullPage: false });
          mkdirSync(info.outputDir, { recursive: true });
          writeFileSync(info.outputPath(`port-royal-pfister-${size.name}.png`), png);
          writeFileSync(info.outputPath(`port-royal-pfister-${size.name}-full.png`), await page.screenshot({ fullPage: true }));
          if (process.env.BRETHREN_UPDATE_DOC_IMAGES === "1") {
            mkdirSync(IMAGES, { recursive: true });
            writeFileSync(join(IMAGES, size.image), png);
          }
        }
      }
      if (!langChecked && moves >= 15) {
        // The same board in Spanish and Italian: no English word of this game's catalogue.
        langChecked = true;
        for (const lang of ["es", "it"] as const) {
          await page.getByTestId("lang").selectOption(lang);
          await expect(page.getByTestId("prp-prompt")).toBeVisible();
          await page.locator("details.rules").evaluate((d) => ((d as HTMLDetailsElement).open = true)).catch(() => undefined);
          await expectNoEnglish(page, lang);
          await expectNoRawText(page);
          if (lang === "es") writeFileSync(info.outputPath(`port-royal-pfister-${size.name}-es.png`), await page.screenshot({ fullPage: true }));
        }
        await page.getByTestId("lang").selectOption("en");
      }
    }

    await expect(page.getByTestId("outcome")).toBeVisible({ timeout: 60_000 });
    await axeTable(page, `port-royal-pfister ${size.name} outcome`);
    const winner = page.locator("[data-testid=outcome] tr.winner td").nth(1);
    await expect(winner).toHaveText(/\S/);
    const winnerName = (await winner.innerText()).trim();
    expect(await page.getByTestId("outcome").innerText()).toContain(winnerName);
    // The board's own line names the winner too.
    await expect(page.getByTestId("prp-prompt")).toContainText(winnerName);
    await expectNoRawText(page);
    writeFileSync(info.outputPath(`port-royal-pfister-${size.name}-end.png`), await page.screenshot({ fullPage: true }));
    // The mid-match checks ran (a match too short for them must fail, not pass).
    expect(shot, "the mid-match screenshot was taken").toBe(true);
    expect(langChecked, "the Spanish and Italian check ran").toBe(true);

    console.log(`pfister ${size.name}: moves ${moves}, my turns ${myTurns}, in view ${inView}, animated ${animated}, kinds ${JSON.stringify(kinds)}, winner ${winnerName}`);
    expect(moves).toBeGreaterThan(5);
    expect(inView).toBe(myTurns);
    if (size.reduced) expect(await animations(page)).toBe(0);
    else expect(animated, "moves animate").toBeGreaterThan(0);
    expectNoErrors([anne]);
    await anne.context.close();
  });
}
