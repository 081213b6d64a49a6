// "My games" in the lobby: the signed-in account's live rooms (the server's
// myRooms, docs/protocol.md "Identity at the table"), on any device signed in
// to the account. Asked for when the lobby opens, every few seconds while it
// is open, and after a match ends; the words for each entry are the pure
// helpers below (unit-tested under node).
import type { MyRoom, ServerMessage } from "../gen/brethren/v1/protocol_pb";
import { RoomStatus } from "../gen/brethren/v1/protocol_pb";
import type { Body } from "../net/connection";
import { t, getLang } from "../i18n";
import { Watched } from "./watched";

type Reply = ServerMessage["body"];

export interface MyGamesHost {
  /** Sends a request on the page's connection. */
  request(body: Body): Promise<Reply>;
  /** The connection's account step (myRooms needs a signed-in connection). */
  settled(): Promise<void>;
  /** Whether the page has an account (a guest counts). */
  signedIn(): boolean;
}

export interface MyGamesState {
  /** "loading" only before the first answer; later refreshes keep the list on screen. */
  status: "loading" | "ready" | "signedOut" | "failed";
  rooms: MyRoom[];
  /** The server left out the least recently active rooms (more than 50). */
  truncated: boolean;
}

export class MyGamesClient {
  readonly state = new Watched<MyGamesState>({ status: "loading", rooms: [], truncated: false });
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly host: MyGamesHost) {}

  /** Asks the server again; a call while one is under way asks once more after it (never two at once). */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.load().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  private async load() {
    await this.host.settled();
    if (!this.host.signedIn()) {
      this.state.set({ status: "signedOut", rooms: [], truncated: false });
      return;
    }
    try {
      const r = await this.host.request({ case: "myRooms", value: {} });
      if (r.case !== "myRooms") throw new Error(`unexpected reply ${r.case}`);
      this.state.set({ status: "ready", rooms: sortMyRooms(r.value.rooms), truncated: r.value.truncated });
    } catch (e) {
      console.info(`my games: ${e instanceof Error ? e.message : String(e)}`);
      // A refresh that fails keeps what was shown; only a first failure says so.
      const s = this.state.value;
      if (s.status !== "ready") this.state.set({ status: "failed", rooms: [], truncated: false });
    }
  }
}

/** His turn first, then the most recently active (the server's order too; kept for equal rooms). */
export function sortMyRooms(rooms: readonly MyRoom[]): MyRoom[] {
  return rooms
    .map((room, i) => ({ room, i }))
    .sort((a, b) => {
      if (a.room.yourTurn !== b.room.yourTurn) return a.room.yourTurn ? -1 : 1;
      const byActivity = Number(b.room.activeUnixMs - a.room.activeUnixMs);
      return byActivity !== 0 ? byActivity : a.i - b.i;
    })
    .map((x) => x.room);
}

/** The server names a bot's seat "Bot (<kind>)"; the lobby counts bots rather than naming them. */
const BOT_NAME = /^Bot \([\w-]+\)$/;

export interface Tablemates {
  /** The other people at the table, in seat order. */
  people: string[];
  bots: number;
  free: number;
}

export function tablemates(room: MyRoom): Tablemates {
  const others = room.playerNames.filter((_, seat) => seat !== room.yourSeat);
  return {
    people: others.filter((n) => n !== "" && !BOT_NAME.test(n)),
    bots: others.filter((n) => BOT_NAME.test(n)).length,
    free: others.filter((n) => n === "").length,
  };
}

/** "with Bart, Carla and 2 bots", "with a bot", "alone so far" (a room still open may have free seats: "2 seats free"). */
export function withWhom(room: MyRoom): string {
  const m = tablemates(room);
  const parts = [...m.people];
  if (m.bots === 1) parts.push(t("myGames.oneBot"));
  else if (m.bots > 1) parts.push(t("myGames.bots", { n: m.bots }));
  const company = parts.length ? t("myGames.with", { list: joinList(parts) }) : t("myGames.alone");
  if (m.free === 0) return company;
  const free = m.free === 1 ? t("myGames.oneFree") : t("myGames.free", { n: m.free });
  return `${company} · ${free}`;
}

/** "Bart, Carla and Dora" in the page's language. */
export function joinList(items: string[]): string {
  return new Intl.ListFormat(getLang(), { style: "long", type: "conjunction" }).format(items);
}

/** Where the room stands, for its entry: "Your turn", "Waiting for the others", "Waiting for players". */
export function roomState(room: MyRoom): { key: string; yourTurn: boolean } {
  if (room.status === RoomStatus.OPEN) return { key: "myGames.open", yourTurn: false };
  return room.yourTurn ? { key: "myGames.yourTurn", yourTurn: true } : { key: "myGames.theirTurn", yourTurn: false };
}

/** "5 minutes ago" in the page's language (a clock a little ahead of ours reads "now"). */
export function activeAgo(activeUnixMs: bigint, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - Number(activeUnixMs)) / 1000));
  const rtf = new Intl.RelativeTimeFormat(getLang(), { numeric: "auto" });
  if (seconds < 45) return rtf.format(0, "second");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, "hour");
  return rtf.format(-Math.round(hours / 24), "day");
}
