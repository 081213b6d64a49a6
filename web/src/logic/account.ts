// The account's words and the checks the account page makes before asking
// the server (the same bounds as the server's, docs/accounts.md; the server
// still decides). Pure: unit-tested under node.
import type { AccountInfo } from "../gen/brethren/v1/protocol_pb";
import { t, LANGS } from "../i18n";

export const USERNAME_MIN_BYTES = 3;
export const USERNAME_MAX_BYTES = 32;
export const PASSWORD_MIN_BYTES = 8;
export const PASSWORD_MAX_BYTES = 128;

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** The sentence that says what is wrong with a username to be claimed, or null. */
export function usernameProblem(username: string): string | null {
  const n = bytes(username);
  if (n < USERNAME_MIN_BYTES || n > USERNAME_MAX_BYTES || username.trim() !== username) return t("account.usernameInvalid");
  return null;
}

/** The sentence that says what is wrong with a new password, or null. */
export function passwordProblem(password: string): string | null {
  const n = bytes(password);
  return n < PASSWORD_MIN_BYTES || n > PASSWORD_MAX_BYTES ? t("account.passwordInvalid") : null;
}

/**
 * How the account is named on screen: its username once claimed, else its
 * display name; a guest named by default ("Guest" in any language, the
 * server's too) in the page's language.
 */
export function accountName(account: AccountInfo | null | undefined): string {
  if (!account) return "";
  if (account.username) return account.username;
  const byDefault = account.guest && (account.displayName === "" || LANGS.some((l) => t("account.guestName", {}, l) === account.displayName));
  return byDefault ? t("account.guestName") : account.displayName;
}
