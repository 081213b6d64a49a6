// For each game: one browser context per seat. The first person creates the
// room through the UI and every other seat is a person who opens the share
// link, joins and takes a seat (no bots). They play a whole match by clicking
// enabled move controls (a seeded random choice), one of them reloads in the
// middle and resumes, another's network drops and resumes, and a spectator
// watches without ever being shown a private element. Any console error or
// uncaught exception fails the test.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { person, seeded, withServer, expectNoErrors, tableVersion, attachJson, type Person } from "./helpers";

// `choice`: an enum option picked from its select (the server refuses options it cannot read).
const GAMES: {
  id: string;
  seats: number;
  seed: number;
  clockSeconds?: number;
  password?: string;
  choice?: { option: string; label: string };
}[] = [
  { id: "letter-of-marque", seats: 3, seed: 11, clockSeconds: 120, choice: { option: "cannon_tiebreak", label: "Captured cannons only" } },
  { id: "port-royal-pfister", seats: 3, seed: 12, password: "parrot" },
  { id: "port-royal-panning", seats: 3, seed: 13 },
  { id: "tortuga-1667", seats: 4, seed: 14 },
];
const SEAT_NAMES = ["Anne", "Bart", "Carla", "Dirk"];
const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "images");

for (const game of GAMES) {
  test(`${game.id}: a whole match through the UI, one browser per seat`, async ({ browser }, info) => {
    const random = seeded(game.seed);
    const players: Person[] = [];
    for (const name of SEAT_NAMES.slice(0, game.seats)) players.push(await person(browser, name));
    const [anne, bart] = players;
    const watcher = await person(browser, "Watcher");
    const people = [...players, watcher];
    const metrics: Record<string, unknown> = { game: game.id, seats: game.seats };
    const startedAt = Date.now();

    // Anne opens the lobby and creates the room.
    const t0 = Date.now();
    await anne.page.goto(withServer("/"));
    await anne.page.getByTestId("name").fill("Anne");
    await expect(anne.page.getByTestId("create")).toBeEnabled();
    metrics.interactiveMs = Date.now() - t0;
    metrics.navigation = await anne.page.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return { domInteractive: Math.round(n.domInteractive), loadEventEnd: Math.round(n.loadEventEnd), lobbyReady: Math.round(window.__brethren?.readyAt ?? -1) };
    });
    await anne.page.getByTestId("game").selectOption(game.id);
    await anne.page.getByTestId("seats").fill(String(game.seats));
    if (game.clockSeconds) await anne.page.getByTestId("clock").fill(String(game.clockSeconds));
    if (game.password) await anne.page.getByTestId("password").fill(game.password);
    if (game.choice) await anne.page.getByTestId(`option-${game.choice.option}`).selectOption({ label: game.choice.label });
    await anne.page.getByTestId("create").click();
    await expect(anne.page.getByTestId("room")).toBeVisible();
    // The host is seated on creating.
    await expect(anne.page.getByTestId("seat-0")).toContainText("Anne");
    const link = new URL(await anne.page.getByTestId("share-link").inputValue());
    const sharePath = link.pathname + link.search;

    // Every other seat and the watcher open the share link; each seat's person takes their own seat.
    for (const p of [...players.slice(1), watcher]) {
      await p.page.goto(sharePath);
      await p.page.getByTestId("join-name").fill(p.name);
      if (game.password) await p.page.getByTestId("join-password").fill(game.password);
      await p.page.getByTestId("join-room").click();
      await expect(p.page.getByTestId("room")).toBeVisible();
    }
    for (let s = 1; s < game.seats; s++) {
      await players[s].page.getByTestId(`take-seat-${s}`).click();
      await expect(anne.page.getByTestId(`seat-${s}`)).toContainText(players[s].name);
    }
    await anne.page.getByTestId("start").click();
    for (const p of people) await expect(p.page.getByTestId("table")).toBeVisible();
    if (game.clockSeconds) await expect(anne.page.getByTestId("clock")).toContainText(/\d+ s/);
    await anne.page.getByTestId("chat-input").fill("Fair winds!");
    await anne.page.getByTestId("chat-send").click();
    for (const p of people) await expect(p.page.getByTestId("chat-log")).toContainText("Fair winds!");
    metrics.setupMs = Date.now() - startedAt;

    let moves = 0;
    let reloaded = false;
    let dropped = false;
    const kinds: Record<string, number> = {};
    let shotTaken = false;
    const spectatorChecks = { checks: 0 };
    let idlePolls = 0;
    let checkedAtMove = -10;
    let turnChecks = 0;
    const playStart = Date.now();
    for (let round = 0; round < 20_000; round++) {
      // One look at every seat's page at once (a single evaluate each, in
      // parallel): only the seats with something to do are clicked, and when
      // nobody has anything yet the loop polls briefly instead of sleeping.
      const seen = await Promise.all(players.map((p) => lookAt(p.page)));
      if (seen.every((s) => s.finished)) break;
      let moved = false;
      for (const [i, p] of players.entries()) {
        if (seen[i].moves > 0) {
          // A seat that must (or may) act is told so in its tab's title, and a move is on screen.
          expect(seen[i].turn === "must" || seen[i].turn === "may", `${p.name}'s page says whether it must act (${seen[i].turn})`).toBe(true);
          if (seen[i].turn === "must") expect(seen[i].title).toBe("● Your turn — Brethren");
          expect(seen[i].inView, `${p.name}: a move control is in the viewport`).toBe(true);
          turnChecks++;
        }
        if (seen[i].moves === 0 && seen[i].marks < 2) continue;
        // Tortuga: looking and forcing need two marked cards first.
        const marks = p.page.locator("[data-testid=table] button.mark[aria-pressed=false]");
        const markCount = seen[i].marks;
        if (markCount >= 2 && random() < 0.5) {
          const first = Math.floor(random() * markCount);
          await marks.nth(first).click({ timeout: 2000 }).catch(() => undefined);
          const left = await marks.count();
          if (left > 0) await marks.nth(Math.floor(random() * left)).click({ timeout: 2000 }).catch(() => undefined);
        }
        const buttons = p.page.locator("[data-testid=table] button.move:enabled");
        const n = await buttons.count();
        if (n === 0) continue;
        const before = await tableVersion(p.page);
        const pick = Math.floor(random() * n);
        const kind = (await buttons.nth(pick).getAttribute("data-move", { timeout: 2000 }).catch(() => null)) ?? "?";
        try {
          await buttons.nth(pick).click({ timeout: 2000 });
        } catch {
          continue; // the table changed under the pointer: choose again
        }
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        await p.page
          .waitForFunction((v) => document.querySelector<HTMLElement>("[data-testid=table]")?.dataset.version !== v, before, { timeout: 10_000, polling: 20 })
          .catch(() => undefined);
        moves++;
        moved = true;
      }
      if (!moved) {
        idlePolls++;
        await anne.page.waitForTimeout(20);
      }
      if (moves >= 12 && !shotTaken) {
        shotTaken = true;
        await screenshots(anne, game.id, info);
      }
      if (moves >= 20 && !reloaded) {
        reloaded = true;
        const logBefore = await bart.page.locator("[data-testid=event-log] li").count();
        const versionBefore = Number(await tableVersion(bart.page));
        await bart.page.reload();
        await expect(bart.page.getByTestId("table")).toBeVisible();
        await expect(bart.page.getByTestId("conn")).toHaveAttribute("data-state", "open");
        await expect.poll(async () => Number(await tableVersion(bart.page))).toBeGreaterThanOrEqual(versionBefore);
        const logAfter = await bart.page.locator("[data-testid=event-log] li").count();
        expect(logAfter).toBeGreaterThanOrEqual(Math.min(logBefore, 300));
        metrics.reload = { logBefore, logAfter, versionBefore };
      }
      if (moves >= 6 && !dropped) {
        // A dropped network: Anne's page reconnects and resumes from the
        // last version it saw; the events it had stay, none is lost or doubled.
        dropped = true;
        const before = await logVersions(anne);
        await anne.page.evaluate(() => window.__brethren!.dropConnection!());
        await expect(anne.page.getByTestId("conn")).toHaveAttribute("data-state", "open");
        await expect.poll(async () => (await logVersions(anne)).length).toBeGreaterThanOrEqual(before.length);
        const after = await logVersions(anne);
        expect(after.slice(0, before.length)).toEqual(before);
        expect(new Set(after).size).toBe(after.length);
        metrics.drop = { before: before.length, after: after.length };
      }
      if (moves - checkedAtMove >= 10) {
        checkedAtMove = moves;
        spectatorChecks.checks++;
        await expectNothingPrivate(watcher);
      }
    }
    metrics.playMs = Date.now() - playStart;
    metrics.idlePolls = idlePolls;
    expect(reloaded && dropped, "the match was long enough to reload and drop mid-match").toBe(true);
    for (const p of people) await expect(p.page.getByTestId("outcome")).toBeVisible({ timeout: 30_000 });
    metrics.turnChecks = turnChecks;
    expect(turnChecks).toBeGreaterThan(0);
    // The outcome names a player (never a seat number or a colour); no turn text is left.
    for (const p of people) {
      const headline = (await p.page.getByTestId("outcome-headline").textContent()) ?? "";
      expect(SEAT_NAMES.some((n) => headline.includes(n)), `${p.name} reads a winner's name: ${headline}`).toBe(true);
      await expect(p.page.getByTestId("turn")).toHaveCount(0);
      expect(await p.page.title()).toBe("Brethren");
    }
    // The watcher switches to Spanish, then Italian.
    await watcher.page.getByTestId("lang").selectOption("es");
    await expect(watcher.page.getByText("Resultado final")).toBeVisible();
    await watcher.page.getByTestId("lang").selectOption("it");
    await expect(watcher.page.getByText("Risultato finale")).toBeVisible();
    await watcher.page.getByTestId("lang").selectOption("en");
    await expectNothingPrivate(watcher);
    await expect(anne.page.getByTestId("history-link")).toHaveAttribute("href", /\/api\/matches\/\d+/);

    if (game.id === "letter-of-marque") {
      // Bart opens the room in a second tab: the seat moves there, and the
      // first tab says so (close 4001) and can take it back.
      const tab2 = await bart.context.newPage();
      tab2.on("pageerror", (e) => bart.errors.push(`Bart tab 2 exception: ${e.message}`));
      tab2.on("console", (m) => { if (m.type() === "error") bart.errors.push(`Bart tab 2 console: ${m.text()}`); });
      await tab2.goto(sharePath);
      await expect(tab2.getByTestId("outcome")).toBeVisible();
      await expect(bart.page.getByTestId("conn")).toHaveAttribute("data-state", "replaced");
      await bart.page.getByTestId("conn").getByRole("button").click();
      await expect(bart.page.getByTestId("conn")).toHaveAttribute("data-state", "open");
      await expect(tab2.getByTestId("conn")).toHaveAttribute("data-state", "replaced");
      await tab2.close();
    }

    metrics.moves = moves;
    metrics.moveKinds = kinds;
    metrics.spectatorChecks = spectatorChecks.checks;
    const render = (await Promise.all(people.map((p) => p.page.evaluate(() => window.__brethren?.renderMs ?? [])))).flat().sort((a, b) => a - b);
    metrics.renderMs = { count: render.length, median: render[Math.floor(render.length / 2)], p95: render[Math.floor(render.length * 0.95)], max: render[render.length - 1] };
    const replayHref = (await bart.page.getByTestId("replay-link").getAttribute("href"))!;
    if (game.id === "letter-of-marque") await hostControls(anne, bart, watcher);
    // The replay page steps through the finished match, backwards and forwards.
    await bart.page.goto(replayHref);
    await expect(bart.page.getByTestId("replay")).toBeVisible();
    const stepText = async () => (await bart.page.getByTestId("replay-step").textContent()) ?? "";
    const atEnd = await stepText();
    await bart.page.getByTestId("replay-prev").click();
    await expect.poll(stepText).not.toBe(atEnd);
    await bart.page.getByTestId("replay-first").click();
    await expect(bart.page.locator("[data-testid=replay-log] li")).toHaveCount(0);
    await bart.page.getByTestId("replay-next").click();
    await expect(bart.page.locator("[data-testid=replay-log] li")).toHaveCount(1);
    await bart.page.getByTestId("replay-last").click();
    await expect.poll(stepText).toBe(atEnd);


    await attachJson(info, "metrics.json", metrics);
    mkdirSync(info.outputDir, { recursive: true });
    writeFileSync(join(info.outputDir, "metrics.json"), JSON.stringify(metrics, null, 2));
    console.log(`metrics ${JSON.stringify(metrics)}`);
    expectNoErrors(people);
    for (const p of people) await p.context.close();
  });
}

