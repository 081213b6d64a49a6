// boardgame.io 0.50 serving Letter of Marque (game.js) with its own lobby
// (REST: create, join) and socket.io transport, storing every write of its
// storage interface in an FsyncLog (fsync-log.js).
//
//   node bgio-server.js --port 0 --db /tmp/bgio.log [--sync off]
//
// Prints "listening on ws://127.0.0.1:PORT/ws" once it accepts connections
// (bench/lib.sh waits for it); at SIGTERM, the log's writes and syncs.
import { createRequire } from 'node:module';
import { apply, newGame, view } from './game.js';
import { FsyncLog } from './fsync-log.js';
import { parseArgs } from './args.js';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server');
const { Async } = require('boardgame.io/internal');
const { ActivePlayers, INVALID_MOVE } = require('boardgame.io/core');

const args = parseArgs({ port: 0, db: 'bgio.log', sync: 'on' });

// The storage interface (StorageAPI.Async): matches in memory, and every
// write appended to the log and synced before its promise resolves. The
// master awaits setState (and the metadata it writes with each move) before
// it takes the match's next action (one queue per match); it sends the new
// state to the players before storing it: that is boardgame.io's order.
class FsyncStorage extends Async {
  constructor(log) {
    super();
    this.log = log;
    this.matches = new Map();
  }
  async connect() {}
  match(id) {
    let m = this.matches.get(id);
    if (!m) this.matches.set(id, (m = {}));
    return m;
  }
  async createMatch(id, { initialState, metadata }) {
    Object.assign(this.match(id), { initialState, state: initialState, metadata });
    await this.log.append(JSON.stringify({ createMatch: id, initialState, metadata }));
  }
  async setState(id, state, deltalog) {
    const m = this.match(id);
    // Never go back: a write that lost a race to a newer one (as InMemory does).
    if (!m.state || m.state._stateID <= state._stateID) m.state = state;
    await this.log.append(JSON.stringify({ setState: id, state, deltalog }));
  }
  async setMetadata(id, metadata) {
    this.match(id).metadata = metadata;
    await this.log.append(JSON.stringify({ setMetadata: id, metadata }));
  }
  async fetch(id, opts) {
    const m = this.matches.get(id) || {};
    const out = {};
    if (opts.state) out.state = m.state;
    if (opts.metadata) out.metadata = m.metadata;
    if (opts.initialState) out.initialState = m.initialState;
    if (opts.log) out.log = [];
    return out;
  }
  async wipe(id) {
    this.matches.delete(id);
    await this.log.append(JSON.stringify({ wipe: id }));
  }
  async listMatches() {
    return [...this.matches.keys()];
  }
}

const LetterOfMarque = {
  name: 'letter-of-marque',
  minPlayers: 3,
  maxPlayers: 6,
  // No undo in this game (and its stack would grow for the whole game: every seat
  // is active in one long turn).
  disableUndo: true,
  setup: ({ ctx, random }) => newGame(ctx.numPlayers, () => random.Number()),
  // Every seat may send at any time (the preliminary turn is simultaneous);
  // game.js checks whose turn it is, as Brethren's rules do. redact: the
  // log's copy of the move carries no arguments (an armed ship's departure
  // is secret); ignoreStaleStateID: a simultaneous choice is not stale.
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    act: {
      move: ({ G, playerID, random }, action) =>
        apply(G, Number(playerID), action, () => random.Number()) === null ? undefined : INVALID_MOVE,
      redact: true,
      ignoreStaleStateID: true,
    },
  },
  endIf: ({ G }) => (G.phase === 'finished' ? { winners: G.winners } : undefined),
  playerView: ({ G, playerID }) => (playerID == null ? {} : view(G, Number(playerID))),
};

const log = new FsyncLog(args.db, { sync: args.sync !== 'off' });
const server = Server({ games: [LetterOfMarque], db: new FsyncStorage(log), origins: ['http://127.0.0.1'] });
const { appServer } = await server.run({ port: Number(args.port) });
console.log(`listening on ws://127.0.0.1:${appServer.address().port}/ws`);
process.on('SIGTERM', () => {
  console.error(`bgio-server: ${log.stats()}`);
  process.exit(0);
});
