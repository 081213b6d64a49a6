// Unit tests of the lobby's quick play (src/state/quickPlay.ts) against a
// scripted server: queued, matched (the page goes to the room), cancelled by
// the player or by the server, refusals in words, a reconnect queues again;
// and the pure helpers (seat counts, the clock).
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { QuickPlayClient, type QuickPlayView, seatChoices, defaultSeats, clockText, secondsLeft, sameAccount } from "../../src/state/quickPlay";
import { RequestError, type Body } from "../../src/net/connection";
import { AccountInfoSchema, ErrorCode, QuickPlayState, QuickPlayStatusSchema, type ServerMessage } from "../../src/gen/brethren/v1/protocol_pb";
import { t } from "../../src/i18n";

type Reply = ServerMessage["body"];

const status = (state: QuickPlayState, fields: Record<string, unknown> = {}) => create(QuickPlayStatusSchema, { state, gameId: "tortuga-1667", seats: 5, ...fields });
const reply = (state: QuickPlayState, fields: Record<string, unknown> = {}): Reply => ({ case: "quickPlayStatus", value: status(state, fields) });

/** A client whose server answers from `answer`; records requests and the rooms it was sent to. */
function client(answer: (b: Body) => Reply | RequestError) {
  const sent: Body[] = [];
  const rooms: [string, string][] = [];
  let now = 1_000_000;
  const c = new QuickPlayClient({
    request: async (b) => {
      sent.push(b);
      await new Promise((r) => setTimeout(r, 1));
      const a = answer(b);
      if (a instanceof RequestError) throw a;
      return a;
    },
    settled: () => Promise.resolve(),
    matched: (code, token) => rooms.push([code, token]),
    now: () => now,
  });
  return { c, sent, rooms, tick: (ms: number) => (now += ms) };
}

test("queued, then matched: the page goes to the room with the seat's token, and the form comes back", async () => {
  const { c, sent, rooms } = client(() => reply(QuickPlayState.QUICK_PLAY_QUEUED, { position: 1, waiting: 3, botsByUnixMs: 1_030_000n }));
  const asked = c.find("tortuga-1667", 5);
  assert.ok(c.state.value.phase === "asking");
  await asked;
  const s = c.state.value as QuickPlayView;
  assert.equal(s.phase, "waiting");
  if (s.phase !== "waiting") return;
  assert.deepEqual([s.gameId, s.seats, s.since, s.waiting, s.botsAt], ["tortuga-1667", 5, 1_000_000, 3, 1_030_000]);
  assert.deepEqual(sent.map((b) => [b.case, b.value]), [["quickPlay", { gameId: "tortuga-1667", seats: 5 }]]);
  await c.find("tortuga-1667", 5);
  assert.equal(sent.length, 1, "no second request while waiting");
  c.onPush(status(QuickPlayState.QUICK_PLAY_MATCHED, { roomCode: "K7Q2M9XPA", seat: 2, seatToken: "secret" }));
  assert.deepEqual(rooms, [["K7Q2M9XPA", "secret"]]);
  assert.deepEqual(c.state.value, { phase: "idle", notice: null });
});

test("cancel: back to the form with a sentence; a cancel that comes too late says so, and the match still takes him", async () => {
  let cancelAnswer: Reply | RequestError = reply(QuickPlayState.QUICK_PLAY_CANCELLED);
  const { c, sent, rooms } = client((b) => (b.case === "quickPlay" ? reply(QuickPlayState.QUICK_PLAY_QUEUED, { waiting: 1 }) : cancelAnswer));
  await c.find("tortuga-1667", 5);
  const cancelling = c.cancel();
  const s = c.state.value;
  assert.ok(s.phase === "waiting" && s.cancelling, "Cancel is disabled while it is sent");
  await cancelling;
  assert.deepEqual(c.state.value, { phase: "idle", notice: { key: "quick.cancelled", error: false } });
  assert.deepEqual(c.lastChoice, { gameId: "tortuga-1667", seats: 5 }, "the form offers the same again");
  assert.equal(t("quick.cancelled"), "You left the queue.");

  await c.find("tortuga-1667", 5);
  cancelAnswer = new RequestError(ErrorCode.NOT_QUEUED, "no entry");
  const late = c.cancel();
  c.onPush(status(QuickPlayState.QUICK_PLAY_MATCHED, { roomCode: "ROOMCODE1", seatToken: "tok" }));
  await late;
  assert.deepEqual(rooms, [["ROOMCODE1", "tok"]]);
  assert.deepEqual(c.state.value, { phase: "idle", notice: null }, "matched: no notice left behind");
  assert.deepEqual(sent.map((b) => b.case), ["quickPlay", "cancelQuickPlay", "quickPlay", "cancelQuickPlay"]);
});

