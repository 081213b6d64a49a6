// Ratings in words (docs/ratings.md): the shown rating is the server's
// μ − 3σ rounded to a whole number, "provisional" while the server says so;
// never μ or σ themselves. Pure: unit-tested under node.
import type { GameRating, LeaderboardRow, PlayerProfile, ProfileMatch } from "../gen/brethren/v1/protocol_pb";

type Tr = (key: string, params?: Record<string, string | number>) => string;

/** The shown rating as a whole number ("12", "−3"; never "-0"). */
export function ratingNumber(rating: number): string {
  const n = Math.round(rating);
  if (n === 0) return "0";
  return n < 0 ? `−${-n}` : String(n);
}

/** A change of the shown rating: "+3", "−2", "±0" (rounded as the rating is). */
export function ratingChange(change: number): string {
  const n = Math.round(change);
  if (n === 0) return "±0";
  return n > 0 ? `+${n}` : `−${-n}`;
}

/** Wins as a share of games: "40 %" (none: ""). */
export function winShare(wins: number, games: number): string {
  return games > 0 ? `${Math.round((100 * wins) / games)} %` : "";
}

/** A player's rating for one game, if he has one. */
export function ratingFor(profile: PlayerProfile | null | undefined, gameId: string): GameRating | undefined {
  return profile?.ratings.find((r) => r.gameId === gameId);
}

/** A recent match's place in words: "1st", "3rd", "left the match" (place 0). */
export function placeWords(m: Pick<ProfileMatch, "place">, tr: Tr): string {
  if (m.place <= 0) return tr("players.place.left");
  return m.place <= 6 ? tr(`outcome.ordinal.${m.place}`) : String(m.place);
}

/** One line of a leaderboard as shown. */
export interface RankRow {
  position: number;
  username: string;
  rating: string;
  games: number;
  wins: number;
}

export function rankRows(rows: LeaderboardRow[]): RankRow[] {
  return rows.map((r) => ({
    position: r.position,
    username: r.username,
    rating: ratingNumber(r.rating?.rating ?? 0),
    games: r.rating?.games ?? 0,
    wins: r.rating?.wins ?? 0,
  }));
}

/**
 * The profile page's address of a player (the name percent-encoded). A name
 * with a dot gets a trailing slash: the server serves the page itself only
 * for paths whose last part has no dot (others are files).
 */
export function profilePath(username: string): string {
  const path = `/players/${encodeURIComponent(username)}`;
  return username.includes(".") ? `${path}/` : path;
}

/** The leaderboard page's address (a game's board, or the page's default game). */
export function leaderboardPath(gameId?: string): string {
  return gameId ? `/leaderboards/${encodeURIComponent(gameId)}` : "/leaderboards";
}

/** A finished match's date and time in the page's language ("26 Nov 2026, 15:40"). */
export function whenText(unixMs: number | bigint, lang: string): string {
  const ms = Number(unixMs);
  if (!ms) return "";
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

/** A day in the page's language ("Nov 26, 2026"). */
export function dayText(unixMs: number | bigint, lang: string): string {
  const ms = Number(unixMs);
  if (!ms) return "";
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(ms));
}
