// Profiles, leaderboards and ratings beside names (issue #27 item 9, docs/ratings.md)
// in the real browser against the real server:
// - a claimed player sits in a rated Letter of Marque room with two random
//   bots and leaves once it starts: after the room's grace (300 ms) a bot
//   plays his seat to the end, the quickest way a rated match ends (he is
//   ranked last, docs/ratings.md "Abandon"). Then his profile (from the
//   account page) shows one game played, a provisional rating and a replay
//   link that opens; back in the room his seat shows his rating;
// - the leaderboards page renders with its game chooser and empty state (a
//   board lists players after 10 rated games: not played here); its pager is
//   checked on a board the test serves itself (page.route);
// - an unknown name gets the one "not found" page.
import { test, expect, type Page, type TestInfo } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { person, withServer, expectNoErrors, axeCheck } from "./helpers";

const PASSWORD = "correct horse battery";
const GAME = "letter-of-marque";

/** The page at 1280x800 and at 390x844 into test-results (to look at), each checked by axe and for a page wider than the screen. */
async function shots(page: Page, info: TestInfo, name: string) {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await axeCheck(page, "body", `${name} at ${size.width}x${size.height}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scrolling`).toBeLessThanOrEqual(size.width);
    writeFileSync(info.outputPath(`${name}-${size.width}x${size.height}.png`), await page.screenshot({ fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The host: a plain WebSocket client (JSON frames) in its own page, since
 * the lobby's form is not what this spec tests. Its requests are answered
 * by request id; pushes are kept in window.__pushes.
 */
async function openHost(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
        const waiting = new Map<number, (m: Record<string, unknown>) => void>();
        const pushes: Record<string, unknown>[] = [];
        let id = 0;
        ws.onmessage = (e) => {
          const m = JSON.parse(String(e.data)) as Record<string, unknown>;
          const rid = Number(m.requestId);
          if (rid && waiting.has(rid)) {
            waiting.get(rid)!(m);
            waiting.delete(rid);
          } else pushes.push(m);
        };
        ws.onerror = () => reject(new Error("host socket failed"));
        ws.onopen = () => {
          const w = window as unknown as Record<string, unknown>;
          w.__pushes = pushes;
          w.__request = (body: Record<string, unknown>) =>
            new Promise((r) => {
              waiting.set(++id, r);
              ws.send(JSON.stringify({ requestId: id, ...body }));
            });
          resolve();
        };
      }),
  );
}

/** One request of the host; fails the test on an error reply. */
async function hostRequest(page: Page, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const reply = await page.evaluate(
    (b) => (window as unknown as { __request: (b: unknown) => Promise<Record<string, unknown>> }).__request(b),
    body,
  );
  expect(reply.error, JSON.stringify(reply)).toBeUndefined();
  return reply;
}

test("a claimed player's rated match: profile, replay, rating beside his name; leaderboards", async ({ browser }, info) => {
  test.setTimeout(90_000);
  // Unique on a server that lives across runs of the spec.
  const username = `Rene ${Date.now().toString(36)}`;
  const rene = await person(browser, "Rene");
  const host = await person(browser, "Host");
  const page = rene.page;

  // Rene keeps his guest account; his profile is reachable from the account page, with no games yet.
  await page.goto(withServer("/account"));
  await expect(page.getByTestId("account-who")).toHaveAttribute("data-guest", "true");
  await expect(page.getByTestId("my-profile")).toContainText("Keep this account");
  await page.getByTestId("claim-username").fill(username);
  await page.getByTestId("claim-password").fill(PASSWORD);
  await page.getByTestId("claim-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText(username);
  await page.getByTestId("my-profile-link").click();
  await expect(page.getByTestId("profile-name")).toContainText(username);
  await expect(page.getByTestId("profile-no-ratings")).toHaveText("No rated games yet.");
  await expect(page.getByTestId("profile-no-matches")).toBeVisible();

  // The host makes a rated room (a bot plays an absent seat after 300 ms) with two random bots.
  await host.page.goto(withServer("/"));
  await openHost(host.page);
  const created = await hostRequest(host.page, {
    createRoom: {
      gameId: GAME,
      seatCount: 3,
      public: true,
      displayName: "Host",
      settings: { rated: true, absentGraceMs: 300, autopilotBot: "random" },
    },
  });
  const code = (created.roomCreated as { room: { roomCode: string } }).room.roomCode;
  for (const seat of [1, 2]) await hostRequest(host.page, { addBot: { roomCode: code, seat, kind: "random" } });

  // Rene sits down: his seat is his account, named by his username, linked to his profile.
  await page.goto(withServer(`/r/${code}`));
  await page.getByTestId("join-name").fill("whatever he types");
  await page.getByTestId("join-room").click();
  await page.getByTestId("take-seat-0").click();
  const seat = page.getByTestId("seat-0");
  await expect(seat).toContainText(username);
  await expect(seat.getByRole("link", { name: username })).toHaveAttribute("href", /\/players\/Rene%20/);
  await expect(page.getByTestId("seat-rating-0"), "no rating yet for this game").toHaveCount(0);
  await hostRequest(host.page, { startMatch: { roomCode: code } });
  await expect(page.getByTestId("table")).toBeVisible();

  // He leaves for the leaderboards (the header's link): his seat is away, then played by a bot to the end.
  await page.getByTestId("leaderboards-link").click();
  await expect(page).toHaveURL(/\/leaderboards/);
  await expect(page.getByTestId("leaderboard-game")).toHaveValue(GAME);
  await expect(page.getByTestId("leaderboard-empty")).toContainText("10 rated games");
  await shots(page, info, "leaderboard-empty");
  await host.page.waitForFunction(
    () => ((window as unknown as { __pushes: { room?: { status?: string } }[] }).__pushes).some((m) => m.room?.status === "ROOM_STATUS_FINISHED"),
    undefined,
    { timeout: 60_000 },
  );

  // His profile: one rated game, not won (he left), a provisional rating in words, the match with its replay.
  await page.getByTestId("account-link").click();
  await page.getByTestId("my-profile-link").click();
  const row = page.getByTestId(`profile-rating-${GAME}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Letter of Marque");
  await expect(row.getByTestId("games-played")).toHaveText("1");
  await expect(row.getByTestId("games-won")).toContainText("0");
  await expect(row.getByTestId("provisional")).toHaveText("provisional");
  await expect(row).toHaveAttribute("data-provisional", "true");
  const match = page.getByTestId("profile-matches").locator("li").first();
  await expect(match).toContainText("left the game");
  await expect(match).toContainText(/rating −?\d+ \([+−±]\d+\)/);
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body, "no μ, σ or codes on screen").not.toMatch(/μ|σ|sigma|mu\b|letter-of-marque|_/);
  await shots(page, info, "profile");

  // The same profile in Spanish.
  await page.goto(withServer(`${new URL(page.url()).pathname}?lang=es`));
  await expect(page.getByTestId(`profile-rating-${GAME}`).getByTestId("provisional")).toHaveText("aún provisional");
  await expect(page.getByTestId("profile-matches")).toContainText("abandonó la partida");
  await page.goto(withServer(new URL(page.url()).pathname + "?lang=en"));

  // The replay link opens the match's replay: with the room (this browser sat there), so his seat's own.
  await expect(page.getByTestId("profile-replay").first()).toHaveAttribute("href", new RegExp(`/replay/\\d+\\?(.*&)?room=${code}`));
  await page.getByTestId("profile-replay").first().click();
  await expect(page.getByTestId("replay")).toBeVisible();
  await expect(page.getByTestId("replay-heading")).toHaveText(/Letter of Marque/);

  // Back in the room: the finished table and the seats show his rating for this game, provisional.
  await page.goto(withServer(`/r/${code}`));
  await expect(page.getByTestId("outcome")).toBeVisible();
  await expect(page.getByTestId("outcome-rating-0")).toContainText(/Rating −?\d+ · provisional/);
  await expect(page.getByTestId("seat-rating-0")).toHaveAttribute("data-provisional", "true");
  await expect(page.getByTestId("outcome-rating-1"), "bots show their level, no rating").toHaveCount(0);
  await expect(page.getByTestId("outcome-name-0").getByRole("link")).toHaveAttribute("href", /\/players\/Rene%20/);
  await axeCheck(page, "[data-testid=room]", "the finished room with ratings");
  await shots(page, info, "room-ratings");

  // Another name's profile link from the leaderboard: a name nobody has gets the one "not found".
  await page.goto(withServer(`/players/${encodeURIComponent(`${username} nobody`)}`));
  await expect(page.getByTestId("profile-missing")).toContainText("No player has a public profile under this name.");
  await axeCheck(page, "main", "the profile's not-found page");

  expectNoErrors([rene, host]);
  await rene.context.close();
  await host.context.close();
});

test("the leaderboard pages through a board, rows link to profiles (the board served by the test)", async ({ browser }, info) => {
  test.setTimeout(60_000);
  const p = await person(browser, "Reader");
  const page = p.page;
  const row = (position: number) => ({
    position,
    username: `Captain ${position}`,
    rating: { gameId: "tortuga-1667", rating: 30 - position / 3, mu: 35, sigma: 1.5, games: 10 + position, wins: position },
  });
  // Two pages: 25 rows, then 3; the server's own answers are checked by the first test and its C++ tests.
  await page.route("**/api/leaderboards/tortuga-1667?*", async (route) => {
    const offset = Number(new URL(route.request().url()).searchParams.get("offset") ?? "0");
    const rows = offset === 0 ? Array.from({ length: 25 }, (_, i) => row(i + 1)) : [26, 27, 28].map(row);
    await route.fulfill({ json: { gameId: "tortuga-1667", rows, nextOffset: offset === 0 ? 25 : 0 } });
  });
  await page.goto(withServer("/leaderboards"));
  await page.getByTestId("leaderboard-game").selectOption("tortuga-1667");
  await expect(page).toHaveURL(/\/leaderboards\/tortuga-1667/);
  await expect(page.getByTestId("leaderboard-row-1")).toContainText("Captain 1");
  await expect(page.getByTestId("leaderboard-row-1")).toContainText("30");
  await expect(page.getByTestId("leaderboard-prev")).toBeDisabled();
  await shots(page, info, "leaderboard");
  await page.getByTestId("leaderboard-next").click();
  await expect(page.getByTestId("leaderboard-row-26")).toContainText("Captain 26");
  await expect(page.getByTestId("leaderboard-page")).toHaveText("Page 2");
  await expect(page.getByTestId("leaderboard-next")).toBeDisabled();
  await page.getByTestId("leaderboard-prev").click();
  await expect(page.getByTestId("leaderboard-row-1")).toBeVisible();
  await page.getByTestId("leaderboard-row-2").getByRole("link", { name: "Captain 2" }).click();
  await expect(page).toHaveURL(/\/players\/Captain%202$/);
  // No such player on the real server: the one "not found" page.
  await expect(page.getByTestId("profile-missing")).toBeVisible();
  expectNoErrors([p]);
  await p.context.close();
});
