// Letter of Marque's words: every event of the game reads as a sentence that
// names the players and describes ships by what they are (no "#3", no code,
// no placeholder left), in English, Spanish and Italian; the outcome headline
// names the winner (never a colour) and says how a tie was broken.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { describeEvent, describeAction } from "../../src/logic/describe";
import { setLang, type Lang } from "../../src/i18n";
import { GameEventSchema, GameActionSchema, MatchViewSchema } from "../../src/gen/brethren/v1/game_pb";
import { ViewSchema, Phase, CannonTiebreak, type Event } from "../../src/gen/brethren/v1/letter_of_marque_pb";
import { outcomeHeadline, nameList, lastTouched } from "../../src/games/letter-of-marque/board";
import { catalogue } from "../../src/games/letter-of-marque/i18n";

/** setLang under node: it also sets <html lang>, so a stand-in document is given. */
function setLangForTest(lang: Lang) {
  const g = globalThis as unknown as { document?: { documentElement: { lang?: string } } };
  g.document ??= { documentElement: {} };
  setLang(lang);
}

const names = (s: number) => ["Anne", "Bart", "Carla"][s] ?? `Seat ${s + 1}`;

const EVENTS: Event["kind"][] = [
  { case: "preliminaryCards", value: { treasures: [5, 3, 7] } },
  { case: "shipChosen", value: { seat: 1 } },
  { case: "ownShipBase", value: { shipId: 0, armed: true } },
  { case: "ownShipBase", value: { shipId: 4, armed: false } },
  { case: "shipsSetSail", value: { ships: [{ shipId: 1, owner: 0, treasure: 5 }], startSeat: 1, tiedLowest: [1] } },
  { case: "departed", value: { seat: 2, shipId: 4, treasure: 6 } },
  { case: "returned", value: { seat: 0, shipId: 1, treasure: 5 } },
  { case: "attacked", value: { attacker: 2, defender: 0, shipId: 1, treasure: 6, armed: true } },
  { case: "attacked", value: { attacker: 1, defender: 2, shipId: 4, treasure: 7, armed: false } },
  { case: "passed", value: { seat: 1, automatic: false } },
  { case: "passed", value: { seat: 1, automatic: true } },
  { case: "gameEnded", value: { scores: [20, 18, 9], cannonsHeld: [1, 2, 0] } },
] as Event["kind"][];

function event(kind: Event["kind"]) {
  return create(GameEventSchema, { game: { case: "letterOfMarque", value: { kind } } });
}

for (const lang of ["en", "es", "it"] as const) {
  test(`every Letter of Marque event reads as words in ${lang}`, () => {
    setLangForTest(lang);
    try {
      for (const k of EVENTS) {
        const text = describeEvent(event(k), names);
        assert.ok(text.length > 6, `${k.case}: ${text}`);
        assert.doesNotMatch(text, /[{}#_]|\bship_id\b|[a-z][A-Z]/, `${lang} ${k.case}: ${text}`);
        assert.doesNotMatch(text, /\b(red|blue|green|yellow)\b/, `no colour in place of a name: ${text}`);
      }
    } finally {
      setLangForTest("en");
    }
  });
}

test("the log names who did what to whose ship, and the treasure", () => {
  assert.equal(describeEvent(event(EVENTS[5]), names), "Carla sends a ship to sea carrying a treasure of 6");
  assert.equal(describeEvent(event(EVENTS[6]), names), "Anne brings home the ship carrying 5 and banks the treasure");
  assert.equal(describeEvent(event(EVENTS[2]), names), "Only you know: your ship is armed");
  assert.equal(describeEvent(event(EVENTS[4]), names), "All ships set sail. Lowest treasure: Bart; Bart plays first");
  const a = create(GameActionSchema, { game: { case: "letterOfMarque", value: { kind: { case: "depart", value: { armed: true } } } } });
  assert.equal(describeAction(a, names), "Send an armed ship to sea");
});

test("the catalogue has every key in Spanish and Italian, translated", () => {
  const en = catalogue.en;
  for (const [lang, cat] of [["es", catalogue.es], ["it", catalogue.it]] as const) {
    assert.deepEqual(Object.keys(en).filter((k) => !(k in cat)), [], `${lang} misses keys`);
    assert.deepEqual(Object.keys(cat).filter((k) => !(k in en)), [], `${lang} has keys English lacks`);
    // Same text as English only where the word is the same (a dash, a colour both share).
    const same = Object.keys(en).filter((k) => cat[k] === en[k] && en[k].length > 3);
    assert.deepEqual(same, [], `${lang} left in English`);
  }
});

function finishedView(scores: number[], unused: number[], captured: number[][], rule: CannonTiebreak) {
  return create(ViewSchema, {
    phase: Phase.FINISHED,
    currentSeat: -1,
    cannonTiebreak: rule,
    players: scores.map((score, seat) => ({
      seat, colour: ["red", "blue", "green"][seat], score, unusedCannons: unused[seat], scorePile: { treasures: [score], cannonsFrom: captured[seat] },
    })),
  });
}

test("the outcome headline names the winner, never a colour, and tells a tie-break", () => {
  const v = finishedView([20, 18, 9], [0, 0, 0], [[], [], []], CannonTiebreak.ALL_HELD);
  const m = create(MatchViewSchema, {
    finished: true,
    outcome: { seats: [{ seat: 0, score: 20, rank: 1, winner: true }, { seat: 1, score: 18, rank: 2 }, { seat: 2, score: 9, rank: 3 }], summary: "red wins with 20 points" },
  });
  assert.equal(outcomeHeadline(v, m, names), "Anne wins with 20 points");
  const tie = finishedView([20, 20, 9], [2, 0, 0], [[], [0], []], CannonTiebreak.ALL_HELD);
  const mt = create(MatchViewSchema, {
    finished: true,
    outcome: { seats: [{ seat: 0, score: 20, rank: 1, winner: true }, { seat: 1, score: 20, rank: 2 }, { seat: 2, score: 9, rank: 3 }] },
  });
  assert.equal(outcomeHeadline(tie, mt, names), "Anne and Bart are tied on 20 points; Anne wins, holding the most cannon cards (2)");
  const shared = create(MatchViewSchema, {
    finished: true,
    outcome: { seats: [{ seat: 0, score: 20, rank: 1, winner: true }, { seat: 1, score: 20, rank: 1, winner: true }, { seat: 2, score: 9, rank: 3 }] },
  });
  assert.equal(outcomeHeadline(tie, shared, names), "Anne and Bart share the victory with 20 points");
  assert.equal(nameList(["Anne", "Bart", "Carla"]), "Anne, Bart and Carla");
});

test("a departure comes from its owner's deck; a return's treasure from the ship", () => {
  const v = create(ViewSchema, {
    phase: Phase.REGULAR,
    players: [{ seat: 0, colour: "red", scorePile: { treasures: [5] } }, { seat: 1, colour: "blue" }],
  });
  const evs = [
    create(GameEventSchema, { game: { case: "letterOfMarque", value: { kind: EVENTS[6] } } }),
  ].map((e) => (e.game.case === "letterOfMarque" ? e.game.value : undefined)).filter((e) => e !== undefined);
  const { keys, enter } = lastTouched(evs, v);
  assert.equal(enter.get("pile-0-t0"), "ship-1");
  assert.ok(keys.has("pile-0-t0"));
  const dep = create(GameEventSchema, { game: { case: "letterOfMarque", value: { kind: EVENTS[5] } } });
  const d = lastTouched(dep.game.case === "letterOfMarque" ? [dep.game.value] : [], v);
  assert.equal(d.enter.get("ship-4"), "deck-2");
});
