// The HTTP API (besides the WebSocket): a finished match's history, and the
// addresses of its pages. Room codes route a cluster's proxy to the room's
// node (match ids are per node), hence ?room= on every address.
import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import { httpBase, serverUrl } from "../net/connection";
import { MatchHistorySchema, type MatchHistory } from "../gen/brethren/v1/history_pb";
import { MatchViewsSchema, type MatchViews } from "../gen/brethren/v1/replay_pb";
import type { RoomCredentials } from "./session";

/** GET /api/matches/{id}: the address, with ?room= when known. */
export function historyUrl(base: string, matchId: string, roomCode: string | null): string {
  const query = roomCode ? `?room=${encodeURIComponent(roomCode)}` : "";
  return `${base}/api/matches/${encodeURIComponent(matchId)}${query}`;
}

/** GET /api/matches/{id}/views: the table at each step (same credentials as the history). */
export function viewsUrl(base: string, matchId: string, roomCode: string | null): string {
  const query = roomCode ? `?room=${encodeURIComponent(roomCode)}` : "";
  return `${base}/api/matches/${encodeURIComponent(matchId)}/views${query}`;
}

/** The headers that entitle this browser to a match's history: its seat's token (own replay), else the room's code and password. */
export function historyHeaders(roomCode: string | null, creds: RoomCredentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!roomCode) return headers;
  if (creds.seatToken) headers["Authorization"] = `Bearer ${creds.seatToken}`;
  else {
    headers["X-Room-Code"] = roomCode;
    if (creds.password) headers["X-Room-Password"] = creds.password;
  }
  return headers;
}

/**
 * A profile's replay link. The server's `replayUrl` names the node in a
 * cluster (`?room=` with the node's character: match ids are per node); the
 * room's code, when this browser was there, gives its seat's own replay,
 * unless it names another node (then it is another match with the same id).
 */
export function profileReplayHref(matchId: string, serverUrl: string, knownRoom: string | null, search: string): string {
  const node = new URL(serverUrl || `/replay/${matchId}`, "http://profile.invalid").searchParams.get("room");
  if (knownRoom && (!node || knownRoom.toUpperCase().startsWith(node.toUpperCase()))) return replayHref(matchId, knownRoom, search);
  if (node) return replayHref(matchId, node, search);
  return `/replay/${matchId}${search}`;
}

/** The replay page of a match, keeping the page's own query (e.g. ?lang=). */
export function replayHref(matchId: string, roomCode: string, search: string): string {
  const q = new URLSearchParams(search);
  q.set("room", roomCode);
  return `/replay/${matchId}?${q.toString()}`;
}

/** A refused history request: the HTTP status (for words) and the server's text (for the console). */
export class HistoryError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function fetchHistory(matchId: string, roomCode: string | null, creds: RoomCredentials): Promise<MatchHistory> {
  const body = await getJson(historyUrl(httpBase(serverUrl(location)), matchId, roomCode), historyHeaders(roomCode, creds));
  return fromJson(MatchHistorySchema, body, { ignoreUnknownFields: true });
}

/** The views of a match at each step, as these credentials may see it (the replay's board). */
export async function fetchViews(matchId: string, roomCode: string | null, creds: RoomCredentials): Promise<MatchViews> {
  const body = await getJson(viewsUrl(httpBase(serverUrl(location)), matchId, roomCode), historyHeaders(roomCode, creds));
  return fromJson(MatchViewsSchema, body, { ignoreUnknownFields: true });
}

async function getJson(url: string, headers: Record<string, string>): Promise<JsonValue> {
  const res = await fetch(url, { headers });
  const body: JsonValue = await res.json();
  if (!res.ok) {
    const err = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    throw new HistoryError(res.status, `${res.status} ${String(err.code ?? "")} ${String(err.error ?? "")}`.trim());
  }
  return body;
}
