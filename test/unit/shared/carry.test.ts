// The stated carry (src/shared/carry.ts): one rate for every underlying, each known ticker's own
// dividend yield whatever its spelling, and a default for the rest that says it is one.
import { describe, expect, it } from 'vitest';
import { carryFor, RISK_FREE_RATE } from '../../../src/shared/carry.ts';

describe('carryFor', () => {
  it.each([
    // An index reads its ETF's yield; the spellings a charting tool uses name the index.
    ['SPX', 0.013, 'stated'],
    ['^SPX', 0.013, 'stated'],
    ['spy', 0.013, 'stated'],
    ['NDX', 0.006, 'stated'],
    ['QQQ', 0.006, 'stated'],
    ['RUT', 0.012, 'stated'],
    ['IWM', 0.012, 'stated'],
    ['$DJX', 0.016, 'stated'],
    ['XSP', 0.013, 'stated'],
    ['KO', 0.029, 'stated'],
    // Non-payers are stated at 0, not defaulted.
    ['TSLA', 0, 'stated'],
    ['AMZN', 0, 'stated'],
    // VIX: its options are priced off its forwards, not a yield.
    ['VIX', 0, 'stated'],
    // Unknown: the rate, no dividend, and it says so.
    ['ZZZZ', 0, 'default'],
    ['BRK.B', 0, 'default'],
  ] as const)('%s: yield %s (%s)', (ticker, dividendYield, source) => {
    expect(carryFor(ticker)).toEqual({ rate: RISK_FREE_RATE, dividendYield, source });
  });

  it('states a rate a Treasury bill paid (between 0 and 10 %)', () => {
    expect(RISK_FREE_RATE).toBeGreaterThan(0);
    expect(RISK_FREE_RATE).toBeLessThan(0.1);
  });

  it('reads an index and its ETF at one yield, so their forwards grow alike', () => {
    for (const [index, etf] of [
      ['SPX', 'SPY'],
      ['NDX', 'QQQ'],
      ['RUT', 'IWM'],
      ['DJX', 'DIA'],
    ] as const) {
      expect(carryFor(index).dividendYield).toBe(carryFor(etf).dividendYield);
    }
  });
});
