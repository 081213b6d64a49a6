// Letter of Marque: the rules panel (how to play, each card, the current phase), in
// the project's own words from docs/rules/. For now it names the current phase.
import { t } from "../../i18n";
import { Phase } from "../../gen/brethren/v1/letter_of_marque_pb";
import type { RulesProps } from "../types";

export function RulesPanel({ view }: RulesProps<"letterOfMarque">) {
  return (
    <div class="rules-panel" data-testid="rules-panel">
      {view && <p>{t("rules.phase", { phase: t(`lom.phase.${Phase[view.phase]}`) })}</p>}
    </div>
  );
}
