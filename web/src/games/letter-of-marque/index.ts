// Letter of Marque's client: everything the table needs from this folder.
import type { GameClient } from "../types";
import { Board } from "./board";
import { RulesPanel } from "./rules";
import { catalogue } from "./i18n";
import { enumText, colourInk, colourWord } from "./cards";

export const client: GameClient<"letterOfMarque"> = {
  oneofCase: "letterOfMarque",
  gameId: "letter-of-marque",
  key: "lom",
  Board,
  RulesPanel,
  catalogue,
  enumText,
  seatColour: (view, seat) => {
    const colour = view.players.find((p) => p.seat === seat)?.colour;
    return colour ? { css: colourInk(colour), word: colourWord(colour) } : null;
  },
};
