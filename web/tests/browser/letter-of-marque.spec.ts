// Letter of Marque's board in the real browser, a whole match at each size:
//   1280x800 — Anne (English) against two bots, a spectator watching;
//   390x844  — Anne (Spanish, reduced motion) and Bart (Italian) against a bot.
// Whenever a seat must act, one of its move controls is in the viewport; the
// sea, the ships and the harbours are drawn; a move animates (and nothing
// does under reduced motion); no code, enum or ship number on screen; in
// Spanish and Italian no English text of this game's catalogue; a spectator
// never gets a private element; the outcome names the winner. Screenshots of
// both sizes go to test-results/ (and docs/images with BRETHREN_UPDATE_DOC_IMAGES=1).
import { test, expect, type Browser, type Page } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seeded, withServer, expectNoErrors, tableVersion, type Person } from "./helpers";
import { catalogue } from "../../src/games/letter-of-marque/i18n";

// axe-core: the devDependency the shell's tests brought (web/package.json).
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "images");
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };
type Lang = "en" | "es" | "it";

interface Seat extends Person {
  lang: Lang;
  reduced: boolean;
}

async function seatAt(browser: Browser, name: string, lang: Lang, viewport: { width: number; height: number }, reduced = false): Promise<Seat> {
  const context = await browser.newContext({ viewport, reducedMotion: reduced ? "reduce" : "no-preference", isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${name} console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${name} exception: ${e.message}`));
  await page.goto(withServer("/"));
  await page.getByTestId("lang").selectOption(lang);
  return { name, context, page, errors, lang, reduced };
}

/** Anne creates a 3-seat room, sits, fills `bots` with bots; the others join by the share link. */
async function setUp(host: Seat, guests: Seat[], watchers: Seat[], bots: number[]) {
  await host.page.getByTestId("name").fill(host.name);
  await host.page.getByTestId("game").selectOption("letter-of-marque");
  await host.page.getByTestId("seats").fill("3");
  await host.page.getByTestId("create").click();
  await expect(host.page.getByTestId("room")).toBeVisible();
  // The host may already be seated (the room seats its creator).
  // The host is seated on creating (clicking "take seat" here raced that and could wait for ever).
  await expect(host.page.getByTestId("seat-0")).toContainText(host.name);
  const link = new URL(await host.page.getByTestId("share-link").inputValue());
  for (const [i, g] of guests.entries()) {
    await g.page.goto(link.pathname + link.search);
    await g.page.getByTestId("join-name").fill(g.name);
    await g.page.getByTestId("join-room").click();
    await g.page.getByTestId(`take-seat-${i + 1}`).click();
    await expect(host.page.getByTestId(`seat-${i + 1}`)).toContainText(g.name);
  }
  for (const w of watchers) {
    await w.page.goto(link.pathname + link.search);
    await w.page.getByTestId("join-name").fill(w.name);
    await w.page.getByTestId("join-room").click();
    await expect(w.page.getByTestId("room")).toBeVisible();
  }
  for (const s of bots) await host.page.getByTestId(`add-bot-${s}`).click();
  await expect(host.page.getByTestId("start")).toBeEnabled();
  await host.page.getByTestId("start").click();
  for (const p of [host, ...guests, ...watchers]) await expect(p.page.getByTestId("table")).toBeVisible();
}

/**
 * The words this game puts on the table, as a person meets them: the board's,
 * the rules panel's and the log's visible text, and the titles and labels of
 * what is drawn. (The shell's own parts — turn bar, outcome table — are the
 * shell's tests' business.)
 */
async function tableWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = Array.from(document.querySelectorAll<HTMLElement>("[data-testid=table] .lom, [data-testid=table] .lom-rules, [data-testid=event-log]"));
    const attrs = parts.flatMap((p) => Array.from(p.querySelectorAll("[title], [aria-label]"))).flatMap((el) => [el.getAttribute("title") ?? "", el.getAttribute("aria-label") ?? ""]);
    return [...parts.map((p) => p.innerText), ...attrs].join("\n");
  });
}

/** Text fragments of this game's English catalogue that a Spanish or Italian screen must not show. */
function englishFragments(lang: "es" | "it"): RegExp[] {
  const theirs = Object.values(catalogue[lang]).join("\n");
  const out = new Set<string>();
  for (const value of Object.values(catalogue.en)) {
    for (const piece of value.split(/\{\w+\}|[:;,.()—?!]/)) {
      const f = piece.trim();
      if (f.length >= 4 && /[a-z]/i.test(f) && !theirs.includes(f)) out.add(f);
    }
  }
  return [...out].map((f) => new RegExp(`(^|[^\\p{L}])${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u"));
}

function expectWordsClean(words: string, lang: Lang, where: string) {
  // No enum names, snake_case, camelCase field names, placeholders or ship numbers.
  expect(words, `${where}: no enum name`).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
  expect(words, `${where}: no snake_case`).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(words, `${where}: no camelCase`).not.toMatch(/\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/);
  expect(words, `${where}: no placeholder`).not.toMatch(/\{\w+\}/);
  expect(words, `${where}: ships are not numbered`).not.toMatch(/(ship|barco|nave)\s*(no\.|n\.º|n\.)?\s*#?\d/i);
  if (lang !== "en") {
    const left = englishFragments(lang).filter((re) => re.test(words));
    expect(left.map(String), `${where}: English words on a ${lang} screen`).toEqual([]);
  }
}

/** No serious or critical accessibility violation on the board (axe-core). */
async function axeBoard(page: Page, where: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run("[data-testid=table]", { resultTypes: ["violations"] });
    return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(found, `axe on ${where}`).toEqual([]);
}

/** What a seat's page shows now, in one round trip. */
async function look(page: Page) {
  return page
    .evaluate(() => {
      const table = document.querySelector<HTMLElement>("[data-testid=table]");
      const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("[data-testid=table] button.move:not(:disabled)"));
      const inView = buttons.some((b) => {
        const r = b.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
      });
      return {
        finished: document.querySelector("[data-testid=outcome]") !== null,
        myTurn: table?.dataset.myTurn === "true",
        moves: buttons.length,
        inView,
        animations: Number(document.documentElement.dataset.animations ?? "0"),
        hscroll: document.documentElement.scrollWidth > window.innerWidth + 1,
        wide: Array.from(document.querySelectorAll<HTMLElement>("body *"))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${el.className} ${el.getAttribute("data-anim-key")} ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)} anims=${el.getAnimations().map((a) => JSON.stringify((a.effect as KeyframeEffect).getKeyframes().map((k) => k.transform))).join(";")}`)
          .join(" | "),
      };
    })
    .catch(() => ({ finished: false, myTurn: false, moves: 0, inView: false, animations: 0, hscroll: false, wide: "" }));
}

const animations = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.animations ?? "0"));

async function shot(p: Seat, file: string, info: import("@playwright/test").TestInfo, docName?: string) {
  // The board at the top of the window, as a player scrolls to it.
  await p.page.locator(".lom").evaluate((el) => el.scrollIntoView({ block: "start" }));
  const png = await p.page.screenshot({ fullPage: false });
  mkdirSync(info.outputDir, { recursive: true });
  writeFileSync(info.outputPath(file), png);
  writeFileSync(info.outputPath(file.replace(".png", "-full.png")), await p.page.screenshot({ fullPage: true }));
  await info.attach(file, { body: png, contentType: "image/png" });
  if (docName && process.env.BRETHREN_UPDATE_DOC_IMAGES === "1") {
    mkdirSync(IMAGES, { recursive: true });
    writeFileSync(join(IMAGES, docName), png);
  }
}

interface Played {
  moves: number;
  animatedMoves: number;
  checkedMoves: number;
  notInView: string[];
  /** Moves on the sea after which nothing moved (for a seat with motion). */
  still: string[];
  kinds: Record<string, number>;
}

/**
 * Plays the seats' moves (a seeded random choice among the enabled controls)
 * until the outcome shows. At every turn a seat must act, one of its move
 * controls must be on screen; after each move that changes the sea or a score
 * pile, the motion counter must rise (unless the seat asked for reduced motion).
 */
async function play(seats: Seat[], seed: number, onMove: (moves: number) => Promise<void>): Promise<Played> {
  const random = seeded(seed);
  const out: Played = { moves: 0, animatedMoves: 0, checkedMoves: 0, notInView: [], still: [], kinds: {} };
  for (let round = 0; round < 5_000; round++) {
    const seen = await Promise.all(seats.map((s) => look(s.page)));
    if (seen.every((s) => s.finished)) return out;
    let moved = false;
    for (const [i, s] of seats.entries()) {
      if (seen[i].moves === 0) continue;
      expect(seen[i].hscroll, `${s.name}: no horizontal scroll (${seen[i].wide})`).toBe(false);
      // The board brings the moves into view when the turn starts (smoothly, unless reduced motion).
      const inView = await expect
        .poll(async () => (await look(s.page)).inView, { timeout: 2_000 })
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (!inView) out.notInView.push(`${s.name} at move ${out.moves}`);
      const buttons = s.page.locator("[data-testid=table] button.move:enabled");
      const n = await buttons.count();
      if (n === 0) continue;
      const pick = buttons.nth(Math.floor(random() * n));
      const kind = (await pick.getAttribute("data-move", { timeout: 2_000 }).catch(() => null)) ?? "?";
      const before = await tableVersion(s.page);
      const animBefore = await animations(s.page);
      try {
        await pick.click({ timeout: 2_000 });
      } catch {
        continue; // the table changed under the pointer: look again
      }
      await s.page
        .waitForFunction((v) => document.querySelector<HTMLElement>("[data-testid=table]")?.dataset.version !== v, before, { timeout: 10_000, polling: 20 })
        .catch(() => undefined);
      out.kinds[kind] = (out.kinds[kind] ?? 0) + 1;
      out.moves++;
      moved = true;
      if (["depart", "returnShip", "attack"].includes(kind)) {
        out.checkedMoves++;
        if (s.reduced) {
          expect(await animations(s.page), `${s.name}: nothing animates under reduced motion`).toBe(0);
          expect(await s.page.evaluate(() => document.getAnimations().length)).toBe(0);
        } else {
          const rose = await expect.poll(() => animations(s.page), { timeout: 2_000 }).toBeGreaterThan(animBefore).then(() => true).catch(() => false);
          if (rose) out.animatedMoves++;
          else out.still.push(`${s.name} ${kind} at move ${out.moves} (${before} -> ${await tableVersion(s.page)})`);
        }
      }
      await onMove(out.moves);
    }
    if (!moved) await seats[0].page.waitForTimeout(25);
  }
  throw new Error("the match did not end");
}

async function expectOutcome(p: Seat) {
  await expect(p.page.getByTestId("outcome")).toBeVisible({ timeout: 30_000 });
  const headline = p.page.getByTestId("lom-outcome");
  await expect(headline).toBeVisible();
  const winners = await p.page.locator("[data-testid=outcome] tr.winner td:nth-child(2) .who").allTextContents();
  expect(winners.length).toBeGreaterThan(0);
  for (const w of winners) await expect(headline).toContainText(w.trim());
  expect(await headline.textContent()).not.toMatch(/\b(red|blue|green|yellow|purple|orange|rojo|azul|verde|amarillo|rosso|blu|giallo)\b/i);
  // Each player's colour as on the board, in the outcome and the log: the same
  // ink as the board's swatch, and in words too (not colour alone).
  const rows = p.page.locator("[data-testid^=outcome-name-]");
  const n = await rows.count();
  for (let seat = 0; seat < n; seat++) {
    const cell = p.page.getByTestId(`outcome-name-${seat}`);
    const ink = await cell.locator(".seat-mark").evaluate((e) => getComputedStyle(e).backgroundColor);
    const board = await p.page.locator(`[data-testid=player-${seat}] .lom-swatch`).first().evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(ink, `seat ${seat}: the outcome's colour is the board's`).toBe(board);
    await expect(cell.locator(".colour-word")).toHaveText(/\S/);
  }
  expect(await p.page.locator("[data-testid=event-log] li .seat-mark").count(), "the log marks players by colour").toBeGreaterThan(0);
  // Nobody's turn after the end.
  await expect(p.page.getByTestId("turn")).toHaveCount(0);
  await expect(p.page.locator("[data-testid=table] button.move")).toHaveCount(0);
}

async function expectBoardDrawn(p: Seat, seats: number) {
  await expect(p.page.getByTestId("sea")).toBeVisible();
  await expect(p.page.locator("[data-testid^=player-]")).toHaveCount(seats);
  await expect(p.page.locator("[data-testid=sea] .lom-tile").first()).toBeVisible();
  // Every ship shows its owner (a swatch and a name) and its treasure. The bots
  // keep moving, so the whole sea is read from one snapshot of the page (never
  // counted first and then indexed) and polled until a snapshot has every tile
  // complete.
  await expect
    .poll(
      () =>
        p.page.locator("[data-testid=sea]").evaluate((sea) =>
          Array.from(sea.querySelectorAll(".lom-tile"))
            .map((tile, i) => {
              const swatches = tile.querySelectorAll(".lom-swatch").length;
              const value = tile.querySelector(".lom-tval")?.textContent?.trim() ?? "";
              return swatches === 1 && /^[3-7]$/.test(value) ? "" : `tile ${i}: ${swatches} swatches, value "${value}"`;
            })
            .filter((problem) => problem !== ""),
        ),
      { message: "every ship in the sea shows one owner swatch and a treasure of 3 to 7" },
    )
    .toEqual([]);
}

test("letter-of-marque at 1280x800: the board, its moves in view, motion, words, outcome", async ({ browser }, info) => {
  const anne = await seatAt(browser, "Anne", "en", WIDE);
  const watcher = await seatAt(browser, "Watcher", "en", WIDE);
  await setUp(anne, [], [watcher], [1, 2]);
  // The preliminary turn: Anne's first card waits in the sea with the secret choice on it.
  await expect(anne.page.locator("[data-testid=prelim-0] button.move")).toHaveCount(2);
  await expect(anne.page.getByTestId("lom-prompt")).toContainText("first treasure");
  await shot(anne, "letter-of-marque-1280x800-prelim.png", info);
  await axeBoard(anne.page, "the preliminary turn");
  let shotTaken = false;
  let privateChecks = 0;
  const played = await play([anne], 31, async (moves) => {
    if (moves === 1) {
      await expectBoardDrawn(anne, 3);
      expectWordsClean(await tableWords(anne.page), "en", "Anne");
    }
    if (moves % 3 === 0) {
      // The spectator sees the sea and never anything private or a move.
      expect(await watcher.page.locator("[data-private]").count()).toBe(0);
      expect(await watcher.page.locator("button.move").count()).toBe(0);
      privateChecks++;
    }
    if (moves >= 4 && !shotTaken && (await anne.page.locator("[data-testid=sea] .lom-tile").count()) >= 3) {
      shotTaken = true;
      await expectBoardDrawn(anne, 3);
      await expect(anne.page.locator("[data-testid=my-harbour] [data-private]").first()).toBeVisible();
      // The rules panel highlights the part of the rules the match is in.
      await anne.page.locator("details.rules summary").click();
      await expect(anne.page.getByTestId("lom-rules-turn")).toHaveClass(/current/);
      await anne.page.locator("details.rules summary").click();
      expectWordsClean(await tableWords(anne.page), "en", "Anne mid-game");
      expectWordsClean(await tableWords(watcher.page), "en", "Watcher mid-game");
      await axeBoard(anne.page, "Anne's board mid-game");
      await axeBoard(watcher.page, "the spectator's board");
      await shot(anne, "letter-of-marque-1280x800.png", info, "letter-of-marque.png");
      // The same moment on a phone, in English (the README's picture).
      await anne.page.setViewportSize(PHONE);
      await expect.poll(() => anne.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await shot(anne, "letter-of-marque-390x844-en.png", info, "letter-of-marque-phone.png");
      await anne.page.setViewportSize(WIDE);
    }
  });
  expect(played.notInView, "a move control was in view whenever Anne had to act").toEqual([]);
  expect(played.checkedMoves).toBeGreaterThan(0);
  expect(played.still, "every move on the sea animated").toEqual([]);
  expect(shotTaken).toBe(true);
  expect(privateChecks).toBeGreaterThan(0);
  await expectOutcome(anne);
  await expectOutcome(watcher);
  expectWordsClean(await tableWords(anne.page), "en", "Anne at the end");
  // The spectator reads the end in Spanish and in Italian: no English of this game left.
  for (const lang of ["es", "it"] as const) {
    await watcher.page.getByTestId("lang").selectOption(lang);
    await watcher.page.locator("details.rules summary").click();
    await expect(watcher.page.getByTestId("lom-rules-end")).toHaveClass(/current/);
    expectWordsClean(await tableWords(watcher.page), lang, `Watcher in ${lang}`);
    await watcher.page.locator("details.rules summary").click();
  }
  await shot(anne, "letter-of-marque-1280x800-end.png", info);
  console.log(`lom wide ${JSON.stringify(played)}`);
  expectNoErrors([anne, watcher]);
  for (const p of [anne, watcher]) await p.context.close();
});

test("letter-of-marque at 390x844: Spanish with reduced motion, Italian with motion", async ({ browser }, info) => {
  const anne = await seatAt(browser, "Anne", "es", PHONE, true);
  const bart = await seatAt(browser, "Bart", "it", PHONE);
  await setUp(anne, [bart], [], [2]);
  let shotTaken = false;
  const played = await play([anne, bart], 32, async (moves) => {
    if (moves === 2) {
      expectWordsClean(await tableWords(anne.page), "es", "Anne");
      expectWordsClean(await tableWords(bart.page), "it", "Bart");
    }
    if (moves >= 6 && !shotTaken && (await anne.page.locator("[data-testid=sea] .lom-tile").count()) >= 3) {
      shotTaken = true;
      await expectBoardDrawn(anne, 3);
      expectWordsClean(await tableWords(anne.page), "es", "Anne mid-game");
      expectWordsClean(await tableWords(bart.page), "it", "Bart mid-game");
      await axeBoard(anne.page, "the phone board");
      await shot(anne, "letter-of-marque-390x844-es.png", info);
      await shot(bart, "letter-of-marque-390x844.png", info);
    }
  });
  expect(played.notInView, "a move control was in view whenever a seat had to act").toEqual([]);
  expect(played.still, "every move of Bart's on the sea animated").toEqual([]);
  expect(shotTaken).toBe(true);
  expect(await animations(anne.page), "reduced motion: nothing animated for Anne").toBe(0);
  expect(await animations(bart.page), "Bart's board moved").toBeGreaterThan(0);
  for (const p of [anne, bart]) await expectOutcome(p);
  expectWordsClean(await tableWords(anne.page), "es", "Anne at the end");
  expectWordsClean(await tableWords(bart.page), "it", "Bart at the end");
  console.log(`lom phone ${JSON.stringify(played)}`);
  expectNoErrors([anne, bart]);
  for (const p of [anne, bart]) await p.context.close();
});
