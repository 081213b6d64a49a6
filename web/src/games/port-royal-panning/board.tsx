// Port Royal (Panning): the auction, the available loot with the pirate
// figure, the trick, every player's debt, void markers and four ships with
// their loot and prisoners, and the viewer's hand. Moves sit on the card in
// hand, the loot card, the ship, the player they concern.
import type { BoardProps } from "../types";
import { t } from "../../i18n";
import { Phase, Good, type CrewCard, type LootCard, type Ship } from "../../gen/brethren/v1/port_royal_panning_pb";
import { CREW_SYMBOL, CREW_CLASS, crewLabel, lootLabel, GOOD_SYMBOL, goodWord, crewColourWord } from "./cards";
import "./board.css";

export function Crew({ card, children, priv }: { card: CrewCard; children?: preact.ComponentChildren; priv?: boolean }) {
  return (
    <div class={`card crew ${CREW_CLASS[card.colour] ?? ""}`} aria-label={crewLabel(card)} {...(priv ? { "data-private": "true" } : {})}>
      <span class="corner">{CREW_SYMBOL[card.colour]}</span>
      <span class="big">{card.value}</span>
      <span class="word">{crewColourWord(card.colour)}</span>
      {children && <div class="card-moves">{children}</div>}
    </div>
  );
}

export function Loot({ card, children, extra }: { card: LootCard; children?: preact.ComponentChildren; extra?: string }) {
  return (
    <div class={`card loot ${card.special ? "special" : ""}`} aria-label={lootLabel(card)}>
      <span>{lootLabel(card)}</span>
      {extra && <small>{extra}</small>}
      {children && <div class="card-moves">{children}</div>}
    </div>
  );
}

const sameCard = (a: CrewCard | undefined, b: CrewCard) => !!a && a.colour === b.colour && a.value === b.value;

