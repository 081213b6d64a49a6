// Port Royal (Pfister)'s client: everything the table needs from this folder.
import type { GameClient } from "../types";
import { Board } from "./board";
import { RulesPanel } from "./rules";
import { catalogue } from "./i18n";
import { enumText } from "./cards";

export const client: GameClient<"portRoyalPfister"> = {
  oneofCase: "portRoyalPfister",
  gameId: "port-royal-pfister",
  key: "prp",
  Board,
  RulesPanel,
  catalogue,
  enumText,
};
