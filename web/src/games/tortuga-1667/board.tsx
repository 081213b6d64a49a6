// Tortuga 1667: the two ships (crew in order, holds), Tortuga, the galleon,
// the event row (with what the viewer saw), each player's role, vote-card
// count and maps, the viewer's loyalty and vote hand, the vote in progress.
import { useState } from "preact/hooks";
import type { BoardProps, GameMoves, TypedMove } from "../types";
import { t } from "../../i18n";
import { Phase, Area, Team, EventCard, type View, type VoteCard } from "../../gen/brethren/v1/tortuga_1667_pb";
import { voteLabel, eventCardWord } from "./cards";
import "./board.css";

function teamWord(team: Team): string {
  return team === Team.BRITISH ? `🇬🇧 ${t("team.british")}` : team === Team.FRENCH ? `🇫🇷 ${t("team.french")}` : team === Team.DUTCH ? `🇳🇱 ${t("team.dutch")}` : "?";
}

function Vote({ v, children }: { v: VoteCard; children?: preact.ComponentChildren }) {
  return (
    <div class={`card vote ${v.flag === Team.BRITISH ? "british" : "french"}`} aria-label={voteLabel(v)}>
      <span>{voteLabel(v)}</span>
      {children && <div class="card-moves">{children}</div>}
    </div>
  );
}

