// The outcome of a match in words: the winner(s) named, each player's rank,
// score, and a sentence when equal scores were split by the game's tie-break.
// Pure (a translator and a seat namer are passed in): unit-tested under node.
import type { MatchOutcome, SeatResult } from "../gen/brethren/v1/game_pb";
import type { SeatNamer } from "./describe";

/** Ranks the catalogue words as ordinals ("1st" … "6th": the most seats of a game). */
const ORDINALS_WORDED = 6;

export type Tr = (key: string, params?: Record<string, string | number>) => string;

export interface OutcomeRow {
  seat: number;
  name: string;
  rank: number;
  /** "1st", "1.º" ... */
  rankText: string;
  score: number;
  winner: boolean;
  /** Ranked apart from a player with the same score (the tie-break decided). */
  tieBroken: boolean;
}

export interface OutcomeText {
  headline: string;
  rows: OutcomeRow[];
  /** A sentence per tie the game's tie-break decided (empty when none). */
  tieBreaks: string[];
}

/** "Anne", "Anne and Bart", "Anne, Bart and Carla" in the language of `tr`. */
export function listNames(names: string[], tr: Tr): string {
  if (names.length <= 1) return names[0] ?? "";
  return tr("list.and", { a: names.slice(0, -1).join(", "), b: names[names.length - 1] });
}

export function describeOutcome(outcome: MatchOutcome | undefined, names: SeatNamer, tr: Tr): OutcomeText {
  const seats: SeatResult[] = [...(outcome?.seats ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const rows: OutcomeRow[] = seats.map((r) => ({
    seat: r.seat,
    name: names(r.seat),
    rank: r.rank,
    rankText: r.rank >= 1 && r.rank <= ORDINALS_WORDED ? tr(`outcome.ordinal.${r.rank}`) : String(r.rank),
    score: r.score,
    winner: r.winner,
    tieBroken: seats.some((o) => o.seat !== r.seat && o.score === r.score && o.rank !== r.rank),
  }));
  const winners = rows.filter((r) => r.winner);
  let headline: string;
  if (winners.length === 0) headline = tr("outcome.noWinner");
  else if (winners.length === 1) headline = tr("outcome.wins", { name: winners[0].name, score: winners[0].score });
  else headline = tr("outcome.shareWin", { names: listNames(winners.map((w) => w.name), tr), score: winners[0].score });
  const tieBreaks: string[] = [];
  const byScore = new Map<number, OutcomeRow[]>();
  for (const r of rows) byScore.set(r.score, [...(byScore.get(r.score) ?? []), r]);
  for (const [score, group] of byScore) {
    if (group.length < 2 || new Set(group.map((g) => g.rank)).size < 2) continue;
    tieBreaks.push(tr("outcome.tieBreak", { names: listNames(group.map((g) => g.name), tr), score, first: group[0].name }));
  }
  return { headline, rows, tieBreaks };
}
