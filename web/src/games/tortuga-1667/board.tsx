// Tortuga 1667 drawn as its board: the Spanish Galleon with its chests, the
// two pirate ships (crew in order with their roles, British and French holds,
// each ship's lifeboat), Tortuga (the Governor's column, British, French and
// neutral depots), the event row (what the viewer saw, and who has looked at
// each card: public), the piles, every player's pawn colour, role, vote cards
// and maps; the viewer's loyalty and vote hand (private); what is being decided
// now, by whom and why; the vote in progress (which part of a card counts).
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import type { EventRecord } from "../../gen/brethren/v1/game_pb";
import type { BoardProps, EventOf, GameMoves, TypedMove, ActionKind } from "../types";
import { isCase } from "../types";
import { t } from "../../i18n";
import { useFlip, lastMove, MOTION_MS } from "../../ui/motion";
import type { SeatNamer } from "../../logic/describe";
import {
  Phase,
  Area,
  Team,
  EventCard,
  VoteKind,
  MaroonCause,
  VoteTop,
  type View,
  type VoteCard,
  type PlayerView,
} from "../../gen/brethren/v1/tortuga_1667_pb";
import {
  voteLabel,
  eventCardWord,
  eventCardHelp,
  EVENT_SYMBOL,
  TOP_SYMBOL,
  FLAG_SYMBOL,
  teamName,
  topWord,
  seatColour,
  shipName,
  areaWord,
  countingPart,
} from "./cards";
import "./board.css";

type Ev = EventOf<"tortuga1667">;
type M = GameMoves<"tortuga1667">;
const SHIP_AREAS = [Area.FLYING_DUTCHMAN, Area.JOLLY_ROGER];
const BOAT_AREAS = [Area.FD_LIFEBOAT, Area.JR_LIFEBOAT];
/** A ship holds at most five pawns (T67-11): five fixed places, so nothing jumps. */
const CREW_PLACES = 5;
const ROW_SIZE = 5;
/** After the motion, how long the page may still be settling before the moves are brought into view again. */
const SETTLE_MS = 100;


/** Public knowledge of the event row: who has looked at the card now at each position, and how many cards each position has held. */
function rowKnowledge(events: Ev[]): { lookers: number[][]; gen: number[] } {
  let lookers: Set<number>[] = Array.from({ length: ROW_SIZE }, () => new Set<number>());
  const gen = Array.from({ length: ROW_SIZE }, () => 0);
  for (const e of events) {
    const k = e.kind;
    if (k.case === "looked") for (const s of k.value.slots) lookers[s]?.add(k.value.seat);
    else if (k.case === "revealed") lookers[k.value.slot] = new Set();
    else if (k.case === "rowRefilled") gen[k.value.slot] = (gen[k.value.slot] ?? 0) + 1;
    else if (k.case === "suddenDeath") {
      lookers = lookers.map(() => new Set());
      for (let i = 0; i < ROW_SIZE; i++) gen[i]++;
    }
  }
  return { lookers: lookers.map((s) => [...s]), gen };
}

/** The last revealed vote (shown until the next vote is called). */
function lastVote(events: Ev[]) {
  for (let i = events.length - 1; i >= 0; i--) {
    const k = events[i].kind;
    if (k.case === "voteCalled") return null;
    if (k.case === "voteRevealed") return k.value;
  }
  return null;
}

/** What the last update touched (highlighted until the next) and where new chests came from (motion). */
function touchedBy(events: Ev[] | undefined, v: View) {
  const keys = new Set<string>();
  const from = new Map<string, string>();
  for (const e of events ?? []) {
    const k = e.kind;
    switch (k.case) {
      case "pawnMoved":
        keys.add(`pawn-${k.value.seat}`);
        break;
      case "forced":
        keys.add(`pawn-${k.value.target}`);
        for (const s of k.value.slots) keys.add(`slot-${s}`);
        break;
      case "looked":
        for (const s of k.value.slots) keys.add(`slot-${s}`);
        break;
      case "revealed":
        keys.add(`slot-${k.value.slot}`);
        keys.add(`discard`);
        break;
      case "treasurePlaced": {
        const ship = k.value.ship;
        const hold = k.value.hold === Team.FRENCH ? 1 : 0;
        const sv = v.ships[ship];
        if (!sv) break;
        const n = hold ? sv.french : sv.british;
        const key = `chest-${ship}-${hold}-${n - 1}`;
        keys.add(key);
        const other = v.ships[1 - ship];
        if (k.value.source === 0) from.set(key, `chest-g-${v.galleon}`);
        else if (other) from.set(key, `chest-${1 - ship}-${k.value.source - 1}-${k.value.source === 1 ? other.british : other.french}`);
        break;
      }
      case "treasureShifted": {
        const ship = k.value.ship;
        const fromHold = k.value.from === Team.FRENCH ? 1 : 0;
        const sv = v.ships[ship];
        if (!sv) break;
        const n = fromHold ? sv.british : sv.french;
        const key = `chest-${ship}-${1 - fromHold}-${n - 1}`;
        keys.add(key);
        from.set(key, `chest-${ship}-${fromHold}-${fromHold ? sv.french : sv.british}`);
        break;
      }
      case "brawlResult":
        keys.add("depot-0").add("depot-1");
        break;
      case "stormySeas":
        keys.add(k.value.area === Area.TORTUGA ? "depot-n" : "galleon");
        break;
      case "mapGiven":
      case "mapUsed":
        keys.add(`player-${k.value.owner}`);
        break;
      case "voteRevealed":
        keys.add("vote-result");
        break;
      case "lifeboatsSunk":
        keys.add("boat-0").add("boat-1");
        break;
      case "reordered":
        for (const s of k.value.column) keys.add(`pawn-${s}`);
        break;
      case "cabinFever":
        keys.add(`player-${k.value.reader}`).add(`player-${k.value.other}`);
        break;
      default:
        break;
    }
  }
  return { keys, from };
}

