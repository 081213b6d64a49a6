// A player's public profile (/players/{name}, docs/ratings.md "Profiles"):
// his rating per game (provisional in words), games played and won, and his
// recent finished matches with links to their replays. The server answers
// one 404 for an unknown name, a guest and a deleted account: one sentence.
import { useEffect, useState } from "preact/hooks";
import { t, getLang } from "../i18n";
import { store, useStore } from "../state/store";
import type { GameInfo } from "../gen/brethren/v1/game_pb";
import type { AccountInfo, PlayerProfile } from "../gen/brethren/v1/protocol_pb";
import { fetchProfile, matchRoom } from "../state/players";
import { profileReplayHref } from "../state/api";
import { humanize } from "../logic/options";
import { dayText, leaderboardPath, profilePath, placeWords, ratingChange, ratingNumber, whenText, winShare } from "../logic/ratings";

/** A game's name in words (the server's list; before it arrives, the id made readable). */
export function gameName(games: GameInfo[], gameId: string): string {
  return games.find((g) => g.id === gameId)?.displayName ?? humanize(gameId);
}

export function ProfilePage({ name }: { name: string }) {
  const s = useStore();
  // undefined: loading; null: no such public profile; "failed": the request failed.
  const [profile, setProfile] = useState<PlayerProfile | null | undefined | "failed">(undefined);
  useEffect(() => {
    setProfile(undefined);
    fetchProfile(name).then(setProfile, (e: Error) => {
      console.info(e.message);
      setProfile("failed");
    });
  }, [name]);
  useEffect(() => {
    const shown = profile && profile !== "failed" ? profile.username : "";
    document.title = shown ? `${shown} — ${t("app.title")}` : t("app.title");
  }, [profile]);
  const boards = (
    <p>
      <a href={leaderboardPath() + location.search} onClick={(e) => { e.preventDefault(); store.navigate(leaderboardPath()); }} data-testid="profile-leaderboards">
        {t("players.toLeaderboards")}
      </a>
    </p>
  );
  if (profile === undefined) return <section class="panel profile-page"><p role="status">{t("players.loading")}</p></section>;
  if (profile === null || profile === "failed") {
    return (
      <section class="panel profile-page" data-testid="profile-missing" aria-labelledby="profile-h">
        <h1 id="profile-h">{t("players.missing.title")}</h1>
        <p role="status">{profile === null ? t("players.missing.text") : t("error.connection")}</p>
        {boards}
      </section>
    );
  }
  const a = s.account;
  const mine = !!a && !a.guest && a.username.toLowerCase() === profile.username.toLowerCase();
  const since = dayText(profile.createdUnixMs, getLang());
  return (
    <div class="profile-page" data-testid="profile" data-username={profile.username}>
      <section class="panel" aria-labelledby="profile-h">
        <h1 id="profile-h" data-testid="profile-name">
          <span aria-hidden="true">👤</span> {profile.username}
          {mine && <span class="profile-you"> ({t("room.you")})</span>}
        </h1>
        {since && <p class="hint">{t("players.since", { date: since })}</p>}
        {boards}
      </section>
      <section class="panel" aria-labelledby="ratings-h">
        <h2 id="ratings-h">{t("players.ratings")}</h2>
        {profile.ratings.length === 0 ? (
          <p data-testid="profile-no-ratings">{t("players.noRatings")}</p>
        ) : (
          <div class="table-scroll">
            <table class="data-table" data-testid="profile-ratings">
              <thead>
                <tr>
                  <th scope="col">{t("players.game")}</th>
                  <th scope="col">{t("players.ratingLabel")}</th>
                  <th scope="col" class="num">{t("players.games")}</th>
                  <th scope="col" class="num">{t("players.wins")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.ratings.map((r) => (
                  <tr data-testid={`profile-rating-${r.gameId}`} data-provisional={String(r.provisional)}>
                    <th scope="row">{gameName(s.games, r.gameId)}</th>
                    <td>
                      <strong class="rating-number">{ratingNumber(r.rating)}</strong>
                      {r.provisional && <span class="prov-tag" data-testid="provisional"> {t("players.provisional")}</span>}
                    </td>
                    <td class="num" data-testid="games-played">{r.games}</td>
                    <td class="num" data-testid="games-won">{r.wins}{r.games > 0 && <span class="hint"> ({winShare(r.wins, r.games)})</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {profile.ratings.some((r) => r.provisional) && <p class="hint">{t("players.provisionalHint")}</p>}
      </section>
      <section class="panel" aria-labelledby="recent-h">
        <h2 id="recent-h">{t("players.recent")}</h2>
        {profile.recentMatches.length === 0 ? (
          <p data-testid="profile-no-matches">{t("players.noMatches")}</p>
        ) : (
          <ul class="recent-matches" data-testid="profile-matches">
            {profile.recentMatches.map((m) => {
              const id = String(m.matchId);
              // With the room's code when this browser was there: its seat's own replay, a private room's too.
              const href = profileReplayHref(id, m.replayUrl, matchRoom(id), location.search);
              return (
                <li data-testid={`profile-match-${String(m.matchId)}`} class={m.won ? "won" : ""}>
                  <span class="recent-game">{gameName(s.games, m.gameId)}</span>
                  <span class="hint">{whenText(m.finishedUnixMs, getLang())}</span>
                  <span class="recent-place">
                    {m.won ? `🏆 ${t("players.won")}` : placeWords(m, t)}
                  </span>
                  <span class="recent-rating">
                    {m.rated
                      ? t("players.ratingAfter", { n: ratingNumber(m.ratingAfter), change: ratingChange(m.ratingChange) })
                      : t("players.unrated")}
                  </span>
                  <a href={href} data-testid="profile-replay">
                    {t("players.replay")}
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The account page's way to one's own profile (a guest has none: claiming gives one). */
export function MyProfile({ account }: { account: AccountInfo }) {
  const path = account.guest ? "" : profilePath(account.username);
  return (
    <section class="panel account-section" aria-labelledby="my-profile-h" data-testid="my-profile">
      <h2 id="my-profile-h">{t("players.myProfile.title")}</h2>
      {account.guest ? (
        <p class="hint">{t("players.myProfile.guest")}</p>
      ) : (
        <>
          <p class="hint">{t("players.myProfile.text")}</p>
          <p>
            <a href={path + location.search} onClick={(e) => { e.preventDefault(); store.navigate(path); }} data-testid="my-profile-link">
              {t("players.myProfile.link")}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
