// Letter of Marque: players' decks, reserves, cannons and score piles; the
// ships at sea with their treasure and (when known) base; moves on the ship
// they concern (attack, return) and on one's own reserve (choose, depart).
import type { BoardProps } from "../types";
import { t } from "../../i18n";
import { baseText } from "./cards";
import { Base, Phase, type ShipAtSea } from "../../gen/brethren/v1/letter_of_marque_pb";
import "./board.css";

function Treasure({ value }: { value: number }) {
  return <span class="card treasure" aria-label={t("lom.treasure", { v: value })}><b>{value}</b><small>💰</small></span>;
}

export function Board({ view: v, moves, names, me }: BoardProps<"letterOfMarque">) {
  const ship = (s: ShipAtSea) => {
    // The base of one's own unrevealed ship is known only to oneself.
    const privateBase = s.owner === me && !s.revealed && s.base !== Base.UNKNOWN;
    return (
      <li class={`ship ${s.owner === me ? "own" : ""}`} data-testid={`ship-${s.shipId}`}>
        <div class="ship-head">⛴ #{s.shipId} · {names(s.owner)}</div>
        <Treasure value={s.treasure} />
        <div class="base" {...(privateBase ? { "data-private": "true" } : {})}>
          {baseText(s.base)}{s.revealed ? ` (${t("lom.revealed")})` : ""}
        </div>
        <div class="ship-moves">
          {moves.buttons("attack", (a) => a.shipId === s.shipId, () => `💥 ${t("lom.attack")}`)}
          {moves.buttons("returnShip", (a) => a.shipId === s.shipId, () => `⚓ ${t("lom.return")}`)}
        </div>
      </li>
    );
  };
  const own = v.ownReserve;
  return (
    <div class="lom">
      <p class="phase">{t(`lom.phase.${Phase[v.phase]}`)}{v.currentSeat >= 0 ? ` · ${t("table.turn", { names: names(v.currentSeat) })}` : ""}</p>
      <ul class="players">
        {v.players.map((p) => (
          <li class={`player ${p.seat === me ? "me" : ""} ${p.seat === v.currentSeat ? "current" : ""}`} data-testid={`player-${p.seat}`}>
            <h4>{p.seat === v.currentSeat ? "➤ " : ""}{names(p.seat)} <small>({p.colour})</small></h4>
            <dl>
              <dt>{t("lom.deck")}</dt><dd>{p.deckCount}</dd>
              <dt>{t("lom.reserve")}</dt><dd>{p.reserveCount}</dd>
              <dt>{t("lom.cannons")}</dt><dd>{"💣".repeat(Math.min(p.unusedCannons, 10))} {p.unusedCannons}</dd>
              <dt>{t("lom.score")}</dt><dd><b>{p.score}</b></dd>
            </dl>
            {p.preliminaryTreasure > 0 && (
              <div class="prelim">{t("lom.preliminary")} <Treasure value={p.preliminaryTreasure} /> {p.hasChosen ? `✓ ${t("lom.chosen")}` : `… ${t("lom.choosing")}`}</div>
            )}
            <div class="pile" aria-label={t("lom.scorePile")}>
              {p.scorePile?.treasures.map((x) => <Treasure value={x} />)}
              {(p.scorePile?.cannonsFrom.length ?? 0) > 0 && <span class="cannons-from">💣 {p.scorePile!.cannonsFrom.map(names).join(", ")}</span>}
            </div>
          </li>
        ))}
      </ul>
      {own && me >= 0 && (
        <div class="own-reserve" data-private="true" data-testid="own-reserve">
          <h4>{t("lom.yourReserve")}</h4>
          <span class="card ship-card armed">🛡 {t("lom.armed")} × {own.armed}</span>
          <span class="card ship-card">⛵ {t("lom.unarmed")} × {own.unarmed}</span>
          {own.preliminaryChoice !== Base.UNKNOWN && <span> · {t("lom.yourChoice")}: {baseText(own.preliminaryChoice)}</span>}
          <div class="reserve-moves">
            {moves.buttons("chooseShip", () => true, (a) => (a.armed ? `🛡 ${t("lom.chooseArmed")}` : `⛵ ${t("lom.chooseUnarmed")}`))}
            {moves.buttons("depart", () => true, (a) => (a.armed ? `🛡 ${t("lom.departArmed")}` : `⛵ ${t("lom.departUnarmed")}`))}
          </div>
        </div>
      )}
      <h4>{t("lom.sea")}</h4>
      <ul class="sea" data-testid="sea">{v.shipsAtSea.length ? v.shipsAtSea.map(ship) : <li class="hint">{t("lom.emptySea")}</li>}</ul>
    </div>
  );
}
