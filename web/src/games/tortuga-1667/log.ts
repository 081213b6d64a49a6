// Tortuga 1667's own log lines, where the catalogue's template alone would
// say something odd or nothing worth reading.
import type { DescribeContext, EventOf } from "../types";
import { Area } from "../../gen/brethren/v1/tortuga_1667_pb";

export function describeEvent(e: EventOf<"tortuga1667">, ctx: DescribeContext<"tortuga1667">): string | null {
  const k = e.kind;
  // Marooned while on Tortuga: not "moved from Tortuga to Tortuga" but to the end of its line (T67-10).
  if (k.case === "pawnMoved" && k.value.from === k.value.to && k.value.to === Area.TORTUGA) {
    return ctx.sentence("ev.t67.pawnMoved.stay", k.value);
  }
  // An empty deck refills nothing: no line.
  if (k.case === "rowRefilled" && !k.value.refilled) return "";
  return null;
}
