// Each figure has one definition, and every payload that states it agrees.
// - flip distance: (flip − spot) / spot × 100, positive when the flip is above spot, in signals,
//   trade setup, market structure's flip_context and supporting_factors alike;
// - expected move: expected_move_pct_*, the ±1σ key levels and the /levels endpoint's ±1σ are one band;
// - walls: call wall at or above spot, put wall at or below, different from each other, in key_levels.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot, type TickerAnalysis } from '../../../../src/service/analysis/ticker-analysis.ts';
import { tradeSetupFields } from '../../../../src/service/engine/interpret/trade-projections.ts';
import { expectedMoveBand } from '../../../../src/service/engine/moves.ts';
import { distToFlipPct } from '../../../../src/service/engine/snapshot.ts';
import { signalsData } from '../../../../src/service/http/ticker-payloads.ts';
import { createSimulatedMarket } from '../../../../src/service/market/sim/simulated-source.ts';
import { marketStructureDataSchema } from '../../../../src/shared/api/market-structure.ts';

const market = createSimulatedMarket({ seed: 1, clock: { now: () => 0 } });

function at(ticker: string, instant: string): TickerAnalysis {
  const time = market.latestSnapshotTime(ticker, Date.parse(instant));
  const a = time === null ? null : analyzeSnapshot(market, ticker, time);
  if (a === null) throw new Error(`no snapshot of ${ticker} at ${instant}`);
  return a;
}

const SAMPLES: [string, string][] = [];
for (const ticker of ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'XLF']) {
  for (const instant of ['2024-05-14T15:07:00Z', '2025-09-23T18:42:00Z', '2026-11-10T14:35:00Z']) {
    SAMPLES.push([ticker, instant]);
  }
}

describe('distToFlipPct: (flip − spot) / spot × 100, positive when the flip is above spot', () => {
  it.each([
    [600, 610.74, 1.79],
    [600, 589.26, -1.79],
    [600, 600, 0],
    [50, 49.5, -1],
    [600, null, null],
    [0, 600, null],
  ])('spot %s, flip %s → %s', (spot, flip, want) => {
    expect(distToFlipPct(spot, flip)).toBe(want);
  });
});

describe('the four flip distances agree on the same snapshot', () => {
  it.each(SAMPLES)('%s at %s', (ticker, instant) => {
    const a = at(ticker, instant);
    const ms = a.marketStructure;
    const { price, gex_flip: flip } = a.metrics;
    const figures = [
      signalsData(a).dist_to_gex_flip_pct,
      tradeSetupFields(a.metrics).dist_to_gex_flip_pct,
      ms.drivers.flip_context?.distance_pct ?? null,
      ms.supporting_factors.distance_to_flip_pct,
    ];
    if (flip === null) {
      expect(figures).toEqual([null, null, null, null]);
      return;
    }
    const want = Math.round(((flip - price) / price) * 10000) / 100;
    expect(figures).toEqual([want, want, want, want]);
    const state = ms.drivers.flip_context?.state;
    if (state !== 'at_flip') expect(state).toBe(flip < price ? 'above_flip' : 'below_flip');
    if (want > 0) expect(flip).toBeGreaterThan(price);
    if (want < 0) expect(flip).toBeLessThan(price);
  });
});

describe('expectedMoveBand: one rounding for the percent and the levels', () => {
  it.each([
    // spot, atm IV, days → usd, pct, plus, minus
    [600, 0.134, 1, 5.06, 0.84, 605.06, 594.94],
    [50.37, 0.18, 1, 0.57, 1.13, 50.94, 49.8],
    [14.21, 0.55, 5, 1.1, 7.74, 15.31, 13.11],
    [230, 0.24, 21, 15.93, 6.93, 245.93, 214.07],
  ])('spot %s, IV %s, %s day(s)', (spot, iv, days, usd, pct, plus, minus) => {
    expect(expectedMoveBand(spot, iv, days)).toEqual({ usd, pct, plus, minus });
  });

  it.each([
    [600, null, 1],
    [0, 0.2, 1],
    [100, 20, 21],
  ])('spot %s, IV %s, %s day(s): no band', (spot, iv, days) => {
    expect(expectedMoveBand(spot, iv, days)).toBeNull();
  });
});

describe('expected move: market structure, key levels and /levels state the same band', () => {
  it.each(SAMPLES)('%s at %s', (ticker, instant) => {
    const a = at(ticker, instant);
    const ms = a.marketStructure;
    const kl = ms.key_levels;
    const levels = new Map(a.keyLevels.map((l) => [l.id, l.price]));
    const spot = kl.spot;
    for (const h of ['1d', '1w'] as const) {
      const pct = ms.supporting_factors[`expected_move_pct_${h}`];
      expect(pct).toBe(a.metrics[`expected_move_pct_${h}`]);
      const plus = kl[`plus_1sigma_${h}`] as number;
      const minus = kl[`minus_1sigma_${h}`] as number;
      expect(levels.get(`plus_1sigma_${h}`)).toBe(plus);
      expect(levels.get(`minus_1sigma_${h}`)).toBe(minus);
      // (level − spot) / spot shown to 2 decimals is the stated percent, on both sides.
      expect((((plus - spot) / spot) * 100).toFixed(2)).toBe((pct as number).toFixed(2));
      expect((((spot - minus) / spot) * 100).toFixed(2)).toBe((pct as number).toFixed(2));
    }
    const move1d = ((kl.plus_1sigma_1d as number) - spot).toFixed(2);
    expect(ms.expected_behavior).toContain(`Expected 1-day 1σ move ±$${move1d}.`);
  });
});

describe('walls: on their side of spot, distinct, in the key levels', () => {
  it.each(SAMPLES)('%s at %s', (ticker, instant) => {
    const a = at(ticker, instant);
    const kl = marketStructureDataSchema.parse(a.marketStructure).key_levels;
    const spot = a.metrics.price;
    expect(kl.call_wall).not.toBeNull();
    expect(kl.put_wall).not.toBeNull();
    expect(kl.call_wall as number).toBeGreaterThanOrEqual(spot);
    expect(kl.put_wall as number).toBeLessThanOrEqual(spot);
    expect(kl.call_wall).not.toBe(kl.put_wall);
    const levels = new Map(a.keyLevels.map((l) => [l.id, l.price]));
    expect(levels.get('call_wall')).toBe(kl.call_wall);
    expect(levels.get('put_wall')).toBe(kl.put_wall);
    expect(levels.get('max_pain')).toBe(kl.max_pain);
  });

  it.each(['SPY', 'QQQ', 'AAPL', 'TSLA'])(
    '%s: over a year of sessions the walls always differ and usually differ from max pain',
    (ticker) => {
      let n = 0;
      let painOnAWall = 0;
      const sessions = market.sessions.filter((d) => d >= '2026-01-01' && d < '2027-01-01');
      for (let i = 0; i < sessions.length; i += 12) {
        const hour = i % 24 === 0 ? 15 : 19;
        const a = at(ticker, `${sessions[i] as string}T${hour}:12:00Z`);
        const { call_wall, put_wall, max_pain } = a.metrics;
        n++;
        expect(call_wall).not.toBe(put_wall);
        if (max_pain === call_wall || max_pain === put_wall) painOnAWall++;
      }
      expect(n).toBeGreaterThan(15);
      expect(painOnAWall / n).toBeLessThan(0.5);
    },
  );
});
