// Merges match updates into the event log a client keeps: events arrive in
// version order with gaps (events addressed to others); a resume may repeat
// events already seen; a rematch (new match id) starts a new log.
import type { EventRecord } from "../gen/brethren/v1/game_pb";

export interface MatchLog {
  matchId: bigint;
  events: EventRecord[];
  lastVersion: bigint;
}

export function emptyLog(matchId: bigint): MatchLog {
  return { matchId, events: [], lastVersion: 0n };
}

export function mergeEvents(log: MatchLog, matchId: bigint, events: EventRecord[], viewVersion: bigint): MatchLog {
  const base = log.matchId === matchId ? log : emptyLog(matchId);
  const fresh = events.filter((e) => e.version > base.lastVersion);
  const lastVersion = [base.lastVersion, viewVersion, ...fresh.map((e) => e.version)].reduce((a, b) => (b > a ? b : a));
  if (fresh.length === 0 && lastVersion === base.lastVersion) return base;
  return { matchId, events: fresh.length ? [...base.events, ...fresh] : base.events, lastVersion };
}
