// Port Royal (Panning)'s own log lines: a loot card named by what it is
// ("rum 7t"), not by its id.
import type { ActionOf, DescribeContext, EventOf } from "../types";
import { lootById, lootLabel } from "./cards";

type Ctx = DescribeContext<"portRoyalPanning">;

/** The loot card with this id in words, with the room's loot values when the view is known. */
function loot(id: number, ctx: Ctx): string | null {
  const card = lootById(id, ctx.view?.lootValues ?? []);
  return card ? lootLabel(card) : null;
}

export function describeEvent(e: EventOf<"portRoyalPanning">, ctx: Ctx): string | null {
  const k = e.kind;
  if (k.case === "lootChosen" || k.case === "lootPlaced") {
    const words = loot(k.value.lootId, ctx);
    return words === null ? null : ctx.sentence(`ev.prq.${k.case}.named`, k.value, { loot: words });
  }
  return null;
}

export function describeAction(a: ActionOf<"portRoyalPanning">, ctx: Ctx): string | null {
  const k = a.kind;
  if (k.case === "chooseLoot" || k.case === "removeLoot") {
    const words = loot(k.value.lootId, ctx);
    return words === null ? null : ctx.sentence(`act.prq.${k.case}.named`, k.value, { loot: words });
  }
  return null;
}
