// The replay page in the real browser, the cases shell.spec.ts leaves out:
// - a Tortuga match (its log kept under seal on the server) replays step by
//   step in a browser that never saw it live: the server's views draw the
//   table at every step, not only the final one;
// - a match still being played: the page says so in words (EN/ES/IT) and
//   leads to the room (to watch where spectators may, or back to one's seat),
//   never an error.
import { test, expect, type Page, type TestInfo } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { person, withServer, expectNoErrors, type Person } from "./helpers";

/** Anne creates a room of `game` with `seats` seats (spectators per `spectators`, a label of the lobby's select). */
async function createRoom(p: Person, game: string, seats: number, spectators?: string): Promise<string> {
  const page = p.page;
  await page.goto(withServer("/"));
  await page.getByTestId("name").fill(p.name);
  await page.getByTestId("game").selectOption(game);
  await page.getByTestId("seats").fill(String(seats));
  if (spectators) await page.getByTestId("spectators").selectOption({ label: spectators });
  await page.getByTestId("create").click();
  await expect(page.getByTestId("seat-0")).toContainText(p.name);
  return new URL(await page.getByTestId("share-link").inputValue()).pathname.replace(/^\/r\//, "");
}

/** The page at 1280x800 and at 390x844, into test-results (to look at). */
async function shots(page: Page, info: TestInfo, name: string) {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    // As a player sees it: the step's glides have ended.
    await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 5000 }).catch(() => undefined);
    writeFileSync(info.outputPath(`${name}-${size.width}x${size.height}.png`), await page.screenshot());
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function addBots(page: Page, from: number, seats: number) {
  for (let s = from; s < seats; s++) {
    await page.getByTestId(`add-bot-${s}`).click();
    await expect(page.getByTestId(`seat-${s}`)).toContainText("🤖");
  }
}

/**
 * The id of the live match of room `code`, asked with the seat token this
 * page holds for it: the history answers 409 to that token only for a match
 * of its own room (404 for any other). The room's code alone would not do:
 * a public room's matches answer anyone, so an earlier spec's live match in
 * another public room would be found first (seen in a full-suite run).
 */
