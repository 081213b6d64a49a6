// peers-load: brethren-load's game workload against the peers, through each
// framework's own client side: boardgame.io's lobby (REST create and join)
// and its socket.io protocol (socket.io-client, WebSocket transport only),
// or colyseus.js. Tables of --seats connections play complete Letter of
// Marque games (game.js) with a uniformly random legal action from each
// seat's own view, at once when the view says the seat must act
// (saturation) or after a think time uniform in [0.5, 1.5] x --think-ms
// (realistic); every finished game is checked (every seat saw the same
// end and winners) and the table starts the next one. A move's round trip:
// from sending it to receiving the mover's own view that contains it.
//
//   node load.js --target bgio|colyseus --port P --connections 1000 --mode saturation --duration 10 [--server-pid PID]
//
// Saturation's --warmup counts from the moment every table has its first
// view. Prints moves/s, round trip p50/p90/p99/max in microseconds and a
// "summary:" line in brethren-load's form, plus, with --server-pid, the
// server's CPU time per move (utime + stime over the measured window / moves)
// and its VmRSS. --mode idle: opens the connections, prints "idle: N
// connections open" and holds them for --duration. Exits 1 on any error or
// inconsistent game.
//
// bench/peers/run.sh drives Colyseus with brethren-load --target colyseus
// (the same workload through Colyseus's protocol in C++: this Node client
// was the limit at saturation); COLYSEUS_CLIENT=node runs this one instead.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { parseArgs } from './args.js';

const require = createRequire(import.meta.url);
const o = parseArgs({
  target: 'bgio',
  host: '127.0.0.1',
  port: 0,
  connections: 40,
  seats: 4,
  mode: 'saturation',
  'think-ms': 500,
  ramp: 0,
  warmup: 2,
  duration: 10,
  'server-pid': 0,
  'open-window': 100,
  seed: 1,
});
if (!['bgio', 'colyseus'].includes(o.target) || !['saturation', 'realistic', 'idle'].includes(o.mode)) {
  console.error('--target bgio|colyseus, --mode saturation|realistic|idle');
  process.exit(2);
}
if (o.connections % o.seats !== 0) {
  console.error('--connections must be a multiple of --seats');
  process.exit(2);
}

// mulberry32: the bots' choices and think times, seeded.
let seed = o.seed >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const stats = { retries: 0, ops: 0, games: 0, errors: 0, inconsistent: 0, latencies: [], measuring: false, stopping: false };
let inFlight = 0;
let firstErrors = [];
const error = (why) => {
  ++stats.errors;
  if (firstErrors.length < 5) firstErrors.push(why);
};

const tables = [];
const players = [];
for (let t = 0; t < o.connections / o.seats; ++t) {
  const table = { index: t, players: [], key: null, finished: 0, over: false, game: 0 };
  for (let s = 0; s < o.seats; ++s) {
    const p = { table, seat: s, view: null, inFlight: false, thinking: false, sentAt: 0n, sentMoves: 0, minMoves: 0 };
    table.players.push(p);
    players.push(p);
  }
  tables.push(table);
}

// --- The frameworks ------------------------------------------------------------

const base = `http://${o.host}:${o.port}`;
const GAME = 'letter-of-marque';

// boardgame.io: one socket.io connection per seat for the whole run; each
// game is a new match (lobby create + a join per seat), each seat's socket
// syncs into it.
const bgio = {
  async connect(p) {
    const { io } = require('socket.io-client');
    // forceNew: socket.io-client would otherwise multiplex every seat over one connection.
    p.socket = io(`${base}/${GAME}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise((resolve, reject) => {
      p.socket.once('connect', resolve);
      p.socket.once('connect_error', reject);
    });
    p.socket.on('disconnect', (why) => {
      if (!finishing) error(`seat ${p.seat} of table ${p.table.index}: disconnected: ${why}`);
    });
    p.socket.on('sync', (matchID, info) => info?.state && bgio.onState(p, matchID, info.state));
    p.socket.on('update', (matchID, state) => bgio.onState(p, matchID, state));
  },
  onState(p, matchID, state) {
    if (matchID !== p.table.key) return; // a previous game's match
    p.stateID = state._stateID;
    onView(p, state.G);
  },
  async openTable(table) {
    const post = async (path, body) => {
      const r = await fetch(`${base}/games/${GAME}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`POST ${path}: HTTP ${r.status}`);
      return r.json();
    };
    const { matchID } = await post('/create', { numPlayers: o.seats });
    const joined = await Promise.all(
      table.players.map((p) => post(`/${matchID}/join`, { playerID: String(p.seat), playerName: `load ${p.seat}` })),
    );
    table.key = matchID;
    table.players.forEach((p, i) => {
      p.credentials = joined[i].playerCredentials;
      p.socket.emit('sync', matchID, String(p.seat), p.credentials, o.seats);
    });
  },
  send(p, action) {
    const id = String(p.seat);
    p.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'act', args: [action], playerID: id, credentials: p.credentials } },
      p.stateID,
      p.table.key,
      id,
    );
  },
  async idle(i) {
    const p = { seat: i, table: { index: -1 } };
    await bgio.connect(p);
    return p.socket;
  },
  close(p) {
    p.socket?.close();
  },
};

