// Unit tests of the view-to-screen helpers (node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { normalizeRoomCode, isRoomCode, formatRoomCode } from "../../src/logic/roomCode";
import { mergeEvents, emptyLog } from "../../src/logic/eventLog";
import { describeEvent, describeAction, messageText } from "../../src/logic/describe";
import { pfisterFace } from "../../src/games/port-royal-pfister/cards";
import { crewLabel } from "../../src/games/port-royal-panning/cards";
import { voteFromKind } from "../../src/games/tortuga-1667/cards";
import { optionFields, optionsJson } from "../../src/logic/options";
import { secondsLeft } from "../../src/logic/clock";
import { clampStep } from "../../src/logic/replay";
import { pickLang, t, catalogues } from "../../src/i18n";
import { EventRecordSchema, GameEventSchema, GameActionSchema, GameInfoSchema } from "../../src/gen/brethren/v1/game_pb";
import { CardKind } from "../../src/gen/brethren/v1/port_royal_pfister_pb";
import { Colour } from "../../src/gen/brethren/v1/port_royal_panning_pb";
import { Area as T67Area, Team, VoteTop } from "../../src/gen/brethren/v1/tortuga_1667_pb";

const names = (s: number) => ["Anne", "Bart", "Carla"][s] ?? `Seat ${s + 1}`;

test("room codes are read as forgivingly as the server reads them", () => {
  assert.equal(normalizeRoomCode(" k7q-2m9 xpa "), "K7Q2M9XPA");
  assert.equal(normalizeRoomCode("iLo"), "110");
  assert.ok(isRoomCode("yvv4-ddn-gg"));
  assert.ok(!isRoomCode("YVV4DDNG"), "eight characters");
  assert.ok(!isRoomCode("YVV4DDNGU"), "U is not in the alphabet");
  assert.equal(formatRoomCode("YVV4DDNGG"), "YVV-4DD-NGG");
});

function lomEvent(version: number, seat: number) {
  return create(EventRecordSchema, {
    version: BigInt(version),
    event: { game: { case: "letterOfMarque", value: { kind: { case: "passed", value: { seat } } } } },
  });
}

test("merging updates keeps each event once, in order, and a rematch starts a new log", () => {
  let log = mergeEvents(emptyLog(0n), 1n, [lomEvent(1, 0), lomEvent(3, 1)], 3n);
  assert.deepEqual(log.events.map((e) => e.version), [1n, 3n]);
  assert.equal(log.lastVersion, 3n);
  // A resume repeats event 3 and brings 5 (4 was addressed to someone else).
  log = mergeEvents(log, 1n, [lomEvent(3, 1), lomEvent(5, 2)], 5n);
  assert.deepEqual(log.events.map((e) => e.version), [1n, 3n, 5n]);
  // A view-only update (resync) still moves lastVersion on.
  log = mergeEvents(log, 1n, [], 9n);
  assert.equal(log.lastVersion, 9n);
  const rematch = mergeEvents(log, 2n, [lomEvent(1, 0)], 1n);
  assert.equal(rematch.matchId, 2n);
  assert.deepEqual(rematch.events.map((e) => e.version), [1n]);
});

test("the viewer's name before a possessive becomes 'your', never \"Anne (you)'s\"", () => {
  const withYou = (seat: number) => (seat === 0 ? "Anne (you)" : names(seat));
  const e = create(GameEventSchema, {
    game: { case: "letterOfMarque", value: { kind: { case: "attacked", value: { attacker: 2, defender: 0, shipId: 1, treasure: 6, armed: true } } } },
  });
  const text = describeEvent(e, withYou);
  assert.ok(!text.includes("(you)'s"), text);
  assert.equal(text, "Carla fires at your ship carrying 6: it is armed and beats off the attack — Anne (you) keeps Carla's cannon card (1 point)");
});

