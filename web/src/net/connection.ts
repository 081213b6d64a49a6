// One WebSocket to the server, speaking binary Protobuf frames. Requests get a
// strictly increasing requestId and resolve with the reply carrying it back;
// pushes (requestId 0) go to the listener. When the socket drops, the
// connection reconnects with a growing delay and asks its owner to restore
// (resume seats, claim host) before new requests flow again. retarget()
// moves it to another address (a room page's /ws?room=CODE) the same way.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ServerMessageSchema,
  type ServerMessage,
  ErrorCode,
} from "../gen/brethren/v1/protocol_pb";

export type ConnectionState = "connecting" | "open" | "reconnecting" | "replaced" | "closed";

export type Body = NonNullable<MessageInitShape<typeof ClientMessageSchema>["body"]>;
type Reply = ServerMessage["body"];

export class RequestError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
  get codeName(): string {
    return ErrorCode[this.code] ?? String(this.code);
  }
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (err: Error) => void;
}

export interface ConnectionListener {
  onState(state: ConnectionState): void;
  onPush(msg: Reply): void;
  /** Called after every (re)connect, before queued requests are sent. */
  onOpen(conn: Connection, reconnect: boolean): Promise<void>;
}

/** Reconnecting after a lost connection: the first wait, doubled after each failure up to the last. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 8000;

export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1n;
  private pending = new Map<bigint, Pending>();
  private retryMs = RETRY_FIRST_MS;
  private opened = false;
  private stopped = false;
  /** Set by retarget(): the next close is a move, reconnected at once. */
  private moving = false;
  state: ConnectionState = "connecting";

  constructor(private url: string, private readonly listener: ConnectionListener) {}

  /** The address the connection uses (or reconnects to). */
  get address(): string {
    return this.url;
  }

  start(): void {
    this.connect();
  }

  private setState(s: ConnectionState) {
    this.state = s;
    this.listener.onState(s);
  }

  private connect() {
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = async () => {
      this.retryMs = RETRY_FIRST_MS;
      const reconnect = this.opened;
      this.opened = true;
      try {
        await this.listener.onOpen(this, reconnect);
      } finally {
        this.setState("open");
      }
    };
    ws.onmessage = (ev) => {
      if (!(ev.data instanceof ArrayBuffer)) return;
      const msg = fromBinary(ServerMessageSchema, new Uint8Array(ev.data));
      if (msg.requestId === 0n) {
        this.listener.onPush(msg.body);
        return;
      }
      const p = this.pending.get(msg.requestId);
      // A request's follow-ups (resume's matchUpdate, join's chatHistory) may
      // carry its id after the reply: they are pushes all the same.
      if (!p) {
        this.listener.onPush(msg.body);
        return;
      }
      this.pending.delete(msg.requestId);
      if (msg.body.case === "error") p.reject(new RequestError(msg.body.value.code, msg.body.value.message));
      else p.resolve(msg.body);
    };
    ws.onclose = (ev) => {
      this.ws = null;
      for (const p of this.pending.values()) p.reject(new Error("connection lost"));
      this.pending.clear();
      if (this.stopped) return;
      // 4001: this seat was resumed on another connection (another tab).
      if (ev.code === 4001 && !this.moving) {
        this.setState("replaced");
        return;
      }
      if (this.moving) {
        this.moving = false;
        this.setState("connecting");
        this.connect();
        return;
      }
      this.setState("reconnecting");
      const delay = this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => {
      /* onclose follows and reconnects */
    };
  }

  /**
   * Moves the connection to another address: closes the socket and opens the
   * new one at once, restoring (onOpen with reconnect) as after a network
   * failure. A socket that is down already reconnects there on its next try.
   */
  retarget(url: string): void {
    if (url === this.url) return;
    this.url = url;
    if (this.stopped || !this.ws) return;
    this.moving = true;
    this.ws.close(1000, "moving");
  }

  /**
   * Changes the address for later reconnects only, keeping the open socket:
   * for when that socket already reaches where the new address leads.
   */
  readdress(url: string): void {
    this.url = url;
  }

  /** Reconnects after "replaced" (the user chose to take the seat back). */
  reclaim(): void {
    if (this.ws) return;
    this.setState("connecting");
    this.connect();
  }

  /** Closes the socket without stopping: the connection reconnects and restores, as after a network failure. */
  drop(): void {
    this.ws?.close(3000, "dropped");
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
    this.setState("closed");
  }

  request(body: Body): Promise<Reply> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error("not connected"));
    const requestId = this.nextId++;
    const msg = create(ClientMessageSchema, { requestId, body });
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      ws.send(toBinary(ClientMessageSchema, msg));
    });
  }
}

/** The server's WebSocket address: `?server=` when given, else this page's host. */
export function serverUrl(loc: Location): string {
  const param = new URLSearchParams(loc.search).get("server");
  if (param) return param;
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws`;
}

/**
 * A room's WebSocket address: `/ws?room=CODE`. A cluster's proxy routes it
 * to the node that holds the room (docs/scaling.md); a single server ignores
 * the parameter.
 */
export function roomServerUrl(loc: Location, code: string): string {
  const url = new URL(serverUrl(loc));
  url.searchParams.set("room", code);
  return url.toString();
}

/**
 * Where /api/matches is: the page's own origin, which is the game server
 * (or, in development with ?server=, a static server that forwards /api/).
 */
export function httpBase(_wsUrl: string): string {
  return location.origin;
}
