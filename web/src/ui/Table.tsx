import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { VNode } from "preact";
import { store, useStore } from "../state/store";
import { t, hasKey, getLang } from "../i18n";
import type { RoomInfo } from "../gen/brethren/v1/protocol_pb";
import type { EventRecord, GameAction, GameView, MatchView } from "../gen/brethren/v1/game_pb";
import { describeEvent, actionKind, eventSeat } from "../logic/describe";
import { describeOutcome } from "../logic/outcome";
import { useTurnAttention, type Turn } from "./attention";
import { placeFocus } from "./focus";
import { httpBase, serverUrl } from "../net/connection";
import { Moves, MoveButton, SubmitMove, gameMoves } from "./moves";
import { seatNamer } from "./names";
import type { SeatNamer } from "../logic/describe";
import { secondsLeft } from "../logic/clock";
import { seatColours, withGame } from "../games/registry";
import type { SeatColour } from "../games/types";
import { gameEvents } from "../games/payload";
import { markUpdateDrawn } from "../state/testHooks";
import { replayHref } from "../state/api";
import { PlayerLink, SeatRating, useSeatRatings } from "./PlayerRating";

/** How often the turn clock redraws. */
const CLOCK_TICK_MS = 250;
/** Seconds left at which the clock shows as low. */
const CLOCK_LOW_S = 10;
/** Log lines drawn (the whole log stays in the state). */
const LOG_LINES_SHOWN = 300;
/** The most seats of any game (the log's cache key names them all). */
const MAX_SEATS = 6;

export function Table({ room }: { room: RoomInfo }) {
  const s = useStore();
  const view = s.view!;
  const names = seatNamer(room);
  const moves = new Moves(view.legalActions, names, view.game);
  // The match's events up to the drawn view (the log may hold newer ones a moment before the view).
  const past = useMemo(() => s.log.events.filter((e) => e.version <= view.version), [s.log.events, view.version]);
  const me = view.viewerSeat;
  // The board claims the moves it draws on things while it renders; the list
  // of other moves renders after it (a later sibling) and shows the rest.
  const drawn = withGame(view.game?.game, (client, gameView) => (
    <client.Board
      view={gameView}
      match={view}
      moves={gameMoves(moves, client.oneofCase)}
      names={names}
      me={me}
      lastEvents={gameEvents(s.lastEvents, client.oneofCase)}
      events={gameEvents(past, client.oneofCase)}
    />
  ));
  const colours = seatColours(view.game?.game, view.seatCount);
  const rules = withGame(view.game?.game, (client, gameView) => <client.RulesPanel view={gameView} match={view} />);
  const gameKey = withGame(view.game?.game, (client) => client.key) ?? "";
  const mine = !view.finished && view.toAct.includes(me);
  const turn = turnOf(view, me);
  const game = s.games.find((g) => g.id === room.gameId);
  useTurnAttention(turn, view.version, game?.displayName ?? "");
  const root = useRef<HTMLElement>(null);
  useLayoutEffect(() => markUpdateDrawn());
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    placeFocus(el);
    if (turn !== "none") bringMovesIntoView(el);
  }, [view.version, turn]);
  return (
    <section
      ref={root}
      class={`panel table game-${view.gameId}`}
      data-testid="table"
      data-version={String(view.version)}
      data-finished={String(view.finished)}
      data-my-turn={String(mine)}
      aria-labelledby="table-h"
    >
      <SubmitMove.Provider value={submitMove}>
      <h2 id="table-h" class="sr-only">{game?.displayName ?? t("room.title")}</h2>
      {s.resynced && <p class="hint">{t("table.resync")}</p>}
      {view.finished && <Outcome view={view} room={room} names={names} colours={colours} />}
      <div class="board">{drawn}</div>
      {!view.finished && <ActionBar view={view} moves={moves} names={names} deadline={s.deadlineUnixMs} turn={turn} gameKey={gameKey} />}
      {rules && (
        <details class="rules">
          <summary>{t("rules.title")}</summary>
          {rules}
        </details>
      )}
      <EventLog names={names} colours={colours} />
      </SubmitMove.Provider>
    </section>
  );
}

/** A move goes to the server through the store (boards and their buttons never import it). */
const submitMove = (action: GameAction) => store.submit(action);

/** "must": the viewer has to decide; "may": he may react (or decline); "none". */
export function turnOf(view: MatchView, me: number): Turn {
  if (view.finished || !view.toAct.includes(me) || view.legalActions.length === 0) return "none";
  return view.legalActions.some((a) => actionKind(a) === "decline") ? "may" : "must";
}

/** When the viewer must act and none of his moves is on screen, the first one is scrolled into view. */
function bringMovesIntoView(table: HTMLElement) {
  const moves = [...table.querySelectorAll<HTMLElement>("button.move")];
  if (moves.length === 0) return;
  const visible = moves.some((b) => {
    const r = b.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
  });
  if (!visible) moves[0].scrollIntoView({ block: "center", behavior: "auto" });
}

