// Move sizes after a reading, by formula: realized volatility of known paths, the high-low and close
// ranges, the absolute return; expectations worked out by hand (see each case).
import { describe, expect, it } from 'vitest';
import type { DailyClose } from '../../../../src/core/backtest/forward-returns.ts';
import { measuresOver, movesAfter, realizedVolPct } from '../../../../src/core/backtest/move-size.ts';

describe('realized volatility', () => {
  // Log returns chosen exact: prices 100·e^(Σr).
  const path = (returns: number[]) => {
    const out = [100];
    for (const r of returns) out.push((out[out.length - 1] as number) * Math.exp(r));
    return out;
  };
  it.each([
    // [log returns, annualized % = √(252 · mean r²) · 100]
    [[0.01], 15.874507866387544], // √0.0252
    [[0.01, 0.01, 0.01, 0.01, 0.01], 15.874507866387544], // a steady trend is not zero volatility
    [[0.02, -0.02, 0.02, -0.02], 31.74901573277509], // √(252 · 0.0004) = √0.1008
    [[0, 0, 0], 0],
    [[0.03, 0], 33.67491648096547], // √(252 · 0.00045) = √0.1134
  ])('of log returns %j is %s %%', (returns, want) => {
    expect(realizedVolPct(path(returns))).toBeCloseTo(want, 9);
  });
  it.each([[[]], [[100]], [[100, 0]]])('of %j is unknown', (prices) =>
    expect(realizedVolPct(prices)).toBeNull(),
  );
});

const day = (date: string, close: number, high?: number, low?: number): DailyClose =>
  high === undefined || low === undefined ? { date, close } : { date, close, high, low };

describe('move measures over N sessions', () => {
  const intraday = [
    day('2025-03-03', 100),
    day('2025-03-04', 102, 103, 99),
    day('2025-03-05', 97, 102, 96),
    day('2025-03-06', 101, 104, 100),
  ];
  it.each([
    // [sessions, abs %, range % (high-low), close range %]
    [1, 2, 4, 2], // P 100, high 103, low 99; closes 100 → 102
    [2, 3, 7, 5], // highs 103, 102, lows 99, 96 with P 100: 103 − 96; closes 102, 97
    [3, 1, 8, 5], // 104 − 96; closes up to 102, down to 97
  ])('after %i session(s): |r| %s %%, range %s %%, close range %s %%', (n, abs, range, closeRange) => {
    const m = measuresOver(intraday, '2025-03-03', 100, n);
    expect(m.absPct).toBeCloseTo(abs, 10);
    expect(m.rangePct).toBeCloseTo(range, 10);
    expect(m.closeRangePct).toBeCloseTo(closeRange, 10);
  });

  it('includes the reading price in the range: a gap away from it counts', () => {
    // P 100, then one session that never traded back to 100: 110..106, close 108.
    const m = measuresOver([day('2025-03-03', 100), day('2025-03-04', 108, 110, 106)], '2025-03-03', 100, 1);
    expect(m.rangePct).toBeCloseTo(10, 10);
    expect(m.closeRangePct).toBeCloseTo(8, 10);
  });

  it('leaves the high-low range unknown when a session holds only its close', () => {
    const mixed = [day('2025-03-03', 100), day('2025-03-04', 102, 103, 99), day('2025-03-05', 97)];
    const m = measuresOver(mixed, '2025-03-03', 100, 2);
    expect(m.rangePct).toBeNull();
    expect(m.closeRangePct).toBeCloseTo(5, 10);
    expect(m.absPct).toBeCloseTo(3, 10);
  });

  it('is unknown past the data, and the horizons count sessions after the firing day', () => {
    const moves = movesAfter(intraday, '2025-03-03', 100);
    expect(moves['1d'].absPct).toBeCloseTo(2, 10);
    expect(moves['5d']).toEqual({ absPct: null, rangePct: null, closeRangePct: null, realizedVolPct: null });
    // Realized vol of 100 → 102: √252 · |ln 1.02| · 100.
    expect(moves['1d'].realizedVolPct).toBeCloseTo(Math.sqrt(252) * 1.9802627296179713, 9);
  });
});
