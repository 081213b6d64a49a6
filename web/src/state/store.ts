// The store: holds the State (./match), talks to the server over the
// WebSocket (every request the client makes), keeps the session's tokens
// (./session). Components read the state through useStore() and call the
// actions; pushes from the server land here.
import { useEffect, useState } from "preact/hooks";
import { create } from "@bufbuild/protobuf";
import { Connection, RequestError, roomServerUrl, serverUrl } from "../net/connection";
import type { GameAction, GameOptions } from "../gen/brethren/v1/game_pb";
import { type RoomInfo, RoomSettingsSchema, RoomStatus, type ServerMessage } from "../gen/brethren/v1/protocol_pb";
import { loadCredentials, saveCredentials, forgetCredentials, loadName, saveName, onAccountTokenChange } from "./session";
import { AccountClient } from "./account";
import { MyGamesClient } from "./myGames";
import { QuickPlayClient, sameAccount } from "./quickPlay";
import {
  type Route,
  type State,
  type Notice,
  NOTICE_MS,
  parseRoute,
  initialState,
  leftRoom,
  applyMatchUpdate,
  appendChat,
  addNotice,
  resumeVersion,
} from "./match";
import { t } from "../i18n";
import { recordView } from "./views";
import { errorKey } from "../logic/errors";
import { exposeDropConnection, markReady, markUpdateArrived } from "./testHooks";

export type { Route, State, Notice } from "./match";
export { parseRoute } from "./match";

type Reply = ServerMessage["body"];

class Store {
  state: State;
  private listeners = new Set<() => void>();
  private conn: Connection;
  private noticeId = 0;
  /** The account this browser plays as (./account): signed in again on every connection. */
  readonly account: AccountClient;
  /** The current connection's account step: seats are taken after it (a seat may belong to the account). */
  private accountSettled: Promise<void> = Promise.resolve();
  /** The lobby's "my games" (./myGames): the account's live rooms. */
  readonly myGames: MyGamesClient;
  /** Rooms opened from "my games": the account's seat there is taken back without a token. */
  private accountSeats = new Set<string>();
  /** The lobby's quick play (./quickPlay): the wait for a table. */
  readonly quickPlay: QuickPlayClient;
  /** A quick-play room whose room and match the server pushes on this connection (no request to enter it). */
  private arriving = "";

  constructor() {
    this.state = initialState(location.pathname, loadName());
    this.conn = new Connection(this.addressFor(this.state.route), {
      onState: (s) => this.set({ conn: s }),
      onPush: (m) => this.onPush(m),
      onOpen: (c, reconnect) => this.onOpen(c, reconnect),
    });
    this.account = new AccountClient({
      request: (body) => this.conn.request(body),
      changed: (account) => {
        // Another account (signed in or out): the server dropped the old one's quick-play entry.
        if (!sameAccount(this.state.account, account)) this.quickPlay.leave();
        this.set({ account, accountPending: false });
      },
      unsettled: () => this.set({ accountPending: false }),
      guestName: () => this.state.name.trim() || t("account.guestName"),
    });
    this.myGames = new MyGamesClient({
      request: (body) => this.conn.request(body),
      settled: () => this.accountSettled,
      signedIn: () => this.state.account !== null,
    });
    this.quickPlay = new QuickPlayClient({
      request: (body) => this.conn.request(body),
      settled: () => this.accountSettled,
      matched: (code, seatToken) => this.enterQuickPlayRoom(code, seatToken),
      now: () => Date.now(),
    });
    // Another tab signed in or out: this connection follows it.
    onAccountTokenChange(() => {
      if (this.conn.state === "open") this.accountSettled = this.account.restore();
    });
    exposeDropConnection(() => this.conn.drop());
    window.addEventListener("popstate", () => this.enterRoute(parseRoute(location.pathname)));
  }

