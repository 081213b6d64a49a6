// Letter of Marque: the sea with every ship at sea (a treasure card with a
// ship in its owner's colour on it, its base hidden, revealed, or known to the
// viewer alone), and each player's harbour: treasure deck, ships in reserve,
// cannons, score pile and score. Moves sit on what they act on: attack and
// bring home on a ship, send a ship on the viewer's reserve, the secret
// preliminary choice on the viewer's first card.
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import type { MatchView } from "../../gen/brethren/v1/game_pb";
import { Base, Phase, CannonTiebreak, type PlayerView, type ShipAtSea, type View } from "../../gen/brethren/v1/letter_of_marque_pb";
import { t } from "../../i18n";
import type { SeatNamer } from "../../logic/describe";
import { useFlip, lastMove, travel, prefersReducedMotion } from "../../ui/motion";
import type { ActionKind, BoardProps, EventOf, GameMoves, TypedMove } from "../types";
import { baseWord, colourInk } from "./cards";
import { BaseMark, CannonSvg, MiniTreasure, ShipSvg, TreasureCard, Who } from "./pieces";
import "./board.css";

type Moves = GameMoves<"letterOfMarque">;
type LomEvent = EventOf<"letterOfMarque">;

/** A move's button with its words for this board ("Attack Bart's ship carrying 6" rather than the generic sentence). */
function MoveOn<K extends ActionKind<"letterOfMarque">>({ moves, m, label, children }: { moves: Moves; m: TypedMove<"letterOfMarque", K>; label: string; children: ComponentChildren }) {
  return <>{moves.button(m, children, label)}</>;
}

