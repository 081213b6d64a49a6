// The account this browser plays as (docs/accounts.md), guest-first: a first
// visit makes a guest account without a form and keeps its session token
// (./session); every connection then signs in with that token. A token the
// server no longer knows (SESSION_INVALID: signed out everywhere, expired,
// deleted) is replaced by a new guest, silently. The account page's requests
// (claim, sign in, change password, sign out, delete) go through here too.
import type { AccountInfo, ServerMessage } from "../gen/brethren/v1/protocol_pb";
import { ErrorCode } from "../gen/brethren/v1/protocol_pb";
import { RequestError, type Body } from "../net/connection";
import { forgetAccountToken, loadAccountToken, saveAccountToken } from "./session";

type Reply = ServerMessage["body"];

export interface AccountHost {
  /** Sends a request on the page's connection. */
  request(body: Body): Promise<Reply>;
  /** The account changed (null: none, e.g. the server refused a new guest). */
  changed(account: AccountInfo | null): void;
  /** The connection's account step failed (e.g. the connection dropped): the account stays as it was. */
  unsettled(): void;
  /** The display name a new guest gets (what the person typed, else the words for "Guest"). */
  guestName(): string;
}

export class AccountClient {
  /** The server answers SERVER_BUSY to a second account request on a connection: they go one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly host: AccountHost) {}

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * After every (re)connect: signs the connection in with the kept token, or
   * makes a guest. Never fails: without an account the person still plays
   * (seat tokens); a refused guest (too many from this address) is asked
   * for again at the next connection.
   */
  restore(): Promise<void> {
    return this.serial(async () => {
      try {
        const token = loadAccountToken();
        if (token && (await this.authenticate(token))) return;
        await this.newGuest();
      } catch (e) {
        console.info(`account: ${describe(e)}`);
        this.host.unsettled();
      }
    });
  }

  /** True when the token signed the connection in; false when the server no longer knows it (forgotten). */
  private async authenticate(token: string): Promise<boolean> {
    try {
      const r = await this.host.request({ case: "authenticate", value: { sessionToken: token } });
      if (r.case !== "account") throw new Error(`unexpected reply ${r.case}`);
      this.host.changed(r.value);
      return true;
    } catch (e) {
      if (!(e instanceof RequestError && e.code === ErrorCode.SESSION_INVALID)) throw e;
      forgetAccountToken();
      return false;
    }
  }

  private async newGuest() {
    this.host.changed(null);
    const ask = (displayName: string) => this.host.request({ case: "createGuest", value: { displayName } });
    let r: Reply;
    try {
      r = await ask(this.host.guestName());
    } catch (e) {
      // A typed name the server's rules refuse: the guest gets the server's default name.
      if (!(e instanceof RequestError && e.code === ErrorCode.INVALID_ARGUMENT)) throw e;
      r = await ask("");
    }
    this.keepSession(r);
  }

  private keepSession(r: Reply) {
    if (r.case !== "accountSession") throw new Error(`unexpected reply ${r.case}`);
    saveAccountToken(r.value.sessionToken);
    this.host.changed(r.value.account ?? null);
  }

  private accountReply(r: Reply) {
    if (r.case !== "account") throw new Error(`unexpected reply ${r.case}`);
    this.host.changed(r.value);
  }

  /**
   * A request on the signed-in account. Its session may have ended
   * elsewhere (NOT_SIGNED_IN): this browser becomes a new guest, and the
   * error still reaches the form (its words say so).
   */
  private async onAccount(body: Body, then: (r: Reply) => void): Promise<void> {
    return this.serial(async () => {
      try {
        then(await this.host.request(body));
      } catch (e) {
        if (e instanceof RequestError && e.code === ErrorCode.NOT_SIGNED_IN) {
          forgetAccountToken();
          await this.newGuest().catch((g) => console.info(`account: ${describe(g)}`));
        }
        throw e;
      }
    });
  }

  /** The guest gets a username and a password and keeps everything else. */
  claim(username: string, password: string) {
    return this.onAccount({ case: "claimAccount", value: { username, password } }, (r) => this.accountReply(r));
  }

  /** Signs this browser in to a claimed account (this browser's guest, unless claimed, is left behind). */
  signIn(username: string, password: string) {
    return this.serial(async () => this.keepSession(await this.host.request({ case: "signIn", value: { username, password } })));
  }

  changePassword(currentPassword: string, newPassword: string) {
    return this.onAccount({ case: "changePassword", value: { currentPassword, newPassword } }, (r) => this.accountReply(r));
  }

  /** Ends this session (or every session of the account); this browser goes on as a new guest. */
  async signOut(everywhere: boolean) {
    try {
      await this.onAccount({ case: "signOut", value: { everywhere } }, () => undefined);
    } catch (e) {
      // Ended already (elsewhere): signed out all the same, and a guest again.
      if (!(e instanceof RequestError && e.code === ErrorCode.NOT_SIGNED_IN)) throw e;
      return;
    }
    await this.afterEnd();
  }

  /** Deletes the account (a claimed one needs its password); this browser goes on as a new guest. */
  async deleteAccount(password: string) {
    await this.onAccount({ case: "deleteAccount", value: { password } }, () => undefined);
    await this.afterEnd();
  }

  private afterEnd() {
    forgetAccountToken();
    return this.serial(() => this.newGuest().catch((e) => console.info(`account: ${describe(e)}`)));
  }
}

function describe(e: unknown): string {
  if (e instanceof RequestError) return `${e.codeName}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}
