// The front quarterly future of an index (shared/futures-contract.ts): settlement on the third
// Friday of Mar/Jun/Sep/Dec (the trading day before on a holiday), the roll on the Monday of the
// settlement week, and the contract code.
import { describe, expect, it } from 'vitest';
import { frontQuarterly, futureOf } from '../../../src/shared/futures-contract.ts';

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
