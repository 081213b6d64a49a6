// Letter of Marque card words: a ship's base (armed, unarmed, unknown).
import { t } from "../../i18n";
import { Base } from "../../gen/brethren/v1/letter_of_marque_pb";

export function baseText(base: Base): string {
  return base === Base.ARMED ? `🛡 ${t("lom.armed")}` : base === Base.UNARMED ? `⛵ ${t("lom.unarmed")}` : `❓ ${t("lom.unknownBase")}`;
}
