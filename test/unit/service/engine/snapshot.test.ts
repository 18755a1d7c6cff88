import { describe, expect, it } from 'vitest';
import { analyzeChain } from '../../../../src/service/engine/analyze.ts';
import { buildTickerMetrics, distToFlipPct, gammaRegime } from '../../../../src/service/engine/snapshot.ts';
import { makeChain } from '../../../support/chain-factory.ts';
import { EMPTY_HISTORY, makeHistory, pricePath } from '../../../support/metrics-factory.ts';

describe('gammaRegime (the spec rule)', () => {
  it.each([
    [101, 100, 'positive'],
    [99, 100, 'negative'],
    [100, 100, 'neutral'],
    [100, null, 'unknown'],
    [null, 100, 'unknown'],
    [Number.NaN, 100, 'unknown'],
  ] as const)('spot %s, flip %s → %s', (spot, flip, regime) => {
    expect(gammaRegime(spot, flip)).toBe(regime);
  });
});

describe('distToFlipPct: (flip − spot) / spot, positive when the flip is above spot', () => {
  it.each([
    [100, 96, -4],
    [200, 210, 5],
    [100, null, null],
    [0, 96, null],
  ] as const)('spot %s, flip %s → %s', (spot, flip, pct) => {
    const d = distToFlipPct(spot, flip);
    if (pct === null) expect(d).toBeNull();
    else expect(d).toBeCloseTo(pct, 10);
  });
});

describe('buildTickerMetrics', () => {
  // The factory's default snapshot is 2025-03-12, 15:00 New York.
  const chain = makeChain({ expirations: ['2025-03-14', '2025-03-21', '2025-04-11', '2025-04-17'] });
  const closes = pricePath(100, [[300, 0.001, 0.012]], 8);

  it('merges the chain and history figures with the gamma regime, flip distance and earnings', () => {
    const m = buildTickerMetrics({
      chain,
      history: makeHistory({ closes }),
      earnings: { date: '2025-04-24', time: 'amc' },
      simulated: true,
    });
    const c = analyzeChain(chain);
    expect(m.ticker).toBe('TEST');
    expect(m.asof).toBe(chain.asof);
    expect(m.price).toBe(100);
    expect(m.gex_flip).toBe(c.gex_flip);
    expect(m.gamma_regime).toBe(gammaRegime(100, c.gex_flip));
    expect(m.dist_to_gex_flip_pct).toBe(distToFlipPct(100, c.gex_flip));
    expect(m.iv_rank).not.toBeNull();
    expect(m.trend_state).not.toBeNull();
    expect(m.earnings).toEqual({ date: '2025-04-24', time: 'amc' });
    expect(m.simulated).toBe(true);
    expect(m.gex_imbalance).toBeGreaterThanOrEqual(-1);
    expect(m.gex_imbalance).toBeLessThanOrEqual(1);
    expect(m.notes).toEqual(expect.arrayContaining(c.notes));
  });

  it('drops stale earnings with a note and keeps nulls plus a note without history', () => {
    const m = buildTickerMetrics({
      chain,
      history: EMPTY_HISTORY,
      earnings: { date: '2025-03-01', time: 'bmo' },
      simulated: false,
    });
    expect(m.earnings).toBeNull();
    expect(m.iv_rank).toBeNull();
    expect(m.trend_state).toBeNull();
    expect(m.notes.some((n) => n.includes('stale'))).toBe(true);
    expect(m.notes.some((n) => n.includes('no daily history'))).toBe(true);
  });

  it('uses today as the last close: a history ending lower makes today a rise', () => {
    const flat = new Array(60).fill(90);
    const m = buildTickerMetrics({
      chain,
      history: makeHistory({ closes: flat, ivs: 0.25 }),
      earnings: null,
      simulated: true,
    });
    expect(m.extension_score).toBeGreaterThan(0);
    expect(m.iv_pct_chg).toBeCloseTo(((m.atm_iv as number) / 0.25 - 1) * 100, 2);
  });
});