async function liveMatchId(page: Page, code: string): Promise<number> {
  const token = await page.evaluate((c) => JSON.parse(localStorage.getItem(`brethren.room.${c}`) ?? "{}").seatToken as string, code);
  expect(token, "the seated page holds its seat token").toBeTruthy();
  for (let id = 1; id < 2000; id++) {
    const r = await page.request.get(`/api/matches/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (r.status() === 409) return id;
  }
  throw new Error(`no live match in room ${code}`);
}

test("a Tortuga match replays step by step from the server's views, in a browser that never saw it", async ({ browser }, info) => {
  test.setTimeout(180_000);
  const anne = await person(browser, "Anne");
  const page = anne.page;
  await createRoom(anne, "tortuga-1667", 4);
  // Four quick bots play the whole match; Anne only watches.
  await page.getByTestId("bot-kind").selectOption("random");
  await page.getByTestId("leave-seat").click();
  await expect(page.getByTestId("take-seat-0")).toBeVisible();
  await addBots(page, 0, 4);
  await page.getByTestId("start").click();
  await expect(page.getByTestId("outcome")).toBeVisible({ timeout: 120_000 });
  const href = (await page.getByTestId("replay-link").getAttribute("href"))!;

  const visitor = await person(browser, "Visitor");
  await visitor.page.goto(href);
  const v = visitor.page;
  await expect(v.getByTestId("replay")).toBeVisible();
  const board = v.getByTestId("replay-board");
  await expect(board).toBeVisible();
  await expect(v.getByTestId("t67-board")).toBeVisible();
  const lastVersion = await board.getAttribute("data-version");
  // The first steps are drawn as they were, not as the table ended.
  await v.getByTestId("replay-first").click();
  await expect(v.getByTestId("replay-no-board")).toHaveCount(0);
  const versions = new Set<string>();
  versions.add((await board.getAttribute("data-version"))!);
  expect([...versions][0], "the setup's table, not the final one").not.toBe(lastVersion);
  for (let i = 0; i < 6; i++) {
    await v.getByTestId("replay-next").click();
    await expect(v.getByTestId("replay-step")).toContainText(`Event ${i + 1} of`);
    await expect(v.getByTestId("replay-no-board")).toHaveCount(0);
    versions.add((await board.getAttribute("data-version"))!);
  }
  expect(versions.size, "stepping redraws the table").toBeGreaterThanOrEqual(3);
  // Halfway, still a drawn table of that step.
  const total = Number((await v.getByTestId("replay-step").textContent())!.match(/of (\d+)/)![1]);
  await v.getByTestId("replay-jump").fill(String(Math.floor(total / 2)));
  await v.getByTestId("replay-jump").press("Enter");
  await expect(v.getByTestId("t67-board")).toBeVisible();
  const middle = await board.getAttribute("data-version");
  expect(middle).not.toBe(lastVersion);
  expect(versions.has(middle!)).toBe(false);
  for (const width of [1280, 390]) {
    await v.setViewportSize({ width, height: 844 });
    const box = await v.getByTestId("replay-jump").boundingBox();
    expect(box!.width, `the jump field is wide enough for its number at ${width} px`).toBeGreaterThan(40);
  }
  await v.setViewportSize({ width: 1280, height: 800 });
  await v.getByTestId("replay-board").scrollIntoViewIfNeeded();
  await shots(v, info, "replay-tortuga-1667");
  expectNoErrors([anne, visitor]);
  await anne.context.close();
  await visitor.context.close();
});

test("the replay of a match still being played says so in words and leads to its room", async ({ browser }, info) => {
  test.setTimeout(120_000);
  // Another public room's match is live first (as after other specs): the
  // live match found below must be Anne's, not the first one on the server.
  const stranger = await person(browser, "Stranger");
  await createRoom(stranger, "letter-of-marque", 3);
  await addBots(stranger.page, 1, 3);
  await stranger.page.getByTestId("start").click();
  await expect(stranger.page.getByTestId("table")).toBeVisible();
  const anne = await person(browser, "Anne");
  const code = await createRoom(anne, "letter-of-marque", 3);
  await addBots(anne.page, 1, 3);
  await anne.page.getByTestId("start").click();
  await expect(anne.page.getByTestId("table")).toBeVisible();
  const id = await liveMatchId(anne.page, code);

  // A visitor of an open room: told the match is on, offered to watch it.
  const visitor = await person(browser, "Visitor");
  const texts = {
    en: { title: "This match is still being played", watch: "Watch it live" },
    es: { title: "Esta partida todavía se está jugando", watch: "Verla en directo" },
    it: { title: "Questa partita è ancora in corso", watch: "Guardala in diretta" },
  };
  for (const [lang, want] of Object.entries(texts)) {
    await visitor.page.goto(withServer(`/replay/${id}?room=${code}&lang=${lang}`));
    await expect(visitor.page.getByTestId("replay-live")).toContainText(want.title);
    await expect(visitor.page.getByTestId("replay-watch-live")).toHaveText(want.watch);
    await expect(visitor.page.getByTestId("replay-error")).toHaveCount(0);
    await expect(visitor.page.locator("[role=alert]")).toHaveCount(0);
  }
  await visitor.page.goto(withServer(`/replay/${id}?room=${code}`));
  await expect(visitor.page.getByTestId("replay-watch-live")).toBeVisible();
  await shots(visitor.page, info, "replay-live");
  await visitor.page.getByTestId("replay-watch-live").click();
  await expect(visitor.page).toHaveURL(new RegExp(`/r/${code}`));
  await visitor.page.getByTestId("join-name").fill("Visitor");
  await visitor.page.getByTestId("join-room").click();
  await expect(visitor.page.getByTestId("table")).toBeVisible();

  // Anne, seated: her way back is her seat.
  await anne.page.goto(withServer(`/replay/${id}?room=${code}`));
  await expect(anne.page.getByTestId("replay-watch-live")).toHaveText("Back to your seat at the table");
  await anne.page.getByTestId("replay-watch-live").click();
  await expect(anne.page.getByTestId("table")).toBeVisible();
  await expect(anne.page.getByTestId("table")).toHaveAttribute("data-my-turn", /true|false/);
  // The browser itself logs the history's expected 409 (a resource "failed"); nothing else may be logged.
  for (const p of [anne, visitor]) p.errors = p.errors.filter((e) => !/status of 409 \(Conflict\)/.test(e));
  expectNoErrors([anne, visitor]);

  for (const p of [anne, visitor, stranger]) await p.context.close();
});
