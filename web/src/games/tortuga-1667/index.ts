// Tortuga 1667's client: everything the table needs from this folder.
import type { GameClient } from "../types";
import { Board } from "./board";
import { RulesPanel } from "./rules";
import { catalogue } from "./i18n";
import { enumText, cardLabel, seatColour } from "./cards";
import { describeEvent } from "./log";

export const client: GameClient<"tortuga1667"> = {
  oneofCase: "tortuga1667",
  gameId: "tortuga-1667",
  key: "t67",
  Board,
  RulesPanel,
  catalogue,
  enumText,
  cardLabel,
  describeEvent,
  seatColour: (_view, seat) => ({ css: seatColour(seat) }),
};
