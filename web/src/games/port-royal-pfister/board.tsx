// Port Royal (Pfister): the harbor display with a take button on each card,
// the draw pile with draw/stop, the drawn ship with repel/dock, the
// expedition area with fulfil on each expedition, every player's coins,
// persons, points and swords.
import type { BoardProps } from "../types";
import { t } from "../../i18n";
import { Phase, CardKind } from "../../gen/brethren/v1/port_royal_pfister_pb";
import { pfisterFace, pfisterLabel } from "./cards";
import "./board.css";

const COLOUR_MARK: Record<string, string> = { yellow: "Y", blue: "B", green: "G", red: "R", black: "K" };

export function PfisterCard({ card, children }: { card: CardKind; children?: preact.ComponentChildren }) {
  const f = pfisterFace(card);
  const label = pfisterLabel(card);
  return (
    <div class={`card prp ${f.kind} ${f.colour ?? ""}`} aria-label={label} title={label}>
      {f.kind === "ship" && (
        <>
          <span class="corner">{COLOUR_MARK[f.colour!]}</span>
          <span class="big">⛵</span>
          <span>{f.swords === "skull" ? "☠" : `⚔${f.swords}`}</span>
          <span>🪙{f.coins}</span>
        </>
      )}
      {f.kind === "person" && (
        <>
          <span class="corner">{f.colour ? COLOUR_MARK[f.colour] : ""}</span>
          <span class="name">{t(`prp.person.${f.person}`)}</span>
          <span>★{f.vp} · 🪙{f.cost}</span>
        </>
      )}
      {f.kind === "expedition" && (
        <>
          <span class="name">{t("prp.expedition")}</span>
          <span class="big">{f.symbols}</span>
          <span>★{f.vp} · 🪙{f.coins}</span>
        </>
      )}
      {f.kind === "tax" && <span class="name">⚖ {label}</span>}
      {f.kind === "unknown" && <span>?</span>}
      {children && <div class="card-moves">{children}</div>}
    </div>
  );
}

export function Board({ view: v, moves, names, me }: BoardProps<"portRoyalPfister">) {
  return (
    <div class="prp-board">
      <p class="phase">
        {t(`prp.phase.${Phase[v.phase]}`)} · {t("prp.active", { name: v.activeSeat >= 0 ? names(v.activeSeat) : "—" })}
        {v.phase === Phase.TRADE_HIRE && v.takingSeat >= 0 ? ` · ${t("prp.taking", { name: names(v.takingSeat), n: v.cardsLeft })}` : ""}
        {v.endTriggered ? ` · ⚑ ${t("prp.endTriggered")}` : ""}
      </p>
      <div class="row">
        <div class="pile-box" data-testid="draw-pile">
          <div class="card back" aria-label={t("prp.drawPile", { n: v.drawPile })}>🂠 {v.drawPile}</div>
          <div>{moves.buttons("draw", () => true, () => `🂠 ${t("prp.draw")}`)}{moves.buttons("stop", () => true, () => `✋ ${t("prp.stop")}`)}</div>
          <small>{t("prp.drawnThisTurn", { n: v.drawnThisTurn })}</small>
        </div>
        {v.drawnShip !== CardKind.UNSPECIFIED && (
          <div class="drawn" data-testid="drawn-ship">
            <h4>{t("prp.drawnShip")}</h4>
            <PfisterCard card={v.drawnShip}>
              {moves.buttons("repel", () => true, () => `⚔ ${t("prp.repel")}`)}
              {moves.buttons("dock", () => true, () => `⚓ ${t("prp.dock")}`)}
            </PfisterCard>
          </div>
        )}
        <div class="pile-box">
          <h4>{t("prp.discard")}</h4>
          {v.discardPile.length > 0 ? <PfisterCard card={v.discardPile[v.discardPile.length - 1]} /> : <div class="card empty">—</div>}
          <small>{v.discardPile.length}</small>
        </div>
      </div>
      <h4>{t("prp.harbor")}</h4>
      <div class="cards harbor" data-testid="harbor">
        {v.harbor.map((c, i) => (
          <PfisterCard card={c}>{moves.buttons("take", (a) => a.position === i, () => `✋ ${t("prp.take")}`)}</PfisterCard>
        ))}
      </div>
      <h4>{t("prp.expeditions")}</h4>
      <div class="cards expeditions" data-testid="expeditions">
        {v.expeditions.map((c) => (
          <PfisterCard card={c}>{moves.buttons("fulfil", (a) => a.expedition === c, () => `✓ ${t("prp.fulfil")}`)}</PfisterCard>
        ))}
      </div>
      <ul class="players">
        {v.players.map((p) => (
          <li class={`player ${p.seat === me ? "me" : ""} ${p.seat === v.activeSeat ? "current" : ""}`} data-testid={`player-${p.seat}`}>
            <h4>{p.seat === v.activeSeat ? "➤ " : ""}{names(p.seat)}</h4>
            <p>🪙 {p.coins} · ★ {p.points} · ⚔ {p.swords}</p>
            <div class="cards small">{p.persons.map((c) => <PfisterCard card={c} />)}{p.expeditions.map((c) => <PfisterCard card={c} />)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
