// Letter of Marque: the rules panel — how to play, the ships, each action,
// the end and the tie-break (as this room plays it), what is secret, and the
// board's symbols — in the project's own words from docs/rules/letter-of-marque.md.
// The part of the rules the match is in now is highlighted.
import type { ComponentChildren } from "preact";
import { t } from "../../i18n";
import { CannonTiebreak, Phase } from "../../gen/brethren/v1/letter_of_marque_pb";
import type { RulesProps } from "../types";
import { CannonSvg, ShipSvg } from "./pieces";

function Part({ title, now, children, id }: { title: string; now: boolean; children: ComponentChildren; id: string }) {
  return (
    <section class={now ? "current" : ""} aria-current={now ? "step" : undefined} data-testid={`lom-rules-${id}`}>
      <h4>
        {title}
        {now && <span class="lom-now">{t("lom.rules.now")}</span>}
      </h4>
      {children}
    </section>
  );
}

export function RulesPanel({ view }: RulesProps<"letterOfMarque">) {
  const phase = view?.phase ?? Phase.UNSPECIFIED;
  const tie = view?.cannonTiebreak === CannonTiebreak.CAPTURED_ONLY ? "lom.rules.tieCaptured" : "lom.rules.tieAll";
  return (
    <div class="rules-panel lom-rules" data-testid="rules-panel">
      <p>{t("rules.phase", { phase: t(`lom.phase.${Phase[phase]}`) })}</p>
      <Part id="goal" title={t("lom.rules.goal.h")} now={false}><p>{t("lom.rules.goal")}</p></Part>
      <Part id="ships" title={t("lom.rules.ships.h")} now={false}><p>{t("lom.rules.ships")}</p></Part>
      <Part id="prelim" title={t("lom.rules.prelim.h")} now={phase === Phase.PRELIMINARY}><p>{t("lom.rules.prelim")}</p></Part>
      <Part id="turn" title={t("lom.rules.turn.h")} now={phase === Phase.REGULAR}>
        <ul>
          <li>⛵ {t("lom.rules.depart")}</li>
          <li>⚓ {t("lom.rules.return")}</li>
          <li>
            💥 {t("lom.rules.attack")}
            <ul>
              <li>{t("lom.rules.attackArmed")}</li>
              <li>{t("lom.rules.attackUnarmed")}</li>
            </ul>
          </li>
          <li>✋ {t("lom.rules.pass")}</li>
        </ul>
      </Part>
      <Part id="end" title={t("lom.rules.end.h")} now={phase === Phase.FINISHED}>
        <p>{t("lom.rules.end")}</p>
        <p>{t(tie)}</p>
      </Part>
      <Part id="secret" title={t("lom.rules.secret.h")} now={false}><p>{t("lom.rules.secret")}</p></Part>
      <Part id="symbols" title={t("lom.rules.symbols.h")} now={false}>
        <ul class="lom-symbols">
          <li><span class="lom-mini">5</span> 💰 {t("lom.rules.sym.treasure")}</li>
          <li><ShipSvg colour="blue" small /> <span class="lom-base unknown">?</span> {t("lom.rules.sym.hidden")}</li>
          <li><span class="lom-base armed">💥</span> {t("lom.rules.sym.armed")}</li>
          <li><span class="lom-base unarmed">○</span> {t("lom.rules.sym.unarmed")}</li>
          <li>🔒 {t("lom.rules.sym.private")}</li>
          <li><CannonSvg colour="red" /> {t("lom.rules.sym.cannon")}</li>
          <li><span class="lom-back" /> {t("lom.rules.sym.deck")}</li>
          <li>⭐ {t("lom.rules.sym.score")}</li>
        </ul>
      </Part>
    </div>
  );
}
