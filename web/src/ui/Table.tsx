import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { VNode } from "preact";
import { useStore } from "../state/store";
import { t } from "../i18n";
import type { RoomInfo } from "../gen/brethren/v1/protocol_pb";
import type { MatchView } from "../gen/brethren/v1/game_pb";
import { describeEvent } from "../logic/describe";
import { httpBase, serverUrl } from "../net/connection";
import { Moves, MoveButton, gameMoves } from "./moves";
import { seatNamer } from "./names";
import type { SeatNamer } from "../logic/describe";
import { secondsLeft } from "../logic/clock";
import { withGame } from "../games/registry";
import { gameEvents } from "../games/payload";
import { markUpdateDrawn } from "../state/testHooks";
import { replayHref } from "../state/api";

/** How often the turn clock redraws. */
const CLOCK_TICK_MS = 250;
/** Seconds left at which the clock shows as low. */
const CLOCK_LOW_S = 10;
/** Log lines drawn (the whole log stays in the state). */
const LOG_LINES_SHOWN = 300;

export function Table({ room }: { room: RoomInfo }) {
  const s = useStore();
  const view = s.view!;
  const names = seatNamer(room);
  const moves = new Moves(view.legalActions, names);
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
    />
  ));
  const rules = withGame(view.game?.game, (client, gameView) => <client.RulesPanel view={gameView} match={view} />);
  const mine = view.toAct.includes(me);
  useLayoutEffect(() => markUpdateDrawn());
  return (
    <section
      class={`panel table game-${view.gameId}`}
      data-testid="table"
      data-version={String(view.version)}
      data-finished={String(view.finished)}
      data-my-turn={String(mine)}
      aria-labelledby="table-h"
    >
      <h2 id="table-h" class="sr-only">{room.gameId}</h2>
      <TurnBar view={view} names={names} deadline={s.deadlineUnixMs} />
      {s.resynced && <p class="hint">{t("table.resync")}</p>}
      {view.finished && <Outcome view={view} room={room} names={names} />}
      <div class="board">{drawn}</div>
      <OtherMoves moves={moves} />
      {rules && (
        <details class="rules">
          <summary>{t("rules.title")}</summary>
          {rules}
        </details>
      )}
      <EventLog names={names} />
    </section>
  );
}

/** The legal moves no board drew on a thing, in words. */
function OtherMoves({ moves }: { moves: Moves }) {
  const rest = moves.unclaimed();
  if (rest.length === 0) return null;
  return (
    <div class="moves" role="group" aria-label={t("table.otherMoves")} data-testid="moves">
      <h3>{t("table.moves")}</h3>
      {rest.map((e) => <MoveButton e={e} label={moves.label(e)} />)}
    </div>
  );
}

function TurnBar({ view, names, deadline }: { view: MatchView; names: SeatNamer; deadline: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, [deadline]);
  if (view.finished) return null;
  const mine = view.toAct.includes(view.viewerSeat);
  const others = view.toAct.filter((x) => x !== view.viewerSeat).map(names).join(", ");
  const left = secondsLeft(deadline, now);
  return (
    <div class={`turn-bar ${mine ? "mine" : ""}`} role="status" data-testid="turn">
      {mine ? <strong>➤ {t("table.yourTurn")}</strong> : null}
      {others && <span> {mine ? t("table.waiting", { names: others }) : t("table.turn", { names: others })}</span>}
      {left !== null && <span class={`clock ${left <= CLOCK_LOW_S ? "low" : ""}`} data-testid="clock">⏱ {t("table.clock", { s: left })}</span>}
    </div>
  );
}

function Outcome({ view, room, names }: { view: MatchView; room: RoomInfo; names: SeatNamer }) {
  const seats = [...(view.outcome?.seats ?? [])].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const matchId = room.match?.matchId;
  // ?room= lets a cluster's proxy route to the room's node (match ids are per node).
  const api = matchId ? `${httpBase(serverUrl(location))}/api/matches/${matchId}?room=${encodeURIComponent(room.roomCode)}` : null;
  return (
    <div class="outcome" data-testid="outcome">
      <h3>{t("outcome.title")}</h3>
      <p>{view.outcome?.summary}</p>
      <table>
        <thead><tr><th>{t("outcome.rank")}</th><th>{t("outcome.player")}</th><th>{t("outcome.score")}</th><th>{t("outcome.winner")}</th></tr></thead>
        <tbody>
          {seats.map((r) => (
            <tr class={r.winner ? "winner" : ""}>
              <td>{r.rank}</td><td>{names(r.seat)}</td><td>{r.score}</td><td>{r.winner ? `🏆 ${t("yes")}` : ""}</td>
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

function EventLog({ names }: { names: SeatNamer }) {
  const s = useStore();
  const list = useRef<HTMLOListElement>(null);
  const events = s.log.events;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <div class="event-log">
      <h3>{t("table.log")}</h3>
      <ol ref={list} data-testid="event-log" tabIndex={0} aria-live="polite">
        {events.slice(-LOG_LINES_SHOWN).map((e) => <li data-version={String(e.version)}>{e.event ? describeEvent(e.event, names) : ""}</li>)}
      </ol>
    </div>
  );
}

