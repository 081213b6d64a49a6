// Issue #14 item 7: every action reachable by keyboard, with visible focus.
// A person uses only Tab, Shift+Tab, Enter and Space (and types their name):
// creates a room, takes a seat, adds bots to the other seats, starts the
// match and makes a move. Every element the focus lands on on the way must
// show a focus indicator (a computed outline or box-shadow).
import { test, expect, type Page } from "@playwright/test";
import { person, withServer, expectNoErrors, tableVersion, attachJson } from "./helpers";

interface Focused {
  testid: string | null;
  describe: string;
  matches: boolean;
  outline: string;
  boxShadow: string;
}

/**
 * Presses `key` until the focused element matches `selector`, checking the
 * focus indicator of every element the focus lands on. Returns the steps taken.
 */
async function focusBy(page: Page, key: "Tab" | "Shift+Tab", selector: string, seen: string[], max = 80): Promise<number> {
  for (let step = 1; step <= max; step++) {
    await page.keyboard.press(key);
    const f = await page.evaluate((sel): Focused | null => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el === document.documentElement) return null;
      const cs = getComputedStyle(el);
      const outlined = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
      return {
        testid: el.dataset.testid ?? null,
        describe: `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ""}${el.className ? `.${String(el.className).replace(/\s+/g, ".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`,
        matches: el.matches(sel),
        outline: outlined ? `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}` : "none",
        boxShadow: cs.boxShadow,
      };
    }, selector);
    if (!f) continue; // the focus left the page's controls (wrapped around): keep going
    seen.push(f.describe);
    expect(f.outline !== "none" || f.boxShadow !== "none", `a visible focus indicator on ${f.describe}`).toBe(true);
    if (f.matches) return step;
  }
  throw new Error(`${key} never reached ${selector} in ${max} presses; focus visited: ${seen.slice(-max).join(" | ")}`);
}

test("keyboard only: create a room, take a seat, add bots, start and move", async ({ browser }, info) => {
  const kim = await person(browser, "Kim");
  const page = kim.page;
  const seen: string[] = [];
  await page.goto(withServer("/"));
  await expect(page.getByTestId("name")).toBeVisible();

  // The lobby: the name field, then the create button.
  await focusBy(page, "Tab", "[data-testid=name]", seen);
  await page.keyboard.type("Kim");
  await expect(page.getByTestId("create")).toBeEnabled();
  await focusBy(page, "Tab", "[data-testid=create]", seen);
  // Back one control and forward again: Shift+Tab moves the focus too.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByTestId("create")).not.toBeFocused();
  await focusBy(page, "Tab", "[data-testid=create]", seen);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("room")).toBeVisible();

  // The room: the host sits in seat 0 on creating; bots in every other seat with Enter.
  await expect(page.getByTestId("seat-0")).toContainText("Kim");
  const seats = await page.locator("[data-testid^=seat-]").count();
  expect(seats).toBeGreaterThanOrEqual(2);
  for (let s = 1; s < seats; s++) {
    // After a bot is added its button is gone; the focus is found again from
    // wherever it is now, backwards first (the next seat is usually below).
    await focusBy(page, s % 2 === 0 ? "Shift+Tab" : "Tab", `[data-testid=add-bot-${s}]`, seen);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId(`seat-${s}`)).toContainText("bot", { ignoreCase: true });
  }
  await expect(page.getByTestId("start")).toBeEnabled();
  await focusBy(page, "Tab", "[data-testid=start]", seen);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("table")).toBeVisible();

  // A move: wait for the bots to hand over the turn, then Tab to an enabled move control.
  const enabledMove = "[data-testid=table] button.move:enabled";
  await expect(page.locator(enabledMove).first()).toBeVisible({ timeout: 30_000 });
  const before = await tableVersion(page);
  await focusBy(page, "Tab", enabledMove, seen, 200);
  await page.keyboard.press("Enter");
  await expect.poll(() => tableVersion(page)).not.toBe(before);
  await expect(page.locator("[data-testid=event-log] li", { hasText: "Kim" }).first()).toBeVisible();
  // After the move the focus is on a control of the table (the next move or the action bar), never the page.
  await expect
    .poll(() => page.evaluate(() => (document.activeElement === document.body ? "body" : document.activeElement?.closest("[data-testid=table]") ? "table" : "elsewhere")))
    .toBe("table");
  // A second move by keyboard alone, from where the focus is now.
  await expect(page.locator(enabledMove).first()).toBeVisible({ timeout: 30_000 });
  const before2 = await tableVersion(page);
  await focusBy(page, "Tab", enabledMove, seen, 200);
  await page.keyboard.press("Enter");
  await expect.poll(() => tableVersion(page)).not.toBe(before2);
  expect(await page.evaluate(() => document.activeElement !== document.body), "focus is not on the page body after a keyboard move").toBe(true);

  expect(seen.length).toBeGreaterThan(5);
  await attachJson(info, "focus-path.json", seen);
  expectNoErrors([kim]);
  await kim.context.close();
});
