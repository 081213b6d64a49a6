// Letter of Marque (docs/rules/letter-of-marque.md), the game brethren-load
// plays against Brethren, written once in plain JavaScript for both peers so
// that each move does the same work there: the action checked against the
// seat's legal actions, the state changed, and each seat's own view (the
// bases of its own ships and its reserve are its private field).
//
// The state is plain JSON (boardgame.io keeps G in Immer drafts and stores
// it as JSON). rand() is the framework's random source, uniform in [0, 1).

const VALUES = [3, 4, 5, 6, 7];

export function newGame(seats, rand) {
  const players = [];
  for (let s = 0; s < seats; ++s) {
    const deck = VALUES.slice();
    for (let i = deck.length - 1; i > 0; --i) {
      const j = Math.floor(rand() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    // LOM-4: the top card is revealed for the preliminary turn.
    const preliminary = deck.pop();
    players.push({ deck, preliminary, choice: null, armed: 2, unarmed: 3, cannons: 3, treasures: [], cannonsFrom: [], moves: 0 });
  }
  return { seats, phase: 'preliminary', current: -1, version: 0, nextShip: 1, sea: [], players, winners: [] };
}

export function toAct(g) {
  if (g.phase === 'preliminary') return g.players.flatMap((p, s) => (p.choice === null ? [s] : []));
  if (g.phase === 'regular') return [g.current];
  return [];
}

export function legalActions(g, seat) {
  const p = g.players[seat];
  const out = [];
  if (g.phase === 'preliminary') {
    if (p.choice !== null) return out;
    if (p.armed > 0) out.push({ chooseShip: { armed: true } });
    if (p.unarmed > 0) out.push({ chooseShip: { armed: false } });
    return out;
  }
  if (g.phase !== 'regular' || g.current !== seat) return out;
  if (p.deck.length > 0) {
    if (p.armed > 0) out.push({ depart: { armed: true } });
    if (p.unarmed > 0) out.push({ depart: { armed: false } });
  }
  let atSea = 0;
  for (const ship of g.sea) {
    if (ship.owner === seat) {
      ++atSea;
      out.push({ returnShip: { shipId: ship.id } });
    } else if (p.cannons > 0) {
      out.push({ attack: { shipId: ship.id } });
    }
  }
  if (p.deck.length === 0 && atSea === 0) out.push({ pass: {} });
  return out;
}

function sameAction(a, b) {
  const k = Object.keys(a)[0];
  if (Object.keys(b).length !== 1 || !(k in b)) return false;
  return JSON.stringify(a[k]) === JSON.stringify(b[k]);
}

// Applies seat's action; returns null, or why it is not legal (then nothing changed).
export function apply(g, seat, action, rand) {
  if (!Number.isInteger(seat) || seat < 0 || seat >= g.seats) return 'no such seat';
  if (!action || typeof action !== 'object') return 'no action';
  if (!legalActions(g, seat).some((a) => sameAction(a, action))) return 'not a legal action';
  const p = g.players[seat];
  ++p.moves;
  if (action.chooseShip) {
    p.choice = action.chooseShip.armed;
    if (g.players.every((q) => q.choice !== null)) setSail(g, rand);
  } else if (action.depart) {
    sail(g, seat, p.deck.pop(), action.depart.armed);
  } else if (action.returnShip) {
    const i = g.sea.findIndex((s) => s.id === action.returnShip.shipId);
    p.treasures.push(g.sea[i].treasure);
    g.sea.splice(i, 1); // LOM-H-3: its base is never told
  } else if (action.attack) {
    const i = g.sea.findIndex((s) => s.id === action.attack.shipId);
    const ship = g.sea[i];
    --p.cannons;
    if (ship.armed) {
      ship.revealed = true;
      g.players[ship.owner].cannonsFrom.push(seat);
    } else {
      p.treasures.push(ship.treasure);
      g.sea.splice(i, 1);
    }
  }
  ++g.version;
  if (g.phase === 'regular') advance(g);
  return null;
}

function sail(g, seat, treasure, armed) {
  const p = g.players[seat];
  if (armed) --p.armed;
  else --p.unarmed;
  g.sea.push({ id: g.nextShip++, owner: seat, treasure, armed, revealed: false });
}

// LOM-5, LOM-6: all preliminary ships sail; the lowest card starts, ties drawn.
function setSail(g, rand) {
  let low = Infinity;
  let tied = [];
  g.players.forEach((p, s) => {
    sail(g, s, p.preliminary, p.choice);
    if (p.preliminary < low) [low, tied] = [p.preliminary, [s]];
    else if (p.preliminary === low) tied.push(s);
  });
  g.phase = 'regular';
  g.current = tied[Math.floor(rand() * tied.length)];
}

// LOM-13: over when nothing is at sea and every deck is empty; else the next
// seat clockwise, passing those with nothing left at all (LOM-A-6).
function advance(g) {
  if (g.sea.length === 0 && g.players.every((p) => p.deck.length === 0)) return finish(g);
  for (let step = 1; step <= g.seats; ++step) {
    const s = (g.current + step) % g.seats;
    const p = g.players[s];
    if (p.deck.length > 0 || p.cannons > 0 || g.sea.some((ship) => ship.owner === s)) {
      g.current = s;
      return;
    }
  }
}

const score = (p) => p.treasures.reduce((a, b) => a + b, 0) + p.cannonsFrom.length;

// LOM-14, LOM-15: highest score, then most cannon cards held; still tied: shared.
function finish(g) {
  g.phase = 'finished';
  g.current = -1;
  const key = (p) => [score(p), p.cannons + p.cannonsFrom.length];
  let best = null;
  g.players.forEach((p, s) => {
    const k = key(p);
    if (!best || k[0] > best[0] || (k[0] === best[0] && k[1] > best[1])) [best, g.winners] = [k, [s]];
    else if (k[0] === best[0] && k[1] === best[1]) g.winners.push(s);
  });
}

// What seat may see (LOM-H-1..7): the bases of its own ships and its reserve
// are its private field; other ships' bases only once revealed.
export function view(g, seat) {
  const own = g.players[seat];
  return {
    version: g.version,
    phase: g.phase,
    currentSeat: g.current,
    toAct: toAct(g),
    finished: g.phase === 'finished',
    players: g.players.map((p) => ({
      deckCount: p.deck.length,
      reserveCount: p.armed + p.unarmed,
      unusedCannons: p.cannons,
      treasures: p.treasures,
      cannonsFrom: p.cannonsFrom,
      score: score(p),
      preliminaryTreasure: g.phase === 'preliminary' ? p.preliminary : 0,
      hasChosen: p.choice !== null,
      moves: p.moves,
    })),
    shipsAtSea: g.sea.map((s) => ({
      shipId: s.id,
      owner: s.owner,
      treasure: s.treasure,
      base: s.owner === seat || s.revealed ? (s.armed ? 'armed' : 'unarmed') : 'unknown',
      revealed: s.revealed,
    })),
    ownReserve: { armed: own.armed, unarmed: own.unarmed, preliminaryChoice: own.choice },
    legalActions: legalActions(g, seat),
    winners: g.winners,
  };
}