/**
 * A move's button (the table's own, so it behaves as every move) with words
 * of this board for screen readers and the tooltip: for moves whose generic
 * sentence would show a number (a vote card's kind, a chest's source).
 */
function actButton<K extends ActionKind<"tortuga1667">>(moves: M, m: TypedMove<"tortuga1667", K>, label: string, children: ComponentChildren): ComponentChildren {
  return moves.button(m, children, label);
}

function roleWords(p: PlayerView | undefined): string[] {
  if (!p) return [];
  const out: string[] = [];
  if (p.captain) out.push(`⚓ ${t("t67.captain")}`);
  if (p.firstMate) out.push(`🗡 ${t("t67.firstMate")}`);
  if (p.cabinBoy) out.push(`🧹 ${t("t67.cabinBoy")}`);
  if (p.governor) out.push(`🏛 ${t("t67.governor")}`);
  return out;
}

/** A player's pawn: a disc in the player's colour with the initial, the name beside it. */
function Pawn({ seat, names, me, small }: { seat: number; names: SeatNamer; me: number; small?: boolean }) {
  const name = names(seat);
  return (
    <span class={`pawn ${seat === me ? "me" : ""} ${small ? "small" : ""}`} title={name}>
      <span class="disc" style={{ background: seatColour(seat) }} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      {!small && <span class="pname">{name}</span>}
    </span>
  );
}

function Chest({ team, k, touched }: { team: "b" | "f" | "n" | "g"; k: string; touched: Set<string> }) {
  return (
    <svg class={`chest chest-${team} ${lastMove(touched, k)}`} data-anim-key={k} viewBox="0 0 24 18" aria-hidden="true">
      <rect x="2" y="7" width="20" height="10" rx="1.5" />
      <path d="M2 8 Q12 -1 22 8 Z" class="lid" />
      <rect x="10.5" y="8" width="3" height="4" class="lock" />
    </svg>
  );
}

function Chests({ n, team, prefix, touched }: { n: number; team: "b" | "f" | "n" | "g"; prefix: string; touched: Set<string> }) {
  return (
    <span class="chests">
      {Array.from({ length: n }, (_, i) => (
        <Chest team={team} k={`${prefix}-${i}`} touched={touched} />
      ))}
    </span>
  );
}

function ShipSvg({ which }: { which: number }) {
  return (
    <svg class={`ship-svg ship-svg-${which}`} viewBox="0 0 64 40" aria-hidden="true">
      <path d="M4 26 L60 26 L52 37 L12 37 Z" class="hull" />
      <rect x="31" y="3" width="2" height="23" class="mast" />
      <path d="M33 5 L50 14 L33 22 Z" class="sail" />
      <path d="M31 7 L17 22 L31 22 Z" class="sail" />
      <path d="M33 3 L41 5 L33 7 Z" class="flag" />
    </svg>
  );
}