test("refusals in words (never a code): queue full, already queued, not signed in", async () => {
  for (const [code, words] of [
    [ErrorCode.QUICK_PLAY_QUEUE_FULL, "Too many players are waiting for this game. Please try again in a moment."],
    [ErrorCode.ALREADY_QUEUED, "You are already waiting for a quick-play table."],
    [ErrorCode.NOT_SIGNED_IN, "Please sign in first; your session may have ended."],
  ] as const) {
    const { c } = client(() => new RequestError(code, "refused"));
    await c.find("tortuga-1667", 5);
    const s = c.state.value;
    assert.ok(s.phase === "idle" && s.notice?.error);
    if (s.phase === "idle" && s.notice) assert.equal(t(s.notice.key), words);
  }
});

test("the server cancels the wait (e.g. draining): an error in words; a new choice clears it", async () => {
  const { c } = client(() => reply(QuickPlayState.QUICK_PLAY_QUEUED));
  await c.find("tortuga-1667", 5);
  c.onPush(status(QuickPlayState.QUICK_PLAY_CANCELLED, { reason: "the node is draining" }));
  assert.deepEqual(c.state.value, { phase: "idle", notice: { key: "quick.serverCancelled", error: true } });
  c.clearNotice();
  assert.deepEqual(c.state.value, { phase: "idle", notice: null });
});

test("a reconnect queues again with the same start; leaving for a room ends the wait", async () => {
  const { c, sent, tick } = client(() => reply(QuickPlayState.QUICK_PLAY_QUEUED));
  await c.find("tortuga-1667", 4);
  tick(5000);
  c.reconnected();
  await new Promise((r) => setTimeout(r, 10));
  const s = c.state.value;
  assert.ok(s.phase === "waiting" && s.since === 1_000_000 && s.seats === 4, "the wait goes on from its first start");
  c.leave();
  assert.deepEqual(c.state.value, { phase: "idle", notice: null });
  c.reconnected();
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(sent.map((b) => b.case), ["quickPlay", "quickPlay", "cancelQuickPlay"], "idle: a reconnect asks nothing");
});

test("seat counts only within the game's; the one offered first; the clock", () => {
  assert.deepEqual(seatChoices({ minSeats: 2, maxSeats: 9 }), [2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(seatChoices({ minSeats: 3, maxSeats: 5 }), [3, 4, 5]);
  assert.equal(defaultSeats({ minSeats: 3, maxSeats: 5 }, 0), 4);
  assert.equal(defaultSeats({ minSeats: 2, maxSeats: 3 }, 0), 3);
  assert.equal(defaultSeats({ minSeats: 5, maxSeats: 9 }, 0), 5);
  assert.equal(defaultSeats({ minSeats: 2, maxSeats: 9 }, 7), 7, "the count chosen before");
  assert.equal(defaultSeats({ minSeats: 3, maxSeats: 5 }, 7), 4, "a count this game does not allow is not offered");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(7_900), "0:07");
  assert.equal(clockText(750_000), "12:30");
  assert.equal(clockText(3_723_000), "1:02:03");
  assert.equal(clockText(-5), "0:00");
  assert.equal(secondsLeft(10_000, 8_500), 2);
  assert.equal(secondsLeft(10_000, 12_000), 0);
});

test("another account ends the wait (the server dropped its entry); the same one signed in again, or claimed, does not", () => {
  const guest = create(AccountInfoSchema, { displayName: "Guest", guest: true, createdUnixMs: 5n });
  const claimed = create(AccountInfoSchema, { username: "Anne", displayName: "Anne", guest: false, createdUnixMs: 5n });
  const other = create(AccountInfoSchema, { username: "Bart", displayName: "Bart", guest: false, createdUnixMs: 9n });
  assert.ok(sameAccount(guest, create(AccountInfoSchema, { displayName: "Guest", guest: true, createdUnixMs: 5n })));
  assert.ok(sameAccount(guest, claimed), "a guest keeps his account");
  assert.ok(!sameAccount(claimed, other));
  assert.ok(!sameAccount(guest, null));
  assert.ok(sameAccount(null, null));
});
