// The leaderboards (/leaderboards/{game}, docs/ratings.md "Leaderboards"):
// a game chooser and that game's board, page by page: rank, name (linked to
// the profile), rating, games. Only settled players with 10 or more rated
// games are listed; an empty board says so in words.
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { store, useStore } from "../state/store";
import type { Leaderboard } from "../gen/brethren/v1/protocol_pb";
import { fetchLeaderboard } from "../state/players";
import { leaderboardPath, rankRows } from "../logic/ratings";
import { PlayerLink } from "./PlayerRating";

/** The first three places' medals (decoration: the number is the text). */
const MEDALS = ["🥇", "🥈", "🥉"];

export function LeaderboardPage({ gameId }: { gameId: string | null }) {
  const s = useStore();
  // An unknown game in the address: the first game's board.
  const game = s.games.some((g) => g.id === gameId) ? gameId! : (s.games[0]?.id ?? "");
  // Offsets of the pages shown so far: "Previous" goes back one.
  const [offsets, setOffsets] = useState<number[]>([0]);
  const [board, setBoard] = useState<Leaderboard | null | "failed">(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const offset = offsets[offsets.length - 1];
  useEffect(() => setOffsets([0]), [game]);
  useEffect(() => {
    if (!game) return;
    let live = true;
    setBoard(null);
    fetchLeaderboard(game, offset).then(
      (b) => live && setBoard(b),
      (e: Error) => { console.info(e.message); if (live) setBoard("failed"); },
    );
    return () => { live = false; };
  }, [game, offset]);
  const page = (next: number[]) => {
    setOffsets(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const rows = board && board !== "failed" ? rankRows(board.rows) : [];
  return (
    <section class="panel leaderboard-page" data-testid="leaderboard" aria-labelledby="leaderboard-h">
      <h1 id="leaderboard-h" ref={heading} tabIndex={-1}>{t("players.leaderboards")}</h1>
      <p class="hint">{t("players.leaderboardRule")}</p>
      {s.games.length > 0 && (
        <label class="field inline leaderboard-game">
          <span>{t("players.game")}</span>
          <select data-testid="leaderboard-game" value={game} onChange={(e) => store.navigate(leaderboardPath((e.target as HTMLSelectElement).value))}>
            {s.games.map((g) => <option value={g.id}>{g.displayName}</option>)}
          </select>
        </label>
      )}
      {!game || board === null ? (
        <p role="status">{t("players.loading")}</p>
      ) : board === "failed" ? (
        <p role="alert">{t("error.connection")}</p>
      ) : rows.length === 0 ? (
        <p data-testid="leaderboard-empty" role="status">{offset === 0 ? t("players.boardEmpty") : t("players.boardEnd")}</p>
      ) : (
        <div class="table-scroll">
          <table class="data-table" data-testid="leaderboard-rows">
            <caption class="sr-only">{t("players.boardCaption", { game: s.games.find((g) => g.id === game)?.displayName ?? "" })}</caption>
            <thead>
              <tr>
                <th scope="col" class="num">{t("players.rank")}</th>
                <th scope="col">{t("outcome.player")}</th>
                <th scope="col" class="num">{t("players.ratingLabel")}</th>
                <th scope="col" class="num">{t("players.games")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-testid={`leaderboard-row-${r.position}`} class={s.account?.username && s.account.username.toLowerCase() === r.username.toLowerCase() ? "mine" : ""}>
                  <td class="num">{r.position <= MEDALS.length && <span class="medal" aria-hidden="true">{MEDALS[r.position - 1]}</span>}{r.position}</td>
                  <th scope="row"><PlayerLink username={r.username} /></th>
                  <td class="num"><strong>{r.rating}</strong></td>
                  <td class="num">{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {board && board !== "failed" && (offsets.length > 1 || board.nextOffset > 0) && (
        <p class="pager">
          <button type="button" data-testid="leaderboard-prev" disabled={offsets.length <= 1} onClick={() => page(offsets.slice(0, -1))}>
            ← {t("players.previous")}
          </button>
          <span class="hint" data-testid="leaderboard-page">{t("players.pageN", { n: offsets.length })}</span>
          <button type="button" data-testid="leaderboard-next" disabled={board.nextOffset === 0} onClick={() => page([...offsets, board.nextOffset])}>
            {t("players.next")} →
          </button>
        </p>
      )}
    </section>
  );
}
