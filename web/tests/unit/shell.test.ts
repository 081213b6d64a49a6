// Unit tests of the shell's pure helpers: the outcome in words, errors in
// words, the lobby's option fields, the turn (must / may / none), the views
// kept for the replay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { describeOutcome, listNames } from "../../src/logic/outcome";
import { errorKey, httpErrorKey } from "../../src/logic/errors";
import { optionFields, optionsJson, humanize, numbersValid } from "../../src/logic/options";
import { serverViews, serverViewAt, viewAt } from "../../src/state/views";
import { t } from "../../src/i18n";
import { GameInfoSchema, MatchOutcomeSchema } from "../../src/gen/brethren/v1/game_pb";
import { ErrorCode } from "../../src/gen/brethren/v1/protocol_pb";

const names = (seat: number) => ["Anne", "Bart", "Carla", "Dirk"][seat];
const tr = (k: string, p?: Record<string, string | number>) => t(k, p, "en");

test("the outcome names the winner by name (1-based ranks, never a seat index or a colour)", () => {
  const o = create(MatchOutcomeSchema, {
    summary: "seat 3 wins with 13 points",
    seats: [
      { seat: 0, score: 9, rank: 2 },
      { seat: 3, score: 13, rank: 1, winner: true },
      { seat: 1, score: 9, rank: 3 },
    ],
  });
  const d = describeOutcome(o, names, tr);
  assert.equal(d.headline, "Dirk wins with 13 points.");
  assert.deepEqual(d.rows.map((r) => [r.name, r.rankText, r.tieBroken]), [["Dirk", "1st", false], ["Anne", "2nd", true], ["Bart", "3rd", true]]);
  assert.deepEqual(d.tieBreaks, ["Anne and Bart have 9 points each: the game's tie-break puts Anne ahead."]);
  assert.equal(describeOutcome(o, names, (k, p) => t(k, p, "es")).headline, "Dirk gana con 13 puntos.");
  assert.equal(describeOutcome(o, names, (k, p) => t(k, p, "it")).headline, "Dirk vince con 13 punti.");
});

test("a shared victory names every winner", () => {
  const o = create(MatchOutcomeSchema, { seats: [{ seat: 0, score: 5, rank: 1, winner: true }, { seat: 2, score: 5, rank: 1, winner: true }, { seat: 1, score: 2, rank: 3 }] });
  assert.equal(describeOutcome(o, names, tr).headline, "Anne and Carla share the victory with 5 points.");
  assert.equal(describeOutcome(o, names, tr).tieBreaks.length, 0);
  assert.equal(listNames(["A", "B", "C"], tr), "A, B and C");
});

test("errors: every code has a key; the key never is the code's text on screen", () => {
  assert.equal(errorKey(ErrorCode.UNKNOWN_ROOM), "error.UNKNOWN_ROOM");
  assert.equal(errorKey(ErrorCode.ERROR_CODE_UNSPECIFIED), "error.generic");
  assert.equal(t(errorKey(ErrorCode.UNKNOWN_ROOM), {}, "en"), "There is no room with this code (it may have closed).");
  assert.equal(httpErrorKey(404), "error.http.notFound");
});

test("lobby options: labels and values in words from the catalogue; lists without brackets", () => {
  const game = create(GameInfoSchema, {
    id: "tortuga-1667",
    options: [
      { name: "star_cards", description: "", defaultValue: "[]" },
      { name: "vote_card_copies", description: "", defaultValue: "[]" },
      { name: "random_star_count", description: "", defaultValue: "0" },
      { name: "turn_timer", description: "", defaultValue: "false" },
    ],
  });
  const [stars, copies, count, timer] = optionFields(game);
  assert.equal(stars.kind, "multi");
  assert.equal(t(stars.labelKey, {}, "en"), "Star event cards chosen by the host");
  assert.ok(stars.choices.some((c) => t(c.key, {}, "en") === "Black Powder"));
  assert.equal(copies.kind, "numbers");
  assert.equal(copies.defaultText, "", "an empty list shows as an empty field, not []");
  assert.equal(count.kind, "number");
  assert.equal(timer.kind, "bool");
  assert.deepEqual(optionsJson(game, [stars, copies], { [stars.name]: '"EVENT_BLACK_POWDER","EVENT_FACADE"', [copies.name]: "2, 2, 3" }), {
    tortuga1667: { star_cards: ["EVENT_BLACK_POWDER", "EVENT_FACADE"], vote_card_copies: [2, 2, 3] },
  });
  assert.equal(humanize("cannon_tiebreak"), "Cannon tiebreak");
  assert.ok(numbersValid("2, 3 4"));
  assert.ok(!numbersValid("2, x"));
});

test("the replay draws the server's last view at or before a step, the setup's before any", () => {
  assert.equal(serverViewAt([2n, 5n, 9n], 0n), 0);
  assert.equal(serverViewAt([2n, 5n, 9n], 3n), 0);
  assert.equal(serverViewAt([2n, 5n, 9n], 5n), 1);
  assert.equal(serverViewAt([2n, 5n, 9n], 8n), 1);
  assert.equal(serverViewAt([2n, 5n, 9n], 10n), 2);
  assert.equal(serverViewAt([], 3n), -1);
  assert.equal(serverViews(-1, []), null);
});

test("the replay picks the last view at or before a step's version", () => {
  assert.equal(viewAt([2n, 5n, 9n], 1n), -1);
  assert.equal(viewAt([2n, 5n, 9n], 5n), 1);
  assert.equal(viewAt([2n, 5n, 9n], 8n), 1);
  assert.equal(viewAt([2n, 5n, 9n], 100n), 2);
});
