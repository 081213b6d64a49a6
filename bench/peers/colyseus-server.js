// Colyseus 0.16 serving Letter of Marque (game.js): one room per table of
// --seats clients (its seat reservation over HTTP, then a WebSocket), and
// an "idle" room that only holds connections (the idle-memory figure).
//
//   node colyseus-server.js --port 0 --db /tmp/colyseus.log [--sync off]
//
// Colyseus has no storage interface for room state (its Presence and Driver
// hold matchmaking data), so the room stores each move itself: the move
// line is appended to an FsyncLog (fsync-log.js) and synced before any seat
// hears of the move. Each seat then gets its own view as a message
// (msgpack); the room has no synchronised Schema state, whose patches would
// wait for the patch interval (50 ms by default).
import { createRequire } from 'node:module';
import { apply, newGame, view } from './game.js';
import { FsyncLog } from './fsync-log.js';
import { parseArgs } from './args.js';

// The CommonJS builds: the ES module build of ws-transport 0.16 finds no
// WebSocket.Server in ws's ES module wrapper.
const require = createRequire(import.meta.url);
const { Room, Server } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');

const args = parseArgs({ port: 0, db: 'colyseus.log', sync: 'on' });
const log = new FsyncLog(args.db, { sync: args.sync !== 'off' });

class LetterOfMarqueRoom extends Room {
  onCreate(options) {
    this.seats = Number(options.seats) || 4;
    this.maxClients = this.seats;
    this.bySeat = [];
    this.game = null;
    this.gameNumber = 0;
    this.onMessage('act', (client, action) => this.act(client, action));
    // The table's host asks for the next game once every seat saw the end.
    this.onMessage('again', (client) => {
      if (client.userData.seat === 0 && this.game?.phase === 'finished') this.start();
    });
  }

  // Each client asks for its seat (joins complete in any order), as
  // Brethren's takeSeat names one.
  onJoin(client, options) {
    const seat = Number(options?.seat);
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seats || this.bySeat[seat]) throw new Error('no such free seat');
    client.userData = { seat };
    this.bySeat[seat] = client;
    if (this.bySeat.filter(Boolean).length === this.seats) {
      this.lock();
      this.start();
    }
  }

  onLeave(client) {
    if (this.bySeat[client.userData?.seat] === client) this.bySeat[client.userData.seat] = undefined;
  }

  async start() {
    this.game = newGame(this.seats, Math.random);
    ++this.gameNumber;
    await log.append(JSON.stringify({ room: this.roomId, game: this.gameNumber, start: this.game }));
    this.sendViews();
  }

  async act(client, action) {
    const seat = client.userData.seat;
    const why = this.game ? apply(this.game, seat, action, Math.random) : 'no game';
    if (why !== null) return client.send('refused', { why });
    await log.append(JSON.stringify({ room: this.roomId, game: this.gameNumber, seat, action }));
    this.sendViews();
  }

  sendViews() {
    for (const c of this.bySeat) c?.send('view', { game: this.gameNumber, view: view(this.game, c.userData.seat) });
  }
}

// Connections and nothing else, for the idle figure.
class IdleRoom extends Room {
  onCreate() {
    this.maxClients = 1_000_000;
  }
}

const server = new Server({ transport: new WebSocketTransport(), greet: false, gracefullyShutdown: false });
server.define('letter-of-marque', LetterOfMarqueRoom);
server.define('idle', IdleRoom);
await server.listen(Number(args.port), '127.0.0.1');
console.log(`listening on ws://127.0.0.1:${server.transport.server.address().port}/ws`);
process.on('SIGTERM', () => {
  console.error(`colyseus-server: ${log.stats()}`);
  process.exit(0);
});