/** Lock, rematch, transfer host and kick, through the host's buttons. */
async function hostControls(anne: Person, bart: Person, watcher: Person) {
  await anne.page.getByTestId("lock").click();
  await expect(anne.page.getByTestId("lock")).toHaveAttribute("aria-pressed", "true");
  await anne.page.getByTestId("lock").click();
  await expect(anne.page.getByTestId("lock")).toHaveAttribute("aria-pressed", "false");
  const firstVersion = Number(await tableVersion(anne.page));
  await anne.page.getByTestId("rematch").click();
  await expect(anne.page.getByTestId("outcome")).toHaveCount(0);
  await expect.poll(async () => Number(await tableVersion(anne.page))).toBeLessThan(firstVersion);
  await expect(bart.page.getByTestId("outcome")).toHaveCount(0);
  await anne.page.locator("[data-testid^=member-]", { hasText: "Bart" }).getByRole("button", { name: /make host/i }).click();
  // The rematch runs: the host's controls are in the folded room header.
  await expect(bart.page.getByTestId("lock")).toHaveCount(1);
  await expect(anne.page.getByTestId("lock")).toHaveCount(0);
  await bart.page.locator("[data-testid^=member-]", { hasText: "Watcher" }).getByRole("button", { name: /remove/i }).click();
  await expect(watcher.page.getByText("removed you from the room")).toBeVisible();
}