/** "Anne, Bart and Carla". */
export function nameList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t("lom.and")}${items[items.length - 1]}`;
}

/** What the last update touched (for the last-move mark) and where each new thing comes from (for motion). */
export function lastTouched(events: readonly LomEvent[], v: View): { keys: Set<string>; enter: Map<string, string> } {
  const keys = new Set<string>();
  const enter = new Map<string, string>();
  const pile = (seat: number) => v.players.find((p) => p.seat === seat)?.scorePile;
  for (const e of events) {
    const k = e.kind;
    switch (k.case) {
      case "preliminaryCards":
        for (const p of v.players) {
          keys.add(`prelim-${p.seat}`);
          enter.set(`prelim-${p.seat}`, `deck-${p.seat}`);
        }
        break;
      case "shipChosen":
        keys.add(`prelim-${k.value.seat}`);
        break;
      case "shipsSetSail":
        for (const s of k.value.ships) {
          keys.add(`ship-${s.shipId}`);
          enter.set(`ship-${s.shipId}`, `prelim-${s.owner}`);
        }
        break;
      case "departed":
        keys.add(`ship-${k.value.shipId}`);
        keys.add(`deck-${k.value.seat}`);
        enter.set(`ship-${k.value.shipId}`, `deck-${k.value.seat}`);
        break;
      case "returned": {
        const n = pile(k.value.seat)?.treasures.length ?? 0;
        const key = `pile-${k.value.seat}-t${n - 1}`;
        keys.add(key);
        keys.add(`score-${k.value.seat}`);
        enter.set(key, `ship-${k.value.shipId}`);
        break;
      }
      case "attacked": {
        const a = k.value;
        keys.add(`cannons-${a.attacker}`);
        if (a.armed) {
          const n = pile(a.defender)?.cannonsFrom.length ?? 0;
          const key = `pile-${a.defender}-c${n - 1}`;
          keys.add(key);
          keys.add(`ship-${a.shipId}`);
          keys.add(`score-${a.defender}`);
          enter.set(key, `cannons-${a.attacker}`);
        } else {
          const n = pile(a.attacker)?.treasures.length ?? 0;
          const key = `pile-${a.attacker}-t${n - 1}`;
          keys.add(key);
          keys.add(`score-${a.attacker}`);
          enter.set(key, `ship-${a.shipId}`);
        }
        break;
      }
      case "passed":
        keys.add(`player-${k.value.seat}`);
        break;
      default:
        break;
    }
  }
  return { keys, enter };
}

/** The seat that made an event happen, if a seat did. */
function actor(e: LomEvent): number | undefined {
  const k = e.kind;
  switch (k.case) {
    case "shipChosen":
    case "departed":
    case "returned":
    case "passed":
      return k.value.seat;
    case "attacked":
      return k.value.attacker;
    default:
      return undefined;
  }
}

/** Whether an element is wholly inside the window. */
function inViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}

/** Cannon cards that break a tie, as the room's option counts them. */
function cannonsHeld(p: PlayerView, rule: CannonTiebreak): number {
  const captured = p.scorePile?.cannonsFrom.length ?? 0;
  return rule === CannonTiebreak.CAPTURED_ONLY ? captured : captured + p.unusedCannons;
}

/** The outcome in words, with names (never colours): who won, how, and by which tie-break. */
export function outcomeHeadline(v: View, match: MatchView, names: SeatNamer): string {
  const seats = match.outcome?.seats ?? [];
  const winners = seats.filter((r) => r.winner);
  if (winners.length === 0) return t("lom.phase.FINISHED");
  const best = winners[0].score;
  const tied = seats.filter((r) => r.score === best);
  if (winners.length > 1) return t("lom.outcome.shared", { names: nameList(winners.map((r) => names(r.seat))), n: best });
  const name = names(winners[0].seat);
  if (tied.length === 1) return t("lom.outcome.wins", { name, n: best });
  const held = (seat: number) => {
    const p = v.players.find((x) => x.seat === seat);
    return p ? cannonsHeld(p, v.cannonTiebreak) : 0;
  };
  const key = v.cannonTiebreak === CannonTiebreak.CAPTURED_ONLY ? "lom.outcome.tieBreakCaptured" : "lom.outcome.tieBreak";
  return t(key, { names: nameList(tied.map((r) => names(r.seat))), n: best, name, c: held(winners[0].seat) });
}

/** The sentence above the board: what is going on and, when the viewer must act, what each choice is for. */
function Prompt({ v, match, me, names, moves }: { v: View; match: MatchView; me: number; names: SeatNamer; moves: Moves }) {
  const can = (kind: string) => moves.all.entries.some((e) => e.kind === kind);
  const myView = v.players.find((p) => p.seat === me);
  if (v.phase === Phase.FINISHED || match.finished) {
    return (
      <div class="lom-prompt lom-outcome" data-testid="lom-outcome">
        <strong>🏆 {outcomeHeadline(v, match, names)}</strong>
      </div>
    );
  }
  if (v.phase === Phase.PRELIMINARY) {
    const waiting = nameList(v.players.filter((p) => !p.hasChosen).map((p) => names(p.seat)));
    if (can("chooseShip") && myView) {
      return (
        <div class="lom-prompt mine" data-testid="lom-prompt">
          <strong>{t("lom.prompt.prelimChoose", { v: myView.preliminaryTreasure })}</strong>
          <span>{t("lom.prompt.prelimWhy")}</span>
        </div>
      );
    }
    const choice = v.ownReserve?.preliminaryChoice ?? Base.UNKNOWN;
    return (
      <div class="lom-prompt" data-testid="lom-prompt">
        {choice !== Base.UNKNOWN && me >= 0 ? (
          <strong data-private="true">🔒 {t("lom.prompt.prelimChosen", { base: baseWord(choice) })}</strong>
        ) : (
          <strong>{t("lom.prompt.prelimWatch")}</strong>
        )}
        {waiting && <span>{t("lom.prompt.waitingFor", { names: waiting })}</span>}
      </div>
    );
  }
  if (v.currentSeat === me && me >= 0) {
    const options = [
      can("depart") && t("lom.prompt.canDepart"),
      can("returnShip") && t("lom.prompt.canReturn"),
      can("attack") && t("lom.prompt.canAttack"),
      can("pass") && t("lom.prompt.canPass"),
    ].filter((x): x is string => typeof x === "string");
    return (
      <div class="lom-prompt mine" data-testid="lom-prompt">
        <strong>{t("lom.prompt.yourTurn")}</strong>
        <ul class="lom-options">{options.map((o) => <li>{o}</li>)}</ul>
      </div>
    );
  }
  return (
    <div class="lom-prompt" data-testid="lom-prompt">
      <strong>{v.currentSeat >= 0 ? t("lom.prompt.theirTurn", { name: names(v.currentSeat) }) : t(`lom.phase.${Phase[v.phase]}`)}</strong>
      <span>{t("lom.prompt.turnHint")}</span>
    </div>
  );
}

interface Ctx {
  v: View;
  me: number;
  names: SeatNamer;
  moves: Moves;
  keys: Set<string>;
  colour: (seat: number) => string;
}

/** One ship at sea: its owner, the treasure card it carries, its base, and the moves on it. */
function ShipTile({ s, c }: { s: ShipAtSea; c: Ctx }) {
  const own = s.owner === c.me;
  const owner = c.names(s.owner);
  const privateBase = own && !s.revealed && s.base !== Base.UNKNOWN;
  const what = own ? t("lom.ship.own", { v: s.treasure }) : t("lom.ship.of", { owner, v: s.treasure });
  const baseLabel = s.revealed
    ? t(s.base === Base.ARMED ? "lom.base.revealedArmed" : "lom.base.revealedUnarmed")
    : privateBase
      ? t(s.base === Base.ARMED ? "lom.base.ownArmed" : "lom.base.ownUnarmed")
      : t("lom.base.hidden", { owner });
  const attacks = c.moves.take("attack", (a) => a.shipId === s.shipId);
  const knownArmed = s.revealed && s.base === Base.ARMED;
  const returns = c.moves.take("returnShip", (a) => a.shipId === s.shipId);
  const key = `ship-${s.shipId}`;
  return (
    <li
      class={`lom-tile ${own ? "own" : ""} ${s.revealed ? "revealed" : ""} ${lastMove(c.keys, key)}`}
      data-testid={key}
      data-anim-key={key}
      data-owner={String(s.owner)}
      style={{ "--pc": colourInk(c.colour(s.owner)) }}
    >
      <div class="lom-tile-owner"><Who colour={c.colour(s.owner)} name={owner} /></div>
      <TreasureCard value={s.treasure} label={`${what}. ${baseLabel}`}>
        <ShipSvg colour={c.colour(s.owner)} />
      </TreasureCard>
      <div class={`lom-tile-base ${privateBase ? "private" : ""}`} title={baseLabel} {...(privateBase ? { "data-private": "true" } : {})}>
        {privateBase ? <span aria-hidden="true">🔒</span> : <BaseMark base={s.base} own={false} />}
        <span>{privateBase ? baseWord(s.base) : s.revealed ? baseWord(s.base) : t("lom.base.short")}</span>
      </div>
      <div class="lom-tile-moves">
        {attacks.map((m) =>
          knownArmed ? (
            // Legal, but the ship is known to be armed: the attack can only fail.
            <span class="lom-futile">
              <MoveOn moves={c.moves} m={m} label={t("lom.do.attackFutile", { owner, v: s.treasure })}>💥 {t("lom.attack")}</MoveOn>
            </span>
          ) : (
            <MoveOn moves={c.moves} m={m} label={t("lom.do.attack", { owner, v: s.treasure })}>💥 {t("lom.attack")}</MoveOn>
          ),
        )}
        {returns.map((m) => (
          <MoveOn moves={c.moves} m={m} label={t("lom.do.return", { v: s.treasure })}>⚓ {t("lom.return")}</MoveOn>
        ))}
      </div>
    </li>
  );
}

/** Preliminary turn: a player's first card, face up, waiting for (or carrying) his secretly chosen ship. */
function PrelimTile({ p, c }: { p: PlayerView; c: Ctx }) {
  const own = p.seat === c.me;
  const owner = c.names(p.seat);
  const choice = own ? (c.v.ownReserve?.preliminaryChoice ?? Base.UNKNOWN) : Base.UNKNOWN;
  const chooses = own ? c.moves.take("chooseShip") : [];
  const key = `prelim-${p.seat}`;
  const what = own ? t("lom.prelim.own", { v: p.preliminaryTreasure }) : t("lom.prelim.of", { owner, v: p.preliminaryTreasure });
  const state = p.hasChosen ? t("lom.prelim.chosen") : t("lom.prelim.choosing");
  return (
    <li class={`lom-tile prelim ${own ? "own" : ""} ${lastMove(c.keys, key)}`} data-testid={key} data-anim-key={key} style={{ "--pc": colourInk(c.colour(p.seat)) }}>
      <div class="lom-tile-owner"><Who colour={c.colour(p.seat)} name={owner} /></div>
      <TreasureCard value={p.preliminaryTreasure} label={`${what}. ${state}`} class={p.hasChosen ? "" : "waiting"}>
        {p.hasChosen ? <ShipSvg colour={c.colour(p.seat)} /> : <span class="lom-empty-berth" aria-hidden="true">⛵?</span>}
      </TreasureCard>
      <div
        class={`lom-tile-base ${choice !== Base.UNKNOWN ? "private" : ""}`}
        title={choice !== Base.UNKNOWN ? t(choice === Base.ARMED ? "lom.base.ownArmed" : "lom.base.ownUnarmed") : state}
        {...(choice !== Base.UNKNOWN ? { "data-private": "true" } : {})}
      >
        {choice !== Base.UNKNOWN ? <><span aria-hidden="true">🔒</span><span>{baseWord(choice)}</span></> : <span>{p.hasChosen ? `✓ ${state}` : `… ${state}`}</span>}
      </div>
      <div class="lom-tile-moves">
        {chooses.map((m) => (
          <MoveOn moves={c.moves} m={m} label={t(m.payload.armed ? "lom.do.chooseArmed" : "lom.do.chooseUnarmed", { v: p.preliminaryTreasure })}>
            {m.payload.armed ? `💥 ${t("lom.btn.armed")}` : `○ ${t("lom.btn.unarmed")}`}
          </MoveOn>
        ))}
      </div>
    </li>
  );
}

/** The viewer's own reserve, split into armed and unarmed ships (only he knows), with the departures on it. */
function OwnReserve({ p, c }: { p: PlayerView; c: Ctx }) {
  const own = c.v.ownReserve;
  if (!own) return null;
  const departs = c.moves.take("depart");
  const group = (armed: boolean, n: number) => {
    const m = departs.find((d) => d.payload.armed === armed);
    const label = t(armed ? "lom.reserve.ownArmed" : "lom.reserve.ownUnarmed", { n });
    return (
      <div class={`lom-rgroup ${armed ? "armed" : "unarmed"}`} title={label}>
        <span class="lom-rships" role="img" aria-label={label}>
          <ShipSvg colour={c.colour(p.seat)} small />
          <BaseMark base={armed ? Base.ARMED : Base.UNARMED} own={true} />
          <b>× {n}</b>
        </span>
        <span class="lom-rword">{armed ? t("lom.armedShips") : t("lom.unarmedShips")}</span>
        {m && (
          <MoveOn moves={c.moves} m={m} label={t(armed ? "lom.do.departArmed" : "lom.do.departUnarmed")}>⛵ {t("lom.btn.sail")}</MoveOn>
        )}
      </div>
    );
  };
  return (
    <div class="lom-own-reserve" role="group" data-private="true" data-testid="own-reserve" aria-label={t("lom.yourReserve")}>
      <span class="lom-private-tag" title={t("lom.yourReserve")}>🔒 {t("lom.onlyYou")}</span>
      {group(true, own.armed)}
      {group(false, own.unarmed)}
    </div>
  );
}

/** A player's harbour: deck, reserve, cannons, score pile and score. */
function Harbour({ p, c }: { p: PlayerView; c: Ctx }) {
  const isMe = p.seat === c.me;
  const name = c.names(p.seat);
  const colour = c.colour(p.seat);
  const current = c.v.currentSeat === p.seat;
  const deckLabel = t("lom.deck.title", { n: p.deckCount });
  const reserveLabel = t("lom.reserve.title", { n: p.reserveCount });
  const cannonLabel = t("lom.cannons.title", { n: p.unusedCannons });
  const scoreLabel = t("lom.score.title", { n: p.score });
  const pile = p.scorePile;
  const pileValue = pile ? pile.treasures.reduce((a, b) => a + b, 0) + pile.cannonsFrom.length : 0;
  const passes = isMe ? c.moves.take("pass") : [];
  const pkey = `player-${p.seat}`;
  return (
    <li
      class={`lom-harbour ${isMe ? "me" : ""} ${current ? "current" : ""} ${lastMove(c.keys, pkey)}`}
      data-testid={pkey}
      data-anim-key={pkey}
      style={{ "--pc": colourInk(colour) }}
      aria-current={current ? "true" : undefined}
    >
      <div class="lom-h-head">
        <Who colour={colour} name={name} />
        {current && <span class="lom-turnmark">➤ {t("lom.playing")}</span>}
        {c.v.phase === Phase.PRELIMINARY && <span class="lom-chose">{p.hasChosen ? `✓ ${t("lom.prelim.chosen")}` : `… ${t("lom.prelim.choosing")}`}</span>}
        <span class={`lom-score ${lastMove(c.keys, `score-${p.seat}`)}`} data-anim-key={`score-${p.seat}`} role="img" aria-label={scoreLabel} title={scoreLabel}>
          ⭐ {p.score}
        </span>
      </div>
      <div class="lom-h-row">
        <span class={`lom-deck ${lastMove(c.keys, `deck-${p.seat}`)}`} data-anim-key={`deck-${p.seat}`} role="img" aria-label={deckLabel} title={deckLabel}>
          <span class={`lom-back ${p.deckCount === 0 ? "empty" : ""}`} aria-hidden="true" />
          <b>{p.deckCount}</b>
          <small class="lom-cap" aria-hidden="true">{t("lom.cap.deck")}</small>
        </span>
        {isMe && c.v.ownReserve ? (
          <OwnReserve p={p} c={c} />
        ) : (
          <span class="lom-reserve" role="img" aria-label={reserveLabel} title={reserveLabel}>
            <ShipSvg colour={colour} small />
            <b>× {p.reserveCount}</b>
            <small class="lom-cap" aria-hidden="true">{t("lom.cap.reserve")}</small>
          </span>
        )}
        <span class={`lom-cannons ${lastMove(c.keys, `cannons-${p.seat}`)}`} data-anim-key={`cannons-${p.seat}`} role="img" aria-label={cannonLabel} title={cannonLabel}>
          {p.unusedCannons > 0 ? Array.from({ length: p.unusedCannons }, () => <CannonSvg colour={colour} />) : <span class="lom-none">0</span>}
          <small class="lom-cap" aria-hidden="true">{t("lom.cap.cannons")}</small>
        </span>
      </div>
      <div class="lom-pile" title={t("lom.pile.title", { v: pileValue })}>
        <span class="lom-pile-label">{t("lom.pile")}:</span>
        {pile?.treasures.map((x, i) => <MiniTreasure value={x} animKey={`pile-${p.seat}-t${i}`} cls={lastMove(c.keys, `pile-${p.seat}-t${i}`)} />)}
        {pile?.cannonsFrom.map((from, i) => {
          const key = `pile-${p.seat}-c${i}`;
          const label = t("lom.pile.cannon", { name: c.names(from) });
          return (
            <span class={`lom-mini cannon ${lastMove(c.keys, key)}`} data-anim-key={key} role="img" aria-label={label} title={label}>
              <CannonSvg colour={c.colour(from)} />
            </span>
          );
        })}
        {!pile || (pile.treasures.length === 0 && pile.cannonsFrom.length === 0) ? <span class="lom-none">{t("lom.pile.empty")}</span> : null}
      </div>
      {passes.length > 0 && (
        <div class="lom-h-moves">
          {passes.map((m) => <MoveOn moves={c.moves} m={m} label={t("lom.do.pass")}>✋ {t("lom.btn.pass")}</MoveOn>)}
        </div>
      )}
    </li>
  );
}

export function Board({ view: v, match, moves, names, me, lastEvents }: BoardProps<"letterOfMarque">) {
  const root = useRef<HTMLDivElement>(null);
  const { keys, enter } = lastTouched(lastEvents ?? [], v);
  // A move still gliding when the next update comes (bots answer at once) is
  // finished first: useFlip measures where things are drawn, and an element
  // half-way through its glide would be measured there and glide off the board.
  useLayoutEffect(() => {
    for (const a of root.current?.getAnimations({ subtree: true }) ?? []) a.finish();
  });
  useFlip(root, match.version, { enterFrom: (k) => enter.get(k) });
  // A cannon fired at an armed ship flies from the attacker's cannons to it.
  const shownVersion = useRef(match.version);
  useLayoutEffect(() => {
    if (shownVersion.current === match.version) return;
    shownVersion.current = match.version;
    const el = (k: string) => root.current?.querySelector(`[data-anim-key="${k}"]`) ?? null;
    for (const e of lastEvents ?? []) {
      if (e.kind.case !== "attacked" || !e.kind.value.armed) continue;
      const from = el(`cannons-${e.kind.value.attacker}`);
      const to = el(`ship-${e.kind.value.shipId}`);
      if (from && to) travel(from, to);
    }
  }, [match.version]);

  // When the viewer's turn starts (he was not to act, or his own move is in
  // this update and he must act again) and none of his moves is on screen,
  // the first one is brought into view (the table may be below the room's header).
  const wasToAct = useRef(false);
  const toAct = me >= 0 && match.toAct.includes(me) && moves.all.entries.length > 0;
  const mineInUpdate = (lastEvents ?? []).some((e) => actor(e) === me);
  useEffect(() => {
    const starts = toAct && (!wasToAct.current || mineInUpdate);
    wasToAct.current = toAct;
    if (!starts || !root.current) return;
    const buttons = Array.from(root.current.querySelectorAll<HTMLButtonElement>("button.move:not(:disabled)"));
    if (buttons.length === 0 || buttons.some(inViewport)) return;
    buttons[0].scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [match.version, toAct]);

  const colourOf = new Map(v.players.map((p) => [p.seat, p.colour]));
  const c: Ctx = { v, me, names, moves, keys, colour: (s) => colourOf.get(s) ?? "" };
  // The viewer's harbour first, then the others clockwise from him.
  const n = v.players.length;
  const start = me >= 0 ? me : 0;
  const order = [...v.players].sort((a, b) => ((a.seat - start + n) % n) - ((b.seat - start + n) % n));
  const mine = me >= 0 ? order.find((p) => p.seat === me) : undefined;
  const others = order.filter((p) => p.seat !== me);
  const prelim = v.phase === Phase.PRELIMINARY;
  const seaItems = prelim ? order.filter((p) => p.preliminaryTreasure > 0) : [];
  return (
    <div class="lom" ref={root} data-phase={Phase[v.phase]}>
      <Prompt v={v} match={match} me={me} names={names} moves={moves} />
      <div class="lom-layout">
        {mine && (
          <ul class="lom-harbours mine" aria-label={t("lom.yourHarbour")} data-testid="my-harbour">
            <Harbour p={mine} c={c} />
          </ul>
        )}
        <section class="lom-sea" data-testid="sea" aria-label={t("lom.sea")}>
          <h3 class="lom-sea-title">🌊 {t("lom.sea")}</h3>
          <ul class="lom-tiles">
            {prelim
              ? seaItems.map((p) => <PrelimTile p={p} c={c} />)
              : v.shipsAtSea.map((s) => <ShipTile s={s} c={c} />)}
            {!prelim && v.shipsAtSea.length === 0 && <li class="lom-calm">{t("lom.emptySea")}</li>}
          </ul>
        </section>
        <ul class="lom-harbours others" aria-label={t("lom.harbours")} data-testid="harbours">
          {others.map((p) => <Harbour p={p} c={c} />)}
        </ul>
      </div>
    </div>
  );
}
