// Tortuga 1667's words: moves and log lines name what matters (players,
// cards, holds, causes), with no raw number, enum name or noise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { describeEvent, describeAction } from "../../src/logic/describe";
import { GameEventSchema, GameActionSchema } from "../../src/gen/brethren/v1/game_pb";
import { Area, MaroonCause, Ship, Team, VoteKind, VoteTop, EventCard } from "../../src/gen/brethren/v1/tortuga_1667_pb";
import { catalogue } from "../../src/games/tortuga-1667/i18n";
import { voteLabel } from "../../src/games/tortuga-1667/cards";

const names = (s: number) => ["Anne", "Bart", "Carla", "Dirk"][s] ?? `Seat ${s + 1}`;
type EventKind = NonNullable<Parameters<typeof create<typeof GameEventSchema>>[1]>;
const ev = (kind: { case: string; value: unknown }) =>
  describeEvent(create(GameEventSchema, { game: { case: "tortuga1667", value: { kind } } } as EventKind), names);
const act = (kind: { case: string; value: unknown }) =>
  describeAction(create(GameActionSchema, { game: { case: "tortuga1667", value: { kind } } } as NonNullable<Parameters<typeof create<typeof GameActionSchema>>[1]>), names);

test("tortuga-1667: log lines in words", () => {
  assert.equal(ev({ case: "pawnMoved", value: { seat: 1, from: Area.JOLLY_ROGER, to: Area.TORTUGA, cause: MaroonCause.CAUSE_PISTOL } }), "Bart moved from the Jolly Roger to Tortuga (Pistol)");
  assert.equal(ev({ case: "pawnMoved", value: { seat: 2, from: Area.TORTUGA, to: Area.FD_LIFEBOAT } }).trim(), "Carla moved from Tortuga to the Flying Dutchman's lifeboat");
  assert.equal(ev({ case: "rowRefilled", value: { slot: 2, refilled: true } }), "A new event card is dealt at position 3");
  assert.equal(ev({ case: "treasurePlaced", value: { seat: 0, source: 0, ship: Ship.JOLLY_ROGER, hold: Team.FRENCH } }), "Anne put a chest into the French hold of the Jolly Roger");
  assert.equal(ev({ case: "voteCalled", value: { kind: VoteKind.VOTE_MUTINY, caller: 3, voters: [1, 3] } }), "Dirk called a vote (mutiny); voters: Bart, Dirk");
  assert.equal(ev({ case: "maroonThreatened", value: { target: 2, cause: MaroonCause.CAUSE_CAPTAIN } }), "Carla is about to be marooned (by the Captain) and may answer with a treasure map");
  assert.equal(ev({ case: "mapGiven", value: { owner: 1, card: EventCard.EVENT_ATLANTIS } }), "Bart received the treasure map Atlantis");
  assert.equal(ev({ case: "gameEnded", value: { british: 5, french: 3, winner: Team.BRITISH } }), "Game over: British 5, French 3; winner: British");
  const revealed = ev({ case: "voteRevealed", value: { kind: VoteKind.VOTE_ATTACK, success: true, cards: [{ kind: 4, top: VoteTop.TOP_TORCH, flag: Team.BRITISH, skull: true }] } });
  assert.equal(revealed, "The vote (attack) succeeded: 🔥 torch · British flag · ☠ skull");
});

test("tortuga-1667: moves in words, no source number", () => {
  assert.equal(act({ case: "placeTreasure", value: { source: 0, hold: Team.BRITISH } }), "Put the chest into the British hold");
  assert.equal(act({ case: "moveLifeboat", value: { to: Area.JR_LIFEBOAT } }), "Move towards the Jolly Roger's lifeboat");
  assert.equal(act({ case: "letterMove", value: { seat: 3, ship: Ship.FLYING_DUTCHMAN } }), "Move Dirk to the end of the Flying Dutchman");
  assert.equal(act({ case: "maroonCrew", value: { target: 1 } }), "Captain: maroon Bart on Tortuga");
});

test("tortuga-1667: every line without a number where words belong, and Spanish/Italian differ from English", () => {
  for (const [k, en] of Object.entries(catalogue.en)) {
    // A chest's source and a vote card's kind are numbers in the protocol: never in a sentence.
    if (k.startsWith("act.")) assert.doesNotMatch(en, /\{(source|kind|kinds)\}/, `${k} shows a raw number`);
    if (k.startsWith("ev.")) assert.doesNotMatch(en, /\{(source|refilled)\}/, `${k} shows a raw number or yes/no`);
    if (k.startsWith("ev.") || k.startsWith("act.") || k.includes(".prompt.") || k.includes(".rules.")) {
      if (en.length > 12 && !/^[{}\w\s:]*$/.test(en)) assert.notEqual(catalogue.es[k], en, `es ${k} is English`);
      if (en.length > 12 && !/^[{}\w\s:]*$/.test(en)) assert.notEqual(catalogue.it[k], en, `it ${k} is English`);
    }
  }
  assert.equal(voteLabel({ kind: 11, top: VoteTop.TOP_WATER, flag: Team.FRENCH, skull: false } as Parameters<typeof voteLabel>[0]), "💧 water · French flag · no skull");
});
