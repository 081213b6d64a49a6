// Port Royal (Panning): the rules panel (how to play, each card, the current phase), in
// the project's own words from docs/rules/. For now it names the current phase.
import { t } from "../../i18n";
import { Phase } from "../../gen/brethren/v1/port_royal_panning_pb";
import type { RulesProps } from "../types";

export function RulesPanel({ view }: RulesProps<"portRoyalPanning">) {
  return (
    <div class="rules-panel" data-testid="rules-panel">
      {view && <p>{t("rules.phase", { phase: t(`prq.phase.${Phase[view.phase]}`) })}</p>}
    </div>
  );
}
