// Players' public profiles (getProfile) and the leaderboards (the HTTP API,
// GET /api/leaderboards/{game}; docs/ratings.md),
// and a small cache of profiles for the ratings shown beside names in rooms:
// each name is asked for once per "freshness" key (the room's match and its
// status), so a finished match's new ratings are fetched again, once.
import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";
import { httpBase, serverUrl } from "../net/connection";
import { ErrorCode, LeaderboardSchema, type Leaderboard, type PlayerProfile } from "../gen/brethren/v1/protocol_pb";
import { RequestError } from "../net/connection";
import { HistoryError } from "./api";
import { store } from "./store";

/** Rows per leaderboard page. */
export const LEADERBOARD_PAGE = 25;

const base = () => httpBase(serverUrl(location));

/**
 * A claimed account's profile (getProfile on the page's connection: a
 * guest's name is asked for too, and an HTTP 404 would be a console error);
 * null when the server has none by that name (unknown, a guest, deleted:
 * one NOT_FOUND).
 */
export async function fetchProfile(username: string): Promise<PlayerProfile | null> {
  try {
    const r = await store.query({ case: "getProfile", value: { username } });
    if (r.case !== "profile") throw new Error(`unexpected reply ${r.case}`);
    return r.value;
  } catch (e) {
    if (e instanceof RequestError && e.code === ErrorCode.NOT_FOUND) return null;
    throw e;
  }
}

export async function fetchLeaderboard(gameId: string, offset: number, limit = LEADERBOARD_PAGE): Promise<Leaderboard> {
  const res = await fetch(`${base()}/api/leaderboards/${encodeURIComponent(gameId)}?limit=${limit}&offset=${offset}`);
  return fromJson(LeaderboardSchema, await body(res), { ignoreUnknownFields: true });
}

async function body(res: Response): Promise<JsonValue> {
  const json: JsonValue = await res.json();
  if (!res.ok) {
    const err = typeof json === "object" && json !== null && !Array.isArray(json) ? json : {};
    throw new HistoryError(res.status, `${res.status} ${String(err.code ?? "")} ${String(err.error ?? "")}`.trim());
  }
  return json;
}

// --- the cache behind the ratings beside names ------------------------------

interface Entry {
  fresh: string;
  /** undefined while asked; null: no public profile. */
  profile: PlayerProfile | null | undefined;
}
const cache = new Map<string, Entry>();
const listeners = new Set<() => void>();

/** The key a name is cached under: usernames are unique whatever their case. */
const keyOf = (name: string) => name.toLowerCase();

function want(name: string, fresh: string) {
  const key = keyOf(name);
  const hit = cache.get(key);
  if (hit && hit.fresh === fresh) return;
  const entry: Entry = { fresh, profile: hit?.profile };
  cache.set(key, entry);
  fetchProfile(name).then(
    (p) => { entry.profile = p; },
    (e: Error) => { console.info(`profile of ${name}: ${e.message}`); entry.profile = null; },
  ).finally(() => { for (const fn of listeners) fn(); });
}

/**
 * The profiles of `names` (a seated account's names), fetched once per name
 * and `fresh` key; a name not (yet) known maps to undefined or null.
 */
export function useProfiles(names: string[], fresh: string): (name: string) => PlayerProfile | null | undefined {
  const [, redraw] = useState(0);
  useEffect(() => {
    const fn = () => redraw((x) => x + 1);
    listeners.add(fn);
    return () => void listeners.delete(fn);
  }, []);
  const wanted = names.join("\n");
  useEffect(() => {
    for (const n of names) if (n) want(n, fresh);
  }, [wanted, fresh]);
  return (name) => cache.get(keyOf(name))?.profile;
}

// --- which room a match was played in, as this browser saw it -------------
// A profile lists match ids only; a replay needs the room's code to reach the
// room's node and to use this browser's seat token (a private room's match is
// not served to strangers). Kept for the last matches this browser was in.

const MATCH_ROOMS_KEY = "brethren.matchRooms";
const MATCH_ROOMS_KEPT = 100;

function matchRooms(): [string, string][] {
  try {
    return JSON.parse(localStorage.getItem(MATCH_ROOMS_KEY) ?? "[]") as [string, string][];
  } catch {
    return [];
  }
}

/** Remembers that match `matchId` was played in room `roomCode`. */
export function rememberMatchRoom(matchId: string, roomCode: string) {
  const list = matchRooms();
  if (list.some(([m, r]) => m === matchId && r === roomCode)) return;
  const next = [...list.filter(([m]) => m !== matchId), [matchId, roomCode] as [string, string]].slice(-MATCH_ROOMS_KEPT);
  try {
    localStorage.setItem(MATCH_ROOMS_KEY, JSON.stringify(next));
  } catch {
    /* full or private: the replay link goes without the room */
  }
}

/** The room a match was played in, when this browser was there. */
export function matchRoom(matchId: string): string | null {
  return matchRooms().find(([m]) => m === matchId)?.[1] ?? null;
}
