// Unit tests of the account's client side (src/state/account.ts,
// src/logic/account.ts) against a scripted server, without a socket or DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { AccountClient } from "../../src/state/account";
import { RequestError, type Body } from "../../src/net/connection";
import { AccountInfoSchema, AccountSessionSchema, ErrorCode, OkSchema, type AccountInfo, type ServerMessage } from "../../src/gen/brethren/v1/protocol_pb";
import { usernameProblem, passwordProblem, accountName } from "../../src/logic/account";

type Reply = ServerMessage["body"];

// localStorage for src/state/session.ts.
const stored = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
};

const guest = (name: string) => create(AccountInfoSchema, { displayName: name, guest: true });
const session = (account: AccountInfo, token: string): Reply => ({ case: "accountSession", value: create(AccountSessionSchema, { account, sessionToken: token }) });
const refuse = (code: ErrorCode) => new RequestError(code, "refused");

/** A client whose server answers from `answer`; records the requests' cases and the accounts it was told. */
function client(answer: (b: Body) => Reply | RequestError) {
  const sent: string[] = [];
  const accounts: (AccountInfo | null)[] = [];
  let inFlight = 0;
  const c = new AccountClient({
    request: async (b) => {
      sent.push(b.case ?? "");
      inFlight++;
      assert.equal(inFlight, 1, "one account request at a time");
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      const a = answer(b);
      if (a instanceof RequestError) throw a;
      return a;
    },
    changed: (a) => accounts.push(a),
    unsettled: () => accounts.push(null),
    guestName: () => "Anne",
  });
  return { c, sent, accounts };
}

test("a first visit makes a guest (named as typed) and keeps its token", async () => {
  stored.clear();
  let name = "";
  const { c, sent, accounts } = client((b) => {
    if (b.case === "createGuest") name = b.value.displayName ?? "";
    return session(guest(name), "tok1");
  });
  await c.restore();
  assert.deepEqual(sent, ["createGuest"]);
  assert.equal(name, "Anne");
  assert.equal(stored.get("brethren.account"), "tok1");
  assert.equal(accounts.at(-1)?.displayName, "Anne");
});

test("a kept token signs in; one the server no longer knows is replaced by a new guest, silently", async () => {
  stored.clear();
  stored.set("brethren.account", "old");
  const known = client(() => ({ case: "account", value: guest("Anne") }));
  await known.c.restore();
  assert.deepEqual(known.sent, ["authenticate"]);
  assert.equal(stored.get("brethren.account"), "old");

  const ended = client((b) => (b.case === "authenticate" ? refuse(ErrorCode.SESSION_INVALID) : session(guest("Anne"), "new")));
  await ended.c.restore();
  assert.deepEqual(ended.sent, ["authenticate", "createGuest"]);
  assert.equal(stored.get("brethren.account"), "new");
});

test("a refused guest leaves the browser without an account and without an error", async () => {
  stored.clear();
  const { c, accounts } = client(() => refuse(ErrorCode.TOO_MANY_ATTEMPTS));
  await c.restore();
  assert.ok(accounts.length > 0 && accounts.every((a) => a === null));
  assert.equal(stored.has("brethren.account"), false);
});

test("a failed step (the connection dropped) keeps the token and says so once", async () => {
  stored.clear();
  stored.set("brethren.account", "kept");
  const { c, accounts } = client(() => new RequestError(ErrorCode.SERVER_BUSY, "busy"));
  await c.restore();
  assert.deepEqual(accounts, [null]);
  assert.equal(stored.get("brethren.account"), "kept");
});

test("a name the server refuses makes the guest with the server's default name", async () => {
  stored.clear();
  const names: string[] = [];
  const { c } = client((b) => {
    if (b.case !== "createGuest") throw new Error("unexpected");
    names.push(b.value.displayName ?? "");
    return names.length === 1 ? refuse(ErrorCode.INVALID_ARGUMENT) : session(guest("Guest"), "t");
  });
  await c.restore();
  assert.deepEqual(names, ["Anne", ""]);
});

test("sign in keeps the new session; sign out and deletion leave a new guest; requests go one at a time", async () => {
  stored.clear();
  stored.set("brethren.account", "g");
  const claimed = create(AccountInfoSchema, { username: "Anne Bonny", displayName: "Anne Bonny" });
  const { c, sent, accounts } = client((b) => {
    switch (b.case) {
      case "signIn": return session(claimed, "signed");
      case "signOut": case "deleteAccount": return { case: "ok", value: create(OkSchema) };
      case "createGuest": return session(guest("Anne"), "guest2");
      default: return { case: "account", value: guest("Anne") };
    }
  });
  await Promise.all([c.restore(), c.signIn("anne bonny", "correct horse")]);
  assert.equal(stored.get("brethren.account"), "signed");
  assert.equal(accountName(accounts.at(-1)), "Anne Bonny");
  await c.signOut(true);
  assert.deepEqual(sent.slice(-2), ["signOut", "createGuest"]);
  assert.equal(stored.get("brethren.account"), "guest2");
  assert.equal(accounts.at(-1)?.guest, true);
  await c.deleteAccount("");
  assert.deepEqual(sent.slice(-2), ["deleteAccount", "createGuest"]);
});

test("a session ended elsewhere: the form hears NOT_SIGNED_IN and the browser is a guest again", async () => {
  stored.clear();
  stored.set("brethren.account", "ended");
  const { c, sent } = client((b) => (b.case === "createGuest" ? session(guest("Anne"), "fresh") : refuse(ErrorCode.NOT_SIGNED_IN)));
  await assert.rejects(c.claim("anne", "correct horse"), (e: unknown) => e instanceof RequestError && e.code === ErrorCode.NOT_SIGNED_IN);
  assert.deepEqual(sent, ["claimAccount", "createGuest"]);
  assert.equal(stored.get("brethren.account"), "fresh");
  // Signing out of an ended session is no error: out already.
  await c.signOut(false);
});

test("usernames and passwords are checked by the server's bounds (bytes), words for each", () => {
  assert.equal(usernameProblem("Anne"), null);
  assert.notEqual(usernameProblem("An"), null);
  assert.notEqual(usernameProblem(" Anne"), null);
  assert.notEqual(usernameProblem("x".repeat(33)), null);
  assert.notEqual(usernameProblem("é".repeat(17)), null, "34 bytes");
  assert.equal(passwordProblem("12345678"), null);
  assert.notEqual(passwordProblem("1234567"), null);
  assert.notEqual(passwordProblem("x".repeat(129)), null);
  assert.equal(accountName(null), "");
  assert.equal(accountName(guest("Invitado")), "Guest", "a guest named by default, in the page's language");
  assert.equal(accountName(guest("Anne")), "Anne");
});
