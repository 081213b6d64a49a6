// Tortuga 1667: the rules panel — how to play, each role, the votes, each event
// card and the end — in the project's own words from docs/rules/tortuga-1667.md;
// the section of the current phase is highlighted.
import { t } from "../../i18n";
import { Phase, EventCard } from "../../gen/brethren/v1/tortuga_1667_pb";
import type { RulesProps } from "../types";
import { EVENT_SYMBOL, eventCardWord, eventCardHelp } from "./cards";

type Section = "goal" | "setup" | "turn" | "roles" | "votes" | "maroon" | "events" | "end";
const SECTIONS: Section[] = ["goal", "setup", "turn", "roles", "votes", "maroon", "events", "end"];
/** The section a phase belongs to. */
function sectionOf(p: Phase): Section {
  switch (p) {
    case Phase.SETUP_TREASURE:
    case Phase.ADVANCED_PLACEMENT:
      return "setup";
    case Phase.TURN:
    case Phase.FORCED_CHOICE:
    case Phase.FORCER_CHOICE:
      return "turn";
    case Phase.VOTE_CALLED:
    case Phase.VOTING:
    case Phase.ATTACK_PLACEMENT:
      return "votes";
    case Phase.CHOOSE_PLAYER:
    case Phase.LETTER_CHOICE:
    case Phase.LETTER_RETURN:
      return "events";
    case Phase.MAROON_WINDOW:
    case Phase.GIVE_UP_CARD:
      return "maroon";
    case Phase.FINISHED:
      return "end";
    default:
      return "goal";
  }
}
const CARDS: EventCard[] = [
  EventCard.EVENT_PISTOL, EventCard.EVENT_LETTER_OF_MARQUE, EventCard.EVENT_BLACK_SPOT, EventCard.EVENT_ALBATROSS,
  EventCard.EVENT_FOUNTAIN_OF_YOUTH, EventCard.EVENT_ATLANTIS, EventCard.EVENT_EL_DORADO, EventCard.EVENT_BLACK_POWDER,
  EventCard.EVENT_CABIN_FEVER, EventCard.EVENT_EIGHT_BELLS, EventCard.EVENT_FACADE, EventCard.EVENT_PIRATE_CODE,
  EventCard.EVENT_STORMY_SEAS, EventCard.EVENT_SPANISH_ARMADA,
];

export function RulesPanel({ view }: RulesProps<"tortuga1667">) {
  const now = view ? sectionOf(view.phase) : "goal";
  return (
    <div class="rules-panel t67-rules" data-testid="rules-panel">
      {view && <p class="rules-now">▶ {t("rules.phase", { phase: t(`t67.phase.${Phase[view.phase]}`) })}</p>}
      {SECTIONS.map((s) => (
        <section class={s === now ? "current" : ""} aria-current={s === now ? "step" : undefined} data-testid={`rules-${s}`}>
          <h4>{s === now ? "▶ " : ""}{t(`t67.rules.${s}.title`)}{s === now ? ` (${t("t67.rules.now")})` : ""}</h4>
          {t(`t67.rules.${s}.text`).split("\n").map((line) => <p>{line}</p>)}
          {s === "events" && (
            <ul class="rules-cards">
              {CARDS.map((c) => (
                <li><b>{EVENT_SYMBOL[c]} {eventCardWord(c)}</b>: {eventCardHelp(c)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
