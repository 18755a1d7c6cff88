// The simulated market stays where such names really trade. Sweeps every universe ticker over every
// session (prices, 30-day ATM IV, daily moves against the IV) and over a sample of snapshots (the
// chain's ATM IV, the 1-day expected move, income yields and their tiers), seeded and
// deterministic, against the one table of ranges in src/service/market/sim/plausible-ranges.ts.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../../../src/service/analysis/ticker-analysis.ts';
import { VERY_LOW_YIELD_PCT } from '../../../../../src/service/engine/interpret/income.ts';
import {
  INCOME_YIELD_RANGE,
  IV_RANGE,
  PRICE_RANGE,
} from '../../../../../src/service/market/sim/plausible-ranges.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';
import { SIM_UNIVERSE, simTicker } from '../../../../../src/service/market/sim/universe.ts';

const market = createSimulatedMarket({ seed: 20_261_001, clock: { now: () => 0 } });
/** A daily close-to-close move (earnings gaps aside) beyond this many 1-day σ of the IV is implausible. */
const MAX_DAILY_SIGMAS = 7;
/** IVs read off a term structure may pass a cap by rounding noise. */
const IV_SLACK = 0.005;

describe('reference levels: late-2026 ballpark', () => {
  it.each([
    ['SPY', 600],
    ['QQQ', 520],
    ['AAPL', 230],
    ['AMZN', 200],
    ['NVDA', 140],
    ['TSLA', 300],
    ['XLF', 50],
  ])('%s ~ $%d', (ticker, level) => {
    expect(simTicker(ticker)?.basePrice).toBe(level);
  });
});

describe.each(SIM_UNIVERSE.map((t) => [t.ticker, t] as const))('%s', (ticker, spec) => {
  const path = market.dailyPath(ticker);
  if (path === null) throw new Error(`no path for ${ticker}`);
  const iv = IV_RANGE[spec.kind];

  it('every close within the price range of its reference level', () => {
    const out: string[] = [];
    path.close.forEach((c, i) => {
      const r = c / spec.basePrice;
      if (r < PRICE_RANGE[spec.kind].min || r > PRICE_RANGE[spec.kind].max)
        out.push(`${market.sessions[i]}: $${c}`);
    });
    expect(out).toEqual([]);
  });

  it('30-day ATM IV within its kind’s range, and daily moves consistent with it', () => {
    const out: string[] = [];
    for (let i = 0; i < path.close.length; i++) {
      const v = path.atmIv[i] as number;
      if (v < iv.min * 0.95 || v > iv.maxWithEarnings + IV_SLACK)
        out.push(`${market.sessions[i]}: IV ${v.toFixed(3)}`);
      if (i === 0 || path.gap[i] !== 0) continue;
      const sigma = (path.atmIv[i - 1] as number) / Math.sqrt(252);
      const z = Math.abs(Math.log((path.close[i] as number) / (path.close[i - 1] as number))) / sigma;
      if (z > MAX_DAILY_SIGMAS) out.push(`${market.sessions[i]}: a ${z.toFixed(1)}σ day`);
    }
    expect(out).toEqual([]);
  });

  it('sampled snapshots: chain ATM IV, 1-day move and income yields in range; a very low yield rates low at best', () => {
    const out: string[] = [];
    for (let i = 7; i < market.sessions.length; i += 83) {
      const date = market.sessions[i] as string;
      const time = market.latestSnapshotTime(ticker, Date.parse(`${date}T17:30:00Z`));
      const a = time === null ? null : analyzeSnapshot(market, ticker, time);
      if (a === null) {
        out.push(`${date}: no snapshot`);
        continue;
      }
      const atm = a.metrics.atm_iv as number;
      if (atm < iv.min * 0.95 || atm > iv.maxWithEarnings + IV_SLACK)
        out.push(`${date}: chain IV ${atm.toFixed(3)}`);
      // The stated move is the cents-rounded move over spot: off the IV's by at most half a cent.
      const move = a.metrics.expected_move_pct_1d as number;
      const slack = (0.005 / a.metrics.price) * 100 + 0.005;
      if (Math.abs(move - (atm * 100) / Math.sqrt(252)) > slack) out.push(`${date}: 1-day move ${move} %`);
      for (const item of a.income) {
        const y = item.annualized_yield;
        const max =
          spec.kind === 'volatility_index' ? INCOME_YIELD_RANGE.maxVolatilityIndex : INCOME_YIELD_RANGE.max;
        if (y < INCOME_YIELD_RANGE.min || y > max) out.push(`${date}: ${item.strategy} yield ${y}`);
        const fund = spec.kind === 'index_etf' || spec.kind === 'sector_etf';
        const least = fund ? INCOME_YIELD_RANGE.minFundCcAtIv15 : INCOME_YIELD_RANGE.minCcAtIv15;
        if (item.strategy === 'cc' && atm >= 0.15 && y < least)
          out.push(`${date}: cc yield ${y} at IV ${atm.toFixed(3)}`);
        if (y * 100 < VERY_LOW_YIELD_PCT && (item.income_tier === 'moderate' || item.income_tier === 'high'))
          out.push(`${date}: ${item.strategy} yield ${y} rated ${item.income_tier}`);
      }
    }
    expect(out).toEqual([]);
  });
});
