// openskill-reference.mjs — makes tests/data/openskill-reference.json, the
// reference ratings test-rating checks ours against (to 4 decimals).
//
// Not run by the build or CI. To make the file again:
//   mkdir /tmp/os && cd /tmp/os && npm install openskill@5.0.1
//   NODE_PATH=/tmp/os/node_modules node --input-type=module \
//     < tests/tools/openskill-reference.mjs > tests/data/openskill-reference.json
// (or copy this file into /tmp/os and run `node openskill-reference.mjs`).
//
// 153 games of 2–4 players, some of partners (2 sides of 2), some with
// tied places below the winner, from a fixed seed, are rated in their
// order (played-at time, then ID) by openskill.js's rate() with the
// Plackett-Luce model:
//   "tau"          OpenSkill's defaults (tau = 25/300, limitSigma off)
//   "limit_sigma"  the defaults with limitSigma on
//   "no_tau"       tau = 0 (the ratings before the dynamics factor)
//   "weights"      the defaults, on the same games where 30 seats changed
//                  hands: a seat's players each with the share of rounds
//                  they played. openskill.js 5.0.1 declares a `weight`
//                  option but its models never read it, so rate() is given
//                  the Plackett-Luce model with those weights (below,
//                  weightedPlackettLuce(): a side's mu and sigma² are the
//                  weighted sums, each player's share of the update is
//                  weighted); rate() still applies tau, the ranks and
//                  limitSigma itself.
//   "streak_tau", "streak_limit_sigma"
//                  "streak": one player beats another 1500 times running
//                  (games 1…1500, a second apart), with the defaults and
//                  with limitSigma: late in it a game would raise sigma,
//                  which limitSigma holds.
import { rate, rating } from 'openskill';

let seed = 20261201;
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (n) => Math.floor(random() * n);

const names = Array.from({ length: 12 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
const games = [];
let time = 1767225600; // 2026-01-01
for (let id = 1; id <= 153; id++) {
  const partners = random() < 0.2;
  const n = partners ? 4 : 2 + pick(3);
  const pool = [...names];
  const seats = [];
  for (let s = 0; s < n; s++) {
    const [player] = pool.splice(pick(pool.length), 1);
    seats.push({ player, side: partners ? s % 2 : s, subs: [] });
  }
  const nSides = partners ? 2 : n;
  const scores = [];
  for (let s = 0; s < nSides; s++) scores.push(pick(12));
  // one winner alone; ties below it are kept
  const top = Math.max(...scores);
  const winners = scores.map((v, i) => (v === top ? i : -1)).filter((i) => i >= 0);
  for (const i of winners.slice(1)) scores[i] = top - 1;
  scores[winners[0]] = Math.max(top, 15);
  // every 5th game shares its second with the game before (ID orders them)
  if (id % 5 !== 0) time += 3600 + pick(86400);
  const rounds = 6 + pick(10);
  games.push({ id, time, n_teams: partners ? 2 : 0, rounds, seats, scores });
}

// 30 seats change hands: an earlier player sat there for the first k rounds.
const subGames = JSON.parse(JSON.stringify(games));
for (let k = 0; k < 30; k++) {
  const game = subGames[5 * k + 2];
  const seat = game.seats[pick(game.seats.length)];
  const used = new Set(game.seats.flatMap((s) => [s.player, ...s.subs.map((x) => x.player)]));
  const free = names.filter((x) => !used.has(x));
  const played = 1 + pick(game.rounds - 1);
  seat.subs.push({ player: free[pick(free.length)], weight: played / game.rounds });
}

function weightedPlackettLuce(teams, options) {
  const KAPPA = 1e-4;
  const BETASQ = (25 / 6) ** 2;
  const rank = options.rank;
  const sides = teams.map((team, i) => {
    let mu = 0;
    let sigSq = 0;
    for (const p of team) {
      mu += p.w * p.mu;
      sigSq += p.w * p.sigma * p.sigma;
    }
    return { mu, sigSq, team, rank: rank[i] };
  });
  const c = Math.sqrt(sides.reduce((a, s) => a + s.sigSq + BETASQ, 0));
  const sumQ = sides.map((q) =>
    sides.filter((s) => s.rank >= q.rank).reduce((a, s) => a + Math.exp(s.mu / c), 0));
  const a = sides.map((q) => sides.filter((s) => s.rank === q.rank).length);
  return sides.map((side, i) => {
    let omega = 0;
    let delta = 0;
    const e = Math.exp(side.mu / c);
    sides.forEach((q, qi) => {
      if (q.rank > side.rank) return;
      const p = e / sumQ[qi];
      omega += (qi === i ? 1 - p : -p) / a[qi];
      delta += (p * (1 - p)) / a[qi];
    });
    const gamma = Math.sqrt(side.sigSq) / c;
    omega *= side.sigSq / c;
    delta *= (side.sigSq / c ** 2) * gamma;
    return side.team.map((p) => {
      const share = (p.w * p.sigma * p.sigma) / side.sigSq;
      return {
        mu: p.mu + share * omega,
        sigma: p.sigma * Math.sqrt(Math.max(1 - share * delta, KAPPA)),
      };
    });
  });
}

function rateAll(list, options, weighted) {
  const ratings = new Map(names.map((x) => [x, rating()]));
  for (const game of list) {
    const nSides = game.scores.length;
    const teams = Array.from({ length: nSides }, () => []);
    const who = Array.from({ length: nSides }, () => []);
    for (const seat of game.seats) {
      const left = 1 - seat.subs.reduce((x, s) => x + s.weight, 0);
      teams[seat.side].push({ ...ratings.get(seat.player), w: left });
      who[seat.side].push(seat.player);
      for (const sub of seat.subs) {
        teams[seat.side].push({ ...ratings.get(sub.player), w: sub.weight });
        who[seat.side].push(sub.player);
      }
    }
    const rank = game.scores.map((v) => game.scores.filter((o) => o > v).length);
    const opts = { ...options, rank };
    if (weighted) opts.model = weightedPlackettLuce;
    const result = rate(teams.map((t) => t.map(({ mu, sigma, w }) => ({ mu, sigma, w }))), opts);
    result.forEach((team, s) => team.forEach((r, j) => ratings.set(who[s][j], { mu: r.mu, sigma: r.sigma })));
  }
  const out = {};
  for (const x of names) {
    const r = ratings.get(x);
    out[x] = { mu: Number(r.mu.toFixed(6)), sigma: Number(r.sigma.toFixed(6)) };
  }
  return out;
}

const streak = { winner: 'A', loser: 'B', count: 1500 };
function rateStreak(options) {
  let a = rating();
  let b = rating();
  for (let i = 0; i < streak.count; i++) [[a], [b]] = rate([[a], [b]], options);
  const round = (r) => ({ mu: Number(r.mu.toFixed(6)), sigma: Number(r.sigma.toFixed(6)) });
  return { [streak.winner]: round(a), [streak.loser]: round(b) };
}

const fixture = {
  comment: 'Made by tests/tools/openskill-reference.mjs with openskill.js 5.0.1 (npm), Plackett-Luce; see that file.',
  games,
  sub_games: subGames,
  streak,
  expected: {
    tau: rateAll(games, {}, false),
    limit_sigma: rateAll(games, { limitSigma: true }, false),
    no_tau: rateAll(games, { tau: 0 }, false),
    weights: rateAll(subGames, {}, true),
    streak_tau: rateStreak({}),
    streak_limit_sigma: rateStreak({ limitSigma: true }),
  },
};
process.stdout.write(JSON.stringify(fixture, null, 1) + '\n');
