// Port Royal (Pfister)'s board: a prompt that says what the acting seat
// decides and why; the draw pile (draw / stop), the ship just drawn (repel /
// let it dock), the discard pile; the harbour row with a trade or hire
// button on each card (its price and who gets the compensation in words);
// the expedition area with its requirements and the fulfil buttons; every
// player's display (coins, victory points towards the end, swords, persons,
// expeditions). Everything in this game's view is public: no data-private.
import { useEffect, useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";
import type { BoardProps, EventOf } from "../types";
import { t } from "../../i18n";
import { Phase, CardKind, Destination, type PlayerView, type View } from "../../gen/brethren/v1/port_royal_pfister_pb";
import { useFlip, lastMove } from "../../ui/motion";
import type { SeatNamer } from "../../logic/describe";
import { cardsText, coinsText, swordsText, vpText, pfisterFace, pfisterLabel, pfisterTitle, effectText, needsText, shipName, ROLE_ICON, SYMBOL_ICON, type PfisterFace } from "./cards";
import "./board.css";

/** VP that trigger the end (PRP-40). */
const END_VP = 12;

/** Keys for motion: the same card keeps its key while it moves. */
function keysByOccurrence(cards: CardKind[], prefix: string): string[] {
  const seen = new Map<CardKind, number>();
  return cards.map((c) => {
    const n = seen.get(c) ?? 0;
    seen.set(c, n + 1);
    return `${prefix}-${c}-${n}`;
  });
}

function count(p: PlayerView | undefined, pred: (f: PfisterFace) => boolean): number {
  return p ? p.persons.filter((c) => pred(pfisterFace(c))).length : 0;
}

/** How many cards the active player may take for the ships in the harbour (PRP-19), Governors included (PRP-20). */
export function allowanceFor(harbor: CardKind[], governors: number): { colours: number; cards: number } {
  const colours = new Set(harbor.map(pfisterFace).filter((f) => f.kind === "ship").map((f) => f.colour)).size;
  return { colours, cards: (colours >= 5 ? 3 : colours === 4 ? 2 : 1) + governors };
}

/** One card drawn as a card: a ship, a person, a tax increase or an expedition. */
export function PfisterCard({ card, animKey, cls = "", children, small }: {
  card: CardKind; animKey?: string; cls?: string; children?: ComponentChildren; small?: boolean;
}) {
  const f = pfisterFace(card);
  const title = pfisterTitle(card);
  return (
    <div class={`prp-card ${f.kind} ${f.colour ?? ""} ${small ? "small" : ""} ${cls}`} data-anim-key={animKey} data-card={CardKind[card]} title={title}>
      <div class="face" role="img" aria-label={title}>
        {f.kind === "ship" && (
          <>
            <span class="tl" title={f.swords === "skull" ? t("prp.skull") : swordsText(f.swords as number)}>{f.swords === "skull" ? "☠" : `⚔${f.swords}`}</span>
            <span class="icon">{f.colour === "black" ? "🚢" : "⛵"}</span>
            <span class="nm">{shipName(f.colour!)}</span>
            <span class="br" title={coinsText(f.coins!)}>🪙{f.coins}</span>
          </>
        )}
        {f.kind === "person" && (
          <>
            <span class="tl" title={t("prp.costN", { n: f.cost! })}>🪙{f.cost}</span>
            <span class="tr" title={vpText(f.vp!)}>★{f.vp}</span>
            <span class="icon">{ROLE_ICON[f.person!]}</span>
            <span class={`nm ${t(`prp.person.${f.person}`).length > 10 ? "long" : ""}`}>{t(`prp.person.${f.person}`)}</span>
            {!small && <span class="fx">{t(`prp.short.${f.person}`, { ships: f.colour ? t(`prp.ships.${f.colour}`) : "" })}</span>}
          </>
        )}
        {f.kind === "expedition" && (
          <>
            <span class="tr" title={vpText(f.vp!)}>★{f.vp}</span>
            <span class="icon needs">{f.needs!.map((s) => SYMBOL_ICON[s]).join("")}</span>
            <span class="nm">{t("prp.expedition")}</span>
            <span class="br" title={coinsText(f.coins!)}>+🪙{f.coins}</span>
          </>
        )}
        {f.kind === "tax" && (
          <>
            <span class="icon">⚖</span>
            <span class="nm">{t("prp.taxName")}</span>
            {!small && <span class="fx">{t(`prp.short.tax.${f.tax}`)}</span>}
          </>
        )}
        {f.kind === "unknown" && <span class="icon">?</span>}
      </div>
      {children && <div class="card-moves">{children}</div>}
    </div>
  );
}

/**
 * A move's button with this board's own words for screen readers and the
 * tooltip (which card, what it costs, who gets paid): the table's button
 * carries the generic words of the action, so they are replaced once drawn.
 */

/** What the acting seat decides now, and why, in words. */
function prompt(v: View, me: number, names: SeatNamer): string {
  const active = v.activeSeat >= 0 ? names(v.activeSeat) : "";
  const activeP = v.players.find((p) => p.seat === v.activeSeat);
  switch (v.phase) {
    case Phase.DISCOVER: {
      const gov = count(activeP, (f) => f.person === "governor");
      const a = allowanceFor(v.harbor, gov);
      if (v.activeSeat === me) {
        return v.drawnThisTurn === 0
          ? t("prp.prompt.drawFirst")
          : t("prp.prompt.drawOrStop", { colours: a.colours, cards: cardsText(a.cards) });
      }
      return t("prp.prompt.otherDiscover", { name: active });
    }
    case Phase.REPEL: {
      const f = pfisterFace(v.drawnShip);
      const ship = pfisterLabel(v.drawnShip);
      const bust = v.harbor.some((c) => {
        const h = pfisterFace(c);
        return h.kind === "ship" && h.colour === f.colour;
      });
      const swords = activeP?.swords ?? 0;
      if (v.activeSeat === me) return t(bust ? "prp.prompt.repelBust" : "prp.prompt.repel", { ship, swords, colour: t(`prp.colour.${f.colour ?? "yellow"}`) });
      return t("prp.prompt.otherRepel", { name: active, ship });
    }
    case Phase.TRADE_HIRE: {
      if (v.takingSeat === me) {
        if (me === v.activeSeat) return t("prp.prompt.takeActive", { cards: cardsText(v.cardsLeft) });
        return t("prp.prompt.takeOther", { cards: cardsText(v.cardsLeft), name: active });
      }
      return v.takingSeat === v.activeSeat
        ? t("prp.prompt.otherTakeActive", { name: names(v.takingSeat), cards: cardsText(v.cardsLeft) })
        : t("prp.prompt.otherTake", { name: names(v.takingSeat), cards: cardsText(v.cardsLeft), active });
    }
    case Phase.FINISHED:
      return t("prp.prompt.finished");
    default:
      return "";
  }
}

/** The last event's keys (what it touched), and a sentence for what is worth a headline (a bust, a tax increase). */
function lastTouched(events: EventOf<"portRoyalPfister">[], v: View, names: SeatNamer): { keys: Set<string>; news: string[] } {
  const keys = new Set<string>();
  const news: string[] = [];
  for (const e of events) {
    const k = e.kind;
    switch (k.case) {
      case "cardDrawn": {
        const c = k.value.card;
        if (k.value.destination === Destination.EXPEDITIONS) keys.add(`e-${c}`);
        else if (k.value.destination === Destination.TAX) {
          keys.add("discard-top");
          news.push(t(`prp.news.tax.${pfisterFace(c).tax}`, { who: k.value.rewarded.map(names).join(", ") || "—" }));
        } else keys.add(`h-${c}-0`);
        if (k.value.bust) news.push(t("prp.news.bust", { name: names(k.value.seat), colour: t(`prp.colour.${pfisterFace(c).colour ?? "yellow"}`) }));
        break;
      }
      case "shipDocked":
        keys.add(`h-${k.value.card}-0`);
        if (k.value.bust) news.push(t("prp.news.bust", { name: names(k.value.seat), colour: t(`prp.colour.${pfisterFace(k.value.card).colour ?? "yellow"}`) }));
        break;
      case "shipRepelled":
        keys.add("discard-top");
        break;
      case "shipTraded":
        keys.add("discard-top");
        keys.add(`coins-${k.value.seat}`);
        break;
      case "personHired": {
        const p = v.players.find((x) => x.seat === k.value.seat);
        const n = p ? p.persons.filter((c) => c === k.value.card).length - 1 : 0;
        keys.add(`p${k.value.seat}-${k.value.card}-${Math.max(0, n)}`);
        keys.add(`coins-${k.value.seat}`);
        break;
      }
      case "expeditionFulfilled":
        keys.add(`x${k.value.seat}-${k.value.expedition}-0`);
        keys.add(`coins-${k.value.seat}`);
        break;
      case "opportunityBonus":
        keys.add(`coins-${k.value.seat}`);
        break;
      case "reshuffled":
        keys.add("deck");
        news.push(t("prp.news.reshuffled", { cards: cardsText(k.value.cards) }));
        break;
      case "endTriggered":
        news.push(k.value.pilesExhausted ? t("prp.news.exhausted") : t("prp.news.end", { name: names(k.value.seat) }));
        break;
      default:
        break;
    }
  }
  return { keys, news };
}

export function Board({ view: v, moves, names, me, match, lastEvents = [] }: BoardProps<"portRoyalPfister">) {
  const root = useRef<HTMLDivElement>(null);
  useFlip(root, match.version, {
    enterFrom: (key) => {
      const m = /^(h|e|p\d+|x\d+|discard)-(\d+|top)/.exec(key);
      if (!m) return undefined;
      if (m[1] === "h" || m[1] === "e") return "deck";
      if (m[1].startsWith("p")) return `h-${m[2]}-0`;
      if (m[1].startsWith("x")) return `e-${m[2]}`;
      return undefined;
    },
  });
  const myTurnNow = match.toAct.includes(me);
  // When the seat must act and none of its controls is on screen (a phone,
  // a long page), bring the first one into view after each render (an update,
  // a change of language): the moves are where the eye is. Scrolling by hand
  // renders nothing, so a player who looks elsewhere is left alone.
  useEffect(() => {
    if (!myTurnNow || !root.current) return;
    const buttons = Array.from(root.current.querySelectorAll<HTMLElement>("button.move"));
    const inView = buttons.some((b) => {
      const r = b.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
    });
    if (!inView && buttons.length > 0) buttons[0].scrollIntoView({ block: "center", behavior: "auto" });
  });
  const { keys: touched, news } = lastTouched(lastEvents, v, names);
  const activeP = v.players.find((p) => p.seat === v.activeSeat);
  const taker = v.phase === Phase.TRADE_HIRE ? v.players.find((p) => p.seat === v.takingSeat) : undefined;
  const takerIsActive = taker !== undefined && taker.seat === v.activeSeat;
  const mademoiselles = count(taker, (f) => f.person === "mademoiselle");
  const harborKeys = keysByOccurrence(v.harbor, "h");
  const drawnFace = pfisterFace(v.drawnShip);
  const drawnKey = v.drawnShip !== CardKind.UNSPECIFIED ? `h-${v.drawnShip}-0` : "";
  const topDiscard = v.discardPile.length > 0 ? v.discardPile[v.discardPile.length - 1] : CardKind.UNSPECIFIED;
  const governors = count(activeP, (f) => f.person === "governor");
  const allowance = allowanceFor(v.harbor, governors);
  const bustWarning = v.phase === Phase.REPEL && v.harbor.some((c) => {
    const h = pfisterFace(c);
    return h.kind === "ship" && h.colour === drawnFace.colour;
  });
  const activeName = v.activeSeat >= 0 ? names(v.activeSeat) : "";

  const takeLabel = (card: CardKind, position: number): { short: string; label: string } => {
    const f = pfisterFace(card);
    const pos = position + 1;
    if (f.kind === "ship") {
      const traders = count(taker, (p) => p.person === "trader" && p.colour === f.colour);
      const income = f.coins! + traders;
      return {
        short: `${t("prp.trade")} +🪙${income}`,
        label: takerIsActive
          ? t("prp.tradeLabel", { card: pfisterLabel(card), coins: coinsText(income), pos })
          : t("prp.tradeLabelOther", { card: pfisterLabel(card), coins: coinsText(income), pos, name: activeName }),
      };
    }
    const cost = Math.max(0, (f.cost ?? 0) - mademoiselles);
    return {
      short: `${t("prp.hire")} −🪙${cost + (takerIsActive ? 0 : 1)}`,
      label: takerIsActive
        ? t("prp.hireLabel", { card: pfisterLabel(card), coins: coinsText(cost), pos, effect: effectText(f) })
        : t("prp.hireLabelOther", { card: pfisterLabel(card), coins: coinsText(cost), pos, name: activeName, effect: effectText(f) }),
    };
  };

  const jackUses = (a: { jacksAsAnchor: number; jacksAsCross: number; jacksAsHouse: number }) =>
    [
      ...Array<string>(a.jacksAsAnchor).fill(`🃏→${SYMBOL_ICON.anchor}`),
      ...Array<string>(a.jacksAsCross).fill(`🃏→${SYMBOL_ICON.cross}`),
      ...Array<string>(a.jacksAsHouse).fill(`🃏→${SYMBOL_ICON.house}`),
    ].join(" ");
  const fulfilLabel = (card: CardKind, a: { jacksAsAnchor: number; jacksAsCross: number; jacksAsHouse: number }) => {
    const f = pfisterFace(card);
    const jacks = a.jacksAsAnchor + a.jacksAsCross + a.jacksAsHouse;
    const uses = [
      a.jacksAsAnchor ? t("prp.jackAs", { n: a.jacksAsAnchor, sym: t("prp.sym.anchor.one", { n: 1 }) }) : "",
      a.jacksAsCross ? t("prp.jackAs", { n: a.jacksAsCross, sym: t("prp.sym.cross.one", { n: 1 }) }) : "",
      a.jacksAsHouse ? t("prp.jackAs", { n: a.jacksAsHouse, sym: t("prp.sym.house.one", { n: 1 }) }) : "",
    ].filter(Boolean).join(", ");
    return {
      // Each way of using Jacks-of-all-trades is its own button: the short text shows which symbols they stand for.
      short: jacks === 0 ? `✓ ${t("prp.fulfil")}` : `✓ ${t("prp.fulfil")} (${jackUses(a)})`,
      label: t(jacks === 0 ? "prp.fulfilLabel" : "prp.fulfilLabelJacks", { needs: needsText(f.needs!), vp: f.vp!, coins: coinsText(f.coins!), jacks: uses }),
    };
  };

  const passMoves = moves.take("pass");
  const drawMoves = moves.take("draw");
  const stopMoves = moves.take("stop");
  const winners = (match.outcome?.seats ?? []).filter((r) => r.winner);
  const text =
    v.phase === Phase.FINISHED && winners.length > 0
      ? t(winners.length === 1 ? "prp.prompt.winner" : "prp.prompt.winners", {
          names: winners.map((r) => names(r.seat)).join(", "),
          vp: vpText(winners[0].score),
          coins: coinsText(v.players.find((p) => p.seat === winners[0].seat)?.coins ?? 0),
        })
      : prompt(v, me, names);

  return (
    <div class="prp-board" ref={root}>
      <div class={`prp-status ${myTurnNow ? "mine" : ""}`}>
        <p class="prp-phase" title={t(`prp.phaseHelp.${Phase[v.phase]}`)}>
          <span class="chip">{t(`prp.phase.${Phase[v.phase]}`)}</span>
          {v.endTriggered && v.phase !== Phase.FINISHED && <span class="chip end" title={t("prp.endTriggeredHelp")}>⚑ {t("prp.endTriggered")}</span>}
        </p>
        <p class="prp-prompt" data-testid="prp-prompt" aria-live="polite">{text}</p>
        {news.length > 0 && <p class="prp-news" data-testid="prp-news">{news.join(" · ")}</p>}
      </div>

      <div class="prp-main">
      <div class="prp-table">
        <div class="prp-pile" data-testid="draw-pile">
          <h4>{t("prp.drawPileTitle")}</h4>
          <div class={`prp-card back ${lastMove(touched, "deck")}`} data-anim-key="deck" role="img" aria-label={t("prp.drawPile", { cards: cardsText(v.drawPile) })} title={t("prp.drawPile", { cards: cardsText(v.drawPile) })}>
            <span class="icon">🎴</span>
            <span class="nm">{v.drawPile}</span>
          </div>
          <div class="pile-moves">
            {drawMoves.map((m) => (
              moves.button(m, <>🎴 {t("prp.draw")}</>, t(v.drawnThisTurn === 0 ? "prp.drawLabelFirst" : "prp.drawLabel", { n: v.drawPile }))
            ))}
            {stopMoves.map((m) => (
              moves.button(m, <>✋ {t("prp.stop")}</>, t("prp.stopLabel", { colours: allowance.colours, cards: cardsText(allowance.cards) }))
            ))}
          </div>
          {v.phase === Phase.DISCOVER && <small>{t("prp.drawnThisTurn", { n: v.drawnThisTurn })}</small>}
        </div>

        <div class="prp-pile drawn-slot" data-testid="drawn-ship">
          <h4>{t("prp.drawnShip")}</h4>
          {v.drawnShip !== CardKind.UNSPECIFIED ? (
            <PfisterCard card={v.drawnShip} animKey={drawnKey} cls={`${lastMove(touched, drawnKey)} ${bustWarning ? "danger" : ""}`}>
              {moves.take("repel").map((m) => (
                moves.button(m, <>⚔ {t("prp.repel")}</>, t("prp.repelLabel", { ship: pfisterLabel(v.drawnShip), swords: activeP?.swords ?? 0 }))
              ))}
              {moves.take("dock").map((m) => (
                moves.button(m, <>⚓ {t("prp.dock")}</>, t(bustWarning ? "prp.dockLabelBust" : "prp.dockLabel", { ship: pfisterLabel(v.drawnShip) }))
              ))}
            </PfisterCard>
          ) : (
            <div class="prp-card empty" aria-hidden="true" />
          )}
        </div>

        <div class="prp-pile" data-testid="discard-pile">
          <h4>{t("prp.discard")}</h4>
          {topDiscard !== CardKind.UNSPECIFIED ? (
            <PfisterCard card={topDiscard} animKey="discard-top" cls={lastMove(touched, "discard-top")} />
          ) : (
            <div class="prp-card empty" role="img" aria-label={t("prp.discardEmpty")} title={t("prp.discardEmpty")} />
          )}
          <small>{t("prp.discardCount", { cards: cardsText(v.discardPile.length) })}</small>
        </div>
      </div>

      <section class="prp-harbor" aria-labelledby="prp-harbor-h">
        <h4 id="prp-harbor-h" title={t("prp.harborHelp")}>
          ⚓ {t("prp.harbor")} <small>{t("prp.harborColours", { n: allowance.colours })}</small>
          {passMoves.map((m) => (
            moves.button(m, <>⏭ {t("prp.pass")}</>, t("prp.passLabel"))
          ))}
        </h4>
        <div class="cards harbor" data-testid="harbor">
          {v.harbor.length === 0 && <p class="empty-note">{t("prp.harborEmpty")}</p>}
          {v.harbor.map((c, i) => (
            <PfisterCard card={c} animKey={harborKeys[i]} cls={lastMove(touched, harborKeys[i])}>
              {(() => {
                const takes = moves.take("take", (a) => a.position === i);
                if (takes.length === 0 && v.takingSeat === me && v.phase === Phase.TRADE_HIRE && v.cardsLeft > 0) {
                  // A person the seat cannot pay for: say why there is no button.
                  const need = Math.max(0, (pfisterFace(c).cost ?? 0) - mademoiselles) + (takerIsActive ? 0 : 1);
                  const why = t("prp.cannotPay", { coins: coinsText(need) });
                  return <small class="no-move" title={why}>{why}</small>;
                }
                return takes.map((m) => {
                  const l = takeLabel(c, i);
                  return moves.button(m, <>{l.short}</>, l.label);
                });
              })()}
            </PfisterCard>
          ))}
        </div>
      </section>

      <section class="prp-expeditions" aria-labelledby="prp-exp-h">
        <h4 id="prp-exp-h" title={t("prp.expHelp")}>🧭 {t("prp.expeditions")}</h4>
        <div class="cards expeditions" data-testid="expeditions">
          {v.expeditions.length === 0 && <p class="empty-note">{t("prp.expEmpty")}</p>}
          {v.expeditions.map((c) => (
            <div class="exp-slot">
              <PfisterCard card={c} animKey={`e-${c}`} cls={lastMove(touched, `e-${c}`)}>
                {moves.take("fulfil", (a) => a.expedition === c).map((m) => {
                  const l = fulfilLabel(c, m.payload);
                  return moves.button(m, <>{l.short}</>, l.label);
                })}
              </PfisterCard>
              <small class="needs-words">{t("prp.needs", { needs: needsText(pfisterFace(c).needs ?? []) })}</small>
            </div>
          ))}
        </div>
      </section>

      </div>

      <ul class="prp-players" data-testid="players">
        {v.players.map((p) => {
          const personKeys = keysByOccurrence(p.persons, `p${p.seat}`);
          const expKeys = keysByOccurrence(p.expeditions, `x${p.seat}`);
          const roles = [
            p.seat === v.activeSeat ? `➤ ${t("prp.role.active")}` : "",
            p.seat === v.takingSeat && v.phase === Phase.TRADE_HIRE ? `✋ ${t("prp.role.taking", { cards: cardsText(v.cardsLeft) })}` : "",
            p.seat === v.startSeat ? `⚐ ${t("prp.role.start")}` : "",
          ].filter(Boolean);
          return (
            <li class={`prp-player ${p.seat === me ? "me" : ""} ${p.seat === v.activeSeat ? "current" : ""} ${p.seat === v.takingSeat && v.phase === Phase.TRADE_HIRE ? "taking" : ""}`} data-testid={`player-${p.seat}`}>
              <div class="who">
                <strong>{names(p.seat)}</strong>
                {roles.map((r) => <span class="chip">{r}</span>)}
              </div>
              <div class="stats">
                <span class={`stat ${lastMove(touched, `coins-${p.seat}`)}`} data-anim-key={`coins-${p.seat}`} title={t("prp.coinsHelp", { coins: coinsText(p.coins) })} aria-label={t("prp.coinsHelp", { coins: coinsText(p.coins) })}>🪙 {p.coins}</span>
                <span class="stat" title={t("prp.vpHelp", { n: p.points, end: END_VP })} aria-label={t("prp.vpHelp", { n: p.points, end: END_VP })}>
                  ★ {p.points}<span class="vpbar" aria-hidden="true"><span style={{ width: `${Math.min(100, (p.points / END_VP) * 100)}%` }} /></span>
                </span>
                <span class="stat" title={t("prp.swordsHelp", { swords: swordsText(p.swords) })} aria-label={t("prp.swordsHelp", { swords: swordsText(p.swords) })}>⚔ {p.swords}</span>
              </div>
              <div class="cards small display" aria-label={t("prp.displayOf", { name: names(p.seat) })}>
                {p.persons.length + p.expeditions.length === 0 && <span class="empty-note">{t("prp.noPersons")}</span>}
                {p.persons.map((c, i) => <PfisterCard small card={c} animKey={personKeys[i]} cls={lastMove(touched, personKeys[i])} />)}
                {p.expeditions.map((c, i) => <PfisterCard small card={c} animKey={expKeys[i]} cls={lastMove(touched, expKeys[i])} />)}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

