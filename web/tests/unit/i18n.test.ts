// Every catalogue (the shell's and each game's, through the registry) is
// complete in Spanish and Italian: no key missing, no value left in English.
// A value may equal the English one only when it has no word to translate
// (numbers, placeholders, symbols) or is a proper name in ALLOWED_SAME.
import { test } from "node:test";
import assert from "node:assert/strict";
import { en as shellEn } from "../../src/i18n/en";
import { es as shellEs } from "../../src/i18n/es";
import { it as shellIt } from "../../src/i18n/it";
import { gameClients } from "../../src/games/registry";
import { allErrorKeys } from "../../src/logic/errors";

type Cat = Record<string, string>;

/** Values that are the same in every language: names of games, places and ships, and international words. */
const ALLOWED_SAME = new Set([
  "Brethren", // the server's name
  "Port Royal", "Port Royal (Pfister)", "Port Royal (Panning)", "Tortuga", "Tortuga 1667", "Letter of Marque",
  "Flying Dutchman", "Jolly Roger", "El Dorado", "Atlantis", // ships and places named so in the rule books
  "OK",
  "Chat", // Spanish and Italian use the English word
  "no", // the same word in Spanish and Italian
  "rum", // the same word in Italian
  "Neutral", // the same word in Spanish (Tortuga's neutral depot)
  "max", // the usual abbreviation in Italian too ("max 5")
  "Mademoiselle", // a card's name, French in every edition
  "Bot ({kind})", // "bot" is the word in Spanish and Italian too
  "Password", // the word in Italian too
]);

/** A value with nothing to translate: placeholders, digits, punctuation, symbols. */
function nothingToTranslate(v: string): boolean {
  return !/\p{L}{2,}/u.test(v.replace(/\{\w+\}/g, ""));
}

function placeholders(v: string): string[] {
  return [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

function check(name: string, en: Cat, other: Cat, lang: string): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(en)) {
    const v = other[key];
    if (v === undefined) problems.push(`${name} ${lang}: missing "${key}"`);
    else if (v === value && !nothingToTranslate(value) && !ALLOWED_SAME.has(value)) problems.push(`${name} ${lang}: "${key}" left in English: ${JSON.stringify(v)}`);
    else if (placeholders(v).join() !== placeholders(value).join()) problems.push(`${name} ${lang}: "${key}" has other {placeholders} than English`);
  }
  for (const key of Object.keys(other)) if (!(key in en)) problems.push(`${name} ${lang}: "${key}" is not in the English catalogue`);
  return problems;
}

const catalogues: { name: string; en: Cat; es: Cat; it: Cat }[] = [
  { name: "shell (src/i18n)", en: shellEn, es: shellEs, it: shellIt },
  ...gameClients().map((g) => ({ name: `${g.gameId} (src/games/${g.gameId}/i18n.ts)`, ...g.catalogue })),
];

for (const c of catalogues) {
  test(`${c.name}: Spanish and Italian are complete and translated`, () => {
    const problems = [...check(c.name, c.en, c.es, "es"), ...check(c.name, c.en, c.it, "it")];
    assert.deepEqual(problems, [], `\n${problems.join("\n")}`);
  });
}

test("every protocol error code has a sentence in the shell's catalogue (never a code on screen)", () => {
  const missing = allErrorKeys().filter((k) => k !== "error.generic" && !(k in shellEn));
  assert.deepEqual(missing, []);
  assert.ok("error.generic" in shellEn);
});

test("the catalogue test itself catches a missing key and an English value", () => {
  assert.equal(check("t", { a: "Ship", b: "{n}" }, { b: "{n}" }, "es").length, 1);
  assert.equal(check("t", { a: "Ship" }, { a: "Ship" }, "es").length, 1);
  assert.equal(check("t", { a: "Port Royal" }, { a: "Port Royal" }, "es").length, 0);
});
