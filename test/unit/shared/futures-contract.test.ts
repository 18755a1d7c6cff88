// The front quarterly future of an index (shared/futures-contract.ts): settlement on the third
// Friday of Mar/Jun/Sep/Dec (the trading day before on a holiday), the roll on the Monday of the
// settlement week, the contract code, and each contract's tick.
import { describe, expect, it } from 'vitest';
import { FUTURE_TICKS, frontQuarterly, futureOf, onTick } from '../../../src/shared/futures-contract.ts';

describe('frontQuarterly', () => {
  it.each([
    // date, front contract, settles, rolls
    ['2025-03-12', 'ESH5', '2025-03-21', '2025-03-17'],
    ['2025-03-14', 'ESH5', '2025-03-21', '2025-03-17'],
    // From the Monday of the settlement week, the next quarterly.
    ['2025-03-17', 'ESM5', '2025-06-20', '2025-06-16'],
    ['2025-03-21', 'ESM5', '2025-06-20', '2025-06-16'],
    ['2026-11-29', 'ESZ6', '2026-12-18', '2026-12-14'],
    ['2026-12-14', 'ESH7', '2027-03-19', '2027-03-15'],
    ['2026-12-31', 'ESH7', '2027-03-19', '2027-03-15'],
    // Juneteenth 2026 is the third Friday of June: the contract settles on Thursday the 18th.
    ['2026-04-01', 'ESM6', '2026-06-18', '2026-06-15'],
    ['2029-09-20', 'ESZ9', '2029-12-21', '2029-12-17'],
    ['2029-12-17', 'ESH0', '2030-03-15', '2030-03-11'],
  ])('on %s the front is %s, settling %s, rolling %s', (date, contract, settles, rolls) => {
    expect(frontQuarterly('ES', date)).toEqual({ contract, settles, rolls });
  });

  it('names NQ and RTY contracts alike', () => {
    expect(frontQuarterly('NQ', '2026-11-29').contract).toBe('NQZ6');
    expect(frontQuarterly('RTY', '2026-11-29').contract).toBe('RTYZ6');
  });
});

describe('futureOf', () => {
  it.each([
    ['SPX', 'ES', 'SPX', false],
    ['^SPX', 'ES', 'SPX', false],
    ['NDX', 'NQ', 'NDX', false],
    ['RUT', 'RTY', 'RUT', false],
    ['spy', 'ES', 'SPX', true],
    ['QQQ', 'NQ', 'NDX', true],
    ['IWM', 'RTY', 'RUT', true],
  ])('%s → %s through %s (via index: %s)', (ticker, symbol, index, viaIndex) => {
    expect(futureOf(ticker)).toEqual({ symbol, index, viaIndex });
  });

  it.each(['KO', 'VIX', 'XSP', 'DIA'])('%s has none', (ticker) => {
    expect(futureOf(ticker)).toBeNull();
  });
});

describe('onTick: a futures level on its contract tick', () => {
  it('ES and NQ trade in 0.25 index point, RTY in 0.10', () => {
    expect(FUTURE_TICKS).toEqual({ ES: 0.25, NQ: 0.25, RTY: 0.1 });
  });

  it.each([
    // symbol, level + basis, on the tick
    ['ES', 5963.71, 5963.75],
    ['ES', 5963.62, 5963.5],
    ['ES', 5963.63, 5963.75],
    ['ES', 5963.12, 5963],
    // Half a tick rounds up.
    ['ES', 5963.125, 5963.25],
    ['ES', 5963.875, 5964],
    ['ES', 6113.21, 6113.25],
    ['ES', 6000, 6000],
    ['NQ', 21012.37, 21012.25],
    ['NQ', 21012.38, 21012.5],
    ['RTY', 2345.67, 2345.7],
    ['RTY', 2345.04, 2345],
    ['RTY', 2345.05, 2345.1],
    ['RTY', 2345.15, 2345.2],
    // Float noise of level + basis does not move a figure off its cent.
    ['ES', 5950.5 + 13.2, 5963.75],
    ['RTY', 2300.1 + 44.95, 2345.1],
    ['es', 5963.71, 5963.75],
    // No known tick: to the cent.
    ['YM', 44012.347, 44012.35],
  ])('%s %d → %d', (symbol, price, expected) => {
    expect(onTick(symbol, price)).toBe(expected);
  });

  it('every figure it gives is a whole number of ticks, and within half a tick', () => {
    for (const [root, tick] of Object.entries(FUTURE_TICKS)) {
      for (let c = 500_000; c < 500_100; c++) {
        const out = onTick(root, c / 100);
        expect(Math.abs(Math.round(out / tick) * tick - out)).toBeLessThan(1e-9);
        expect(Math.abs(out - c / 100)).toBeLessThanOrEqual(tick / 2 + 1e-9);
      }
    }
  });
});
