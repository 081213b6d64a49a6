// Every piece of UI text, in English, Spanish and Italian (the languages of
// the rule books). The language comes from the browser, or the switch (kept
// in localStorage). Missing keys fall back to English, then to the key.
import { en } from "./i18n/en";
import { es } from "./i18n/es";
import { it } from "./i18n/it";

export type Lang = "en" | "es" | "it";
export type Catalogue = Record<string, string>;
export const LANGS: Lang[] = ["en", "es", "it"];
const catalogues: Record<Lang, Catalogue> = { en, es, it };

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

/** t("seat.n", {n: 2}) -> "Seat 2". */
export function t(key: string, params: Record<string, string | number> = {}, lang: Lang = current): string {
  const text = catalogues[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

export function hasKey(key: string): boolean {
  return key in en;
}