/** What a seat's page offers now, in one round trip. */
async function lookAt(page: Page): Promise<{ finished: boolean; moves: number; marks: number; turn: string; title: string; inView: boolean }> {
  return page
    .evaluate(() => {
      const moves = [...document.querySelectorAll<HTMLElement>("[data-testid=table] button.move:enabled")];
      return {
        finished: document.querySelector("[data-testid=outcome]") !== null,
        moves: moves.length,
        marks: document.querySelectorAll("[data-testid=table] button.mark[aria-pressed=false]").length,
        turn: document.documentElement.dataset.turn ?? "none",
        title: document.title,
        inView: moves.some((b) => {
          const r = b.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
        }),
      };
    })
    .catch(() => ({ finished: false, moves: 0, marks: 0, turn: "none", title: "", inView: false })); // navigating (a reload): look again
}

async function logVersions(p: Person): Promise<number[]> {
  return p.page.evaluate(() => [...document.querySelectorAll<HTMLElement>("[data-testid=event-log] li")].map((li) => Number(li.dataset.version)));
}

async function expectNothingPrivate(watcher: Person) {
  const page = watcher.page;
  expect(await page.locator("[data-private]").count()).toBe(0);
  expect(await page.locator("button.move").count()).toBe(0);
}

async function screenshots(p: Person, gameId: string, info: import("@playwright/test").TestInfo) {
  await p.page.getByTestId("table").scrollIntoViewIfNeeded();
  const wide = await p.page.screenshot({ fullPage: false });
  await info.attach(`${gameId}-1280x800.png`, { body: wide, contentType: "image/png" });
  mkdirSync(info.outputDir, { recursive: true });
  writeFileSync(info.outputPath(`${gameId}-1280x800.png`), wide);
  // docs/images is refreshed on request only, so that a test run leaves the tree clean.
  if (process.env.BRETHREN_UPDATE_DOC_IMAGES === "1") {
    mkdirSync(IMAGES, { recursive: true });
    writeFileSync(join(IMAGES, `${gameId}.png`), wide);
  }
  await p.page.setViewportSize({ width: 390, height: 844 });
  await p.page.getByTestId("table").scrollIntoViewIfNeeded();
  const phone = await p.page.screenshot({ fullPage: false });
  await info.attach(`${gameId}-390x844.png`, { body: phone, contentType: "image/png" });
  writeFileSync(info.outputPath(`${gameId}-390x844.png`), phone);
  await p.page.setViewportSize({ width: 1280, height: 800 });
}
