// Port Royal (Panning)'s board helpers: who wins a trick so far (PRQ-21,
// PRQ-22), loot cards by their public id, what the last events highlight, and
// the log's sentences without raw loot ids.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { trickWinner, touchedKeys, lootKey, crewKey } from "../../src/games/port-royal-panning/board";
import { lootById, lootLabel } from "../../src/games/port-royal-panning/cards";
import { catalogue } from "../../src/games/port-royal-panning/i18n";
import { Colour, Good, Special, PlaySchema, CrewCardSchema, EventSchema } from "../../src/gen/brethren/v1/port_royal_panning_pb";

const play = (seat: number, colour: Colour, value: number) => create(PlaySchema, { seat, card: create(CrewCardSchema, { colour, value }) });

test("the highest card of the led colour wins when nobody trumps (PRQ-21)", () => {
  assert.equal(trickWinner([play(0, Colour.RED, 3), play(1, Colour.BLUE, 8), play(2, Colour.RED, 5)], Colour.GREEN), 2);
  assert.equal(trickWinner([], Colour.GREEN), -1);
});

test("the highest trump wins (PRQ-21)", () => {
  assert.equal(trickWinner([play(0, Colour.RED, 6), play(1, Colour.GREEN, 1), play(2, Colour.GREEN, 2)], Colour.GREEN), 2);
});

test("with a ghost the highest number wins, the last of equals (PRQ-22)", () => {
  assert.equal(trickWinner([play(0, Colour.RED, 5), play(1, Colour.GHOST, 5), play(2, Colour.GREEN, 2)], Colour.GREEN), 1);
  assert.equal(trickWinner([play(0, Colour.GHOST, 1), play(1, Colour.RED, 4), play(2, Colour.BLUE, 4)], Colour.RED), 2);
});

test("loot cards by public id: good-major standard cards, then the specials", () => {
  const c = lootById(17, []);
  assert.ok(c);
  assert.equal(c.good, Good.TOBACCO);
  assert.equal(c.value, 9);
  assert.equal(lootById(40, [])?.special, Special.PLUS8);
  assert.equal(lootById(48, [])?.special, Special.MOVE1);
  assert.equal(lootById(5, [1, 2, 3, 4, 5, 6, 7, 8, 9, 30])?.value, 6);
  assert.equal(lootById(49, []), null);
  assert.match(lootLabel(c), /9t/);
});

test("the last events mark what they touched", () => {
  const played = create(EventSchema, { kind: { case: "cardPlayed", value: { seat: 1, card: create(CrewCardSchema, { colour: Colour.RED, value: 4 }) } } });
  const placed = create(EventSchema, { kind: { case: "lootPlaced", value: { seat: 1, lootId: 12, ship: Good.TOBACCO } } });
  const keys = touchedKeys([played, placed]);
  assert.ok(keys.has(crewKey(create(CrewCardSchema, { colour: Colour.RED, value: 4 }))));
  assert.ok(keys.has(lootKey(12)));
});

test("no sentence of the log shows a raw loot id", () => {
  for (const lang of ["en", "es", "it"] as const) {
    for (const [k, v] of Object.entries(catalogue[lang])) {
      if (k.startsWith("ev.") || k.startsWith("act.")) assert.ok(!v.includes("{lootId}"), `${lang} ${k}`);
    }
  }
});
