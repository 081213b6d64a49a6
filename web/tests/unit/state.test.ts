// Unit tests of the client's state steps (src/state/), without a socket or DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { parseRoute, initialState, applyMatchUpdate, appendChat, addNotice, resumeVersion, NOTICES_SHOWN } from "../../src/state/match";
import { historyHeaders, historyUrl, profileReplayHref, replayHref } from "../../src/state/api";
import { ChatMessageSchema, MatchUpdateSchema, RoomInfoSchema } from "../../src/gen/brethren/v1/protocol_pb";
import { EventRecordSchema, GameActionSchema, MatchViewSchema } from "../../src/gen/brethren/v1/game_pb";
import { payloadOf, gameEvents } from "../../src/games/payload";

test("routes: lobby, a room (code read forgivingly), a replay, the account", () => {
  assert.deepEqual(parseRoute("/"), { page: "lobby" });
  assert.deepEqual(parseRoute("/r/k7q-2m9-xpa"), { page: "room", code: "K7Q2M9XPA" });
  assert.deepEqual(parseRoute("/replay/12/"), { page: "replay", matchId: "12" });
  assert.deepEqual(parseRoute("/account"), { page: "account" });
  assert.deepEqual(parseRoute("/account/"), { page: "account" });
  assert.deepEqual(parseRoute("/nowhere/else"), { page: "lobby" });
});

test("a match update sets the view and merges its events; a resync skips its events", () => {
  const s = initialState("/r/AAA", "Anne");
  const ev = (v: number) => create(EventRecordSchema, { version: BigInt(v) });
  const first = applyMatchUpdate(s, create(MatchUpdateSchema, {
    matchId: 7n, view: create(MatchViewSchema, { version: 2n }), events: [ev(1), ev(2)], deadlineUnixMs: 99n,
  }));
  assert.equal(first.view?.version, 2n);
  assert.equal(first.deadlineUnixMs, 99);
  assert.deepEqual(first.log?.events.map((e) => e.version), [1n, 2n]);
  const s2 = { ...s, ...first };
  const again = applyMatchUpdate(s2, create(MatchUpdateSchema, { matchId: 7n, view: create(MatchViewSchema, { version: 3n }), events: [ev(2), ev(3)] }));
  assert.deepEqual(again.log?.events.map((e) => e.version), [1n, 2n, 3n], "a repeated event is kept once");
  assert.deepEqual(again.lastEvents?.map((e) => e.version), [3n], "the last events are the new ones");
  const resync = applyMatchUpdate(s2, create(MatchUpdateSchema, { matchId: 7n, resync: true, view: create(MatchViewSchema, { version: 9n }), events: [ev(9)] }));
  assert.equal(resync.resynced, true);
  assert.deepEqual(resync.lastEvents, []);
  assert.deepEqual(resync.log?.events.map((e) => e.version), [1n, 2n], "a resync's events are not appended (the gap is not filled)");
  assert.equal(resync.log?.lastVersion, 9n);
  assert.equal(resumeVersion({ ...s2, room: create(RoomInfoSchema, { roomCode: "AAA" }) }, "AAA"), 2n);
  assert.equal(resumeVersion({ ...s2, room: create(RoomInfoSchema, { roomCode: "AAA" }) }, "BBB"), 0n, "another room starts from 0");
  assert.equal(resumeVersion(s2, "AAA", 8n), 0n, "another match starts from 0");
});

test("chat lines are kept once; notices are capped", () => {
  const m = create(ChatMessageSchema, { seq: 4n, text: "ahoy" });
  const chat = appendChat([], m)!;
  assert.equal(chat.length, 1);
  assert.equal(appendChat(chat, m), null);
  let notices = addNotice([], { id: 0, kind: "info", text: "0" });
  for (let i = 1; i < NOTICES_SHOWN + 3; i++) notices = addNotice(notices, { id: i, kind: "info", text: String(i) });
  assert.equal(notices.length, NOTICES_SHOWN);
  assert.equal(notices[NOTICES_SHOWN - 1].id, NOTICES_SHOWN + 2);
});

test("the history request carries the seat token, else the room code and password", () => {
  assert.equal(historyUrl("http://h", "5", "AB C"), "http://h/api/matches/5?room=AB%20C");
  assert.deepEqual(historyHeaders("AAA", { seatToken: "s" }), { Authorization: "Bearer s" });
  assert.deepEqual(historyHeaders("AAA", { password: "pw" }), { "X-Room-Code": "AAA", "X-Room-Password": "pw" });
  assert.deepEqual(historyHeaders(null, { seatToken: "s" }), {});
  assert.equal(replayHref("5", "AAA", "?lang=es"), "/replay/5?lang=es&room=AAA");
});

test("a profile's replay link: a single node's, a cluster node's (its character routes the proxy), this browser's room only on that node", () => {
  assert.equal(profileReplayHref("5", "/replay/5", null, ""), "/replay/5");
  assert.equal(profileReplayHref("5", "/replay/5", "K7Q2M9XPA", "?lang=it"), "/replay/5?lang=it&room=K7Q2M9XPA");
  assert.equal(profileReplayHref("5", "/replay/5?room=2", null, ""), "/replay/5?room=2");
  assert.equal(profileReplayHref("5", "/replay/5?room=2", "2BCDEFGHJ", ""), "/replay/5?room=2BCDEFGHJ");
  assert.equal(profileReplayHref("5", "/replay/5?room=2", "1BCDEFGHJ", "?lang=es"), "/replay/5?lang=es&room=2");
  assert.equal(profileReplayHref("5", "", null, ""), "/replay/5");
});

test("a typed move's payload is narrowed by game and kind", () => {
  const a = create(GameActionSchema, { game: { case: "letterOfMarque", value: { kind: { case: "attack", value: { shipId: 3 } } } } });
  assert.equal(payloadOf(a, "letterOfMarque", "attack")?.shipId, 3);
  assert.equal(payloadOf(a, "letterOfMarque", "returnShip"), undefined);
  assert.equal(payloadOf(a, "tortuga1667", "look"), undefined);
});

test("a game's events are picked from event records by its oneof case", () => {
  const rec = (c: "letterOfMarque" | "tortuga1667") =>
    create(EventRecordSchema, {
      event: c === "letterOfMarque"
        ? { game: { case: "letterOfMarque", value: { kind: { case: "passed", value: { seat: 1 } } } } }
        : { game: { case: "tortuga1667", value: {} } },
    });
  const lom = gameEvents([rec("letterOfMarque"), rec("tortuga1667")], "letterOfMarque");
  assert.equal(lom.length, 1);
  assert.equal(lom[0].kind.case, "passed");
});