  start() {
    this.conn.start();
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  set(patch: Partial<State>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  notify(kind: Notice["kind"], text: string) {
    const id = ++this.noticeId;
    this.set({ notices: addNotice(this.state.notices, { id, kind, text }) });
    setTimeout(() => this.set({ notices: this.state.notices.filter((n) => n.id !== id) }), NOTICE_MS);
  }

  fail(err: unknown) {
    // Words for the person (the server's message is for developers: the console).
    const text = err instanceof RequestError ? t(errorKey(err.code)) : t("error.connection");
    if (err instanceof RequestError) console.info(`${err.codeName}: ${err.message}`);
    this.notify("error", text);
  }

  navigate(path: string) {
    const url = path + location.search;
    if (location.pathname + location.search !== url) history.pushState(null, "", url);
    this.enterRoute(parseRoute(path));
  }

  private enterRoute(route: Route) {
    const leaving = this.state.room && (route.page !== "room" || route.code !== this.state.room.roomCode);
    if (leaving) this.set(leftRoom());
    if (route.page === "room") this.quickPlay.leave();
    this.set({ route, kicked: false });
    // One connection per page: a room's page talks to the room's node
    // (/ws?room=CODE), the others to any node. After a move, onOpen enters
    // the route's room with this browser's tokens.
    const address = this.addressFor(route);
    if (address !== this.conn.address) {
      this.conn.retarget(address);
      return;
    }
    const alreadyIn = route.page === "room" && (this.state.room?.roomCode === route.code || this.arriving === route.code);
    if (route.page === "room" && !alreadyIn && this.conn.state === "open") void this.enterRoom(route.code);
  }

  // --- connection -------------------------------------------------------

  private addressFor(route: Route): string {
    return route.page === "room" ? roomServerUrl(location, route.code) : serverUrl(location);
  }

  private async onOpen(_c: Connection, _reconnect: boolean) {
    // Not awaited: the lobby and a room's resume need no account.
    this.accountSettled = this.account.restore();
    this.arriving = "";
    this.quickPlay.reconnected();
    try {
      const games = await this.conn.request({ case: "listGames", value: {} });
      if (games.case === "games") this.set({ games: games.value.games });
      markReady();
      const route = this.state.route;
      if (route.page === "room") await this.enterRoom(route.code);
    } catch (e) {
      this.fail(e);
    }
  }

  /** Joins the route's room with what this browser holds for it (tokens), or asks for a name. */
  private async enterRoom(code: string) {
    const creds = loadCredentials(code);
    try {
      if (creds.hostToken) {
        try {
          await this.roomReply(
            this.conn.request({
              case: "claimHost",
              value: { roomCode: code, hostToken: creds.hostToken, displayName: this.state.name },
            }),
          );
        } catch (e) {
          if (e instanceof RequestError) saveCredentials(code, { hostToken: undefined });
          else throw e;
        }
      }
      if (creds.seatToken) {
        const lastVersion = resumeVersion(this.state, code);
        try {
          await this.roomReply(
            this.conn.request({ case: "resume", value: { roomCode: code, seatToken: creds.seatToken, lastVersion } }),
          );
          return;
        } catch (e) {
          if (e instanceof RequestError) saveCredentials(code, { seatToken: undefined });
          else throw e;
        }
      }
      if (this.accountSeats.has(code)) {
        // From "my games" (maybe on another device): the account holds the seat.
        await this.accountSettled;
        try {
          const lastVersion = resumeVersion(this.state, code);
          await this.roomReply(this.conn.request({ case: "resume", value: { roomCode: code, seatToken: "", lastVersion } }));
          return;
        } catch (e) {
          if (e instanceof RequestError) this.accountSeats.delete(code);
          else throw e;
        }
      }
      if (creds.hostToken && this.state.room?.roomCode === code) return;
      if (creds.joined && this.state.name) {
        await this.join(code, this.state.name, creds.password ?? "");
        return;
      }
      this.set({ needsJoin: true });
    } catch (e) {
      this.fail(e);
    }
  }

  private async roomReply(p: Promise<Reply>) {
    const r = await p;
    if (r.case === "room") {
      this.setRoom(r.value);
      await this.syncIfMatch(r.value);
    } else if (r.case === "roomCreated") this.setRoom(r.value.room!);
    else if (r.case === "seatTaken") this.setRoom(r.value.room!);
    return r;
  }

  /** Members without a seat (spectators, an unseated host) ask for the match themselves. */
  private async syncIfMatch(room: RoomInfo) {
    if (room.yourSeat >= 0 || room.status === RoomStatus.OPEN || !room.match) return;
    const lastVersion = resumeVersion(this.state, room.roomCode, room.match.matchId);
    try {
      const u = await this.conn.request({ case: "sync", value: { roomCode: room.roomCode, lastVersion } });
      if (u.case === "matchUpdate") this.onPush(u);
    } catch {
      /* e.g. SPECTATORS_FORBIDDEN: the room shows no match to watchers */
    }
  }

  private setRoom(room: RoomInfo) {
    this.set({ room, needsJoin: false });
  }

  private onPush(m: Reply) {
    const room = this.state.room;
    switch (m.case) {
      case "room":
        if (!room || room.roomCode === m.value.roomCode) this.setRoom(m.value);
        break;
      case "matchUpdate": {
        if (room && room.roomCode !== m.value.roomCode) break;
        markUpdateArrived();
        const wasFinished = this.state.view?.finished ?? false;
        this.set(applyMatchUpdate(this.state, m.value));
        // A finished match leaves the account's live rooms.
        if (this.state.view?.finished && !wasFinished) void this.myGames.refresh();
        if (m.value.view) recordView(m.value.matchId, m.value.view);
        break;
      }
      case "chat":
        {
          const chat = appendChat(this.state.chat, m.value);
          if (chat) this.set({ chat });
        }
        break;
      case "chatHistory":
        this.set({ chat: m.value.messages });
        break;
      case "kicked":
        forgetCredentials(m.value.roomCode);
        this.set({ room: null, view: null, kicked: true });
        break;
      case "hostGranted":
        saveCredentials(m.value.roomCode, { hostToken: m.value.hostToken });
        break;
      case "quickPlayStatus":
        this.quickPlay.onPush(m.value);
        break;
      default:
        break;
    }
  }

  /** Quick play found a table: its room and started match follow on this connection, which stays (as after createRoom). */
  private enterQuickPlayRoom(code: string, seatToken: string) {
    saveCredentials(code, { seatToken, joined: true });
    // In a cluster the table may live on another node than this socket's
    // (docs/quickplay.md, "Across nodes"): the connection moves to the
    // room's address and resumes the seat with its token, as when a room
    // is entered from the lobby. On one server the move costs a reconnect.
    this.conn.retarget(roomServerUrl(location, code));
    this.arriving = code;
    this.navigate(`/r/${code}`);
  }

  /** Goes back to a room of "my games": its seat is the account's, taken back on arrival. */
  openMyRoom(code: string) {
    this.accountSeats.add(code);
    this.navigate(`/r/${code}`);
  }

  reclaimSeat() {
    this.conn.reclaim();
  }

  /** A request about no room (e.g. a player's profile), sent once the connection is open. */
  async query(body: Parameters<Connection["request"]>[0]): Promise<Reply> {
    if (this.state.conn !== "open") {
      await new Promise<void>((resolve) => {
        const off = this.subscribe(() => {
          if (this.state.conn === "open") {
            off();
            resolve();
          }
        });
      });
    }
    return this.conn.request(body);
  }

  // --- requests ------------------------------------------------------------

  setName(name: string) {
    saveName(name);
    this.set({ name });
  }

  async listRooms() {
    try {
      const r = await this.conn.request({ case: "listRooms", value: {} });
      // listRooms may grow a cursor (paging); the first page's rooms are all we show.
      if (r.case === "rooms") this.set({ rooms: r.value.rooms });
    } catch {
      /* the list refreshes again in a moment */
    }
  }

  async createRoom(args: {
    gameId: string;
    seatCount: number;
    options: GameOptions | undefined;
    isPublic: boolean;
    password: string;
    turnTimeLimitMs: number;
    settings: { spectators: number; spectatorChat: boolean; absentGraceMs: number; rated?: boolean };
  }) {
    try {
      await this.accountSettled;
      const r = await this.conn.request({
        case: "createRoom",
        value: {
          gameId: args.gameId,
          seatCount: args.seatCount,
          options: args.options,
          public: args.isPublic,
          password: args.password,
          displayName: this.state.name,
          turnTimeLimitMs: args.turnTimeLimitMs,
          settings: create(RoomSettingsSchema, args.settings),
        },
      });
      if (r.case !== "roomCreated") return;
      const code = r.value.room!.roomCode;
      saveCredentials(code, { hostToken: r.value.hostToken, password: args.password || undefined, joined: true });
      // The room lives on the node that created it, which this socket
      // reaches: it stays, as the room page's connection (reconnects go to
      // /ws?room=CODE), and the host keeps its membership and name.
      this.conn.readdress(roomServerUrl(location, code));
      this.setRoom(r.value.room!);
      this.navigate(`/r/${code}`);
      // The host sits down at once (he may move to another seat or leave it).
      await this.takeSeat(0);
    } catch (e) {
      this.fail(e);
    }
  }

  async join(code: string, name: string, password: string) {
    this.setName(name);
    await this.accountSettled;
    const r = await this.conn.request({ case: "joinRoom", value: { roomCode: code, password, displayName: name } });
    if (r.case === "room") {
      saveCredentials(code, { joined: true, password: password || undefined });
      this.setRoom(r.value);
      await this.syncIfMatch(r.value);
    }
  }

  async joinFromForm(code: string, name: string, password: string) {
    try {
      await this.join(code, name, password);
    } catch (e) {
      this.fail(e);
    }
  }

  private code(): string {
    return this.state.room?.roomCode ?? "";
  }

  private async call(body: Parameters<Connection["request"]>[0]) {
    try {
      await this.roomReply(this.conn.request(body));
    } catch (e) {
      this.fail(e);
    }
  }

  async takeSeat(seat: number) {
    const roomCode = this.code();
    try {
      await this.accountSettled;
      const r = await this.conn.request({ case: "takeSeat", value: { roomCode, seat } });
      if (r.case === "seatTaken") {
        saveCredentials(roomCode, { seatToken: r.value.seatToken });
        this.setRoom(r.value.room!);
      }
    } catch (e) {
      this.fail(e);
    }
  }

  /** A seated player moves to another free seat (before the start): leave, then take. */
  async moveSeat(seat: number) {
    const roomCode = this.code();
    try {
      await this.roomReply(this.conn.request({ case: "leaveSeat", value: { roomCode } }));
    } catch (e) {
      this.fail(e);
      return;
    }
    saveCredentials(roomCode, { seatToken: undefined });
    await this.takeSeat(seat);
  }
  leaveSeat() {
    saveCredentials(this.code(), { seatToken: undefined });
    return this.call({ case: "leaveSeat", value: { roomCode: this.code() } });
  }
  /** `kind`: one of the game's GameInfo.bot_kinds, "" for the game's strongest (a server without bot kinds). */
  addBot(seat: number, kind = "") {
    return this.call({ case: "addBot", value: { roomCode: this.code(), seat, kind } });
  }
  /** Host, before the start: the bot kind that plays for an absent player (the room's other settings kept). */
  setAutopilotBot(kind: string) {
    const current = this.state.room?.settings;
    const settings = create(RoomSettingsSchema, {
      spectators: current?.spectators,
      spectatorChat: current?.spectatorChat,
      absentGraceMs: current?.absentGraceMs,
      locked: current?.locked,
      autopilotBot: kind,
    });
    return this.call({ case: "updateRoom", value: { roomCode: this.code(), settings } });
  }
  startMatch() {
    return this.call({ case: "startMatch", value: { roomCode: this.code() } });
  }
  kick(seat: number, memberId: number) {
    return this.call({ case: "kickMember", value: { roomCode: this.code(), seat, memberId } });
  }
  lock(locked: boolean) {
    return this.call({ case: "lockRoom", value: { roomCode: this.code(), locked } });
  }
  transferHost(memberId: number) {
    return this.call({ case: "transferHost", value: { roomCode: this.code(), memberId } });
  }
  rematch() {
    return this.call({ case: "rematch", value: { roomCode: this.code() } });
  }
  async sendChat(text: string): Promise<boolean> {
    try {
      await this.conn.request({ case: "sendChat", value: { roomCode: this.code(), text } });
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }
  async submit(action: GameAction) {
    try {
      await this.conn.request({ case: "submitAction", value: { roomCode: this.code(), action } });
    } catch (e) {
      this.fail(e);
    }
  }
  async leaveRoom() {
    const roomCode = this.code();
    try {
      await this.conn.request({ case: "leaveRoom", value: { roomCode } });
    } catch {
      /* leaving anyway */
    }
    if (this.state.room && this.state.room.status === RoomStatus.OPEN) forgetCredentials(roomCode);
    this.navigate("/");
  }
}

export const store = new Store();

export function useStore(): State {
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((t) => t + 1)), []);
  return store.state;
}