export function Board({ view: v, moves, names, me }: BoardProps<"portRoyalPanning">) {
  const shipView = (seat: number, s: Ship) => (
    <div class={`ship-box ${s.sunk ? "sunk" : ""}`} data-testid={`ship-${seat}-${Good[s.good]}`}>
      <div class="ship-head">{GOOD_SYMBOL[s.good]} {goodWord(s.good)} · {s.weight}/{s.capacity}t · {t("prq.value", { v: s.lootValue })}{s.sunk ? ` · ☠ ${t("prq.sunk")}` : ""}</div>
      <div class="cards small">
        {s.loot.map((l) => (
          <Loot card={l}>
            {seat === me && moves.buttons("removeLoot", (a) => a.lootId === l.id, () => `✖ ${t("prq.removeThis")}`)}
            {seat === me && moves.buttons("moveSpecial", (a) => a.lootId === l.id, (a) => `→ ${GOOD_SYMBOL[a.to]} ${goodWord(a.to)}`)}
          </Loot>
        ))}
        {s.prisoners.map((p, i) => (
          <div class="card prisoner" aria-label={p ? t("prq.prisonerValue", { v: p }) : t("prq.prisonerHidden")}>
            ⛓ {p ? p : "?"}
            {seat === me && moves.buttons("removePrisoner", (a) => a.ship === s.good && a.index === i, () => `✖ ${t("prq.removeThis")}`)}
            {seat === me && moves.buttons("movePrisoner", (a) => a.from === s.good && a.index === i, (a) => `→ ${GOOD_SYMBOL[a.to]} ${goodWord(a.to)}`)}
          </div>
        ))}
      </div>
      {seat === me && (
        <div class="ship-moves">
          {moves.buttons("placeLoot", (a) => a.ship === s.good, () => `⬇ ${t("prq.placeLoot")}`)}
          {moves.buttons("placePrisoner", (a) => a.ship === s.good, () => `⬇ ${t("prq.placePrisoner")}`)}
        </div>
      )}
    </div>
  );
  return (
    <div class="prq-board">
      <p class="phase">
        {t("prq.round", { n: v.round })} · {t(`prq.phase.${Phase[v.phase]}`)} · {t("prq.dealer", { name: names(v.dealer) })}
        {v.privilegedSeat >= 0 ? ` · ${t("prq.privileged", { name: names(v.privilegedSeat) })}` : ""}
        {v.trump ? ` · ${t("prq.trump")}: ${CREW_SYMBOL[v.trump]} ${crewColourWord(v.trump)}` : ""}
      </p>
      {v.phase === Phase.AUCTION && <p>{t("prq.highBid", { n: v.highBid, name: v.highBidder >= 0 ? names(v.highBidder) : "—" })}</p>}
      <div class="row">
        <div>
          <h4>{t("prq.loot")}</h4>
          <div class="cards" data-testid="loot">
            {v.loot.map((l) => (
              <Loot card={l.card!} extra={`${l.prisoners ? `⛓×${l.prisoners}` : ""}${l.card!.id === v.pirateLootId ? " 🏴‍☠️" : ""}`}>
                {moves.buttons("chooseLoot", (a) => a.lootId === l.card!.id, () => `🏴‍☠️ ${t("prq.chooseLoot")}`)}
              </Loot>
            ))}
          </div>
          <small>{t("prq.decks", { loot: v.lootDeckCount, prisoners: v.prisonerDeckCount })}</small>
        </div>
        {v.faceUp.length > 0 && (
          <div><h4>{t("prq.faceUp")}</h4><div class="cards">{v.faceUp.map((c) => <Crew card={c} />)}</div></div>
        )}
        <div>
          <h4>{t("prq.trick", { n: v.tricksDone + 1 })}</h4>
          <div class="cards" data-testid="trick">
            {v.trick.map((p) => <div class="played"><Crew card={p.card!} /><small>{names(p.seat)}</small></div>)}
          </div>
        </div>
        {v.pendingLoot && (
          <div data-testid="pending-loot">
            <h4>{t("prq.won")}</h4>
            <Loot card={v.pendingLoot} />
          </div>
        )}
        {v.pendingPrisoners > 0 && (
          <div>
            <h4>{t("prq.pendingPrisoners", { n: v.pendingPrisoners })}</h4>
            {v.pendingPrisonerValues.length > 0 && <span data-private="true">⛓ {v.pendingPrisonerValues.join(", ")}</span>}
          </div>
        )}
      </div>
      <ul class="players">
        {v.players.map((p) => (
          <li class={`player ${p.seat === me ? "me" : ""} ${p.seat === v.currentSeat ? "current" : ""}`} data-testid={`player-${p.seat}`}>
            <h4>
              {p.seat === v.currentSeat ? "➤ " : ""}{names(p.seat)}
              {moves.buttons("nameLeader", (a) => a.seat === p.seat, () => `➤ ${t("prq.nameLeader")}`)}
            </h4>
            <p>
              {t("prq.debt", { n: p.debt })}{p.bidCube >= 0 ? ` · ${t("prq.bidCube", { n: p.bidCube })}` : ""} · 🂠 {p.handCount}
              {p.passed ? ` · ${t("prq.passed")}` : ""}{p.removeCardKept ? ` · ✖ ${t("prq.remove1")}` : ""}
              {v.phase === Phase.FINISHED || p.score ? ` · ★ ${p.score}` : ""}
            </p>
            {p.voidColours.length > 0 && (
              <p class="voids">{t("prq.voids")}: {p.voidColours.map((c) => <span class={`void ${CREW_CLASS[c]}`}>{CREW_SYMBOL[c]} {crewColourWord(c)}</span>)}</p>
            )}
            <div class="ships">{p.ships.map((s) => shipView(p.seat, s))}</div>
          </li>
        ))}
      </ul>
      {me >= 0 && (
        <div class="hand" data-private="true" data-testid="hand">
          <h4>{t("prq.hand")}</h4>
          <div class="cards">
            {v.hand.map((c) => (
              <Crew card={c}>
                {moves.buttons("playCard", (a) => sameCard(a.card, c), () => `▶ ${t("prq.play")}`)}
                {moves.buttons("setAside", (a) => sameCard(a.card, c), () => `⤓ ${t("prq.setAside")}`)}
              </Crew>
            ))}
          </div>
          {v.ownSetAside.length > 0 && <p>{t("prq.setAsideCards")}: {v.ownSetAside.map((c) => crewLabel(c)).join(", ")}</p>}
        </div>
      )}
      {v.removedLoot.length > 0 && <p class="hint">{t("prq.removed")}: {v.removedLoot.map(lootLabel).join(", ")}</p>}
    </div>
  );
}
