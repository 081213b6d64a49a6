// The client's state (route, room, match, chat, notices) and the pure steps
// that change it. No socket, no DOM: unit-tested under node.
import type { EventRecord, GameInfo, MatchView } from "../gen/brethren/v1/game_pb";
import type { AccountInfo, RoomInfo, RoomSummary, ChatMessage, MatchUpdate } from "../gen/brethren/v1/protocol_pb";
import { emptyLog, mergeEvents, type MatchLog } from "../logic/eventLog";
import type { ConnectionState } from "../net/connection";
import { normalizeRoomCode } from "../logic/roomCode";

export type Route =
  | { page: "lobby" }
  | { page: "room"; code: string }
  | { page: "replay"; matchId: string }
  | { page: "account" }
  | { page: "player"; name: string }
  | { page: "leaderboard"; gameId: string | null };

export interface Notice {
  id: number;
  kind: "error" | "info";
  text: string;
}

export interface State {
  route: Route;
  conn: ConnectionState;
  games: GameInfo[];
  rooms: RoomSummary[];
  room: RoomInfo | null;
  /** The room the page is about, before and after we are a member. */
  needsJoin: boolean;
  view: MatchView | null;
  log: MatchLog;
  /** The events of the last match update (new to this client; none after a resync), for motion and the last-move mark. */
  lastEvents: EventRecord[];
  deadlineUnixMs: number;
  resynced: boolean;
  chat: ChatMessage[];
  notices: Notice[];
  name: string;
  kicked: boolean;
  /** The account this browser is signed in as (a guest at first); null without one. */
  account: AccountInfo | null;
  /** Until the first connection has answered about the account. */
  accountPending: boolean;
}

/** Chat lines kept in memory (older ones scroll away). */
export const CHAT_LINES_KEPT = 200;
/** Notices shown at once (older ones give way). */
export const NOTICES_SHOWN = 4;
/** How long a notice stays. */
export const NOTICE_MS = 6000;

/** A path's part decoded; a malformed escape left as typed (decodeURIComponent throws on it). */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function parseRoute(pathname: string): Route {
  const room = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (room) return { page: "room", code: normalizeRoomCode(decodeURIComponent(room[1])) };
  const replay = /^\/replay\/(\d+)\/?$/.exec(pathname);
  if (replay) return { page: "replay", matchId: replay[1] };
  if (/^\/account\/?$/.test(pathname)) return { page: "account" };
  const player = /^\/players\/([^/]+)\/?$/.exec(pathname);
  if (player) return { page: "player", name: decodePart(player[1]) };
  const board = /^\/leaderboards(?:\/([^/]+))?\/?$/.exec(pathname);
  if (board) return { page: "leaderboard", gameId: board[1] ? decodePart(board[1]) : null };
  return { page: "lobby" };
}

export function initialState(pathname: string, name: string): State {
  return {
    route: parseRoute(pathname),
    conn: "connecting",
    games: [],
    rooms: [],
    room: null,
    needsJoin: false,
    view: null,
    log: emptyLog(0n),
    lastEvents: [],
    deadlineUnixMs: 0,
    resynced: false,
    chat: [],
    notices: [],
    name,
    kicked: false,
    account: null,
    accountPending: true,
  };
}

/** What leaving a room forgets. */
export function leftRoom(): Partial<State> {
  return { room: null, view: null, log: emptyLog(0n), lastEvents: [], chat: [], deadlineUnixMs: 0 };
}

/** A match update from the server: the new view, its events merged into the log (a resync starts the log anew). */
export function applyMatchUpdate(s: State, u: MatchUpdate): Partial<State> {
  const view = u.view ?? null;
  const seen = s.log.matchId === u.matchId ? s.log.lastVersion : 0n;
  return {
    view,
    log: mergeEvents(s.log, u.matchId, u.resync ? [] : u.events, view?.version ?? 0n),
    lastEvents: u.resync ? [] : u.events.filter((e) => e.version > seen),
    deadlineUnixMs: Number(u.deadlineUnixMs),
    resynced: u.resync,
  };
}

/** A chat line, once (a reconnect may send it again). */
export function appendChat(chat: ChatMessage[], m: ChatMessage): ChatMessage[] | null {
  if (chat.some((c) => c.seq === m.seq)) return null;
  return [...chat, m].slice(-CHAT_LINES_KEPT);
}

export function addNotice(notices: Notice[], n: Notice): Notice[] {
  return [...notices, n].slice(-NOTICES_SHOWN);
}

/** The version to resume a room's match from: what this log holds when it is that room's match, else 0 (everything). */
export function resumeVersion(s: State, roomCode: string, matchId?: bigint): bigint {
  const sameRoom = s.room?.roomCode === roomCode;
  const sameMatch = matchId === undefined ? s.log.matchId !== 0n && sameRoom : s.log.matchId === matchId;
  return sameMatch ? s.log.lastVersion : 0n;
}
