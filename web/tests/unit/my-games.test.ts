// Unit tests of the lobby's "my games" (src/state/myGames.ts): the order, the
// words of each entry, and the client's requests against a scripted server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { MyGamesClient, sortMyRooms, tablemates, withWhom, roomState, activeAgo } from "../../src/state/myGames";
import { RequestError, type Body } from "../../src/net/connection";
import { ErrorCode, MyRoomListSchema, MyRoomSchema, RoomStatus, type MyRoom, type ServerMessage } from "../../src/gen/brethren/v1/protocol_pb";
import { setLang, t } from "../../src/i18n";

type Reply = ServerMessage["body"];

// setLang writes the choice to localStorage and <html lang>.
(globalThis as { localStorage?: unknown }).localStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
(globalThis as { document?: unknown }).document = { documentElement: {} };

const room = (code: string, fields: Partial<Pick<MyRoom, "yourTurn" | "activeUnixMs" | "playerNames" | "yourSeat" | "status">> = {}) =>
  create(MyRoomSchema, {
    roomCode: code,
    gameId: "letter-of-marque",
    status: RoomStatus.PLAYING,
    yourSeat: 0,
    playerNames: ["Anne", "Bart"],
    activeUnixMs: 1000n,
    ...fields,
  });

test("his turn first, then the most recently active; equal rooms keep the server's order", () => {
  const rooms = [
    room("A", { activeUnixMs: 5000n }),
    room("B", { yourTurn: true, activeUnixMs: 1000n }),
    room("C", { activeUnixMs: 9000n }),
    room("D", { yourTurn: true, activeUnixMs: 3000n }),
    room("E", { activeUnixMs: 5000n }),
  ];
  assert.deepEqual(sortMyRooms(rooms).map((r) => r.roomCode), ["D", "B", "C", "A", "E"]);
  assert.deepEqual(rooms.map((r) => r.roomCode), ["A", "B", "C", "D", "E"], "the server's list is not reordered in place");
});

test("tablemates: the others by name, bots counted (never their kind), free seats counted", () => {
  const r = room("A", { yourSeat: 1, playerNames: ["Bart", "Anne", "Bot (hard)", "", "Bot (random)", "Carla"] });
  assert.deepEqual(tablemates(r), { people: ["Bart", "Carla"], bots: 2, free: 1 });
});

test("the words of an entry, in English, Spanish and Italian", () => {
  setLang("en");
  assert.equal(withWhom(room("A", { playerNames: ["Anne", "Bart", "Carla", "Bot (hard)"] })), "with Bart, Carla, and a bot");
  assert.equal(withWhom(room("A", { playerNames: ["Anne", "Bot (hard)", "Bot (medium)"] })), "with 2 bots");
  assert.equal(withWhom(room("A", { status: RoomStatus.OPEN, playerNames: ["Anne", "", ""] })), "nobody else yet · 2 seats free");
  assert.equal(withWhom(room("A", { status: RoomStatus.OPEN, playerNames: ["Anne", "Bart", ""] })), "with Bart · 1 seat free");
  assert.equal(t3(roomState(room("A", { yourTurn: true }))), "Your turn");
  assert.equal(t3(roomState(room("A"))), "Waiting for the others");
  assert.equal(t3(roomState(room("A", { status: RoomStatus.OPEN }))), "Waiting for players");
  assert.equal(roomState(room("A", { status: RoomStatus.OPEN, yourTurn: true })).yourTurn, false, "an open room is nobody's turn");
  setLang("es");
  assert.equal(withWhom(room("A", { playerNames: ["Anne", "Bart", "Bot (hard)", "Bot (hard)"] })), "con Bart y 2 jugadores bot");
  assert.equal(t3(roomState(room("A", { yourTurn: true }))), "Tu turno");
  setLang("it");
  assert.equal(withWhom(room("A", { playerNames: ["Anne", "Bart", "Carla"] })), "con Bart e Carla");
  setLang("en");
});

test("when the room was last active, in words", () => {
  setLang("en");
  const now = 10_000_000;
  assert.equal(activeAgo(BigInt(now - 5_000), now), "now");
  assert.equal(activeAgo(BigInt(now + 60_000), now), "now", "a server clock ahead of ours");
  assert.equal(activeAgo(BigInt(now - 5 * 60_000), now), "5 minutes ago");
  assert.equal(activeAgo(BigInt(now - 3 * 3_600_000), now), "3 hours ago");
  assert.equal(activeAgo(BigInt(now - 2 * 86_400_000), now), "2 days ago");
  setLang("es");
  assert.equal(activeAgo(BigInt(now - 5 * 60_000), now), "hace 5 minutos");
  setLang("en");
});

/** A client whose server answers from `answer`; counts the requests. */
function client(answer: () => Reply | RequestError, signedIn = () => true) {
  const sent: string[] = [];
  let inFlight = 0;
  const c = new MyGamesClient({
    request: async (b: Body) => {
      sent.push(b.case ?? "");
      inFlight++;
      assert.equal(inFlight, 1, "one myRooms at a time");
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const a = answer();
      if (a instanceof RequestError) throw a;
      return a;
    },
    settled: () => Promise.resolve(),
    signedIn,
  });
  return { c, sent };
}

const list = (rooms: MyRoom[], truncated = false): Reply => ({ case: "myRooms", value: create(MyRoomListSchema, { rooms, truncated }) });

test("the client shows the server's list in order; refreshes asked meanwhile become one more request", async () => {
  let rooms = [room("A"), room("B", { yourTurn: true })];
  const { c, sent } = client(() => list(rooms, true));
  assert.equal(c.state.value.status, "loading");
  const first = c.refresh();
  void c.refresh();
  void c.refresh();
  await first;
  assert.equal(c.state.value.status, "ready");
  assert.equal(c.state.value.truncated, true);
  assert.deepEqual(c.state.value.rooms.map((r) => r.roomCode), ["B", "A"]);
  rooms = [];
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(sent, ["myRooms", "myRooms"], "three calls during one request: one more after it");
  assert.deepEqual(c.state.value.rooms, [], "the second answer replaced the list (a finished match left it)");
});

test("a refused refresh keeps the list shown; a first refusal says so; no account asks nothing", async () => {
  let fail = false;
  const { c } = client(() => (fail ? new RequestError(ErrorCode.NOT_SIGNED_IN, "ended") : list([room("A")])));
  await c.refresh();
  fail = true;
  await c.refresh();
  assert.equal(c.state.value.status, "ready");
  assert.deepEqual(c.state.value.rooms.map((r) => r.roomCode), ["A"]);

  const failing = client(() => new RequestError(ErrorCode.NOT_SIGNED_IN, "ended"));
  await failing.c.refresh();
  assert.equal(failing.c.state.value.status, "failed");

  const none = client(() => list([room("A")]), () => false);
  await none.c.refresh();
  assert.equal(none.c.state.value.status, "signedOut");
  assert.deepEqual(none.sent, []);
});

/** The words of a state's key. */
function t3(s: { key: string }): string {
  return t(s.key);
}