/** The sticky bar: whose turn, what the viewer must (or may) decide, the moves no board drew, the clock. */
function ActionBar({ view, moves, names, deadline, turn, gameKey }: { view: MatchView; moves: Moves; names: SeatNamer; deadline: number; turn: Turn; gameKey: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, [deadline]);
  const rest = moves.unclaimed();
  const others = view.toAct.filter((x) => x !== view.viewerSeat).map(names).join(", ");
  const left = secondsLeft(deadline, now);
  const firstKind = view.legalActions.length ? actionKind(view.legalActions[0]) : "";
  const promptKey = `${gameKey}.prompt.${firstKind}`;
  const why = turn !== "none" && hasKey(promptKey) ? t(promptKey) : "";
  return (
    <div class={`action-bar turn-bar ${turn}`} data-testid="action-bar" tabIndex={-1} aria-label={t("table.moves")}>
      <p class="prompt" role="status" data-testid="turn">
        {turn === "must" && <strong>➤ {t("table.youMust")}</strong>}
        {turn === "may" && <strong>◇ {t("table.youMay")}</strong>}
        {why && <span class="why" data-testid="prompt-why"> {why}</span>}
        {others && <span> {turn !== "none" ? t("table.waiting", { names: others }) : t("table.turn", { names: others })}</span>}
        {left !== null && <span class={`clock ${left <= CLOCK_LOW_S ? "low" : ""}`} data-testid="clock">⏱ {t("table.clock", { s: left })}</span>}
      </p>
      {rest.length > 0 && (
        <div class="moves" role="group" aria-label={t("table.otherMoves")} data-testid="moves">
          {rest.map((e) => <MoveButton e={e} label={moves.label(e)} />)}
        </div>
      )}
    </div>
  );
}

/** A player's colour as on the board: a disc (the name beside it is the text cue, with the colour's word when the game names it). */
function SeatMark({ c }: { c: SeatColour | null | undefined }) {
  return c ? <span class="seat-mark" style={{ background: c.css }} aria-hidden="true" /> : null;
}

function Outcome({ view, room, names, colours }: { view: MatchView; room: RoomInfo; names: SeatNamer; colours: (SeatColour | null)[] }) {
  const text = describeOutcome(view.outcome, names, (k, p) => t(k, p));
  const rated = useSeatRatings(room);
  const matchId = room.match?.matchId;
  // ?room= lets a cluster's proxy route to the room's node (match ids are per node).
  const api = matchId ? `${httpBase(serverUrl(location))}/api/matches/${matchId}?room=${encodeURIComponent(room.roomCode)}` : null;
  return (
    <div class="outcome" data-testid="outcome" role="region" aria-labelledby="outcome-h">
      <h3 id="outcome-h">{t("outcome.title")}</h3>
      <p class="headline" data-testid="outcome-headline">🏆 {text.headline}</p>
      {text.tieBreaks.map((line) => <p class="hint" data-testid="outcome-tiebreak">{line}</p>)}
      <table>
        <thead><tr><th scope="col">{t("outcome.rank")}</th><th scope="col">{t("outcome.player")}</th><th scope="col">{t("outcome.score")}</th><th scope="col">{t("outcome.winner")}</th></tr></thead>
        <tbody>
          {text.rows.map((r) => (
            <tr class={r.winner ? "winner" : ""} data-testid={`outcome-row-${r.seat}`}>
              <td>{r.rankText}</td><td data-testid={`outcome-name-${r.seat}`}><SeatMark c={colours[r.seat]} />{rated(r.seat) ? <PlayerLink username={rated(r.seat)!.username}><span class="who">{r.name}</span></PlayerLink> : <span class="who">{r.name}</span>}{colours[r.seat]?.word && <span class="colour-word"> · {colours[r.seat]!.word}</span>}<SeatRating info={rated(r.seat)} testId={`outcome-rating-${r.seat}`} /></td><td>{t("outcome.points", { n: r.score })}{r.tieBroken ? ` · ${t("outcome.byTieBreak")}` : ""}</td><td>{r.winner ? `🏆 ${t("outcome.won")}` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {api && (
        <p>
          <a href={replayHref(String(matchId), room.roomCode, location.search)} data-testid="replay-link">{t("outcome.replay")}</a> ·{" "}
          <a href={api} target="_blank" rel="noopener" data-testid="history-link">{t("outcome.history")}</a>
        </p>
      )}
    </div>
  );
}

/** Each log line is worded once per language and set of names (an update redraws the table, not 300 sentences). */
const lines = new WeakMap<EventRecord, { sig: string; text: string }>();
function logLine(e: EventRecord, names: SeatNamer, sig: string, view: GameView | undefined): string {
  const hit = lines.get(e);
  if (hit && hit.sig === sig) return hit.text;
  const text = describeEvent(e.event!, names, view);
  lines.set(e, { sig, text });
  return text;
}

function EventLog({ names, colours }: { names: SeatNamer; colours: (SeatColour | null)[] }) {
  const s = useStore();
  const list = useRef<HTMLOListElement>(null);
  const events = s.log.events;
  const sig = [getLang(), ...Array.from({ length: MAX_SEATS }, (_, i) => names(i))].join("|");
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <div class="event-log">
      <h3>{t("table.log")}</h3>
      <ol ref={list} data-testid="event-log" tabIndex={0} aria-live="polite">
        {events.slice(-LOG_LINES_SHOWN).map((e) => {
          // A game may leave an event out of the log (noise): no empty line.
          const text = e.event ? logLine(e, names, sig, s.view?.game) : "";
          const seat = e.event ? eventSeat(e.event) : null;
          return text ? <li key={String(e.version)} data-version={String(e.version)}>{seat !== null && <SeatMark c={colours[seat]} />}{text}</li> : null;
        })}
      </ol>
    </div>
  );
}

