// Cboe's names in its delayed-quotes URLs: indexes take a leading underscore (SPX → _SPX), stocks
// and ETFs go as they are, whatever form the ticker came in.
import { describe, expect, it } from 'vitest';
import { CBOE_INDEXES, cboeChainUrl, cboeSymbol } from '../../../../../src/service/market/cboe/symbols.ts';

describe('cboeSymbol', () => {
  it.each([
    ['SPX', '_SPX'],
    ['NDX', '_NDX'],
    ['RUT', '_RUT'],
    ['VIX', '_VIX'],
    ['XSP', '_XSP'],
    ['^SPX', '_SPX'],
    ['_SPX', '_SPX'],
    [' spx ', '_SPX'],
    ['SPY', 'SPY'],
    ['QQQ', 'QQQ'],
    ['tsla', 'TSLA'],
  ])('%j → %s', (ticker, symbol) => {
    expect(cboeSymbol(ticker)).toBe(symbol);
  });

  it('every listed index is asked for with its underscore', () => {
    for (const index of CBOE_INDEXES) expect(cboeSymbol(index)).toBe(`_${index}`);
  });
});

describe('cboeChainUrl', () => {
  it('is the delayed-quotes JSON on the origin given, the symbol in Cboe’s form', () => {
    expect(cboeChainUrl('https://cdn.cboe.com', 'SPX')).toBe(
      'https://cdn.cboe.com/api/global/delayed_quotes/options/_SPX.json',
    );
    expect(cboeChainUrl('http://127.0.0.1:4321', 'SPY')).toBe(
      'http://127.0.0.1:4321/api/global/delayed_quotes/options/SPY.json',
    );
  });
});
