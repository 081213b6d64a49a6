// Port Royal (Pfister)'s words: card labels, prompts' pieces and log sentences
// in the three languages, with no raw enum name, key or placeholder left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { GameEventSchema } from "../../src/gen/brethren/v1/game_pb";
import { CardKind, Destination } from "../../src/gen/brethren/v1/port_royal_pfister_pb";
import { pfisterLabel, pfisterTitle, needsText, coinsText } from "../../src/games/port-royal-pfister/cards";
import { allowanceFor } from "../../src/games/port-royal-pfister/board";
import { describeEvent } from "../../src/logic/describe";
import { setLang, type Lang } from "../../src/i18n";

/** setLang under node: it writes <html lang>, so a stand-in document is enough. */
function setLangForTest(lang: Lang) {
  const g = globalThis as unknown as { document?: { documentElement: { lang?: string } } };
  g.document ??= { documentElement: {} };
  setLang(lang);
}

const names = (s: number) => ["Anne", "Bart", "Carla"][s] ?? `#${s}`;
const RAW = /\b[A-Z]{2,}_[A-Z0-9_]+\b|\bprp\.|\{[a-zA-Z]+\}/;

test("every card has a label and a tooltip in words, in the three languages", () => {
  for (const lang of ["en", "es", "it"] as const) {
    setLangForTest(lang);
    for (const v of Object.values(CardKind)) {
      if (typeof v !== "number" || v === CardKind.UNSPECIFIED) continue;
      const label = pfisterLabel(v);
      const title = pfisterTitle(v);
      assert.ok(label.length > 3 && !RAW.test(label) && !RAW.test(title), `${lang} ${CardKind[v]}: ${label} / ${title}`);
    }
  }
  setLangForTest("en");
});

test("labels say what a card is", () => {
  setLangForTest("en");
  assert.equal(pfisterLabel(CardKind.SHIP_B_2_3), "blue Flute (2 swords, 3 coins)");
  assert.equal(pfisterLabel(CardKind.SHIP_Y_1_1), "yellow Pinnace (1 sword, 1 coin)");
  assert.equal(pfisterLabel(CardKind.P_TRADER_Y2), "Trader (yellow ships) (2 VP, costs 5)");
  assert.equal(needsText(["anchor", "anchor", "house"]), "2 anchors and a house");
  assert.equal(coinsText(1), "1 coin");
  setLangForTest("es");
  assert.equal(pfisterLabel(CardKind.SHIP_K_X_4), "galeón negro (calavera, 4 monedas)");
  setLangForTest("it");
  assert.equal(needsText(["cross", "cross", "house"]), "2 croci e una casa");
  setLangForTest("en");
});

test("the allowance follows the ship colours in the harbour, plus Governors", () => {
  assert.deepEqual(allowanceFor([CardKind.SHIP_Y_1_1, CardKind.SHIP_B_1_1, CardKind.P_PRIEST], 0), { colours: 2, cards: 1 });
  assert.deepEqual(allowanceFor([CardKind.SHIP_Y_1_1, CardKind.SHIP_B_1_1, CardKind.SHIP_G_1_1, CardKind.SHIP_R_1_1], 1), { colours: 4, cards: 3 });
  assert.deepEqual(
    allowanceFor([CardKind.SHIP_Y_1_1, CardKind.SHIP_B_1_1, CardKind.SHIP_G_1_1, CardKind.SHIP_R_1_1, CardKind.SHIP_K_2_1], 0),
    { colours: 5, cards: 3 },
  );
});

test("log sentences name the player, the card and where it went", () => {
  setLangForTest("en");
  const drawn = create(GameEventSchema, {
    game: { case: "portRoyalPfister", value: { kind: { case: "cardDrawn", value: { seat: 0, card: CardKind.P_ADMIRAL2, destination: Destination.HARBOR } } } },
  });
  assert.equal(describeEvent(drawn, names), "Anne drew a card: Admiral (2 VP, costs 7), into the harbour");
  const ended = create(GameEventSchema, {
    game: { case: "portRoyalPfister", value: { kind: { case: "endTriggered", value: { seat: -1, pilesExhausted: true } } } },
  });
  assert.equal(describeEvent(ended, names), "Both piles are empty: the round is played out");
  for (const lang of ["es", "it"] as const) {
    setLangForTest(lang);
    const text = describeEvent(drawn, names);
    assert.ok(!RAW.test(text) && !/harbour|drew/.test(text), `${lang}: ${text}`);
  }
  setLangForTest("en");
});
