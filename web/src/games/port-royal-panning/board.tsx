// Port Royal (Panning): the table as a player sees it. On top what the viewer
// must do now (a prompt in words), the table in the middle — each seat's
// place with its bid (auction) or the card it played (trick), the leader, who
// is winning, the trump and the loot card under the pirate — the nine loot
// cards, and the viewer's hand fanned; below, every player's debt scale and
// four cargo ships (capacity bar, loaded cards, prisoners). Moves sit on the
// thing they act on: a card in hand, a loot card, a ship, a seat's place.
import { useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";
import type { BoardProps, EventOf } from "../types";
import { t } from "../../i18n";
import { useFlip, lastMove } from "../../ui/motion";
import {
  Colour,
  Good,
  Phase,
  Special,
  type CrewCard,
  type LootCard,
  type Play,
  type PlayerView,
  type Ship,
  type View,
} from "../../gen/brethren/v1/port_royal_panning_pb";
import { CREW_SYMBOL, CREW_CLASS, crewLabel, lootLabel, lootTitle, lootById, specialFace, GOOD_SYMBOL, goodWord, crewColourWord } from "./cards";
import "./board.css";

/** The most a debt may reach (PRQ-10). */
export const MAX_DEBT = 19;
/** Cards the privileged player sets aside (PRQ-13.1). */
const SET_ASIDE = 2;
const GOODS = [Good.BISCUITS, Good.TOBACCO, Good.RUM, Good.GUNPOWDER];
const COLOURS = [Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK];

export const crewKey = (c: CrewCard) => `crew-${c.colour}-${c.value}`;
export const lootKey = (id: number) => `loot-${id}`;
const slotKey = (seat: number) => `slot-${seat}`;
const handKey = (seat: number) => `hand-${seat}`;
const shipKey = (seat: number, g: Good) => `ship-${seat}-${g}`;
const sameCard = (a: CrewCard | undefined, b: CrewCard) => !!a && a.colour === b.colour && a.value === b.value;

/** The index in the trick of the card winning it so far (PRQ-21, PRQ-22), -1 for an empty trick. */
export function trickWinner(trick: readonly Play[], trump: Colour): number {
  if (trick.length === 0) return -1;
  const cards = trick.map((p) => p.card!);
  let best = -1;
  if (cards.some((c) => c.colour === Colour.GHOST)) {
    // Highest number; among equal numbers the one played last.
    cards.forEach((c, i) => {
      if (best < 0 || c.value >= cards[best].value) best = i;
    });
    return best;
  }
  const suit = trump !== Colour.UNSPECIFIED && cards.some((c) => c.colour === trump) ? trump : cards[0].colour;
  cards.forEach((c, i) => {
    if (c.colour === suit && (best < 0 || c.value > cards[best].value)) best = i;
  });
  return best;
}

/** The keys of what the last events touched (highlighted until the next update). */
export function touchedKeys(events: readonly EventOf<"portRoyalPanning">[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    const k = e.kind;
    switch (k.case) {
      case "bidMade":
      case "passed":
      case "auctionWon":
        out.add(slotKey(k.value.seat));
        break;
      case "leaderNamed":
        out.add(slotKey(k.value.leader));
        break;
      case "cardPlayed":
        if (k.value.card) out.add(crewKey(k.value.card));
        break;
      case "trickWon":
        out.add(slotKey(k.value.seat));
        if (k.value.loot) out.add(lootKey(k.value.loot.id));
        break;
      case "lootChosen":
        out.add(lootKey(k.value.lootId));
        break;
      case "lootPlaced":
        out.add(lootKey(k.value.lootId));
        break;
      case "prisonerPlaced":
        out.add(shipKey(k.value.seat, k.value.ship));
        break;
      case "trumpNamed":
        out.add("trump");
        break;
      case "cardSetAside":
        out.add(handKey(k.value.seat));
        break;
      case "bidPaidDown":
        out.add(`debt-${k.value.seat}`);
        break;
      case "cardMoved":
        out.add(shipKey(k.value.seat, k.value.to));
        break;
      case "cardRemoved":
        out.add(shipKey(k.value.seat, k.value.ship));
        break;
      default:
        break;
    }
  }
  return out;
}

export function CrewFace({ card, touched, dim, title }: { card: CrewCard; touched?: Set<string>; dim?: boolean; title?: string }) {
  const label = title ?? crewLabel(card);
  return (
    <span
      class={`prq-crew ${CREW_CLASS[card.colour] ?? ""} ${dim ? "dim" : ""} ${touched ? lastMove(touched, crewKey(card)) : ""}`}
      data-anim-key={crewKey(card)}
      title={label}
      aria-label={label}
      role="img"
    >
      <span class="sym" aria-hidden="true">{CREW_SYMBOL[card.colour]}</span>
      <span class="val" aria-hidden="true">{card.value}</span>
    </span>
  );
}

export function LootFace({ card, touched, small, extra }: { card: LootCard; touched?: Set<string>; small?: boolean; extra?: ComponentChildren }) {
  const label = lootTitle(card);
  const special = card.special !== Special.NONE;
  return (
    <span
      class={`prq-loot ${special ? "special" : `good-${card.good}`} ${small ? "small" : ""} ${touched ? lastMove(touched, lootKey(card.id)) : ""}`}
      data-anim-key={lootKey(card.id)}
      title={label}
      aria-label={label}
      role="img"
    >
      {special ? (
        <span class="sp" aria-hidden="true">{specialFace(card.special)}</span>
      ) : (
        <>
          <span class="sym" aria-hidden="true">{GOOD_SYMBOL[card.good]}</span>
          <span class="val" aria-hidden="true">{card.value}</span>
        </>
      )}
      {extra}
    </span>
  );
}

/** What the viewer must do now, in words, with why (or who we wait for). */
function prompt(v: View, me: number, names: (s: number) => string, pirate: LootCard | null, mine: boolean): { main: string; why?: string } {
  const who = names(v.currentSeat);
  const trickNo = v.tricksDone + 1;
  const loot = pirate ? lootLabel(pirate) : "";
  const meP = v.players.find((p) => p.seat === me);
  switch (v.phase) {
    case Phase.AUCTION:
      if (!mine) return { main: t("prq.p.auctionWait", { name: who }), why: t("prq.p.auctionWhy") };
      return {
        main: v.highBidder >= 0 ? t("prq.p.auction", { n: v.highBid, name: names(v.highBidder) }) : t("prq.p.auctionFirst"),
        why: t("prq.p.auctionLimit", { debt: meP?.debt ?? 0, max: MAX_DEBT - (meP?.debt ?? 0) }),
      };
    case Phase.EXCHANGE:
      if (!mine) return { main: t("prq.p.exchangeWait", { name: who }) };
      return { main: t("prq.p.exchange", { n: SET_ASIDE - v.setAsideCount }), why: t("prq.p.exchangeWhy") };
    case Phase.NAME_TRUMP:
      return mine ? { main: t("prq.p.trump"), why: t("prq.p.trumpWhy") } : { main: t("prq.p.trumpWait", { name: who }) };
    case Phase.NAME_LEADER:
      return mine ? { main: t("prq.p.leader"), why: t("prq.p.leaderWhy") } : { main: t("prq.p.leaderWait", { name: who }) };
    case Phase.CHOOSE_LOOT:
      return mine ? { main: t("prq.p.chooseLoot", { n: trickNo }), why: t("prq.p.chooseLootWhy") } : { main: t("prq.p.chooseLootWait", { name: who, n: trickNo }) };
    case Phase.PLAY: {
      if (!mine) return { main: t("prq.p.playWait", { name: who, n: trickNo, loot }) };
      if (v.trick.length === 0) return { main: t("prq.p.lead", { n: trickNo, loot }), why: t("prq.p.leadWhy") };
      const led = v.trick[0].card!.colour;
      if (led === Colour.GHOST) return { main: t("prq.p.follow", { n: trickNo, loot }), why: t("prq.p.ghostLed") };
      return { main: t("prq.p.follow", { n: trickNo, loot }), why: t("prq.p.followWhy", { led: `${CREW_SYMBOL[led]} ${crewColourWord(led)}` }) };
    }
    case Phase.RESOLVE_LOOT: {
      const won = v.pendingLoot ? lootLabel(v.pendingLoot) : "";
      if (!mine) return { main: t("prq.p.resolveWait", { name: who, loot: won }) };
      const sp = v.pendingLoot?.special ?? Special.NONE;
      if (sp === Special.REMOVE1) return { main: t("prq.p.remove1", { loot: won }), why: t("prq.special.REMOVE1.what") };
      if (sp === Special.MOVE1) return { main: t("prq.p.move1", { loot: won }), why: t("prq.special.MOVE1.what") };
      return { main: t(sp === Special.NONE ? "prq.p.resolve" : "prq.p.resolveSpecial", { loot: won }), why: v.privilegedSeat === me ? t("prq.p.payDownWhy") : undefined };
    }
    case Phase.PLACE_PRISONER:
      return mine
        ? { main: t("prq.p.prisoner", { n: v.pendingPrisoners }), why: t("prq.p.prisonerWhy") }
        : { main: t("prq.p.prisonerWait", { name: who, n: v.pendingPrisoners }) };
    case Phase.FINISHED:
      return { main: t("prq.p.finished") };
    default:
      return { main: "" };
  }
}

export function Board({ view: v, match, moves, names, me, lastEvents }: BoardProps<"portRoyalPanning">) {
  const root = useRef<HTMLDivElement>(null);
  // Where a card that appears comes from: a crew card from its player's hand, a loot card from the deck.
  const origin = useRef(new Map<string, string>());
  useFlip(root, match.version, { enterFrom: (k) => origin.current.get(k) ?? (k.startsWith("loot-") ? "loot-deck" : undefined) });
  const touched = touchedKeys(lastEvents ?? []);
  const mine = v.currentSeat === me && me >= 0 && !match.finished;
  const pirate = v.pirateLootId >= 0 ? (v.loot.find((l) => l.card?.id === v.pirateLootId)?.card ?? lootById(v.pirateLootId, v.lootValues)) : null;
  const n = v.players.length;
  const winning = trickWinner(v.trick, v.trump);
  const leader = v.trick.length > 0 ? v.trick[0].seat : v.phase === Phase.PLAY || v.phase === Phase.CHOOSE_LOOT ? v.currentSeat : -1;
  const nextOrigins = new Map<string, string>();
  for (const p of v.trick) nextOrigins.set(crewKey(p.card!), handKey(p.seat));
  origin.current = nextOrigins;
  const pr = prompt(v, me, names, pirate, mine);
  const ordered = me >= 0 ? [...v.players.slice(me), ...v.players.slice(0, me)] : v.players;
  const inAuction = v.phase === Phase.AUCTION;

  const slot = (p: PlayerView) => {
    const played = v.trick.findIndex((x) => x.seat === p.seat);
    const card = played >= 0 ? v.trick[played].card! : null;
    const isWin = played >= 0 && played === winning;
    const status = inAuction
      ? p.passed
        ? t("prq.passed")
        : v.highBidder === p.seat
          ? t("prq.highBidShort", { n: v.highBid })
          : "—"
      : "";
    return (
      <li
        class={`prq-slot ${p.seat === v.currentSeat && !match.finished ? "current" : ""} ${p.seat === me ? "me" : ""} ${isWin ? "winning" : ""} ${lastMove(touched, slotKey(p.seat))}`}
        data-anim-key={slotKey(p.seat)}
        data-testid={`prq-slot-${p.seat}`}
      >
        <span class="who">
          {p.seat === v.currentSeat && !match.finished ? <span aria-label={t("prq.toAct")} title={t("prq.toAct")}>➤ </span> : null}
          {names(p.seat)}
        </span>
        <span class="tags">
          {p.seat === v.privilegedSeat && <span class="tag priv" title={t("prq.privilegedTitle")}>👑</span>}
          {p.seat === v.dealer && <span class="tag" title={t("prq.dealerTitle")}>{t("prq.dealerShort")}</span>}
          {p.seat === leader && !inAuction && <span class="tag lead" title={t("prq.leaderTitle")}>{t("prq.leads")}</span>}
          {isWin && <span class="tag win" title={t("prq.winningTitle")}>{t("prq.winning")}</span>}
        </span>
        <span class="place">
          {inAuction ? (
            <span class={`bid ${p.passed ? "passed" : ""}`}>{status}</span>
          ) : card ? (
            <CrewFace card={card} touched={touched} />
          ) : (
            <span class="prq-crew empty" aria-hidden="true" />
          )}
        </span>
        {moves.buttons("nameLeader", (a) => a.seat === p.seat, () => t("prq.makeLead"))}
      </li>
    );
  };

  const bids = moves.take("bid");
  const passes = moves.take("pass");
  const shipView = (p: PlayerView, s: Ship) => {
    const own = p.seat === me;
    const over = s.weight > s.capacity;
    const pct = Math.max(0, Math.min(100, (s.weight / Math.max(1, s.capacity)) * 100));
    const title = t("prq.shipTitle", { good: goodWord(s.good), w: s.weight, c: s.capacity, v: s.lootValue });
    return (
      <div
        class={`prq-ship good-${s.good} ${s.sunk ? "sunk" : ""} ${over ? "over" : ""} ${lastMove(touched, shipKey(p.seat, s.good))}`}
        data-anim-key={shipKey(p.seat, s.good)}
        data-testid={`ship-${p.seat}-${s.good}`}
      >
        <div class="deck" title={title} aria-label={title} role="group">
          <span class="good" aria-hidden="true">{GOOD_SYMBOL[s.good]}</span>
          <span class="tons" aria-hidden="true">{s.weight}/{s.capacity}t</span>
        </div>
        <div
          class="cap"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={s.capacity}
          aria-valuenow={s.weight}
          aria-label={t("prq.capacity", { w: s.weight, c: s.capacity })}
          title={over ? t("prq.overTitle", { w: s.weight, c: s.capacity }) : t("prq.capacity", { w: s.weight, c: s.capacity })}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
        <div class="hold">
          {s.loot.map((l) => {
            const rm = own ? moves.take("removeLoot", (a) => a.lootId === l.id) : [];
            const mv = own ? moves.take("moveSpecial", (a) => a.lootId === l.id) : [];
            return (
              <span class="cargo" {...(rm.length + mv.length > 0 ? { role: "group", "aria-label": lootTitle(l) } : {})}>
                <LootFace card={l} touched={touched} small />
                {rm.map((m) => moves.button(m, "✖"))}
                {mv.map((m) => moves.button(m, `→${GOOD_SYMBOL[m.payload.to]}`))}
              </span>
            );
          })}
          {s.prisoners.map((val, i) => {
            const label = val ? t("prq.prisonerValue", { v: val }) : t("prq.prisonerHidden");
            const priv = own && val > 0 && !match.finished;
            return (
              <span class="cargo">
                <span class={`prq-pris ${val ? "open" : ""}`} title={label} aria-label={label} role="img" {...(priv ? { "data-private": "true" } : {})}>
                  ⛓{val ? val : "?"}
                </span>
                {own && moves.buttons("removePrisoner", (a) => a.ship === s.good && a.index === i, () => "✖")}
                {own && moves.buttons("movePrisoner", (a) => a.from === s.good && a.index === i, (a) => `→${GOOD_SYMBOL[a.to]}`)}
              </span>
            );
          })}
        </div>
        {v.phase === Phase.FINISHED ? (
          <div class="worth final" title={t("prq.finalValueTitle")}>
            {s.sunk ? `☠ ${t("prq.sunk")}: 0` : t("prq.value", { v: s.value })}
          </div>
        ) : (
          <div class="worth" title={t("prq.valueTitle")}>
            {t("prq.value", { v: s.lootValue })}
          </div>
        )}
        {own && (
          <div class="ship-moves">
            {moves.buttons("placeLoot", (a) => a.ship === s.good, () => `⬇ ${t("prq.loadHere")}`)}
            {moves.buttons("placePrisoner", (a) => a.ship === s.good, () => `⬇ ⛓ ${t("prq.loadHere")}`)}
          </div>
        )}
      </div>
    );
  };

  const playerPanel = (p: PlayerView) => {
    const debtPct = (p.debt / MAX_DEBT) * 100;
    const bidPct = p.bidCube >= 0 ? (p.bidCube / MAX_DEBT) * 100 : -1;
    const debtLabel = p.bidCube >= 0 ? t("prq.debtBidTitle", { d: p.debt, b: p.bidCube }) : t("prq.debtTitle", { d: p.debt });
    return (
      <li class={`prq-player ${p.seat === me ? "me" : ""}`} data-testid={`player-${p.seat}`}>
        <div class="phead">
          <strong>{names(p.seat)}</strong>
          <span class="count" data-anim-key={handKey(p.seat)} title={t("prq.handCount", { n: p.handCount })} aria-label={t("prq.handCount", { n: p.handCount })}>
            🂠 {p.handCount}
          </span>
          {p.removeCardKept && <span class="kept" title={t("prq.keptTitle")}>✖1</span>}
          {p.voidColours.map((c) => (
            <span class={`void ${CREW_CLASS[c]}`} title={t("prq.voidTitle", { colour: crewColourWord(c) })} aria-label={t("prq.voidTitle", { colour: crewColourWord(c) })}>
              {t("prq.voidShort", { sym: CREW_SYMBOL[c] })}
            </span>
          ))}
          {(match.finished || v.phase === Phase.FINISHED) && <span class="score">★ {p.score}</span>}
        </div>
        <div class={`debt ${lastMove(touched, `debt-${p.seat}`)}`} data-anim-key={`debt-${p.seat}`} title={debtLabel} aria-label={debtLabel} role="img">
          <span class="lbl" aria-hidden="true">{t("prq.debtShort")}</span>
          <span class="scale" aria-hidden="true">
            <span class="cube debt-cube" style={{ left: `${debtPct}%` }}>{p.debt}</span>
            {bidPct >= 0 && <span class="cube bid-cube" style={{ left: `${bidPct}%` }}>{p.bidCube}</span>}
          </span>
        </div>
        <div class="ships">{GOODS.map((g) => p.ships.find((s) => s.good === g)).filter((s): s is Ship => !!s).map((s) => shipView(p, s))}</div>
      </li>
    );
  };

  const pendingMoves = [
    ...moves.buttons("payDown", undefined, () => `⚖ ${t("prq.payDown")}`),
    ...moves.buttons("discardWithRemove", undefined, () => `✖ ${t("prq.discardWithRemove")}`),
    ...moves.buttons("keepRemove", undefined, () => `✖1 ${t("prq.keepRemove")}`),
  ];

  return (
    <div class="prq-board" ref={root} data-testid="prq-board">
      <p class="prq-status">
        <span>{t("prq.round", { n: v.round })}</span>
        <span class="phase">{t(`prq.phase.${Phase[v.phase]}`)}</span>
        <span
          class={`trump ${CREW_CLASS[v.trump] ?? ""} ${lastMove(touched, "trump")}`}
          data-anim-key="trump"
          title={t("prq.trumpTitle")}
        >
          {t("prq.trump")}: {v.trump ? `${CREW_SYMBOL[v.trump]} ${crewColourWord(v.trump)}` : "—"}
        </span>
        <span title={t("prq.deckTitle")}>
          🂠 {t("prq.decks", { loot: v.lootDeckCount, prisoners: v.prisonerDeckCount })}
        </span>
      </p>
      {pr.main && (
        <div class={`prq-prompt ${mine ? "mine" : ""}`} data-testid="prq-prompt" role="status">
          <strong>{pr.main}</strong>
          {pr.why && <span class="why">{pr.why}</span>}
        </div>
      )}
      {me >= 0 && v.hand.length + v.ownSetAside.length > 0 && (
        <div class="prq-hand" data-private="true" data-testid="prq-hand">
          <span class="lbl">{t("prq.hand")}</span>
          <div class="fan" style={{ "--n": String(v.hand.length) }}>
            {v.hand.map((c, i) => {
              const play = moves.take("playCard", (a) => sameCard(a.card, c));
              const aside = moves.take("setAside", (a) => sameCard(a.card, c));
              const m = play[0] ?? aside[0];
              const style = { "--i": String(i - (v.hand.length - 1) / 2) };
              if (m) return <span class="fc" style={style}>{moves.button(m, <CrewFace card={c} />)}</span>;
              const dim = mine && v.phase === Phase.PLAY;
              return (
                <span class="fc" style={style}>
                  <CrewFace card={c} dim={dim} title={dim ? `${crewLabel(c)} — ${t("prq.notPlayable")}` : undefined} />
                </span>
              );
            })}
          </div>
          {v.ownSetAside.length > 0 && (
            <span class="aside" title={t("prq.setAsideTitle")}>
              {t("prq.setAsideCards")}: {v.ownSetAside.map((c) => <CrewFace card={c} />)}
            </span>
          )}
        </div>
      )}
      <div class="prq-middle">
        <section class="prq-table" data-testid={inAuction ? "prq-auction" : "prq-trick"} aria-label={inAuction ? t("prq.auction") : t("prq.trick", { n: v.tricksDone + 1 })}>
          <h4>
            {inAuction
              ? `${t("prq.auction")} · ${v.highBidder >= 0 ? t("prq.highBid", { n: v.highBid, name: names(v.highBidder) }) : t("prq.noBid")}`
              : t("prq.trickOf", { n: Math.min(v.tricksDone + 1, 8), total: 8 })}
            {!inAuction && pirate && (
              <span class="for">
                {" "}· {t("prq.playingFor")} <LootFace card={pirate} small />
              </span>
            )}
          </h4>
          <ol class="slots" style={{ "--seats": String(n) }}>{v.players.map(slot)}</ol>
          <div class="foot">
          {(bids.length > 0 || passes.length > 0) && (
            <div class="bids" role="group" aria-label={t("prq.bidGroup")}>
              {bids.length > 0 && <span class="lbl">{t("prq.bidLabel")}</span>}
              {bids.map((m) => moves.button(m, String(m.payload.amount)))}
              {passes.map((m) => moves.button(m, t("prq.pass")))}
            </div>
          )}
          {v.phase === Phase.NAME_TRUMP && (
            <div class="trumps">
              {COLOURS.flatMap((c) =>
                moves.buttons("nameTrump", (a) => a.colour === c, () => (
                  <span class={`prq-crew ${CREW_CLASS[c]}`}>
                    <span class="sym">{CREW_SYMBOL[c]}</span>
                    <span class="word">{crewColourWord(c)}</span>
                  </span>
                )),
              )}
            </div>
          )}
          {v.faceUp.length > 0 && (
            <p class="faceup" title={t("prq.faceUpTitle")}>
              {t("prq.faceUp")}: {v.faceUp.map((c) => <CrewFace card={c} />)}
            </p>
          )}
          {(v.pendingLoot || v.pendingPrisoners > 0) && (
            <div class="pending" data-testid="pending-loot">
              {v.pendingLoot && (
                <>
                  {t("prq.won", { name: names(v.currentSeat) })} <LootFace card={v.pendingLoot} touched={touched} />
                </>
              )}
              {v.pendingPrisoners > 0 && (
                <span class="pp" title={t("prq.pendingPrisonersTitle")}>
                  ⛓ × {v.pendingPrisoners}
                  {v.pendingPrisonerValues.length > 0 && <span data-private="true"> ({v.pendingPrisonerValues.join(", ")})</span>}
                </span>
              )}
              {pendingMoves.length > 0 && <span class="pmoves">{pendingMoves}</span>}
            </div>
          )}
          </div>
        </section>
        <section class="prq-lootrow" data-testid="prq-loot" aria-label={t("prq.loot")}>
          <h4>
            {t("prq.loot")}{" "}
            <span class="deck-pile" data-anim-key="loot-deck" title={t("prq.deckTitle")}>🂠 {v.lootDeckCount}</span>
          </h4>
          <div class="cards9">
            {v.loot.map((l) => {
              const card = l.card!;
              const isPirate = card.id === v.pirateLootId;
              const extra = (
                <>
                  {l.prisoners > 0 && (
                    <span class="under" title={t("prq.underTitle", { n: l.prisoners })}>⛓{l.prisoners}</span>
                  )}
                  {isPirate && <span class="pirate" title={t("prq.pirateTitle")}>🏴‍☠️</span>}
                </>
              );
              const choose = moves.take("chooseLoot", (a) => a.lootId === card.id);
              const face = <LootFace card={card} touched={touched} extra={extra} />;
              return (
                <span class={`lslot ${isPirate ? "pirated" : ""}`} {...(choose.length > 0 ? { role: "group", "aria-label": lootTitle(card) } : {})}>
                  {choose.length > 0 ? choose.map((m) => moves.button(m, face)) : face}
                </span>
              );
            })}
          </div>
          <p class="legend">
            {GOODS.map((g) => (
              <span title={t("prq.goodTitle", { good: goodWord(g) })}>{GOOD_SYMBOL[g]} {goodWord(g)}</span>
            ))}
            <span title={t("prq.specialTitle")}>★ {t("prq.specialShort")}</span>
            <span title={t("prq.prisonerTitle")}>⛓ {t("prq.prisonerShort")}</span>
            <span title={t("prq.pirateTitle")}>🏴‍☠️ {t("prq.pirateShort")}</span>
          </p>
        </section>
      </div>
      <ul class="prq-players">{ordered.map(playerPanel)}</ul>
      {v.removedLoot.length > 0 && (
        <p class="prq-removed">
          {t("prq.removed")}: {v.removedLoot.map((l) => <LootFace card={l} small />)}
        </p>
      )}
    </div>
  );
}
