// A two-way rule backtested over a real app (createApp on the local simulator, real SQLite, the
// validating bridge boundary) with stored history: a gamma-flip cross in either direction fires
// both ways; each firing carries its direction, the downward ones are read short (their signed
// return is the raw return negated), the statistics come per direction, and the move sizes of
// the firings and of the baseline (every session, and by gamma regime) are in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestResult } from '../../../../src/shared/bridge/backtest.ts';
import { startSeededApp, type SeededApp } from '../../../support/seeded-app.ts';

describe('backtest of a two-way flip-cross rule', () => {
  let w: SeededApp;
  let result: BacktestResult;

  beforeAll(async () => {
    w = await startSeededApp({ runs: 1 });
    result = await w.invoke('backtest:run', {
      runId: 'two-way',
      rule: {
        name: 'SPY crosses the flip',
        condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'any' },
        scope: { kind: 'ticker', ticker: 'SPY' },
        cooldownMinutes: 0,
      },
      window: '180d',
    });
  }, 300_000);

  afterAll(async () => {
    await w?.close();
  });

  it('finds the flip crossings of half a year: a few a month, as on the index', () => {
    // The simulator is calibrated so SPY closes above its flip on most sessions and crosses it 2-6
    // times in 21 sessions (docs/engine-conventions.md, "Gamma regimes"); before that this window
    // held one or two.
    expect(result.baseline.sessions).toBeGreaterThan(80);
    const perMonth = (21 * result.firings.length) / result.baseline.sessions;
    expect(perMonth).toBeGreaterThanOrEqual(1);
    expect(perMonth).toBeLessThanOrEqual(8);
  });

  it('fires both ways, the downward firings read short', () => {
    const up = result.firings.filter((f) => f.direction === 'up');
    const down = result.firings.filter((f) => f.direction === 'down');
    expect(up.length).toBeGreaterThan(0);
    expect(down.length).toBeGreaterThan(0);
    expect(up.length + down.length).toBe(result.firings.length);
    for (const f of up) {
      // Spot ends above the flip: it rose above it, or the flip moved below spot.
      expect(f.title).toMatch(/rose above|moved below spot|spot now above/);
      expect(f.signedForward).toEqual(f.forward);
    }
    let compared = 0;
    for (const f of down) {
      expect(f.title).toMatch(/fell below|moved above spot|spot now below/);
      for (const h of ['1d', '5d', '20d'] as const) {
        const raw = f.forward[h];
        if (raw === null) expect(f.signedForward?.[h]).toBeNull();
        else {
          expect(f.signedForward?.[h]).toBe(0 - raw);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('reports the statistics per direction, each against the baseline read its way', () => {
    const groups = result.directions ?? [];
    expect(groups.map((g) => [g.direction, g.reading])).toEqual([
      ['up', 'long'],
      ['down', 'short'],
    ]);
    const [up, down] = groups;
    expect(up?.summary.count).toBe(result.firings.filter((f) => f.direction === 'up').length);
    expect(down?.summary.count).toBe(result.firings.filter((f) => f.direction === 'down').length);
    // The same sessions, read the other way: the short baseline's median is the long one's negated.
    const longMedian = up?.baseline.horizons['5d'].medianPct as number;
    expect(down?.baseline.horizons['5d'].medianPct).toBeCloseTo(-longMedian, 12);
    expect(up?.baseline.sessions).toBe(result.baseline.sessions);
  });

  it('measures the size of the moves after firing and on the baseline, by gamma regime too', () => {
    expect(result.moves?.claim).toBe('move');
    const withMoves = result.firings.filter((f) => f.moves?.['5d'].absPct !== null);
    expect(withMoves.length).toBeGreaterThan(0);
    for (const f of withMoves) {
      const m = f.moves?.['5d'];
      expect(m?.absPct).toBeCloseTo(Math.abs(f.forward['5d'] as number), 12);
      // The range holds the 5th close, so they can be equal: computed two ways, they differ in the last bit.
      expect(m?.closeRangePct).toBeGreaterThanOrEqual((m?.absPct as number) - 1e-9);
      expect(m?.realizedVolPct).toBeGreaterThan(0);
    }
    const base = result.moves?.baseline;
    expect(base?.sessions).toBe(result.baseline.sessions);
    expect(base?.moves['5d'].absPct.count).toBeGreaterThan(50);
    expect(base?.moves['5d'].realizedVolPct.medianPct).toBeGreaterThan(0);
    const regimes = result.moves?.byGammaRegime.map((g) => g.regime) ?? [];
    expect(regimes).toContain('negative');
    expect(regimes).toContain('positive');
    const grouped = result.moves?.byGammaRegime.reduce((n, g) => n + g.sessions, 0) ?? 0;
    expect(grouped).toBeLessThanOrEqual(result.baseline.sessions);
    expect(grouped).toBeGreaterThan(result.baseline.sessions / 2);
  });
});
