// Every piece of UI text, in English, Spanish and Italian (the languages of
// the rule books). The language comes from the browser, or the switch (kept
// in localStorage). Missing keys fall back to English, then to the key.
// The shell's words are in src/i18n/; each game's in its folder's i18n.ts,
// merged here from the registry.
import { en as shellEn } from "./i18n/en";
import { es as shellEs } from "./i18n/es";
import { it as shellIt } from "./i18n/it";
import { gameClients } from "./games/registry";

export type Lang = "en" | "es" | "it";
export type Catalogue = Record<string, string>;
export const LANGS: Lang[] = ["en", "es", "it"];
let merged: Record<Lang, Catalogue> | null = null;
/** The shell's catalogues with every game's entries (built on first use: the games' modules import this one). */
export function catalogues(): Record<Lang, Catalogue> {
  if (!merged) {
    const games = gameClients().map((g) => g.catalogue);
    merged = {
      en: Object.assign({}, shellEn, ...games.map((c) => c.en)),
      es: Object.assign({}, shellEs, ...games.map((c) => c.es)),
      it: Object.assign({}, shellIt, ...games.map((c) => c.it)),
    };
  }
  return merged;
}

export function pickLang(preferred: readonly string[], stored: string | null): Lang {
  if (stored && (LANGS as string[]).includes(stored)) return stored as Lang;
  for (const p of preferred) {
    const base = p.toLowerCase().slice(0, 2);
    if ((LANGS as string[]).includes(base)) return base as Lang;
  }
  return "en";
}

let current: Lang = "en";
export function setLang(lang: Lang) {
  current = lang;
  try {
    localStorage.setItem("brethren.lang", lang);
  } catch {
    /* private mode */
  }
  document.documentElement.lang = lang;
}
export function getLang(): Lang {
  return current;
}
export function initLang() {
  let stored: string | null = null;
  try {
    stored = new URLSearchParams(location.search).get("lang") ?? localStorage.getItem("brethren.lang");
  } catch {
    /* private mode */
  }
  setLang(pickLang(navigator.languages ?? [navigator.language], stored));
}

/**
 * t("seat.n", {n: 2}) -> "Seat 2". A name marked as the viewer's ("Anne (you)")
 * before an English possessive becomes "your" ("Anne (you)'s ship" -> "your ship").
 */
export function t(key: string, params: Record<string, string | number> = {}, lang: Lang = current): string {
  const all = catalogues();
  const text = all[lang][key] ?? all.en[key] ?? key;
  const you = ` ${all[lang]["table.you"] ?? all.en["table.you"]}`;
  return text.replace(/\{(\w+)\}('s\b)?/g, (whole: string, k: string, possessive: string | undefined, at: number) => {
    if (!(k in params)) return whole;
    const value = String(params[k]);
    if (!possessive) return value;
    if (!value.endsWith(you)) return value + possessive;
    const your = all[lang]["table.your"] ?? all.en["table.your"];
    return at === 0 ? your.charAt(0).toUpperCase() + your.slice(1) : your;
  });
}

export function hasKey(key: string): boolean {
  return key in catalogues().en;
}