test("Tortuga's log: marooned on Tortuga goes to the end of its line; an empty refill is no line", () => {
  const moved = create(GameEventSchema, {
    game: { case: "tortuga1667", value: { kind: { case: "pawnMoved", value: { seat: 1, from: T67Area.TORTUGA, to: T67Area.TORTUGA, cause: 1 } } } },
  });
  const text = describeEvent(moved, names);
  assert.ok(!/Tortuga to Tortuga/.test(text), text);
  assert.match(text, /^Bart goes to the end of Tortuga's line/);
  const refilled = (r: boolean) => create(GameEventSchema, { game: { case: "tortuga1667", value: { kind: { case: "rowRefilled", value: { slot: 0, refilled: r } } } } });
  assert.equal(describeEvent(refilled(false), names), "");
  assert.ok(describeEvent(refilled(true), names).length > 0);
});

test("Panning's log names the loot card, never its id", () => {
  const chosen = create(GameEventSchema, {
    game: { case: "portRoyalPanning", value: { kind: { case: "lootChosen", value: { seat: 2, lootId: 27 } } } },
  });
  const text = describeEvent(chosen, names);
  assert.ok(!text.includes("27"), text);
  assert.match(text, /^Carla put the pirate on the loot card .*rum 9t/i);
  const action = create(GameActionSchema, { game: { case: "portRoyalPanning", value: { kind: { case: "chooseLoot", value: { lootId: 27 } } } } });
  assert.match(describeAction(action, names), /rum 9t/i);
});

test("the log tells an attack on an armed ship in words, with names", () => {
  const e = create(GameEventSchema, {
    game: { case: "letterOfMarque", value: { kind: { case: "attacked", value: { attacker: 2, defender: 0, shipId: 1, treasure: 6, armed: true } } } },
  });
  assert.equal(describeEvent(e, names), "Carla fires at Anne's ship carrying 6: it is armed and beats off the attack — Anne keeps Carla's cannon card (1 point)");
  const unarmed = create(GameEventSchema, {
    game: { case: "letterOfMarque", value: { kind: { case: "attacked", value: { attacker: 1, defender: 2, shipId: 4, treasure: 9, armed: false } } } },
  });
  assert.equal(describeEvent(unarmed, names), "Bart fires at Carla's ship carrying 9: it was unarmed and sinks — Bart takes its treasure");
});

test("events without a template still read as words, seats as names and enums as words", () => {
  const e = create(GameEventSchema, {
    game: { case: "tortuga1667", value: { kind: { case: "cabinFever", value: { reader: 1, other: 2 } } } },
  });
  assert.equal(describeEvent(e, names), "Cabin fever: Bart and Carla");
  // Without a template, the message's own fields in words.
  const inner = e.game.case === "tortuga1667" ? e.game.value.kind.value : undefined;
  assert.equal(messageText(inner, names), "reader Bart, other Carla");
  const a = create(GameActionSchema, {
    game: { case: "portRoyalPanning", value: { kind: { case: "playCard", value: { card: { colour: Colour.GHOST, value: 3 } } } } },
  });
  assert.equal(describeAction(a, names), "Play 👻 ghost 3");
});

test("Port Royal card faces come from the card's public name", () => {
  assert.deepEqual(pfisterFace(CardKind.SHIP_R_X_4), { kind: "ship", colour: "red", swords: "skull", coins: 4 });
  assert.deepEqual(pfisterFace(CardKind.P_TRADER_B2), { kind: "person", person: "trader", vp: 2, cost: 5, colour: "blue" });
  assert.equal(pfisterFace(CardKind.EXP_AAH).vp, 6);
});

test("Tortuga vote kinds spell top, flag and skull (kind = top*4 + flag*2 + blank)", () => {
  assert.deepEqual(voteFromKind(0), { top: VoteTop.TOP_CANNON, flag: Team.BRITISH, skull: true });
  assert.deepEqual(voteFromKind(11), { top: VoteTop.TOP_WATER, flag: Team.FRENCH, skull: false });
});

test("Panning's colours also carry a symbol", () => {
  for (const c of [Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK, Colour.GHOST]) {
    const label = crewLabel({ colour: c, value: 5 } as never);
    assert.match(label, /^\S+ \S+ 5$/u);
  }
  assert.notEqual(crewLabel({ colour: Colour.RED, value: 1 } as never)[0], crewLabel({ colour: Colour.BLUE, value: 1 } as never)[0]);
});

test("options send only what differs from listGames' defaults", () => {
  const game = create(GameInfoSchema, {
    id: "tortuga-1667",
    options: [
      { name: "tortuga1667.turnTimer", description: "30-second rule", defaultValue: "false" },
      { name: "tortuga1667.randomStarCount", description: "", defaultValue: "0" },
    ],
  });
  const fields = optionFields(game);
  assert.equal(fields[0].kind, "bool");
  assert.equal(fields[0].key, "turnTimer");
  assert.deepEqual(optionsJson(game, fields, { "tortuga1667.turnTimer": "true", "tortuga1667.randomStarCount": "0" }), {
    tortuga1667: { turnTimer: true },
  });
});

test("an enum option is a choice among its values, from the client's own descriptors", () => {
  const game = create(GameInfoSchema, {
    id: "letter-of-marque",
    options: [{ name: "cannon_tiebreak", description: "", defaultValue: "\"CANNON_TIEBREAK_ALL_HELD\"" }],
  });
  const [field] = optionFields(game);
  assert.equal(field.kind, "choice");
  assert.ok(field.choices.length >= 2);
  assert.ok(field.choices.some((c) => c.text === field.defaultText), "the default is one of the choices");
  assert.ok(field.choices.every((c) => !c.text.endsWith("UNSPECIFIED\"")), "proto3's unset value is not offered");
  assert.ok(field.choices.every((c) => /^[a-z0-9 ]+$/.test(c.label)));
  const other = field.choices.find((c) => c.text !== field.defaultText)!;
  assert.deepEqual(optionsJson(game, [field], { [field.name]: other.text }), {
    letterOfMarque: { cannon_tiebreak: JSON.parse(other.text) },
  });
});

test("the clock counts whole seconds down to the deadline and stops at zero", () => {
  assert.equal(secondsLeft(0, 1000), null);
  assert.equal(secondsLeft(10_000, 1_001), 9);
  assert.equal(secondsLeft(10_000, 20_000), 0);
});

test("replay steps stay within the match", () => {
  assert.equal(clampStep(-1, 10), 0);
  assert.equal(clampStep(11, 10), 10);
  assert.equal(clampStep(4, 10), 4);
});

test("the language follows the browser unless the switch chose one", () => {
  assert.equal(pickLang(["es-AR", "en"], null), "es");
  assert.equal(pickLang(["de-DE", "it"], null), "it");
  assert.equal(pickLang(["de-DE"], null), "en");
  assert.equal(pickLang(["es"], "it"), "it");
  assert.equal(t("room.seat", { n: 2 }, "en"), "Seat 2");
});

test("cards named by an enum read as the card", () => {
  const e = create(GameEventSchema, {
    game: { case: "portRoyalPfister", value: { kind: { case: "shipRepelled", value: { seat: 1, card: CardKind.SHIP_K_X_3 } } } },
  });
  assert.equal(describeEvent(e, names), "Bart repelled the black Galleon (skull, 3 coins)");
});

test("positions read from 1, as the cards show them", () => {
  const a = create(GameActionSchema, {
    game: { case: "tortuga1667", value: { kind: { case: "force", value: { slotA: 0, slotB: 4, target: 1 } } } },
  });
  assert.equal(describeAction(a, names), "Force Bart to pick position 1 or 5");
});

test("Spanish and Italian have every text English has (shell and every game), with the same placeholders", () => {
  const { en, es, it: itCat } = catalogues();
  assert.ok("lom.attack" in en && "t67.look" in es && "prq.play" in itCat, "the games' catalogues are merged in");
  const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(",");
  for (const [name, cat] of [["es", es], ["it", itCat]] as const) {
    assert.deepEqual(Object.keys(en).filter((k) => !(k in cat)), [], `${name} misses keys`);
    for (const k of Object.keys(en)) assert.equal(holes(cat[k]), holes(en[k]), `${name} ${k}`);
  }
});
