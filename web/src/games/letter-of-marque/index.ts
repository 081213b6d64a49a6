// Letter of Marque's client: everything the table needs from this folder.
import type { GameClient } from "../types";
import { Board } from "./board";
import { RulesPanel } from "./rules";
import { catalogue } from "./i18n";
import { enumText } from "./cards";

export const client: GameClient<"letterOfMarque"> = {
  oneofCase: "letterOfMarque",
  gameId: "letter-of-marque",
  key: "lom",
  Board,
  RulesPanel,
  catalogue,
  enumText,
};
