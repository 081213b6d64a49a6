// Port Royal (Panning)'s client: everything the table needs from this folder.
import type { GameClient } from "../types";
import { Board } from "./board";
import { RulesPanel } from "./rules";
import { catalogue } from "./i18n";
import { enumText, cardLabel } from "./cards";
import { describeEvent, describeAction } from "./log";

export const client: GameClient<"portRoyalPanning"> = {
  oneofCase: "portRoyalPanning",
  gameId: "port-royal-panning",
  key: "prq",
  Board,
  RulesPanel,
  catalogue,
  enumText,
  cardLabel,
  describeEvent, describeAction,
};