export function Board({ view: v, moves, names, me }: BoardProps<"tortuga1667">) {
  const roles = (s: number) => {
    const p = v.players.find((x) => x.seat === s);
    if (!p) return "";
    return [p.captain && `⚓ ${t("t67.captain")}`, p.firstMate && `🗡 ${t("t67.firstMate")}`, p.cabinBoy && `🧹 ${t("t67.cabinBoy")}`, p.governor && `🏛 ${t("t67.governor")}`]
      .filter(Boolean)
      .join(" ");
  };
  const crewList = (seats: number[]) => (
    <ol class="crew">
      {seats.map((s) => (
        <li class={s === me ? "me" : ""}>
          {names(s)} <small>{roles(s)}</small>
          {moves.buttons("maroonCrew", (a) => a.target === s, () => `🏝 ${t("t67.maroon")}`)}
          {moves.buttons("choosePlayer", (a) => a.seat === s, () => `☝ ${t("t67.choose")}`)}
        </li>
      ))}
    </ol>
  );
  const areaMoves = (area: Area) => (
    <>
      {moves.buttons("moveLifeboat", (a) => a.to === area, () => `→ ${t("t67.moveHere")}`)}
      {moves.buttons("placePawn", (a) => a.area === area, () => `⬇ ${t("t67.placeHere")}`)}
    </>
  );
  const shipNames = [t("t67.flyingDutchman"), t("t67.jollyRoger")];
  const shipAreas = [Area.FLYING_DUTCHMAN, Area.JOLLY_ROGER];
  const boatAreas = [Area.FD_LIFEBOAT, Area.JR_LIFEBOAT];
  return (
    <div class="t67-board">
      <p class="phase">
        {t(`t67.phase.${Phase[v.phase]}`)} · {t("t67.turn", { n: v.turn })}
        {v.currentSeat >= 0 ? ` · ${t("table.turn", { names: names(v.currentSeat) })}` : ""}
        {v.suddenDeath ? ` · ⚠ ${t("t67.suddenDeath")}` : ""}
      </p>
      <p>{t("t67.totals", { british: v.britishTotal, french: v.frenchTotal })} · {t("t67.galleon", { n: v.galleon })}</p>
      {me >= 0 && (
        <div class="own" data-private="true" data-testid="own-loyalty">
          <strong>{t("t67.yourLoyalty")}: {teamWord(v.ownLoyalty)}</strong>
          {v.hasKnownTop && v.knownTopVoteCard && <span> · {t("t67.knownTop")}: {voteLabel(v.knownTopVoteCard)}</span>}
        </div>
      )}
      <div class="row ships">
        {v.ships.map((s, i) => (
          <div class="ship-box" data-testid={`t67-ship-${i}`}>
            <h4>⛵ {shipNames[i]} {areaMoves(shipAreas[i])}</h4>
            <p>{t("t67.holds", { british: s.british, french: s.french })}</p>
            {crewList(s.crew)}
            <p>🛶 {t("t67.lifeboat")}: {v.lifeboatsSunk ? `☠ ${t("t67.sunk")}` : s.lifeboat >= 0 ? names(s.lifeboat) : "—"} {areaMoves(boatAreas[i])}</p>
          </div>
        ))}
        <div class="ship-box" data-testid="tortuga">
          <h4>🏝 Tortuga {areaMoves(Area.TORTUGA)}</h4>
          <p>{t("t67.tortugaHold", { british: v.tortugaBritish, french: v.tortugaFrench, neutral: v.tortugaNeutral })}</p>
          {crewList(v.tortuga)}
        </div>
      </div>
      <h4>{t("t67.eventRow")}</h4>
      <EventRow v={v} moves={moves} names={names} look={moves.take("look")} force={moves.take("force")} />
      <p class="hint">{t("t67.decks", { events: v.eventDeckCount, votes: v.voteDeckCount, stars: v.starCardCount })}{v.starCards.length ? ` · ★ ${v.starCards.map(eventCardWord).join(", ")}` : ""}</p>
      {v.discard.length > 0 && <p class="hint">{t("t67.discard")}: {v.discard.map(eventCardWord).join(", ")}</p>}
      {v.vote && v.vote.kind !== 0 && (
        <div class="vote-box" data-testid="vote">
          <h4>🗳 {t(`t67.vote.${v.vote.kind}`)} · {t("t67.caller", { name: names(v.vote.caller) })}</h4>
          <p>{t("t67.voters")}: {v.vote.voters.map((s) => `${names(s)}${v.players.find((p) => p.seat === s)?.hasVoted ? " ✓" : ""}`).join(", ")}</p>
          {v.vote.ownCards.length > 0 && <p data-private="true">{t("t67.yourVote")}: {v.vote.ownCards.map(voteLabel).join(", ")}</p>}
        </div>
      )}
      <ul class="players">
        {v.players.map((p) => (
          <li class={`player ${p.seat === me ? "me" : ""} ${p.seat === v.currentSeat ? "current" : ""}`} data-testid={`player-${p.seat}`}>
            <h4>{p.seat === v.currentSeat ? "➤ " : ""}{names(p.seat)}</h4>
            <p>
              {[
                roles(p.seat),
                `🗳 ${p.voteCards}`,
                p.albatrosses ? `🕊 ${p.albatrosses}` : "",
                p.maps.length ? `🗺 ${p.maps.map(eventCardWord).join(", ")}` : "",
                p.loyalty !== Team.UNKNOWN && v.phase === Phase.FINISHED ? teamWord(p.loyalty) : "",
              ].filter(Boolean).join(" · ")}
            </p>
          </li>
        ))}
      </ul>
      {me >= 0 && (
        <div class="hand" data-private="true" data-testid="hand">
          <h4>{t("t67.yourHand")}</h4>
          <div class="cards">
            {v.ownHand.map((c) => (
              <Vote v={c}>
                {moves.buttons("castVote", (a) => a.kinds.length === 1 && a.kinds[0] === c.kind, () => `🗳 ${t("t67.castVote")}`)}
                {moves.buttons("putVoteCard", (a) => a.kind === c.kind, () => `⤓ ${t("t67.putBack")}`)}
              </Vote>
            ))}
          </div>
          {v.notes.length > 0 && (
            <p class="hint">{t("t67.notes")}: {v.notes.map((n) => `${t("t67.turn", { n: n.turn })} #${n.slot + 1} ${eventCardWord(n.card)}`).join("; ")}</p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The event row: reveal and pick sit on each card; looking and forcing name
 * two positions, so the player marks two cards first and then chooses
 * "look" or whom to force from the moves that fit that pair.
 */
function EventRow({ v, moves, names, look, force }: {
  v: View;
  moves: GameMoves<"tortuga1667">;
  names: (s: number) => string;
  look: TypedMove<"tortuga1667", "look">[];
  force: TypedMove<"tortuga1667", "force">[];
}) {
  const [marked, setMarked] = useState<number[]>([]);
  const pairable = look.length > 0 || force.length > 0;
  const toggle = (i: number) => setMarked((m) => (m.includes(i) ? m.filter((x) => x !== i) : [...m.slice(-1), i].sort((a, b) => a - b)));
  const fits = (m: { payload: { slotA: number; slotB: number } }) => marked.length === 2 && m.payload.slotA === marked[0] && m.payload.slotB === marked[1];
  return (
    <>
      <div class="cards event-row" data-testid="event-row">
        {v.row.map((slot, i) => {
          const seen = slot.faceDown && slot.known !== EventCard.EVENT_UNKNOWN;
          return (
            <div class={`card event ${slot.faceDown ? "back" : "empty"} ${marked.includes(i) ? "marked" : ""}`} aria-label={t("t67.slot", { n: i + 1 })}>
              <small>#{i + 1}</small>
              {slot.faceDown ? (seen ? <span data-private="true">👁 {eventCardWord(slot.known)}</span> : <span>🂠</span>) : <span>—</span>}
              <div class="card-moves">
                {moves.buttons("reveal", (a) => a.slot === i, () => `👁 ${t("t67.reveal")}`)}
                {moves.buttons("pickForced", (a) => a.slot === i, () => `☝ ${t("t67.pick")}`)}
                {pairable && slot.faceDown && (
                  <button type="button" class="mark" aria-pressed={marked.includes(i)} data-testid={`mark-${i}`} onClick={() => toggle(i)}>
                    {marked.includes(i) ? "☑" : "☐"} {t("t67.mark")}
                  </button>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {pairable && (
        <div class="pair-moves" role="group" aria-label={t("t67.pairMoves")}>
          {marked.length < 2 ? <span class="hint">{t("t67.markTwo")}</span> : null}
          {look.filter(fits).map((m) => moves.button(m, <>👀 {t("t67.look")}</>))}
          {force.filter(fits).map((m) => moves.button(m, <>☝ {t("t67.force", { name: names(m.payload.target) })}</>))}
        </div>
      )}
    </>
  );
}
