// Accounts in the real browser against the real server (docs/accounts.md):
// a first visit is a guest without any form; the guest keeps the account
// (claim); another browser signs in to it and sees the same name; a wrong
// password and an unknown username get the one same sentence; sign-out
// leaves a guest; sign-out everywhere ends the first browser's session too.
import { test, expect, type Page, type TestInfo } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { person, withServer, expectNoErrors, axeCheck } from "./helpers";

const PASSWORD = "correct horse battery";
const SIGN_IN_FAILED = "That username and password do not match an account.";

/** The page at 1280x800 and at 390x844 into test-results (to look at), each checked by axe. */
async function shots(page: Page, info: TestInfo, name: string) {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await axeCheck(page, "body", `${name} at ${size.width}x${size.height}`);
    writeFileSync(info.outputPath(`${name}-${size.width}x${size.height}.png`), await page.screenshot({ fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("brethren.account"));

async function signIn(page: Page, username: string, password: string) {
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
}

test("a guest at first, claimed, signed in on another browser, signed out here and everywhere", async ({ browser }, info) => {
  test.setTimeout(60_000);
  // Unique on a server that lives across runs of the spec.
  const username = `Anne ${Date.now().toString(36)}`;

  // First visit: a guest, made without a form, its token kept.
  const anne = await person(browser, "Anne");
  await anne.page.goto(withServer("/"));
  await expect(anne.page.getByTestId("account-name")).toHaveText("Guest");
  const guestToken = await token(anne.page);
  expect(guestToken).toMatch(/^[0-9a-f]{64}$/);
  await shots(anne.page, info, "lobby-guest");

  // The account page, from the header.
  await anne.page.getByTestId("account-link").click();
  await expect(anne.page).toHaveURL(/\/account/);
  await expect(anne.page.getByTestId("account-who")).toHaveAttribute("data-guest", "true");
  await expect(anne.page.getByTestId("sign-out")).toHaveCount(0);
  await shots(anne.page, info, "account-guest");

  // Claim: a bad username is said in words before anything is sent; then kept.
  await anne.page.getByTestId("claim-username").fill("ab");
  await anne.page.getByTestId("claim-password").fill(PASSWORD);
  await anne.page.getByTestId("claim-submit").click();
  await expect(anne.page.getByTestId("claim-error")).toHaveText("A username has 3 to 32 characters, with no space at either end.");
  await anne.page.getByTestId("claim-username").fill(username);
  await anne.page.getByTestId("claim-submit").click();
  const status = anne.page.getByTestId("account-status");
  await expect(status).toHaveText(`This account is yours now: sign in as ${username} on any device.`);
  await expect(status, "the focus goes to what happened").toBeFocused();
  await expect(anne.page.getByTestId("account-name")).toHaveText(username);
  await expect(anne.page.getByTestId("account-who")).toHaveAttribute("data-guest", "false");
  expect(await token(anne.page), "a claim keeps the session").toBe(guestToken);
  await shots(anne.page, info, "account-claimed");

  // Another browser: a guest of its own, then signed in to Anne's account.
  const other = await person(browser, "Other");
  await other.page.goto(withServer("/account"));
  await expect(other.page.getByTestId("account-who")).toHaveAttribute("data-guest", "true");
  await signIn(other.page, username, "not the password");
  await expect(other.page.getByTestId("sign-in")).toHaveAttribute("data-refusals", "1");
  await expect(other.page.getByTestId("sign-in-error")).toHaveText(SIGN_IN_FAILED);
  await signIn(other.page, `${username} nobody`, PASSWORD);
  await expect(other.page.getByTestId("sign-in")).toHaveAttribute("data-refusals", "2");
  await expect(other.page.getByTestId("sign-in-error"), "one sentence for an unknown name and a wrong password").toHaveText(SIGN_IN_FAILED);
  await signIn(other.page, username.toUpperCase(), PASSWORD);
  await expect(other.page.getByTestId("account-name")).toHaveText(username);
  await expect(other.page.getByTestId("account-status")).toHaveText(`Signed in as ${username}.`);

  // A reload signs in again with the kept token.
  await anne.page.reload();
  await expect(anne.page.getByTestId("account-name")).toHaveText(username);

  // Sign out here: this browser is a new guest; Anne's session lives on.
  await other.page.getByTestId("sign-out-here").click();
  await expect(other.page.getByTestId("account-status")).toHaveText("Signed out. You are playing as a new guest.");
  await expect(other.page.getByTestId("account-name")).toHaveText("Guest");
  await expect(other.page.getByTestId("sign-in")).toBeVisible();

  // Sign out everywhere: Anne's browser, at its next connection, is a new guest.
  await signIn(other.page, username, PASSWORD);
  await expect(other.page.getByTestId("account-name")).toHaveText(username);
  await other.page.getByTestId("sign-out-everywhere").click();
  await expect(other.page.getByTestId("account-status")).toHaveText("Signed out on every device. You are playing as a new guest.");
  await anne.page.reload();
  await expect(anne.page.getByTestId("account-name")).toHaveText("Guest");
  expect(await token(anne.page)).not.toBe(guestToken);

  expectNoErrors([anne, other]);
  for (const p of [anne, other]) await p.context.close();
});

test("in Spanish: a claimed account changes its password, then is deleted after a confirmation", async ({ browser }, info) => {
  test.setTimeout(60_000);
  const username = `Bart ${Date.now().toString(36)}`;
  const bart = await person(browser, "Bart");
  const page = bart.page;
  await page.goto(withServer("/account?lang=es"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu cuenta");
  await expect(page.getByTestId("account-name")).toHaveText("Invitado");
  await page.getByTestId("claim-username").fill(username);
  await page.getByTestId("claim-password").fill(PASSWORD);
  await page.getByTestId("claim-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText(username);

  // A wrong current password: the same one sentence.
  await page.getByTestId("current-password").fill("not the password");
  await page.getByTestId("new-password").fill("a new passphrase");
  await page.getByTestId("change-password-submit").click();
  await expect(page.getByTestId("change-password")).toHaveAttribute("data-refusals", "1");
  await expect(page.getByTestId("change-password-error")).toHaveText("Ese nombre de usuario y esa contraseña no coinciden con ninguna cuenta.");
  await page.getByTestId("current-password").fill(PASSWORD);
  await page.getByTestId("change-password-submit").click();
  await expect(page.getByTestId("account-status")).toHaveText("Contraseña cambiada. Se ha cerrado la sesión en tus otros dispositivos.");

  // Delete: a confirmation first (the focus in it; cancel gives the focus back).
  await page.getByTestId("delete-open").click();
  await expect(page.getByTestId("delete-password")).toBeFocused();
  await page.getByTestId("delete-cancel").click();
  await expect(page.getByTestId("delete-open")).toBeFocused();
  await page.getByTestId("delete-open").click();
  await page.getByTestId("delete-password").fill("a new passphrase");
  await shots(page, info, "account-delete-es");
  await page.getByTestId("delete-submit").click();
  await expect(page.getByTestId("account-status")).toHaveText("La cuenta se ha eliminado. Juegas como un invitado nuevo.");
  await expect(page.getByTestId("account-name")).toHaveText("Invitado");

  // The username is free again: signing in to it fails with the one sentence.
  await signIn(page, username, "a new passphrase");
  await expect(page.getByTestId("sign-in")).toHaveAttribute("data-refusals", "1");
  await expect(page.getByTestId("sign-in-error")).toHaveText("Ese nombre de usuario y esa contraseña no coinciden con ninguna cuenta.");
  expectNoErrors([bart]);
  await bart.context.close();
});
