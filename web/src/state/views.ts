// The views this browser was shown during a match, kept so that its replay
// can draw the table at every step (the history API sends events, not
// views; a view is exactly what this seat or spectator was entitled to see,
// so keeping it on this browser reveals nothing new). Kept in localStorage
// for the last few matches, binary protobuf in base64.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { MatchViewSchema, type MatchView } from "../gen/brethren/v1/game_pb";

/** Matches whose views are kept (older ones are dropped). */
const MATCHES_KEPT = 3;
/** Views kept per match (a longer match keeps its last ones). */
const VIEWS_PER_MATCH = 3000;
/** Writes to localStorage at most this often (and when the match ends or the page goes). */
const PERSIST_EVERY_MS = 2000;

const INDEX_KEY = "brethren.views";
const matchKey = (matchId: string) => `brethren.views.${matchId}`;

interface Recorded {
  seat: number;
  /** [version, base64 view] in version order. */
  views: [string, string][];
}

const live = new Map<string, Recorded>();
let timer: ReturnType<typeof setTimeout> | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function b64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
function unb64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function persist() {
  timer = null;
  const st = storage();
  if (!st) return;
  for (const [id, rec] of live) {
    try {
      st.setItem(matchKey(id), JSON.stringify(rec));
      const index = (JSON.parse(st.getItem(INDEX_KEY) ?? "[]") as string[]).filter((x) => x !== id);
      index.push(id);
      for (const old of index.splice(0, Math.max(0, index.length - MATCHES_KEPT))) st.removeItem(matchKey(old));
      st.setItem(INDEX_KEY, JSON.stringify(index));
    } catch {
      /* full or private: the replay shows the log only */
    }
  }
}

/** A view of a match as this browser received it. */
export function recordView(matchId: bigint, view: MatchView) {
  if (matchId === 0n) return;
  const id = String(matchId);
  let rec = live.get(id);
  if (!rec || rec.seat !== view.viewerSeat) {
    rec = { seat: view.viewerSeat, views: [] };
    live.set(id, rec);
  }
  const version = String(view.version);
  if (rec.views.length && rec.views[rec.views.length - 1][0] === version) rec.views.pop();
  rec.views.push([version, b64(toBinary(MatchViewSchema, view))]);
  if (rec.views.length > VIEWS_PER_MATCH) rec.views.shift();
  if (view.finished) persist();
  else timer ??= setTimeout(persist, PERSIST_EVERY_MS);
}

if (typeof addEventListener === "function") addEventListener("pagehide", () => persist());

export interface RecordedViews {
  seat: number;
  versions: bigint[];
  view(i: number): MatchView;
}

/** The views this browser kept of a match, if any. */
export function recordedViews(matchId: string): RecordedViews | null {
  let rec = live.get(matchId) ?? null;
  if (!rec) {
    try {
      rec = JSON.parse(storage()?.getItem(matchKey(matchId)) ?? "null") as Recorded | null;
    } catch {
      rec = null;
    }
  }
  if (!rec || rec.views.length === 0) return null;
  const views = rec.views;
  return { seat: rec.seat, versions: views.map(([v]) => BigInt(v)), view: (i) => fromBinary(MatchViewSchema, unb64(views[i][1])) };
}

/** The index of the last kept view at or before `version` (-1: none). */
export function viewAt(versions: bigint[], version: bigint): number {
  let best = -1;
  for (let i = 0; i < versions.length; i++) if (versions[i] <= version) best = i;
  return best;
}

/**
 * The server's view for a replay step: the last at or before the step's event
 * version, the setup's view (the first) before any (a step within an action
 * shows the table before it; its last event, the table after it).
 */
export function serverViewAt(versions: bigint[], version: bigint): number {
  return versions.length === 0 ? -1 : Math.max(0, viewAt(versions, version));
}

/** Views from the server (GET /api/matches/{id}/views) in the shape of the kept ones. */
export function serverViews(seat: number, views: MatchView[]): RecordedViews | null {
  if (views.length === 0) return null;
  return { seat, versions: views.map((v) => v.version), view: (i) => views[i] };
}
