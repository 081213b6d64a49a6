// Tortuga 1667 card words: vote cards, event cards, teams, areas.
import { isMessage, type Message } from "@bufbuild/protobuf";
import { VoteTop, Team, EventCard, Ship, VoteCardSchema, type VoteCard } from "../../gen/brethren/v1/tortuga_1667_pb";
import { t } from "../../i18n";

const TOP_SYMBOL: Record<number, string> = { [VoteTop.TOP_CANNON]: "💥", [VoteTop.TOP_TORCH]: "🔥", [VoteTop.TOP_WATER]: "💧" };
export function voteLabel(v: VoteCard): string {
  const flag = v.flag === Team.BRITISH ? t("team.british") : t("team.french");
  return `${TOP_SYMBOL[v.top] ?? ""} ${t(`vote.top.${v.top}`)} · ${flag}${v.skull ? " · ☠" : ""}`;
}
/** Vote card kind -> its face (kind = top * 4 + middle * 2 + bottom, T67-A-1). */
export function voteFromKind(kind: number): { top: VoteTop; flag: Team; skull: boolean } {
  return { top: Math.floor(kind / 4) as VoteTop, flag: (Math.floor(kind / 2) % 2 === 0 ? Team.BRITISH : Team.FRENCH), skull: kind % 2 === 0 };
}
export function eventCardWord(e: EventCard): string {
  return t(`t67.event.${EventCard[e] ?? "EVENT_UNKNOWN"}`);
}

const TEAM_KEYS: Record<number, string> = {
  [Team.BRITISH]: "team.british",
  [Team.FRENCH]: "team.french",
  [Team.DUTCH]: "team.dutch",
  [Team.UNKNOWN]: "team.unknown",
};

/** Words for this game's enums in the log. */
export function enumText(typeName: string, value: number): string | null {
  if (typeName === "brethren.v1.tortuga_1667.EventCard") return eventCardWord(value);
  if (typeName === "brethren.v1.tortuga_1667.Team") return t(TEAM_KEYS[value] ?? "team.unknown");
  if (typeName === "brethren.v1.tortuga_1667.Area") return t(`t67.area.${value}`);
  if (typeName === "brethren.v1.tortuga_1667.Ship") return t(value === Ship.FLYING_DUTCHMAN ? "t67.flyingDutchman" : "t67.jollyRoger");
  return null;
}

/** A card met inside an action or event: its short label. */
export function cardLabel(m: Message): string | null {
  return isMessage(m, VoteCardSchema) ? voteLabel(m) : null;
}
