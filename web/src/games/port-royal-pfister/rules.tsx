// Port Royal (Pfister): the rules panel (how to play, each card, the current
// phase highlighted), in the project's own words from docs/rules/ and
// docs/games/ (no rule IDs on screen).
import { t } from "../../i18n";
import { Phase, CardKind } from "../../gen/brethren/v1/port_royal_pfister_pb";
import type { RulesProps } from "../types";
import { ROLE_ICON, type PersonRole } from "./cards";
import { PfisterCard } from "./board";

const PHASES = [Phase.DISCOVER, Phase.REPEL, Phase.TRADE_HIRE, Phase.FINISHED];
const ROLES: PersonRole[] = ["trader", "sailor", "pirate", "settler", "captain", "priest", "jack", "mademoiselle", "jester", "admiral", "governor"];
const SAMPLES = [CardKind.SHIP_B_2_3, CardKind.SHIP_K_X_4, CardKind.P_PIRATE1, CardKind.EXP_AAH, CardKind.TAX_SWORDS];

export function RulesPanel({ view }: RulesProps<"portRoyalPfister">) {
  const phase = view?.phase ?? Phase.UNSPECIFIED;
  return (
    <div class="rules-panel prp-rules" data-testid="rules-panel">
      <h4>{t("prp.rules.h.goal")}</h4>
      <p>{t("prp.rules.goal")}</p>
      <h4>{t("prp.rules.h.phases")}</h4>
      <ol class="prp-rules-phases">
        {PHASES.map((p) => (
          <li class={p === phase ? "now" : ""} aria-current={p === phase ? "step" : undefined} data-testid={p === phase ? "rules-current-phase" : undefined}>
            <strong>{t(`prp.phase.${Phase[p]}`)}</strong>
            {p === phase && <> <span class="chip">{t("prp.rules.now")}</span></>}: {t(`prp.phaseHelp.${Phase[p]}`)}
          </li>
        ))}
      </ol>
      <h4>{t("prp.rules.h.turn")}</h4>
      <ul>
        <li>{t("prp.rules.p1")}</li>
        <li>{t("prp.rules.repel")}</li>
        <li>{t("prp.rules.bust")}</li>
        <li>{t("prp.rules.tax")}</li>
        <li>{t("prp.rules.p2")}</li>
        <li>{t("prp.rules.others")}</li>
        <li>{t("prp.rules.exp")}</li>
      </ul>
      <h4>{t("prp.rules.h.cards")}</h4>
      <div class="prp-board prp-rules-cards">
        <div class="cards">{SAMPLES.map((c) => <PfisterCard card={c} />)}</div>
      </div>
      <p>{t("prp.rules.ships")}</p>
      <p>{t("prp.rules.persons")}</p>
      <ul class="prp-rules-roles">
        {ROLES.map((r) => (
          <li>
            <span aria-hidden="true">{ROLE_ICON[r]}</span> <strong>{t(`prp.person.${r}`)}</strong>: {r === "trader" ? t("prp.rules.trader") : t(`prp.effect.${r}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