// Colyseus: a room per table, which holds the table's connections (joining
// a room is opening its WebSocket); the room starts a game when the last
// seat joins and the next when the host asks.
const colyseus = {
  client: null,
  async connect() {},
  async openTable(table) {
    const { Client } = require('colyseus.js');
    colyseus.client ??= new Client(`ws://${o.host}:${o.port}`);
    if (table.room0) {
      // The next game in the same room.
      ++table.game;
      table.room0.send('again');
      return;
    }
    table.game = 1;
    const join = async (p, how) => {
      // One retry when the seat reservation's HTTP request meets a keep-alive
      // connection the server has just closed ("socket hang up"), as a real
      // client would retry.
      p.room = await how().catch((e) => {
        if (!/hang up|ECONNRESET/.test(e.message)) throw e;
        ++stats.retries;
        return how();
      });
      p.room.onMessage('view', (m) => m.game === table.game && onView(p, m.view));
      p.room.onMessage('refused', (m) => error(`seat ${p.seat} of table ${table.index}: refused: ${m.why}`));
      p.room.onLeave((code) => {
        if (!finishing) error(`seat ${p.seat} of table ${table.index}: left the room: ${code}`);
      });
      p.room.onError((code, message) => error(`seat ${p.seat} of table ${table.index}: ${code} ${message}`));
    };
    const [host, ...others] = table.players;
    await join(host, () => colyseus.client.create(GAME, { seats: o.seats, seat: 0 }));
    table.room0 = host.room;
    await Promise.all(others.map((p) => join(p, () => colyseus.client.joinById(host.room.roomId, { seat: p.seat }))));
  },
  send(p, action) {
    p.room.send('act', action);
  },
  async idle(i) {
    const { Client } = require('colyseus.js');
    colyseus.client ??= new Client(`ws://${o.host}:${o.port}`);
    if (!colyseus.idleRoom) colyseus.idleRoom = colyseus.client.create('idle').then((r) => r.roomId);
    return colyseus.client.joinById(await colyseus.idleRoom);
  },
  close(p) {
    p.room?.connection?.close();
  },
};

const target = o.target === 'bgio' ? bgio : colyseus;

// --- The workload ---------------------------------------------------------------

// Saturation: the warm-up counts from the moment every table has its first
// game's view (boardgame.io's lobby takes seconds to seat 1,000 players),
// so that the measured window is the steady state for every server.
let tablesStarted = 0;
let allStarted = null;
const everyTableStarted = new Promise((resolve) => (allStarted = resolve));

function onView(p, view) {
  if (!p.table.started) {
    p.table.started = true;
    if (++tablesStarted === tables.length) allStarted();
  }
  const mine = view.players[p.seat].moves;
  if (mine < p.minMoves) return; // older than our own last move
  if (p.inFlight && mine > p.sentMoves) {
    p.inFlight = false;
    --inFlight;
    p.minMoves = mine;
    if (stats.measuring) {
      ++stats.ops;
      stats.latencies.push(Number(process.hrtime.bigint() - p.sentAt) / 1000);
    }
  }
  p.view = view;
  if (view.finished) {
    if (p.sawEnd) return;
    p.sawEnd = true; // before gameOver: it starts the next game
    if (++p.table.finished === o.seats) gameOver(p.table);
    return;
  }
  considerMoving(p);
}

function considerMoving(p) {
  if (stats.stopping || p.inFlight || p.thinking || p.view.legalActions.length === 0) return;
  if (!p.view.toAct.includes(p.seat)) return;
  if (o.mode !== 'realistic') return move(p);
  p.thinking = true;
  setTimeout(
    () => {
      p.thinking = false;
      move(p);
    },
    o['think-ms'] * (0.5 + random()),
  );
}

function move(p) {
  if (stats.stopping || p.inFlight) return;
  const legal = p.view.legalActions;
  const action = legal[Math.floor(random() * legal.length)];
  p.sentMoves = p.view.players[p.seat].moves;
  p.inFlight = true;
  ++inFlight;
  p.sentAt = process.hrtime.bigint();
  target.send(p, action);
}

function gameOver(table) {
  if (table.over) return;
  table.over = true;
  const views = table.players.map((p) => p.view);
  const same = views.every((v) => JSON.stringify(v.winners) === JSON.stringify(views[0].winners));
  const scores = views.every((v) => JSON.stringify(v.players.map((q) => q.score)) === JSON.stringify(views[0].players.map((q) => q.score)));
  if (!same || !scores || views[0].winners.length === 0) {
    ++stats.inconsistent;
    if (firstErrors.length < 5) firstErrors.push(`table ${table.index}: seats saw different ends`);
  }
  ++stats.games;
  if (!stats.stopping) startTable(table);
}

