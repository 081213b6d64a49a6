// Quick play from the lobby (docs/quickplay.md): "play <game> with <n>"
// queues this connection (signed in: a guest is enough); the server answers
// QUEUED, then pushes MATCHED with the room and this seat's token (the match
// has started) or CANCELLED with its reason. The wait lives here, not in the
// lobby's component, so that it survives a re-render or a visit to another
// page on the same connection; a reconnect queues again (the server drops
// an entry whose connection closed). Pure helpers below are unit-tested.
import { QuickPlayState as Wire, type AccountInfo, type QuickPlayStatus, type ServerMessage } from "../gen/brethren/v1/protocol_pb";
import type { GameInfo } from "../gen/brethren/v1/game_pb";
import { RequestError, type Body } from "../net/connection";
import { errorKey } from "../logic/errors";
import { Watched } from "./watched";

type Reply = ServerMessage["body"];

export interface QuickPlayHost {
  /** Sends a request on the page's connection. */
  request(body: Body): Promise<Reply>;
  /** The connection's account step (quick play needs a signed-in connection). */
  settled(): Promise<void>;
  /** A table was found: go to its room (its room and match are pushed on this connection). */
  matched(roomCode: string, seatToken: string): void;
  now(): number;
}

/** What the lobby shows: a catalogue key (the words), and whether it is an error. */
export interface QuickPlayNotice {
  key: string;
  error: boolean;
}

export type QuickPlayView =
  | { phase: "idle"; notice: QuickPlayNotice | null }
  /** Sent, not answered yet (after a reconnect too: `since` is the first request's). */
  | { phase: "asking"; gameId: string; seats: number; since: number }
  | {
      phase: "waiting";
      gameId: string;
      seats: number;
      since: number;
      /** When bots fill the free seats at the latest (the server's Unix ms; its clock and ours are taken as one). */
      botsAt: number;
      /** Players in this queue, this one included. */
      waiting: number;
      cancelling: boolean;
    };

export class QuickPlayClient {
  readonly state = new Watched<QuickPlayView>({ phase: "idle", notice: null });
  /** The last game and seat count asked for: the form offers them again after a wait. */
  lastChoice = { gameId: "", seats: 0 };

  constructor(private readonly host: QuickPlayHost) {}

  /** Queues for the game at that seat count (nothing while a wait is under way). */
  async find(gameId: string, seats: number): Promise<void> {
    const s = this.state.value;
    if (s.phase !== "idle") return;
    this.lastChoice = { gameId, seats };
    await this.ask(gameId, seats, this.host.now());
  }

  private async ask(gameId: string, seats: number, since: number) {
    this.state.set({ phase: "asking", gameId, seats, since });
    try {
      await this.host.settled();
      const r = await this.host.request({ case: "quickPlay", value: { gameId, seats } });
      if (r.case !== "quickPlayStatus") throw new Error(`unexpected reply ${r.case}`);
      this.onStatus(r.value);
    } catch (e) {
      if (this.state.value.phase !== "asking") return;
      if (e instanceof RequestError) console.info(`quick play: ${e.codeName}: ${e.message}`);
      this.state.set({ phase: "idle", notice: { key: e instanceof RequestError ? errorKey(e.code) : "error.connection", error: true } });
    }
  }

  /** Leaves the queue (the server may have matched this player meanwhile: then MATCHED follows). */
  async cancel(): Promise<void> {
    const s = this.state.value;
    if (s.phase !== "waiting" || s.cancelling) return;
    this.state.set({ ...s, cancelling: true });
    let notice: QuickPlayNotice = { key: "quick.cancelled", error: false };
    try {
      await this.host.request({ case: "cancelQuickPlay", value: {} });
    } catch (e) {
      // NOT_QUEUED: matched (the push takes him to the table) or the connection closed (the entry with it).
      if (e instanceof RequestError) console.info(`quick play: ${e.codeName}: ${e.message}`);
      notice = { key: e instanceof RequestError ? errorKey(e.code) : "quick.cancelled", error: false };
    }
    if (this.state.value.phase === "waiting") this.state.set({ phase: "idle", notice });
  }

  /** A quickPlayStatus pushed by the server (MATCHED, or CANCELLED with its reason). */
  onPush(status: QuickPlayStatus) {
    this.onStatus(status);
  }

  private onStatus(st: QuickPlayStatus) {
    const s = this.state.value;
    switch (st.state) {
      case Wire.QUICK_PLAY_QUEUED:
        if (s.phase === "asking" || s.phase === "waiting") {
          const botsAt = Number(st.botsByUnixMs);
          this.state.set({ phase: "waiting", gameId: s.gameId, seats: s.seats, since: s.since, botsAt, waiting: Math.max(1, st.waiting), cancelling: false });
        }
        break;
      case Wire.QUICK_PLAY_MATCHED:
        // Whatever the page was doing (even a cancel that came too late): the seat is his and the match runs.
        this.state.set({ phase: "idle", notice: null });
        this.host.matched(st.roomCode, st.seatToken);
        break;
      case Wire.QUICK_PLAY_CANCELLED:
        if (st.reason) console.info(`quick play: cancelled by the server: ${st.reason}`);
        if (s.phase !== "idle") this.state.set({ phase: "idle", notice: { key: "quick.serverCancelled", error: true } });
        break;
      default:
        break;
    }
  }

  /** The connection opened again: an entry of the old one is gone, so the wait asks again (same start). */
  reconnected() {
    const s = this.state.value;
    if (s.phase === "waiting" || s.phase === "asking") void this.ask(s.gameId, s.seats, s.since);
  }

  /** The page goes to a room: the wait ends (the connection moves, which the server sees as leaving). */
  leave() {
    const s = this.state.value;
    if (s.phase === "idle") return;
    this.state.set({ phase: "idle", notice: null });
    if (s.phase === "waiting") this.host.request({ case: "cancelQuickPlay", value: {} }).catch(() => undefined);
  }

  /** Forgets the last notice (a new choice in the form). */
  clearNotice() {
    const s = this.state.value;
    if (s.phase === "idle" && s.notice) this.state.set({ phase: "idle", notice: null });
  }
}

/** The seat counts a game may be played with, smallest first. */
export function seatChoices(game: Pick<GameInfo, "minSeats" | "maxSeats">): number[] {
  const out: number[] = [];
  for (let n = Math.max(1, game.minSeats); n <= game.maxSeats; n++) out.push(n);
  return out;
}

/** The count offered first: the one chosen before if the game allows it, else 4 within the game's bounds. */
export function defaultSeats(game: Pick<GameInfo, "minSeats" | "maxSeats">, chosen: number): number {
  if (chosen >= game.minSeats && chosen <= game.maxSeats) return chosen;
  return Math.min(game.maxSeats, Math.max(game.minSeats, 4));
}

/** A wait as a clock: "0:07", "12:30", "1:02:03". */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Whole seconds until the bots come (rounded up, never below 0). */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** The same account (a reconnect signs in again to it; a guest claims it); null is no account. */
export function sameAccount(a: AccountInfo | null, b: AccountInfo | null): boolean {
  if (!a || !b) return a === b;
  const claimed = a.guest && !b.guest;
  return a.createdUnixMs === b.createdUnixMs && (a.username === b.username || claimed);
}
