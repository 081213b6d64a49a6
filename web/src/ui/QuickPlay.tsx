// The lobby's quick play: a game and a seat count (only those the game
// allows), "Find a table", then a wait with its elapsed time and Cancel;
// when the server finds the table the page goes to it
// (src/state/quickPlay.ts holds the wait).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, hasKey } from "../i18n";
import { store, useStore } from "../state/store";
import { useWatched } from "../state/watched";
import { clockText, defaultSeats, seatChoices, secondsLeft, type QuickPlayView } from "../state/quickPlay";
import type { GameInfo } from "../gen/brethren/v1/game_pb";

export function QuickPlay() {
  const s = useStore();
  const q = useWatched(store.quickPlay.state);
  return (
    <section class="panel quick-play" aria-labelledby="quick-h" data-testid="quick-play" data-phase={q.phase}>
      <h2 id="quick-h"><span aria-hidden="true">⚡ </span>{t("quick.title")}</h2>
      {q.phase === "idle" ? <QuickForm games={s.games} view={q} /> : <QuickWait view={q} games={s.games} />}
    </section>
  );
}

function gameName(games: GameInfo[], id: string): string {
  if (hasKey(`game.${id}.name`)) return t(`game.${id}.name`);
  return games.find((g) => g.id === id)?.displayName ?? id;
}

function QuickForm({ games, view }: { games: GameInfo[]; view: Extract<QuickPlayView, { phase: "idle" }> }) {
  const s = useStore();
  // After a wait (cancelled, refused) the form offers what was asked for.
  const [gameId, setGameId] = useState(store.quickPlay.lastChoice.gameId);
  const [chosen, setChosen] = useState(store.quickPlay.lastChoice.seats);
  const find = useRef<HTMLButtonElement>(null);
  // Back from a wait (cancelled, refused): the focus returns to the button.
  useEffect(() => {
    if (view.notice && focusLost()) find.current?.focus();
  }, [view.notice]);
  const game = games.find((g) => g.id === gameId) ?? games[0];
  if (!game) return <p>{t("conn.connecting")}</p>;
  const seats = defaultSeats(game, chosen);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void store.quickPlay.find(game.id, seats);
      }}
    >
      <p class="hint">{t("quick.text")}</p>
      <label class="field">
        <span>{t("lobby.game")}</span>
        <select
          data-testid="quick-game"
          value={game.id}
          onChange={(e) => { setGameId((e.target as HTMLSelectElement).value); store.quickPlay.clearNotice(); }}
        >
          {games.map((g) => <option value={g.id}>{gameName(games, g.id)}</option>)}
        </select>
      </label>
      <fieldset class="seat-chips" data-testid="quick-seats">
        <legend>{t("quick.players")}</legend>
        {seatChoices(game).map((n) => (
          <label class="chip">
            <input
              type="radio"
              name="quick-seats"
              value={n}
              checked={n === seats}
              data-testid={`quick-seats-${n}`}
              onChange={() => { setChosen(n); store.quickPlay.clearNotice(); }}
            />
            <span>{n}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary" ref={find} data-testid="quick-find" disabled={s.conn !== "open"}>{t("quick.find")}</button>
      {view.notice && (
        <p class={view.notice.error ? "error" : "hint"} role={view.notice.error ? "alert" : "status"} data-testid="quick-message">
          {t(view.notice.key)}
        </p>
      )}
    </form>
  );
}

function QuickWait({ view, games }: { view: Exclude<QuickPlayView, { phase: "idle" }>; games: GameInfo[] }) {
  const now = useTicking();
  const cancel = useRef<HTMLButtonElement>(null);
  const waiting = view.phase === "waiting";
  // The form went away: the focus goes to Cancel once it can be pressed (never to the page's body).
  useEffect(() => {
    if (waiting && focusLost()) cancel.current?.focus();
  }, [waiting]);
  const left = waiting ? secondsLeft(view.botsAt, now) : 0;
  return (
    <div class="quick-wait" data-testid="quick-wait">
      <div class="quick-wait-head">
        <span class="spinner" aria-hidden="true" />
        <p role="status" class="quick-wait-title" data-testid="quick-status">
          {waiting ? t("quick.waiting", { game: gameName(games, view.gameId), n: view.seats }) : t("quick.asking")}
        </p>
      </div>
      <p class="quick-elapsed" data-testid="quick-elapsed">
        {t("quick.elapsed", { time: clockText(now - view.since) })}
      </p>
      {waiting && <p class="hint" data-testid="quick-queue">{view.waiting <= 1 ? t("quick.alone") : t("quick.queue", { n: view.waiting })}</p>}
      {waiting && view.botsAt > 0 && <p class="hint" data-testid="quick-bots">{left > 0 ? t("quick.botsIn", { s: left }) : t("quick.botsNow")}</p>}
      <button
        type="button"
        ref={cancel}
        data-testid="quick-cancel"
        disabled={!waiting || view.cancelling}
        onClick={() => void store.quickPlay.cancel()}
      >
        {t("quick.cancel")}
      </button>
    </div>
  );
}

/** The focused element went away with the part of the page that held it. */
function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** The time now, again every second (the elapsed wait and the bots' countdown). */
function useTicking(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}
