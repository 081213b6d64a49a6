// Port Royal (Panning): the rules panel — how to play, what each special card
// does, with the section of the current phase marked — in the project's own
// words from docs/rules/port-royal-panning.md (no rule ids on screen).
import { t } from "../../i18n";
import { Phase, Special } from "../../gen/brethren/v1/port_royal_panning_pb";
import type { RulesProps } from "../types";
import { specialFace, specialKey } from "./cards";

const SECTIONS: { id: string; phases: Phase[] }[] = [
  { id: "goal", phases: [] },
  { id: "auction", phases: [Phase.AUCTION] },
  { id: "privileges", phases: [Phase.EXCHANGE, Phase.NAME_TRUMP, Phase.NAME_LEADER] },
  { id: "tricks", phases: [Phase.CHOOSE_LOOT, Phase.PLAY] },
  { id: "loot", phases: [Phase.RESOLVE_LOOT, Phase.PLACE_PRISONER] },
  { id: "specials", phases: [] },
  { id: "end", phases: [Phase.FINISHED] },
];
const SPECIALS = [Special.PLUS8, Special.PLUS6, Special.MINUS5, Special.MINUS10, Special.MAX_PLUS5, Special.MAX_MINUS5, Special.X2, Special.REMOVE1, Special.MOVE1];

export function RulesPanel({ view }: RulesProps<"portRoyalPanning">) {
  const phase = view?.phase ?? Phase.UNSPECIFIED;
  return (
    <div class="rules-panel prq-rules" data-testid="rules-panel">
      {view && <p>{t("rules.phase", { phase: t(`prq.phase.${Phase[phase]}`) })}</p>}
      {SECTIONS.map((s) => {
        const now = s.phases.includes(phase);
        return (
          <section class={now ? "current" : ""} aria-current={now ? "step" : undefined} data-testid={`prq-rules-${s.id}`}>
            <h4>
              {t(`prq.rules.${s.id}.h`)}
              {now && <span class="now"> — {t("prq.rules.now")}</span>}
            </h4>
            {s.id === "specials" ? (
              <ul>
                {SPECIALS.map((sp) => (
                  <li>
                    <strong>{specialFace(sp)}</strong> {t(`${specialKey(sp)}.what`)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t(`prq.rules.${s.id}`)}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
