// The lobby's account parts in the real browser against the real server
// (web/README.md, "The lobby"): a rated room, then "My games" on a second
// browser signed in to the same account takes him back to his seat; quick
// play waits (elapsed time, Cancel), then bots fill the table and the match
// starts (tools/run-browser-tests.sh sets --quickplay-bot-fill-ms 8000).
import { test, expect, type Page, type TestInfo } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { person, withServer, expectNoErrors, axeCheck } from "./helpers";

const PASSWORD = "correct horse battery";

/** The page at 1280x800 and at 390x844 into test-results (to look at), `part` of it checked by axe at each size. */
async function shots(page: Page, info: TestInfo, name: string, part = "body") {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await axeCheck(page, part, `${name} at ${size.width}x${size.height}`);
    writeFileSync(info.outputPath(`${name}-${size.width}x${size.height}.png`), await page.screenshot({ fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const toLobby = (page: Page) => page.locator("a.brand").click();

test("a rated room, then \"My games\" on another browser of the same account takes him back to his seat", async ({ browser }, info) => {
  test.setTimeout(60_000);
  const username = `Mara ${Date.now().toString(36)}`;

  // First browser: a guest keeps the account, then the lobby says he has no game yet.
  const first = await person(browser, "First");
  await first.page.goto(withServer("/account"));
  await first.page.getByTestId("claim-username").fill(username);
  await first.page.getByTestId("claim-password").fill(PASSWORD);
  await first.page.getByTestId("claim-submit").click();
  await expect(first.page.getByTestId("account-name")).toHaveText(username);
  await toLobby(first.page);
  await expect(first.page.getByTestId("my-games-empty")).toBeVisible();

  // A rated Letter of Marque room: he sits (the host sits on creating), two bots, start.
  await first.page.getByTestId("name").fill("Mara");
  await first.page.getByTestId("game").selectOption("letter-of-marque");
  await first.page.getByTestId("seats").fill("3");
  await expect(first.page.getByTestId("rated")).toHaveAccessibleDescription(/every seat is a player with an account/);
  await first.page.getByTestId("rated").check();
  await first.page.getByTestId("create").click();
  await expect(first.page.getByTestId("seat-0")).toContainText(username);
  await expect(first.page.getByTestId("room-rated")).toHaveText("★ Rated");
  await axeCheck(first.page, ".room-head", "the rated room's header");
  const code = new URL(first.page.url()).pathname.replace(/^\/r\//, "");
  for (const s of [1, 2]) {
    await first.page.getByTestId(`add-bot-${s}`).click();
    await expect(first.page.getByTestId(`seat-${s}`)).toContainText("🤖");
  }
  await first.page.getByTestId("start").click();
  await expect(first.page.getByTestId("table")).toBeVisible();
  await expect(first.page.getByTestId("room-rated"), "the room says it is rated while playing too").toBeVisible();

  // Second browser: signed in to the same account, his game is in "My games".
  const second = await person(browser, "Second");
  await second.page.goto(withServer("/account"));
  await second.page.getByTestId("sign-in-username").fill(username);
  await second.page.getByTestId("sign-in-password").fill(PASSWORD);
  await second.page.getByTestId("sign-in-submit").click();
  await expect(second.page.getByTestId("account-name")).toHaveText(username);
  await toLobby(second.page);
  const entry = second.page.getByTestId(`my-game-${code}`);
  await expect(entry).toContainText("Letter of Marque");
  await expect(entry).toContainText("with 2 bots");
  await expect(entry).toContainText("Seat 1");
  await expect(second.page.locator("[data-testid^=my-game-][data-your-turn]")).toHaveCount(1);
  await shots(second.page, info, "lobby-my-games");

  // Its button: back at his seat at the table (the seat is the account's: no token in this browser).
  await second.page.getByTestId(`my-game-${code}-open`).click();
  await expect(second.page).toHaveURL(new RegExp(`/r/${code}`));
  await expect(second.page.getByTestId("table")).toBeVisible();
  await expect(second.page.getByTestId("seat-0")).toContainText(`${username} (you)`);
  await expect(first.page.getByTestId("conn"), "the first browser's connection gave the seat up").toHaveAttribute("data-state", "replaced");

  expectNoErrors([first, second]);
  for (const p of [first, second]) await p.context.close();
});

test("quick play: the wait shows its time and can be cancelled; then bots fill the table and the match starts", async ({ browser }, info) => {
  test.setTimeout(60_000);
  const quick = await person(browser, "Quick");
  const page = quick.page;
  await page.goto(withServer("/"));
  await expect(page.getByTestId("account-name")).toHaveText("Guest");

  // Only the counts the game allows (Port Royal: 2 to 5).
  await page.getByTestId("quick-game").selectOption("port-royal-pfister");
  await expect(page.locator("[data-testid^=quick-seats-]")).toHaveCount(4);
  await page.getByTestId("quick-seats-2").check();
  await page.getByTestId("quick-find").click();

  // Waiting: what for, for how long, and Cancel (which has the focus).
  await expect(page.getByTestId("quick-status")).toHaveText("Looking for a table: Port Royal, 2 players");
  await expect(page.getByTestId("quick-elapsed")).toHaveText(/^Waiting time: 0:0\d$/);
  await expect(page.getByTestId("quick-bots")).toContainText("bots take the free seats");
  await expect(page.getByTestId("quick-cancel")).toBeFocused();
  // (axe on the wait alone: it must be done before the bots come, 8 s after the click.)
  await shots(page, info, "lobby-quick-play-wait", "[data-testid=quick-play]");
  await page.getByTestId("quick-cancel").click();
  await expect(page.getByTestId("quick-message")).toHaveText("You left the queue.");
  await expect(page.getByTestId("quick-find")).toBeFocused();
  await expect(page.getByTestId("quick-game"), "the form offers the same again").toHaveValue("port-royal-pfister");
  await expect(page.getByTestId("quick-seats-2")).toBeChecked();

  // Again, and nobody else comes: bots take the free seat and the match starts at the table.
  await page.getByTestId("quick-find").click();
  await expect(page.getByTestId("quick-wait")).toBeVisible();
  await expect(page).toHaveURL(/\/r\/[A-Z0-9]+/, { timeout: 30_000 });
  await expect(page.getByTestId("table")).toBeVisible();
  await expect(page.getByTestId("room")).toHaveAttribute("data-status", "PLAYING");
  await expect(page.locator(".seats [data-testid^=seat-]", { hasText: "(you)" })).toHaveCount(1);
  await expect(page.locator(".seats [data-testid^=seat-]", { hasText: "🤖" })).toHaveCount(1);
  await expect(page.getByTestId("room-rated"), "quick-play rooms are rated").toBeVisible();

  // Back in the lobby, the match is among his games.
  await toLobby(page);
  await expect(page.locator("[data-testid^=my-game-][data-your-turn]")).toHaveCount(1);
  expectNoErrors([quick]);
  await quick.context.close();
});
