// A seat's rating beside its name (rooms and the table's result), and links
// to players' profiles. Only a seat held by an account with a public profile
// (a claimed account) shows one; guests, bots and seat-token players none.
import type { ComponentChildren } from "preact";
import { t } from "../i18n";
import { store } from "../state/store";
import type { GameRating, RoomInfo } from "../gen/brethren/v1/protocol_pb";
import { useEffect } from "preact/hooks";
import { rememberMatchRoom, useProfiles } from "../state/players";
import { profilePath, ratingFor, ratingNumber } from "../logic/ratings";

/** A link to a player's profile page (within the app: no reload). */
export function PlayerLink({ username, children, testId }: { username: string; children?: ComponentChildren; testId?: string }) {
  const path = profilePath(username);
  return (
    <a href={path + location.search} class="player-link" data-testid={testId} onClick={(e) => { e.preventDefault(); store.navigate(path); }}>
      {children ?? username}
    </a>
  );
}

/** The shown rating as a small badge, in words: "Rating 12 · provisional". */
export function RatingBadge({ rating, testId }: { rating: GameRating; testId?: string }) {
  return (
    <span class={`rating-badge${rating.provisional ? " provisional" : ""}`} data-testid={testId} data-provisional={String(rating.provisional)}>
      {t("players.ratingLabel")} <b>{ratingNumber(rating.rating)}</b>
      {rating.provisional && <span class="prov"> · {t("players.provisional")}</span>}
    </span>
  );
}

/** The ratings of a room's claimed seats (a guest may type anyone's username) for the room's game, fetched once per name and per match and status. */
export function useSeatRatings(room: RoomInfo): (seat: number) => { username: string; rating?: GameRating } | null {
  const names = room.seats.filter((s) => s.taken && s.claimed && !s.bot).map((s) => s.displayName);
  const profiles = useProfiles(names, `${room.roomCode}:${room.match?.matchId ?? 0}:${room.status}`);
  // A profile's replay link of this match then carries the room (see rememberMatchRoom).
  const matchId = room.match?.matchId ? String(room.match.matchId) : "";
  useEffect(() => { if (matchId) rememberMatchRoom(matchId, room.roomCode); }, [matchId, room.roomCode]);
  return (seat) => {
    const s = room.seats[seat];
    if (!s?.taken || !s.claimed || s.bot) return null;
    const p = profiles(s.displayName);
    return p ? { username: p.username, rating: ratingFor(p, room.gameId) } : null;
  };
}

/** What follows a seat's name: its rating for this game, the name linked to the profile by the caller. */
export function SeatRating({ info, testId }: { info: { rating?: GameRating } | null; testId: string }) {
  return info?.rating ? <> <RatingBadge rating={info.rating} testId={testId} /></> : null;
}
