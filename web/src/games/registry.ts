// Every game's client, keyed by its oneof case in GameView/GameAction/GameEvent.
// Adding a game's client: its folder (see web/README.md) and one line here;
// the compiler fails while a oneof case of the protos has no line.
import type { GameCase, GameClient, SeatColour, ViewOf } from "./types";
import { client as letterOfMarque } from "./letter-of-marque";
import { client as portRoyalPfister } from "./port-royal-pfister";
import { client as portRoyalPanning } from "./port-royal-panning";
import { client as tortuga1667 } from "./tortuga-1667";

export const GAMES: { [C in GameCase]: GameClient<C> } = {
  letterOfMarque,
  portRoyalPfister,
  portRoyalPanning,
  tortuga1667,
};

/** What every client has that does not depend on its own view type. */
export type GameClientInfo = Omit<GameClient<GameCase>, "Board" | "RulesPanel" | "describeEvent" | "describeAction" | "seatColour">;

/** The clients as a list (for hooks that every game may answer: enum words, card labels, catalogues). */
export function gameClients(): GameClientInfo[] {
  return Object.values(GAMES);
}

/** Calls `f` with the client of the game a view's oneof holds, and its typed view (none for an unknown game). */
export function withGame<R>(
  g: { case: GameCase; value: ViewOf<GameCase> } | { case: undefined; value?: undefined } | undefined,
  f: <C extends GameCase>(client: GameClient<C>, view: ViewOf<C>) => R,
): R | null {
  if (!g || g.case === undefined) return null;
  return open(g, f);
}

function open<C extends GameCase, R>(g: { case: C; value: ViewOf<C> }, f: (client: GameClient<C>, view: ViewOf<C>) => R): R {
  const client: GameClient<C> = GAMES[g.case];
  return f(client, g.value);
}

/** Each seat's colour as the board of the view's game draws it (empty when the game has none). */
export function seatColours(
  g: { case: GameCase; value: ViewOf<GameCase> } | { case: undefined; value?: undefined } | undefined,
  seats: number,
): (SeatColour | null)[] {
  return (
    withGame(g, (client, view) => Array.from({ length: seats }, (_, seat) => client.seatColour?.(view, seat) ?? null)) ?? []
  );
}
