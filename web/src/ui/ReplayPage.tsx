// Steps through a finished match from GET /api/matches/{id}: the public log,
// or this browser's seat's own replay when it holds the room's seat token.
// At every step the game's board is drawn, read-only, from the server's view
// of that step (GET /api/matches/{id}/views, same viewer as the log), else
// from the view this browser was shown then (src/state/views.ts: a Tortuga
// match stored before its log was kept under seal has only its final view on
// the server). A match still being played has no replay yet: the page says
// so and leads to its room (to watch it, where spectators may).
import type { JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { t } from "../i18n";
import { store, useStore } from "../state/store";
import type { MatchHistory } from "../gen/brethren/v1/history_pb";
import { loadCredentials } from "../state/session";
import { fetchHistory, fetchViews, HistoryError } from "../state/api";
import { httpErrorKey } from "../logic/errors";
import { describeEvent, describeAction } from "../logic/describe";
import { clampStep } from "../logic/replay";
import { recordedViews, serverViews, serverViewAt, viewAt, type RecordedViews } from "../state/views";
import { withGame } from "../games/registry";
import { gameEvents } from "../games/payload";
import { Moves, gameMoves } from "./moves";
import { describeOutcome } from "../logic/outcome";
import { botKindName } from "./names";

/** Autoplay: one event per tick. */
const AUTOPLAY_MS = 900;
/** The history's answer for a match that has not ended (HTTP 409 Conflict). */
const NOT_FINISHED = 409;

/** A replay asked for too early: the match is still on; its room is where to see it. */
function LiveMatch({ room, seated, watchable, back }: { room: string | null; seated: boolean; watchable: boolean; back: JSX.Element }) {
  const href = room ? `/r/${room}${location.search}` : null;
  const go = (e: MouseEvent) => { e.preventDefault(); store.navigate(`/r/${room}`); };
  return (
    <section class="panel replay-live" data-testid="replay-live" aria-labelledby="replay-live-h">
      <h1 id="replay-live-h">{t("replay.live.title")}</h1>
      <p role="status">{t("replay.live.text")}</p>
      {href && (seated || watchable) ? (
        <p>
          <a href={href} onClick={go} data-testid="replay-watch-live">
            {seated ? t("replay.live.backToSeat") : t("replay.live.watch")}
          </a>
        </p>
      ) : (
        <p class="hint" data-testid="replay-live-closed">{t("replay.live.closed")}</p>
      )}
      {back}
    </section>
  );
}

export function ReplayPage({ matchId }: { matchId: string }) {
  const s = useStore();
  const [history, setHistory] = useState<MatchHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const room = new URLSearchParams(location.search).get("room");
  const creds = room ? loadCredentials(room) : {};
  const [asSeat, setAsSeat] = useState(!!creds.seatToken);
  const [fetched, setFetched] = useState<RecordedViews | null>(null);
  // A match still being played (the history answers 409): whether its room lets the public watch.
  const [live, setLive] = useState<{ watchable: boolean } | null>(null);
  useEffect(() => {
    setHistory(null);
    setFetched(null);
    setLive(null);
    const viewer = asSeat ? creds : { ...creds, seatToken: undefined };
    // Without the server's views the board comes from this browser's own (or is not drawn).
    fetchViews(matchId, room, viewer).then(
      (v) => setFetched(serverViews(v.seat, v.views)),
      (e: Error) => console.info(e.message),
    );
    fetchHistory(matchId, room, viewer).then(
      (h) => { setHistory(h); setStep(h.events.length); setError(null); },
      (e: Error) => {
        console.info(e.message);
        if (e instanceof HistoryError && e.status === NOT_FINISHED) {
          // The public table of a live match is served only where spectators may watch.
          fetchViews(matchId, room, { ...creds, seatToken: undefined }).then(
            () => setLive({ watchable: true }),
            () => setLive({ watchable: false }),
          );
          return;
        }
        setError(t(e instanceof HistoryError ? httpErrorKey(e.status) : "error.connection"));
      },
    );
  }, [matchId, asSeat]);
  const n = history?.events.length ?? 0;
  useEffect(() => {
    if (!playing) return;
    if (step >= n) { setPlaying(false); return; }
    const id = setTimeout(() => setStep((x) => clampStep(x + 1, n)), AUTOPLAY_MS);
    return () => clearTimeout(id);
  }, [playing, step, n]);
  const recorded = useMemo(() => recordedViews(matchId), [matchId]);
  const back = <a href="/" onClick={(e) => { e.preventDefault(); store.navigate("/"); }}>{t("replay.back")}</a>;
  if (live) return <LiveMatch room={room} seated={!!creds.seatToken} watchable={live.watchable} back={back} />;
  if (error) return <section class="panel"><p role="alert" data-testid="replay-error">{t("replay.failed", { why: error })}</p>{back}</section>;
  if (!history) return <section class="panel"><p>{t("replay.loading")}</p></section>;
  // As the room names them: a bot by its level in words, two alike with their seat number.
  const baseName = (seat: number) => {
    const p = history.players.find((x) => x.seat === seat);
    if (p?.bot) return t("bot.name", { kind: botKindName(p.bot) });
    return p?.displayName || t("table.seatName", { n: seat + 1 });
  };
  const names = (seat: number) => {
    const name = baseName(seat);
    return history.players.some((o) => o.seat !== seat && baseName(o.seat) === name) ? `${name} #${seat + 1}` : name;
  };
  const go = (to: number) => { setPlaying(false); setStep(clampStep(to, n)); };
  const gameName = s.games.find((g) => g.id === history.gameId)?.displayName ?? "";
  const version = step > 0 ? history.events[step - 1].version : 0n;
  // The board of this step (same viewer as the log), read-only: the server's
  // last view at or before the step's event (the setup's view before any),
  // else the one this browser was shown.
  const fromServer = fetched && fetched.seat === history.seat ? serverViewAt(fetched.versions, version) : -1;
  const sameViewer = recorded && recorded.seat === history.seat;
  const viewIndex = sameViewer ? viewAt(recorded.versions, version) : -1;
  const view = fromServer >= 0 ? fetched!.view(fromServer) : viewIndex >= 0 ? recorded!.view(viewIndex) : null;
  const stepEvents = step > 0 ? [history.events[step - 1]] : [];
  const board = view
    ? withGame(view.game?.game, (client, gameView) => (
        <client.Board
          view={gameView}
          match={{ ...view, legalActions: [] }}
          moves={gameMoves(new Moves([], names), client.oneofCase)}
          names={names}
          me={view.viewerSeat}
          lastEvents={gameEvents(stepEvents, client.oneofCase)}
          events={gameEvents(history.events.filter((e) => e.version <= view.version), client.oneofCase)}
        />
      ))
    : null;
  const outcome = describeOutcome(history.outcome, names, (k, p) => t(k, p));
  return (
    <section
      class="panel replay"
      data-testid="replay"
      aria-labelledby="replay-h"
      onKeyDown={(e) => {
        if (e.target instanceof HTMLInputElement) return;
        if (e.key === "ArrowRight") go(step + 1);
        if (e.key === "ArrowLeft") go(step - 1);
      }}
    >
      <h1 id="replay-h" data-testid="replay-heading">{gameName ? t("replay.heading", { game: gameName }) : t("replay.title", { id: String(history.matchId) })}</h1>
      <p>{t("replay.players", { names: history.players.map((p) => `${names(p.seat)}${p.bot ? " 🤖" : ""}`).join(", ") })}</p>
      <p data-testid="replay-outcome">🏆 {outcome.headline}</p>
      {creds.seatToken && (
        <p class="replay-viewer" role="group">
          <label class="check">
            <input type="radio" name="viewer" checked={asSeat} onChange={() => setAsSeat(true)} data-testid="replay-as-seat" /> {t("replay.asSeat", { name: t("room.you") })}
          </label>{" "}
          <label class="check">
            <input type="radio" name="viewer" checked={!asSeat} onChange={() => setAsSeat(false)} data-testid="replay-public" /> {t("replay.public")}
          </label>
        </p>
      )}
      <div class="replay-controls" role="group" aria-label={t("replay.controls")}>
        <button type="button" data-testid="replay-first" onClick={() => go(0)} disabled={step === 0}>⏮ {t("replay.first")}</button>
        <button type="button" data-testid="replay-prev" onClick={() => go(step - 1)} disabled={step === 0}>◀ {t("replay.prev")}</button>
        <button type="button" data-testid="replay-play" aria-pressed={playing} onClick={() => { if (step >= n) setStep(0); setPlaying(!playing); }}>
          {playing ? `⏸ ${t("replay.pause")}` : `▷ ${t("replay.autoplay")}`}
        </button>
        <button type="button" data-testid="replay-next" onClick={() => go(step + 1)} disabled={step === n}>{t("replay.next")} ▶</button>
        <button type="button" data-testid="replay-last" onClick={() => go(n)} disabled={step === n}>{t("replay.last")} ⏭</button>
        <label class="field inline jump">
          <span>{t("replay.jump")}</span>
          <input type="number" min={0} max={n} value={step} data-testid="replay-jump" onChange={(e) => go(Number((e.target as HTMLInputElement).value))} />
        </label>
        <span data-testid="replay-step" aria-live="polite">{t("replay.step", { i: step, n })}</span>
      </div>
      {board ? (
        <div class={`board replay-board game-${history.gameId}`} data-testid="replay-board" data-version={String(view!.version)}>
          {board}
        </div>
      ) : (
        <p class="hint" data-testid="replay-no-board">{t("replay.noBoard")}</p>
      )}
      <ol class="replay-log" data-testid="replay-log">
        {history.events.slice(0, step).map((e, i) => (
          <li class={i === step - 1 ? "current" : ""}>
            <button type="button" class="link" onClick={() => go(i + 1)} aria-label={t("replay.jump")}>{i + 1}</button> {e.event ? describeEvent(e.event, names, view?.game) : ""}
          </li>
        ))}
      </ol>
      {history.actionsPublished && (
        <details>
          <summary>{t("replay.actions", { n: history.actions.length })}</summary>
          <ol>{history.actions.map((a) => <li>{names(a.seat)}: {a.action ? describeAction(a.action, names, view?.game) : ""}</li>)}</ol>
        </details>
      )}
      {history.fairness && <p class="hint">{t("room.fairness")}: <code>{history.fairness.seedCommitment}</code> · {t("replay.seed")} {history.fairness.seed}</p>}
      {back}
    </section>
  );
}