function startTable(table) {
  table.finished = 0;
  table.over = false;
  for (const p of table.players) {
    p.view = null;
    p.sawEnd = false;
    p.minMoves = 0;
    p.sentMoves = 0;
  }
  target.openTable(table).catch((e) => error(`table ${table.index}: ${e.message}${e.cause ? ` (${e.cause.code || e.cause.message})` : ""}`));
}

// --- Running --------------------------------------------------------------------

let finishing = false;
const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));

function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime (fields 14 and 15)
  } catch {
    return -1;
  }
}
function rssKib(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return -1;
  }
}

// At most --open-window attempts in flight.
async function inWindow(count, open) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        await open(i);
      } catch (e) {
        error(`connection ${i} did not open: ${e.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(o['open-window'], count) }, worker));
}

function percentile(sorted, q) {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length - 1e-9);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
}

async function main() {
  const started = performance.now();
  if (o.mode === 'idle') {
    const held = [];
    await inWindow(o.connections, async (i) => held.push(await target.idle(i)));
    console.log(`opened ${held.length} of ${o.connections} connections in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    console.log(`idle: ${held.length} connections open`);
    await sleep(o.duration);
    finishing = true;
    console.log(`errors: ${stats.errors}`);
    for (const w of firstErrors) console.log(`  ${w}`);
    process.exit(stats.errors === 0 && held.length === o.connections ? 0 : 1);
  }
  await inWindow(o.connections, (i) => target.connect(players[i]));
  const openS = (performance.now() - started) / 1000;
  // Tables start at once, or at random times over the first --ramp seconds.
  for (const table of tables) {
    if (o.ramp > 0) setTimeout(() => !stats.stopping && startTable(table), random() * o.ramp * 1000);
    else startTable(table);
  }
  let startS = -1;
  if (o.mode === 'saturation') {
    await Promise.race([everyTableStarted, sleep(60)]);
    startS = (performance.now() - started) / 1000 - openS;
  }
  await sleep(o.warmup);
  const pid = o['server-pid'];
  const ticks0 = pid ? cpuTicks(pid) : -1;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  stats.measuring = true;
  await sleep(o.duration);
  stats.measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  const ticks1 = pid ? cpuTicks(pid) : -1;
  const cpu1 = process.cpuUsage(cpu0);
  const rss = pid ? rssKib(pid) : -1;
  stats.stopping = true;
  const deadline = performance.now() + 10_000;
  while (inFlight > 0 && performance.now() < deadline) await sleep(0.01);
  if (inFlight > 0) {
    const stuck = players.filter((p) => p.inFlight).slice(0, 3);
    const what = stuck.map((p) => `table ${p.table.index} seat ${p.seat} game ${p.table.game} moves ${p.sentMoves} phase ${p.view?.phase}`);
    error(`${inFlight} moves still unanswered 10 s after the end (${what.join('; ')})`);
  }
  finishing = true;

  const lat = stats.latencies.sort((a, b) => a - b);
  const [p50, p90, p99, max] = [0.5, 0.9, 0.99, 1].map((q) => Math.round(percentile(lat, q)));
  const rate = stats.ops / seconds;
  const hz = 100; // USER_HZ: /proc's clock ticks
  const serverCpuUs = ticks0 >= 0 && ticks1 >= 0 && stats.ops > 0 ? ((ticks1 - ticks0) * 1e6) / hz / stats.ops : -1;
  const clientCpuPct = ((cpu1.user + cpu1.system) / 1e6 / seconds) * 100;
  console.log(`target ${o.target}, mode ${o.mode}, ${o.connections} connections, ${o.seats} seats per room`);
  console.log(`moves/s: ${rate.toFixed(0)}  (${stats.ops} in ${seconds.toFixed(2)} s)`);
  console.log(`round trip us: p50 ${p50}  p90 ${p90}  p99 ${p99}  max ${max}`);
  console.log(`games completed: ${stats.games}`);
  if (startS >= 0) console.log(`every table had its first view ${startS.toFixed(2)} s after the connections opened (then --warmup)`);
  if (pid) console.log(`server: ${serverCpuUs.toFixed(1)} us CPU per move, VmRSS ${rss} KiB; load client CPU ${clientCpuPct.toFixed(0)} %`);
  console.log(`errors: ${stats.errors}, inconsistent results: ${stats.inconsistent}`);
  for (const w of firstErrors) console.log(`  ${w}`);
  console.log(
    `summary: rate=${rate.toFixed(1)} p50_us=${p50} p90_us=${p90} p99_us=${p99} max_us=${max} games=${stats.games} ` +
      `errors=${stats.errors} inconsistent=${stats.inconsistent} open=${o.connections} open_s=${openS.toFixed(2)} ` +
      `tables_started_s=${startS.toFixed(2)} ` +
      `server_cpu_us_per_op=${serverCpuUs.toFixed(1)} server_rss_kib=${rss} client_cpu_pct=${clientCpuPct.toFixed(0)} ` +
      `retries=${stats.retries}`,
  );
  for (const p of players) target.close(p);
  process.exit(stats.errors === 0 && stats.inconsistent === 0 && stats.ops > 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(`peers-load: ${e.stack || e}`);
  process.exit(1);
});
