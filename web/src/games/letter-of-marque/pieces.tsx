// Letter of Marque's pieces, drawn for this project (no artwork of the box):
// a ship in its owner's colour, its base (hidden, armed or unarmed), a cannon,
// a treasure card, a face-down deck and a colour swatch. Every piece that
// means something carries its words (title + aria-label, or role="img").
import type { ComponentChildren } from "preact";
import { Base } from "../../gen/brethren/v1/letter_of_marque_pb";
import { t } from "../../i18n";
import { colourInk, colourWord } from "./cards";

/** A player's colour as a swatch beside his name; the colour word is in its title only. */
export function Who({ colour, name }: { colour: string; name: string }) {
  const word = t("lom.colourOf", { name, colour: colourWord(colour) });
  return (
    <span class="lom-who">
      <span class="lom-swatch" style={{ background: colourInk(colour) }} title={word} role="img" aria-label={word} />
      <span class="lom-name">{name}</span>
    </span>
  );
}

/** A ship seen from the side, hull and flag in its owner's colour. */
export function ShipSvg({ colour, small }: { colour: string; small?: boolean }) {
  const ink = colourInk(colour);
  return (
    <svg class={small ? "lom-ship-svg small" : "lom-ship-svg"} viewBox="0 0 64 52" aria-hidden="true" focusable="false">
      <path d="M32 3 L43 6 L32 9 Z" fill={ink} stroke="#222" stroke-width="1" />
      <line x1="32" y1="3" x2="32" y2="38" stroke="#3b2a1a" stroke-width="2" />
      <path d="M19 11 Q32 8 45 11 L43 21 Q32 19 21 21 Z" fill="#fbf6e9" stroke="#5c4a32" stroke-width="1" />
      <path d="M16 23 Q32 20 48 23 L46 34 Q32 32 18 34 Z" fill="#fbf6e9" stroke="#5c4a32" stroke-width="1" />
      <path d="M4 36 L60 36 L52 49 L12 49 Z" fill={ink} stroke="#222" stroke-width="1.5" />
      <line x1="10" y1="41" x2="54" y2="41" stroke="#fff" stroke-opacity=".45" stroke-width="1.5" />
    </svg>
  );
}

/** A cannon, in the colour of the player whose card it is. */
export function CannonSvg({ colour }: { colour: string }) {
  return (
    <svg class="lom-cannon-svg" viewBox="0 0 28 20" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="20" height="7" rx="3.5" transform="rotate(-14 14 8)" fill="#333" />
      <circle cx="24" cy="5.2" r="1.6" fill="#111" />
      <circle cx="11" cy="14" r="4.5" fill={colourInk(colour)} stroke="#222" stroke-width="1.2" />
      <circle cx="11" cy="14" r="1.2" fill="#222" />
    </svg>
  );
}

/** The bottom of a ship: hidden (?), armed (a cannon symbol) or unarmed (blank). */
export function BaseMark({ base, own }: { base: Base; own: boolean }) {
  const cls = base === Base.ARMED ? "armed" : base === Base.UNARMED ? "unarmed" : "unknown";
  return (
    <span class={`lom-base ${cls} ${own ? "own" : ""}`} aria-hidden="true">
      {base === Base.ARMED ? "💥" : base === Base.UNARMED ? "○" : "?"}
    </span>
  );
}

/** A treasure card face up with its value; `children` are drawn on it (a ship). */
export function TreasureCard({ value, label, children, class: cls = "", animKey }: { value: number; label: string; children?: ComponentChildren; class?: string; animKey?: string }) {
  return (
    <div class={`lom-tcard ${cls}`} role="img" aria-label={label} title={label} data-anim-key={animKey}>
      <span class="lom-tval">{value}</span>
      <span class="lom-tcoin" aria-hidden="true">💰</span>
      {children}
    </div>
  );
}

/** A small face-up treasure card (in a score pile). */
export function MiniTreasure({ value, animKey, cls }: { value: number; animKey: string; cls: string }) {
  const label = t("lom.treasureCard", { v: value });
  return (
    <span class={`lom-mini ${cls}`} role="img" aria-label={label} title={label} data-anim-key={animKey}>
      {value}
    </span>
  );
}
