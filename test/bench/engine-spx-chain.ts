// A deterministic chain shaped like a real SPX chain from Cboe: no SPX chain is stored in the project
// (Cboe's data may only be used as a fixture, and the only one is TSLA), so the engine benchmark
// builds one of the same size: 19,600 contracts (9,800 strikes × call and put) over 60 expirations,
// same-day to three years out, 13,900 of them with open interest (the rest far from the money or
// never traded), calls and puts quoted at their own IVs along a skewed smile, as Cboe quotes them.
import { packChain, type ContractRow, type OptionChain } from '../../src/service/engine/chain.ts';
import { addDays, isTradingDay, nyToEpoch, optionExpiryEpoch } from '../../src/shared/market-calendar.ts';
import { listedExpirations } from '../support/chain-factory.ts';
import { mulberry32 } from '../support/prng.ts';

export const SPX_ROWS = 19_600;
export const SPX_WITH_OI = 13_900;
const EXPIRATIONS = 60;
const SPOT = 5_712.35;

/** Strike `k` steps from the money: 5-point steps near spot, then 25, then 100. */
function strikeAt(atm: number, k: number): number {
  const sign = Math.sign(k);
  const n = Math.abs(k);
  const near = Math.min(n, 120) * 5;
  const mid = Math.min(Math.max(n - 120, 0), 60) * 25;
  const far = Math.max(n - 180, 0) * 100;
  return atm + sign * (near + mid + far);
}

export function makeSpxLikeChain(seed = 14): OptionChain {
  const rand = mulberry32(seed);
  const today = '2025-03-12';
  const asof = nyToEpoch(today, 11 * 60);
  const dates = [today, ...listedExpirations(today, EXPIRATIONS)]
    .filter((d) => isTradingDay(d) || d === today)
    .slice(0, EXPIRATIONS - 6);
  // SPX also lists quarterlies and Decembers out to three years.
  for (const months of [15, 18, 21, 24, 30, 36]) dates.push(addDays(today, Math.round(months * 30.4)));
  const years = dates.map((d) => (optionExpiryEpoch(d) - asof) / (365 * 86_400_000));
  // Strikes per expiration: wider lists further out, scaled to 9,800 strikes in all.
  const weights = years.map((t) => 1 + 2.5 * Math.sqrt(Math.max(t, 1 / 365)));
  const total = weights.reduce((s, w) => s + w, 0);
  const counts = weights.map((w) => Math.floor((w / total) * (SPX_ROWS / 2)));
  for (let i = 0; counts.reduce((s, c) => s + c, 0) < SPX_ROWS / 2; i++) counts[i % counts.length]! += 1;

  const atm = Math.round(SPOT / 5) * 5;
  const rows: (ContractRow & { score: number })[] = [];
  dates.forEach((expiration, e) => {
    const t = Math.max(years[e] as number, 1 / 8760);
    const n = counts[e] as number;
    const below = Math.floor(n * 0.6); // more put strikes below spot, as SPX lists
    for (let k = -below; k < n - below; k++) {
      const strike = strikeAt(atm, k);
      if (strike <= 0) continue;
      const m = Math.log(strike / SPOT) / Math.sqrt(t);
      const level = 0.13 + 0.03 * Math.exp(-t * 4);
      const smile = Math.min(2.5, Math.max(0.06, level * (1 - 0.9 * m + 0.6 * m * m)));
      for (const isCall of [false, true]) {
        const iv = smile * (1 + (isCall ? 0.01 : -0.01) + (rand() - 0.5) * 0.02);
        const otm = isCall === strike > SPOT;
        const peak = Math.exp(-0.5 * m * m * (otm ? 1 : 3));
        const round = strike % 100 === 0 ? 3 : strike % 25 === 0 ? 1.6 : 1;
        rows.push({
          expiration,
          strike,
          isCall,
          iv,
          openInterest: Math.round(
            1 + 40_000 * peak * round * rand() * (t < 0.02 ? 0.3 : 1) * (isCall ? 1.1 : (SPOT / strike) ** 4),
          ),
          volume: Math.round(5_000 * peak * rand()),
          bid: Number.NaN,
          ask: Number.NaN,
          score: peak * round * (0.2 + rand()),
        });
      }
    }
  });
  // The 13,900 most traded contracts keep their open interest; the rest have none (and a tenth of
  // those no valid quote either).
  const byScore = rows.map((r, i) => [r.score, i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  byScore.forEach(([, i], rank) => {
    const row = rows[i] as ContractRow;
    if (rank >= SPX_WITH_OI) {
      row.openInterest = 0;
      if (rank % 10 === 0) row.iv = 0;
    }
  });
  const header = { ticker: 'SPX', spot: SPOT, asof, source: 'cboe_csv' as const };
  return packChain(
    header,
    rows.map(({ score: _score, ...row }) => row),
    optionExpiryEpoch,
  ).chain;
}