export function Board({ view: v, match, moves, names, me, lastEvents, events }: BoardProps<"tortuga1667">) {
  const root = useRef<HTMLDivElement>(null);
  const known = rowKnowledge(events);
  const { keys: touched, from } = touchedBy(lastEvents, v);
  // A revealed card goes from its position to the discard pile.
  for (const e of lastEvents ?? []) {
    if (e.kind.case !== "revealed") continue;
    const s = e.kind.value.slot;
    const refilled = (lastEvents ?? []).some((x) => x.kind.case === "rowRefilled" && x.kind.value.slot === s && x.kind.value.refilled);
    from.set(`discard-${v.discard.length}`, `row-${s}-${(known.gen[s] ?? 0) - (refilled ? 1 : 0)}`);
  }
  // When the viewer must act and none of his moves is on screen (a phone), the first one comes into view.
  // A layout effect declared before the motion's: positions are measured before anything glides.
  const mustAct = me >= 0 && !match.finished && match.toAct.includes(me);
  useLayoutEffect(() => {
    if (!mustAct) return;
    const bringIntoView = () => {
      const el = root.current;
      if (!el) return;
      const a = document.activeElement;
      if (a && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT")) return;
      const buttons = Array.from(el.querySelectorAll<HTMLElement>("button.move:not(:disabled)"));
      const inView = (b: HTMLElement) => {
        const r = b.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < innerHeight;
      };
      if (buttons.length === 0 || buttons.some(inView)) return;
      buttons[0].scrollIntoView({ block: "center" });
    };
    bringIntoView();
    // Once more when the motion has ended and late parts of the page have settled.
    const again = setTimeout(bringIntoView, MOTION_MS + SETTLE_MS);
    return () => clearTimeout(again);
  }, [String(match.version), mustAct]);
  // Motion inside each region (so that a region growing above another moves nothing in it).
  const seaRef = useRef<HTMLDivElement>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const enterFrom = (k: string) => from.get(k) ?? (k.startsWith("row-") ? "event-deck" : undefined);
  useFlip(seaRef, match.version, { enterFrom });
  useFlip(cardsRef, match.version, { enterFrom });
  const player = (s: number) => v.players.find((p) => p.seat === s);
  const mine = player(me);
  const myShip = v.ships.findIndex((s) => s.crew.includes(me));
  const finished = v.phase === Phase.FINISHED;

  const pawnMoves = (s: number) => (
    <>
      {moves.buttons("maroonCrew", (a) => a.target === s, () => `🏝 ${t("t67.maroon")}`)}
      {moves.buttons("choosePlayer", (a) => a.seat === s, () => `☝ ${t(`t67.chooseShort.${chooseWhy(v)}`)}`)}
      {moves.buttons("letterMove", (a) => a.seat === s, (a) => `→ ${shipName(a.ship)}`)}
    </>
  );
  const pawnHere = (s: number, roles = "") => (
    <div class={`crew-pawn ${lastMove(touched, `pawn-${s}`)}`} data-anim-key={`pawn-${s}`} data-testid={`t67-pawn-${s}`}>
      <Pawn seat={s} names={names} me={me} />
      {roles && <span class="roles">{roles}</span>}
      <span class="pawn-moves">{pawnMoves(s)}</span>
    </div>
  );
  const areaMoves = (area: Area) => (
    <span class="area-moves">
      {moves.buttons("moveLifeboat", (a) => a.to === area, () => `⛵ ${t(BOAT_AREAS.includes(area) ? "t67.rowHere" : "t67.boardHere")}`)}
      {moves.buttons("placePawn", (a) => a.area === area, () => `⬇ ${t("t67.placeHere")}`)}
    </span>
  );
  const placeButtons = (ship: number, hold: Team) =>
    ship === myShip
      ? moves.take("placeTreasure", (a) => a.hold === hold).map((m) => {
          const src = m.payload.source;
          const fromWords = src === 0 ? t(v.phase === Phase.SETUP_TREASURE ? "t67.srcSetup" : "t67.srcGalleon") : t("t67.srcOther", { hold: t(`t67.hold.${src === 1 ? Team.BRITISH : Team.FRENCH}`), ship: shipName(1 - ship) });
          const label = t("t67.placeLabel", { hold: t(`t67.hold.${hold}`), ship: shipName(ship), from: fromWords });
          return (
            actButton(moves, m, label, <>
              ⬇ {t("t67.putHere")}
              {src !== 0 ? ` (${FLAG_SYMBOL[src === 1 ? Team.BRITISH : Team.FRENCH]} ${shipName(1 - ship)})` : ""}
            </>)
          );
        })
      : null;

  const hold = (ship: number, team: Team) => {
    const sv = v.ships[ship];
    const n = team === Team.FRENCH ? sv.french : sv.british;
    const tk = team === Team.FRENCH ? "f" : "b";
    const label = t("t67.holdLabel", { hold: t(`t67.hold.${team}`), n });
    return (
      <div class={`hold hold-${tk}`} data-testid={`t67-hold-${ship}-${tk}`} aria-label={label} title={label} role="group">
        <span class="hold-name">
          {FLAG_SYMBOL[team]} {t(`t67.hold.${team}`)} <b>{n}</b>
        </span>
        <Chests n={n} team={tk} prefix={`chest-${ship}-${team === Team.FRENCH ? 1 : 0}`} touched={touched} />
        <span class="hold-moves">
          {placeButtons(ship, team)}
          {ship === myShip &&
            moves.take("shiftTreasure", (a) => a.from === team).map((m) => (
              actButton(moves, m, t("t67.shiftLabel", { from: t(`t67.hold.${team}`), to: t(`t67.hold.${team === Team.BRITISH ? Team.FRENCH : Team.BRITISH}`) }), <>
                ⇄ {t("t67.shiftShort")}
              </>)
            ))}
        </span>
      </div>
    );
  };

  const shipBox = (i: number) => {
    const sv = v.ships[i];
    if (!sv) return null;
    const boat = sv.lifeboat;
    const shipActs =
      i === myShip ? (
        <span class="area-moves">
          {moves.buttons("attack", undefined, () => `💥 ${t("t67.attackShort")}`)}
          {moves.buttons("mutiny", undefined, () => `☠ ${t("t67.mutinyShort")}`)}
        </span>
      ) : null;
    return (
      <section class={`ship ship-${i} ${v.vote && v.vote.kind !== VoteKind.VOTE_NONE && v.vote.kind !== VoteKind.VOTE_BRAWL && v.vote.ship === i ? "voting" : ""}`} data-testid={`t67-ship-${i}`} aria-label={shipName(i)}>
        <header>
          <ShipSvg which={i} />
          <h4>{shipName(i)}</h4>
          <span class="hint">{t("t67.crewCount", { n: sv.crew.length })}</span>
        </header>
        {shipActs}
        {areaMoves(SHIP_AREAS[i])}
        <ol class="crew-col" aria-label={t("t67.crewOf", { ship: shipName(i) })}>
          {Array.from({ length: CREW_PLACES }, (_, k) => {
            const s = sv.crew[k];
            const roles = s === undefined ? [] : roleWords(player(s)).filter((r) => !r.includes(t("t67.governor")));
            return (
              <li class={`place ${s === undefined ? "free" : ""}`}>
                <span class="place-no" aria-hidden="true">{k + 1}</span>
                {s !== undefined ? (
                  pawnHere(s, roles.join(" "))
                ) : (
                  <span class="hint">{t("t67.freePlace")}</span>
                )}
              </li>
            );
          })}
        </ol>
        <div class="holds">
          {hold(i, Team.BRITISH)}
          {hold(i, Team.FRENCH)}
        </div>
        <div class={`lifeboat ${v.lifeboatsSunk ? "sunk" : ""} ${lastMove(touched, `boat-${i}`)}`} data-anim-key={`boat-${i}`} data-testid={`t67-lifeboat-${i}`} title={t("t67.lifeboatHelp")}>
          <span class="boat-name">🛶 {t("t67.lifeboatOf", { ship: shipName(i) })}</span>
          {v.lifeboatsSunk ? <span>💥 {t("t67.sunk")}</span> : boat >= 0 ? pawnHere(boat) : <span class="hint">{t("t67.empty")}</span>}
          {areaMoves(BOAT_AREAS[i])}
        </div>
      </section>
    );
  };

  const tortuga = () => (
    <section class="tortuga" data-testid="tortuga" aria-label="Tortuga">
      <header>
        <span class="island" aria-hidden="true">🏝</span>
        <h4>Tortuga</h4>
        <span class="hint">{t("t67.tortugaHelp")}</span>
      </header>
      <span class="area-moves">{moves.buttons("brawl", undefined, () => `🍺 ${t("t67.brawlShort")}`)}</span>
      {areaMoves(Area.TORTUGA)}
      <ol class="crew-col tortuga-col" aria-label={t("t67.tortugaCol")}>
        {v.tortuga.map((s, k) => (
          <li class="place">
            <span class="place-no" aria-hidden="true">{k + 1}</span>
            {pawnHere(s, k === 0 ? `🏛 ${t("t67.governor")}` : "")}
          </li>
        ))}
        {v.tortuga.length === 0 && <li class="place free"><span class="hint">{t("t67.nobody")}</span></li>}
      </ol>
      <div class="holds depots">
        <div class={`hold hold-b ${lastMove(touched, "depot-0")}`} data-anim-key="depot-0" role="group" aria-label={t("t67.depotLabel", { depot: t("t67.depot.0"), n: v.tortugaBritish })} title={t("t67.depotLabel", { depot: t("t67.depot.0"), n: v.tortugaBritish })}>
          <span class="hold-name">🇬🇧 {t("t67.depot.0")} <b>{v.tortugaBritish}</b></span>
          <Chests n={v.tortugaBritish} team="b" prefix="chest-t-b" touched={touched} />
        </div>
        <div class={`hold hold-n ${lastMove(touched, "depot-n")}`} data-anim-key="depot-n" role="group" aria-label={t("t67.neutralLabel", { n: v.tortugaNeutral })} title={t("t67.neutralLabel", { n: v.tortugaNeutral })}>
          <span class="hold-name">{t("t67.neutralShort")} <b>{v.tortugaNeutral}</b></span>
          <Chests n={v.tortugaNeutral} team="n" prefix="chest-t-n" touched={touched} />
        </div>
        <div class={`hold hold-f ${lastMove(touched, "depot-1")}`} data-anim-key="depot-1" role="group" aria-label={t("t67.depotLabel", { depot: t("t67.depot.1"), n: v.tortugaFrench })} title={t("t67.depotLabel", { depot: t("t67.depot.1"), n: v.tortugaFrench })}>
          <span class="hold-name">🇫🇷 {t("t67.depot.1")} <b>{v.tortugaFrench}</b></span>
          <Chests n={v.tortugaFrench} team="f" prefix="chest-t-f" touched={touched} />
        </div>
      </div>
    </section>
  );

  const galleonLabel = t("t67.galleonLabel", { n: v.galleon });
  return (
    <div class="t67-board" ref={root} data-testid="t67-board">
      <Prompt v={v} me={me} names={names} moves={moves} events={events} />
      {me >= 0 && mine && <Private v={v} moves={moves} />}
      <div class="sea" data-testid="t67-sea" ref={seaRef}>
        <section class={`galleon ${lastMove(touched, "galleon")}`} data-anim-key="galleon" data-testid="t67-galleon" aria-label={galleonLabel} title={galleonLabel}>
          <svg class="galleon-svg" viewBox="0 0 90 50" aria-hidden="true">
            <path d="M4 32 L86 32 L76 47 L14 47 Z" class="hull" />
            <rect x="28" y="4" width="2" height="28" class="mast" />
            <rect x="58" y="8" width="2" height="24" class="mast" />
            <path d="M18 8 L40 8 L38 28 L20 28 Z" class="sail" />
            <path d="M50 12 L68 12 L66 29 L52 29 Z" class="sail" />
            <path d="M30 4 L40 6 L30 8 Z" class="flag" />
          </svg>
          <div>
            <h4>{t("t67.galleon")}</h4>
            <Chests n={v.galleon} team="g" prefix="chest-g" touched={touched} />
            <span class="count">{v.galleon === 1 ? t("t67.chests.one") : t("t67.chests", { n: v.galleon })}</span>
          </div>
          <div class="totals" title={t("t67.totalsHelp")}>
            <span class="tot-b">🇬🇧 {teamName(Team.BRITISH)} <b>{v.britishTotal}</b></span>
            <span class="tot-f">🇫🇷 {teamName(Team.FRENCH)} <b>{v.frenchTotal}</b></span>
            {v.suddenDeath && <span class="sudden" title={t("t67.suddenDeathHelp")}>⚠ {t("t67.suddenDeath")}</span>}
          </div>
        </section>
        {shipBox(0)}
        {tortuga()}
        {shipBox(1)}
      </div>
      <div class="t67-cards" ref={cardsRef}>
        <EventRow v={v} moves={moves} names={names} me={me} lookers={known.lookers} gen={known.gen} touched={touched} version={match.version} />
        <Piles v={v} touched={touched} />
        <VoteResult events={events} touched={touched} />
      </div>
      <Players v={v} names={names} me={me} touched={touched} finished={finished} />
    </div>
  );
}

/** Why a player is being chosen now (the card being resolved). */
function chooseWhy(v: View): string {
  const c = v.pending?.card;
  if (c === EventCard.EVENT_PISTOL) return "pistol";
  if (c === EventCard.EVENT_CABIN_FEVER) return "cabinFever";
  if (c === EventCard.EVENT_FOUNTAIN_OF_YOUTH || c === EventCard.EVENT_ATLANTIS || c === EventCard.EVENT_EL_DORADO) return "map";
  return "other";
}

/** What is being decided now, by whom and why; the decisions that are not on a thing of the board. */
/** The end of the game (winning team), when the log has it. */
function endOf(events: Ev[]) {
  for (let i = events.length - 1; i >= 0; i--) {
    const k = events[i].kind;
    if (k.case === "gameEnded") return k.value;
  }
  return null;
}

function Prompt({ v, me, names, moves, events }: { v: View; me: number; names: SeatNamer; moves: M; events: Ev[] }) {
  const p = v.pending;
  const who = p && p.seat >= 0 ? p.seat : v.currentSeat;
  const isMe = who === me && me >= 0;
  const n = (s: number) => names(s);
  const card = p ? eventCardWord(p.card) : "";
  let text = "";
  const you = isMe ? "you" : "they";
  switch (v.phase) {
    case Phase.SETUP_TREASURE:
      text = t(`t67.prompt.setup.${you}`, { name: n(who) });
      break;
    case Phase.ADVANCED_PLACEMENT:
      text = t(`t67.prompt.advanced.${you}`, { name: n(who) });
      break;
    case Phase.TURN:
      text = t(`t67.prompt.turn.${you}`, { name: n(v.currentSeat) });
      break;
    case Phase.FORCED_CHOICE:
    case Phase.FORCER_CHOICE: {
      const slots = (p?.slots ?? []).map((s) => s + 1);
      const target = v.phase === Phase.FORCED_CHOICE ? who : -1;
      text = t(v.phase === Phase.FORCED_CHOICE ? `t67.prompt.forced.${you}` : `t67.prompt.forcer.${you}`, {
        name: n(who),
        forcer: p ? n(p.forcingSeat) : "",
        target: target >= 0 ? n(target) : "",
        a: slots[0] ?? "",
        b: slots[1] ?? "",
      });
      break;
    }
    case Phase.VOTE_CALLED:
      text = t(`t67.prompt.atlantisVote.${you}`, {
        name: n(who),
        caller: v.vote ? n(v.vote.caller) : "",
        kind: v.vote ? t(`t67.voteKind.${v.vote.kind}`) : "",
        ship: v.vote ? shipName(v.vote.ship) : "",
      });
      break;
    case Phase.VOTING:
      text = "";
      break;
    case Phase.ATTACK_PLACEMENT:
      text = t(`t67.prompt.attackPlace.${you}`, { name: n(who), src: v.galleon > 0 ? t("t67.srcGalleon") : t("t67.srcOtherShip") });
      break;
    case Phase.CHOOSE_PLAYER:
      text = t(`t67.prompt.choose.${chooseWhy(v)}.${you}`, { name: n(who), card });
      break;
    case Phase.LETTER_CHOICE:
      text = t(`t67.prompt.letter.${you}`, { name: n(who) });
      break;
    case Phase.LETTER_RETURN:
      text = t(`t67.prompt.letterReturn.${you}`, { name: n(who) });
      break;
    case Phase.MAROON_WINDOW: {
      const target = p && p.target >= 0 ? p.target : who;
      const owner = v.players.find((x) => x.seat === who);
      const maps = (owner?.maps ?? []).filter((m) => m === EventCard.EVENT_FOUNTAIN_OF_YOUTH || m === EventCard.EVENT_ATLANTIS).map(eventCardWord).join(", ");
      text = t(`t67.prompt.maroon.${target === me ? "you" : "they"}`, {
        name: n(target),
        cause: t(`t67.causeWhy.${p?.cause ?? MaroonCause.CAUSE_NONE}`),
        maps: maps || t("t67.aMap"),
      });
      break;
    }
    case Phase.GIVE_UP_CARD:
      text = t(`t67.prompt.giveUp.${you}`, { name: n(who) });
      break;
    case Phase.FINISHED: {
      const end = endOf(events);
      const winner = end?.winner ?? Team.UNKNOWN;
      const winners = v.players.filter((x) => winner === Team.UNKNOWN || x.loyalty === winner).map((x) => n(x.seat)).join(", ");
      text = t(winner === Team.UNKNOWN ? "t67.prompt.finishedDraw" : "t67.prompt.finished", {
        british: v.britishTotal,
        french: v.frenchTotal,
        team: teamName(winner),
        names: winners || "—",
      });
      break;
    }
    default:
      text = "";
  }
  // The Atlantis owner's optional move at the start of a turn (not his turn).
  const atlantis = moves.take("useAtlantis");
  const fountain = moves.take("useFountain");
  const decline = moves.take("decline");
  const optionalAtlantis = v.phase === Phase.TURN && atlantis.length > 0 && v.currentSeat !== me;
  const phaseName = t(`t67.phase.${Phase[v.phase]}`);
  return (
    <div class={`t67-prompt ${isMe || optionalAtlantis ? "mine" : ""}`} data-testid="t67-prompt" role="region" aria-label={t("t67.nowLabel")}>
      <p class="phase-line">
        <b>{phaseName}</b>
        {v.turn > 0 && <span class="hint"> · {t("t67.turnN", { n: v.turn })}</span>}
        {v.suddenDeath && <span class="sudden"> · ⚠ {t("t67.suddenDeath")}</span>}
      </p>
      {text && <p class="prompt-text">{text}</p>}
      {v.phase === Phase.VOTING && v.vote && <VoteBox v={v} names={names} me={me} />}
      {optionalAtlantis && <p class="prompt-text">{t("t67.prompt.atlantisTurn")}</p>}
      <div class="prompt-moves">
        {atlantis.map((m) => moves.button(m, <>🏛 {t(v.phase === Phase.TURN || v.phase === Phase.VOTE_CALLED ? "t67.useAtlantisMove" : "t67.useAtlantisEscape")}</>))}
        {fountain.map((m) => moves.button(m, <>⛲ {t("t67.useFountain")}</>))}
        {decline.map((m) => moves.button(m, <>✋ {t(v.phase === Phase.TURN ? "t67.declineAtlantis" : "t67.declineMap")}</>))}
        {moves.buttons("letterDraw", undefined, () => `🂠 ${t("t67.letterDrawShort")}`)}
        {moves.buttons("forcedTimeout", undefined, () => `⏱ ${t("t67.forcedTimeoutShort")}`)}
        {moves.buttons("pass", undefined, () => `⏭ ${t("t67.passShort")}`)}
      </div>
    </div>
  );
}

/** The vote in progress: who called it, who votes, which part of a card counts and how it is decided. */
function VoteBox({ v, names, me }: { v: View; names: SeatNamer; me: number }) {
  const vote = v.vote!;
  const part = countingPart(vote.kind);
  const where = vote.kind === VoteKind.VOTE_BRAWL ? "Tortuga" : shipName(vote.ship);
  const voted = (s: number) => v.players.find((p) => p.seat === s)?.hasVoted;
  const amVoter = vote.voters.includes(me);
  return (
    <div class="t67-vote" data-testid="vote">
      <p>
        🗳 <b>{t("t67.voteHead", { kind: t(`t67.voteKind.${vote.kind}`), caller: names(vote.caller), where })}</b>
      </p>
      <p class="counts" data-testid="vote-counts">
        {part && <span class={`part-tag part-${part}`}>{t(`t67.part.${part}`)}</span>} {t(`t67.voteRule.${vote.kind}`)}
      </p>
      <p>
        {t("t67.voters")}:{" "}
        {vote.voters.map((s) => (
          <span class="voter">
            <Pawn seat={s} names={names} me={me} small /> {names(s)} {voted(s) ? <span title={t("t67.hasVoted")}>✓</span> : <span class="hint" title={t("t67.notVoted")}>…</span>}
          </span>
        ))}
        {vote.skipped.length > 0 && <span class="hint"> · 📕 {t("t67.skippedVote", { names: vote.skipped.map(names).join(", ") })}</span>}
        {vote.withoutCards.length > 0 && <span class="hint"> · {t("t67.noCardsVote", { names: vote.withoutCards.map(names).join(", ") })}</span>}
      </p>
      <p class="hint">{t("t67.deckCardJoins")}</p>
      {amVoter && !voted(me) && <p class="prompt-text">{t("t67.prompt.voteYou")}</p>}
      {vote.ownCards.length > 0 && (
        <p data-private="true" class="private-line">
          🔒 {t("t67.yourVote")}: {vote.ownCards.map(voteLabel).join(" + ")}
        </p>
      )}
    </div>
  );
}

/** A vote card drawn in three parts; the part that counts in the current vote stands out. */
function VoteFace({ c, part }: { c: VoteCard; part: "top" | "flag" | "skull" | null }) {
  const dim = (p: string) => (part && part !== p ? "dim" : part === p ? "counts" : "");
  return (
    <span class={`vote-face flag-${c.flag === Team.FRENCH ? "f" : "b"}`} title={voteLabel(c)} aria-label={voteLabel(c)} role="img">
      <span class={`vf-top ${dim("top")}`} aria-hidden="true">{TOP_SYMBOL[c.top]}<small>{topWord(c.top)}</small></span>
      <span class={`vf-flag ${dim("flag")}`} aria-hidden="true">{FLAG_SYMBOL[c.flag]}</span>
      <span class={`vf-skull ${dim("skull")}`} aria-hidden="true">{c.skull ? "☠" : "·"}</span>
    </span>
  );
}

/** The viewer's secrets: loyalty card, vote cards (with the vote and give-up moves on them), the card he put on top of the vote deck. */
function Private({ v, moves }: { v: View; moves: M }) {
  const part = v.vote && v.vote.kind !== VoteKind.VOTE_NONE && v.phase === Phase.VOTING ? countingPart(v.vote.kind) : null;
  const votes = moves.take("castVote");
  const singles = votes.filter((m) => m.payload.kinds.length === 1);
  const pairs = votes.filter((m) => m.payload.kinds.length === 2);
  const puts = moves.take("putVoteCard");
  const byKind = (k: number) => v.ownHand.find((c) => c.kind === k);
  const seenKinds = new Set<number>();
  const putWhy = v.phase === Phase.GIVE_UP_CARD ? "giveUp" : "onTop";
  const loyalty = v.ownLoyalty;
  return (
    <div class="t67-private" data-private="true" data-testid="own-loyalty">
      <div class={`loyalty team-${loyalty}`} title={t("t67.loyaltyHelp")}>
        <span class="lbl">🔒 {t("t67.yourLoyalty")}</span>
        <span class="team-big">{FLAG_SYMBOL[loyalty] ?? "?"} {teamName(loyalty)}</span>
        <span class="hint">{t("t67.onlyYou")}</span>
      </div>
      <div class="hand" data-testid="hand">
        <span class="lbl">🔒 {t("t67.yourHand", { n: v.ownHand.length })}</span>
        <div class="hand-cards">
          {v.ownHand.map((c, i) => {
            const first = !seenKinds.has(c.kind);
            seenKinds.add(c.kind);
            const vm = first ? singles.filter((m) => m.payload.kinds[0] === c.kind) : [];
            const pm = first ? puts.filter((m) => m.payload.kind === c.kind) : [];
            return (
              <div class="vote-card" data-anim-key={`vote-${c.kind}-${i}`}>
                <VoteFace c={c} part={part} />
                {vm.map((m) => (
                  actButton(moves, m, t("t67.castLabel", { card: voteLabel(c) }), <>🗳 {t("t67.castShort")}</>)
                ))}
                {pm.map((m) => (
                  actButton(moves, m, t(`t67.putLabel.${putWhy}`, { card: voteLabel(c) }), <>{putWhy === "giveUp" ? "🗑" : "⤒"} {t(`t67.putShort.${putWhy}`)}</>)
                ))}
              </div>
            );
          })}
          {v.ownHand.length === 0 && <span class="hint">{t("t67.noCards")}</span>}
        </div>
        {pairs.length > 0 && (
          <div class="pairs" role="group" aria-label={t("t67.elDoradoPairs")}>
            <span class="hint">🌟 {t("t67.elDoradoPairs")}</span>
            {pairs.map((m) => {
              const [a, b] = m.payload.kinds.map(byKind);
              const words = [a, b].map((c) => (c ? voteLabel(c) : "?")).join(" + ");
              return (
                actButton(moves, m, t("t67.castPairLabel", { cards: words }), <>
                  🗳 {a && <VoteFace c={a} part={part} />} {b && <VoteFace c={b} part={part} />}
                </>)
              );
            })}
          </div>
        )}
        {v.hasKnownTop && v.knownTopVoteCard && (
          <p class="hint">⤒ {t("t67.knownTop")}: {voteLabel(v.knownTopVoteCard)}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The event row: reveal and pick sit on each card; looking and forcing name
 * two positions, so the player marks two cards first (a mark only this
 * browser sees; cleared by every update) and then chooses "look" or whom to
 * force from the moves that fit that pair. Under each card: who has looked at
 * it (public), and what the viewer saw there (private).
 */
function EventRow({ v, moves, names, me, lookers, gen, touched, version }: {
  v: View;
  moves: M;
  names: SeatNamer;
  me: number;
  lookers: number[][];
  gen: number[];
  touched: Set<string>;
  version: bigint;
}) {
  // Marks are this browser's own and belong to one update: a newer version
  // shows none. Derived, not cleared by an effect (why: Moves' pass).
  const at = String(version);
  const [marks, setMarks] = useState<{ at: string; slots: number[] }>({ at, slots: [] });
  const marked = marks.at === at ? marks.slots : [];
  const look = moves.take("look");
  const force = moves.take("force");
  const pairable = look.length > 0 || force.length > 0;
  const toggle = (i: number) =>
    setMarks((m) => {
      const slots = m.at === at ? m.slots : [];
      return { at, slots: slots.includes(i) ? slots.filter((x) => x !== i) : [...slots.slice(-1), i].sort((a, b) => a - b) };
    });
  const fits = (m: { payload: { slotA: number; slotB: number } }) => marked.length === 2 && m.payload.slotA === marked[0] && m.payload.slotB === marked[1];
  const pointed = (v.phase === Phase.FORCED_CHOICE || v.phase === Phase.FORCER_CHOICE) && v.pending ? v.pending.slots : [];
  const noteFor = (i: number) => v.row[i]?.known;
  return (
    <section class="t67-row" data-testid="event-row-box" aria-label={t("t67.eventRow")}>
      <h4>🂠 {t("t67.eventRow")} <span class="hint">{t("t67.eventRowHelp")}</span></h4>
      <div class="event-row" data-testid="event-row">
        {v.row.map((slot, i) => {
          const seen = slot.faceDown && slot.known !== EventCard.EVENT_UNKNOWN;
          const who = lookers[i] ?? [];
          const key = `row-${i}-${gen[i] ?? 0}`;
          const label = slot.faceDown ? t("t67.slotLabel", { n: i + 1 }) : t("t67.slotEmpty", { n: i + 1 });
          return (
            <div
              class={`ev-card ${slot.faceDown ? "back" : "empty"} ${marked.includes(i) ? "marked" : ""} ${pointed.includes(i) ? "pointed" : ""} ${lastMove(touched, `slot-${i}`)}`}
              data-anim-key={key}
              data-testid={`t67-slot-${i}`}
              role="group"
              aria-label={label}
            >
              <span class="slot-no" title={label}>{i + 1}</span>
              {slot.faceDown ? (
                seen ? (
                  <span class="seen" data-private="true" title={`${t("t67.youSaw")}: ${eventCardWord(noteFor(i) ?? EventCard.EVENT_UNKNOWN)} — ${eventCardHelp(slot.known)} (${t("t67.onlyYou")})`}>
                    🔒 {EVENT_SYMBOL[slot.known]} {eventCardWord(slot.known)}
                  </span>
                ) : (
                  <span class="back-mark" aria-hidden="true">☠</span>
                )
              ) : (
                <span class="hint">{t("t67.empty")}</span>
              )}
              {pointed.includes(i) && <span class="pointed-tag">☝ {t("t67.pointed")}</span>}
              <span class="lookers" title={who.length ? t("t67.lookedBy", { names: who.map(names).join(", ") }) : t("t67.lookedByNobody")}>
                {who.length > 0 && <span aria-hidden="true">👁</span>}
                {who.map((s) => (
                  <span class="dot" style={{ background: seatColour(s) }} aria-hidden="true" />
                ))}
                <span class="sr-only">{who.length ? t("t67.lookedBy", { names: who.map(names).join(", ") }) : t("t67.lookedByNobody")}</span>
              </span>
              <div class="card-moves">
                {moves.buttons("reveal", (a) => a.slot === i, () => `👁 ${t("t67.reveal")}`)}
                {moves.buttons("pickForced", (a) => a.slot === i, () => `☝ ${t("t67.pick")}`)}
                {pairable && slot.faceDown && (
                  <button
                    type="button"
                    class="mark"
                    aria-pressed={marked.includes(i)}
                    data-testid={`mark-${i}`}
                    title={t("t67.markHelp")}
                    aria-label={`${t("t67.mark")} ${i + 1} (${t("t67.onlyYou")})`}
                    onClick={() => toggle(i)}
                  >
                    {marked.includes(i) ? "☑" : "☐"} {t("t67.mark")}
                  </button>
                )}
              </div>
            </div>
          );
        })}
        <div class="ev-deck" data-anim-key="event-deck" title={t("t67.eventDeckHelp")}>
          <span class="pile-card" aria-hidden="true">🂠</span>
          <span>{t("t67.eventDeck", { n: v.eventDeckCount })}</span>
        </div>
      </div>
      {pairable && (
        <div class="pair-moves" role="group" aria-label={t("t67.pairMoves")}>
          {marked.length < 2 ? (
            <span class="hint">{t("t67.markTwo")}</span>
          ) : (
            <span class="hint">{t("t67.marked", { a: marked[0] + 1, b: marked[1] + 1 })}</span>
          )}
          {look.filter(fits).map((m) => moves.button(m, <>👀 {t("t67.look")}</>))}
          {force.filter(fits).map((m) => (
            <span class="force-btn">
              {moves.button(m, <><Pawn seat={m.payload.target} names={names} me={me} small /> ☝ {t("t67.force", { name: names(m.payload.target) })}</>)}
            </span>
          ))}
        </div>
      )}
      {v.notes.length > 0 && me >= 0 && (
        <details class="notes" data-private="true">
          <summary>🔒 {t("t67.notes", { n: v.notes.length })}</summary>
          <ul>
            {v.notes.map((x) => (
              <li>{t("t67.noteLine", { turn: x.turn, n: x.slot + 1, card: eventCardWord(x.card) })}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function Piles({ v, touched }: { v: View; touched: Set<string> }) {
  const top = v.discard[v.discard.length - 1];
  return (
    <section class="t67-piles" aria-label={t("t67.piles")}>
      <div class={`pile discard ${lastMove(touched, "discard")}`} data-anim-key={`discard-${v.discard.length}`} title={t("t67.discardHelp")}>
        <span class="lbl">{t("t67.discard", { n: v.discard.length })}</span>
        {top !== undefined ? (
          <span class="ev-face" title={eventCardHelp(top)}>{EVENT_SYMBOL[top]} {eventCardWord(top)}</span>
        ) : (
          <span class="hint">{t("t67.empty")}</span>
        )}
        {v.discard.length > 1 && (
          <details>
            <summary>{t("t67.discardAll")}</summary>
            <ul>{v.discard.map((c) => <li title={eventCardHelp(c)}>{EVENT_SYMBOL[c]} {eventCardWord(c)}</li>)}</ul>
          </details>
        )}
      </div>
      <div class="pile" title={t("t67.voteDeckHelp")}>
        <span class="lbl">🗳 {t("t67.voteDeck")}</span>
        <b>{v.voteDeckCount}</b>
      </div>
      <div class="pile" title={t("t67.starHelp")}>
        <span class="lbl">★ {t("t67.stars", { n: v.starCardCount })}</span>
        <span>{v.starCards.length ? v.starCards.map((c) => <span class="ev-face small" title={eventCardHelp(c)}>{EVENT_SYMBOL[c]} {eventCardWord(c)}</span>) : <span class="hint">{t("t67.starsHidden")}</span>}</span>
      </div>
    </section>
  );
}

function VoteResult({ events, touched }: { events: Ev[]; touched: Set<string> }) {
  const r = lastVote(events);
  if (!r) return null;
  const part = countingPart(r.kind);
  return (
    <section class={`t67-result ${lastMove(touched, "vote-result")}`} data-anim-key="vote-result" data-testid="t67-vote-result">
      <p>
        <b>{t(`t67.lastVote.${r.success ? "ok" : "failed"}`, { kind: t(`t67.voteKind.${r.kind}`) })}</b>{" "}
        {part && <span class={`part-tag part-${part}`}>{t(`t67.part.${part}`)}</span>}
      </p>
      <div class="revealed">{r.cards.map((c) => <VoteFace c={c} part={part} />)}</div>
      <p class="hint">{voteSummary(r.kind, r.cards)}</p>
    </section>
  );
}

/** The count that decided a vote, in words. */
function voteSummary(kind: VoteKind, cards: VoteCard[]): string {
  const count = (f: (c: VoteCard) => boolean) => cards.filter(f).length;
  if (kind === VoteKind.VOTE_ATTACK)
    return t("t67.sumAttack", { cannons: count((c) => c.top === VoteTop.TOP_CANNON), torches: count((c) => c.top === VoteTop.TOP_TORCH), waters: count((c) => c.top === VoteTop.TOP_WATER) });
  if (kind === VoteKind.VOTE_MUTINY) return t("t67.sumMutiny", { skulls: count((c) => c.skull), n: cards.length });
  if (kind === VoteKind.VOTE_BRAWL) return t("t67.sumBrawl", { british: count((c) => c.flag === Team.BRITISH), french: count((c) => c.flag === Team.FRENCH) });
  return "";
}

function Players({ v, names, me, touched, finished }: { v: View; names: SeatNamer; me: number; touched: Set<string>; finished: boolean }) {
  const where = (p: PlayerView) => (p.position < 0 ? t("t67.inBag") : areaWord(p.area));
  return (
    <ul class="t67-players" aria-label={t("t67.players")}>
      {v.players.map((p) => {
        const roles = roleWords(p);
        return (
          <li class={`t67-player ${p.seat === me ? "me" : ""} ${p.seat === v.currentSeat ? "current" : ""} ${lastMove(touched, `player-${p.seat}`)}`} data-testid={`player-${p.seat}`} style={{ borderColor: seatColour(p.seat) }}>
            <div class="who">
              <Pawn seat={p.seat} names={names} me={me} />
              {p.seat === v.currentSeat && !finished && <span class="turn-tag" title={t("t67.theirTurn")}>➤</span>}
            </div>
            <div class="facts">
              <span>{where(p)}{roles.length ? ` · ${roles.join(" ")}` : ""}</span>
              <span title={t("t67.voteCardsHelp")}>🗳 {t("t67.voteCards", { n: p.voteCards })}</span>
              {p.albatrosses > 0 && <span title={eventCardHelp(EventCard.EVENT_ALBATROSS)}>🕊 {t("t67.albatrosses", { n: p.albatrosses })}</span>}
              {p.maps.map((m) => (
                <span class="map" title={eventCardHelp(m)}>🗺 {eventCardWord(m)}</span>
              ))}
              {p.pirateCodeSkips > 0 && <span title={eventCardHelp(EventCard.EVENT_PIRATE_CODE)}>📕 {t("t67.skips", { n: p.pirateCodeSkips })}</span>}
              {p.isVoter && <span>{p.hasVoted ? `✓ ${t("t67.hasVoted")}` : `… ${t("t67.notVoted")}`}</span>}
              {finished && p.loyalty !== Team.UNKNOWN && (
                <span class={`team-tag team-${p.loyalty}`}>{FLAG_SYMBOL[p.loyalty]} {teamName(p.loyalty)}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

