// Prints reference cases for server/rating from the openskill npm package
// (pinned by package-lock.json), with its default options; the C++ test
// (tests/rating/openskill_check_test.cc) rates the same matches and compares.
//
//   node generate.mjs > cases.txt
//
// Format, one record per line:
//   series <name> <players>        a pool of players, rated match after match
//   player <mu> <sigma>            (one line per player of the pool)
//   match <teams> [ranked]         then one `team` line per team, `ranks` if ranked
//   team <player index>...
//   ranks <rank>...
//   expect <player index> <mu> <sigma>   the package's rating after the match
// Each series carries its own results forward, so the C++ side must too.
import { rate, rating } from "openskill";

// A small seeded generator (mulberry32): the cases are the same on every run.
let state = 0x2f6b1d3c;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const integer = (low, high) => low + Math.floor(random() * (high - low + 1));
const shuffled = (values) => {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = integer(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};
const randomRating = () => ({ mu: 5 + random() * 40, sigma: 0.5 + random() * 9 });

// Places for `teams` sides: a permutation, some ties, gaps in the numbers.
const places = (teams, tieChance) => {
  const ranks = shuffled([...Array(teams).keys()].map((r) => r * integer(1, 3)));
  for (let i = 1; i < teams; i += 1) if (random() < tieChance) ranks[i] = ranks[i - 1];
  return ranks;
};

const lines = [];
const emitSeries = (name, pool, matches) => {
  const ratings = pool.map((r) => ({ ...r }));
  lines.push(`series ${name} ${pool.length}`);
  for (const r of pool) lines.push(`player ${r.mu} ${r.sigma}`);
  for (const { teams, ranks } of matches) {
    lines.push(`match ${teams.length}${ranks ? " ranked" : ""}`);
    for (const team of teams) lines.push(`team ${team.join(" ")}`);
    if (ranks) lines.push(`ranks ${ranks.join(" ")}`);
    const before = teams.map((team) => team.map((p) => ratings[p]));
    const after = ranks ? rate(before, { rank: ranks }) : rate(before);
    teams.forEach((team, t) =>
      team.forEach((p, k) => {
        ratings[p] = after[t][k];
        lines.push(`expect ${p} ${ratings[p].mu} ${ratings[p].sigma}`);
      }),
    );
  }
};

// Splits players 0..n-1 (shuffled) into sides of the given sizes.
const sides = (players, sizes) => {
  const order = shuffled(players);
  const teams = [];
  let next = 0;
  for (const size of sizes) {
    teams.push(order.slice(next, next + size));
    next += size;
  }
  return teams;
};
const singles = (n) => sides([...Array(n).keys()], Array(n).fill(1));
const pool = (n) => Array.from({ length: n }, randomRating);

// One match each, from random ratings.
for (let i = 0; i < 150; i += 1) {
  emitSeries(`one-v-one-${i}`, pool(2), [{ teams: singles(2), ranks: places(2, 0.2) }]);
}
for (let i = 0; i < 300; i += 1) {
  const n = integer(3, 9);
  emitSeries(`free-for-all-${n}-${i}`, pool(n), [{ teams: singles(n), ranks: places(n, 0.25) }]);
}
for (let i = 0; i < 200; i += 1) {
  // Tortuga's two teams, 2 to 5 each (4 to 9 players).
  const a = integer(2, 5);
  const b = integer(2, Math.min(5, 9 - a));
  emitSeries(`two-teams-${a}-${b}-${i}`, pool(a + b), [{ teams: sides([...Array(a + b).keys()], [a, b]), ranks: places(2, 0.15) }]);
}
for (let i = 0; i < 100; i += 1) {
  const sizes = Array.from({ length: integer(3, 4) }, () => integer(1, 3));
  const n = sizes.reduce((x, y) => x + y, 0);
  emitSeries(`mixed-teams-${i}`, pool(n), [{ teams: sides([...Array(n).keys()], sizes), ranks: places(sizes.length, 0.25) }]);
}
// Without ranks: the order given is the finishing order.
for (let i = 0; i < 50; i += 1) {
  const n = integer(2, 6);
  emitSeries(`unranked-${n}-${i}`, pool(n), [{ teams: singles(n) }]);
}
// Extremes: far apart means, very wide and very narrow sigmas, all tied.
const extremes = [
  [{ mu: 100, sigma: 0.1 }, { mu: -50, sigma: 30 }],
  [{ mu: -50, sigma: 30 }, { mu: 100, sigma: 0.1 }],
  [{ mu: 25, sigma: 50 }, { mu: 25, sigma: 50 }, { mu: 25, sigma: 0.01 }],
  [{ mu: 0, sigma: 1e-3 }, { mu: 60, sigma: 1e-3 }, { mu: 30, sigma: 20 }, { mu: 30, sigma: 20 }],
];
extremes.forEach((p, i) => {
  emitSeries(`extreme-${i}`, p, [{ teams: singles(p.length), ranks: places(p.length, 0) }]);
  emitSeries(`extreme-tied-${i}`, p, [{ teams: singles(p.length), ranks: Array(p.length).fill(1) }]);
});
// Sequences from new players: every format in turn, ratings carried forward.
for (let s = 0; s < 30; s += 1) {
  const players = integer(9, 14);
  const start = Array.from({ length: players }, () => rating());
  const matches = [];
  for (let m = 0; m < 40; m += 1) {
    const kind = integer(0, 2);
    const everyone = [...Array(players).keys()];
    if (kind === 0) {
      matches.push({ teams: sides(everyone, [1, 1]), ranks: places(2, 0.1) });
    } else if (kind === 1) {
      const n = integer(3, 9);
      matches.push({ teams: sides(everyone, Array(n).fill(1)), ranks: places(n, 0.2) });
    } else {
      const a = integer(2, 5);
      const b = integer(2, Math.min(5, 9 - a));
      matches.push({ teams: sides(everyone, [a, b]), ranks: places(2, 0.1) });
    }
  }
  emitSeries(`sequence-${s}`, start, matches);
}
process.stdout.write(`${lines.join("\n")}\n`);
