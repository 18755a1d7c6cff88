// Suggestions for a typed query: an exact symbol wins, a symbol prefix next, then a word of the
// name; the "(simulated)" note of every simulated name never matches ("MU" used to suggest AAPL).
import { describe, expect, it } from 'vitest';
import { searchUniverse, suggestionRank } from '../../../../src/core/queries/universe-search.ts';

const entry = (ticker: string, name: string) => ({ ticker, name, kind: 'mega_cap', demo: false });
const UNIVERSE = [
  entry('AAPL', 'Apple Inc. (simulated)'),
  entry('AMD', 'Advanced Micro Devices (simulated)'),
  entry('MSFT', 'Microsoft Corp. (simulated)'),
  entry('MU', 'Micron Technology (simulated)'),
  entry('SPY', 'SPDR S&P 500 ETF (simulated)'),
  entry('TSLA', 'Tesla Inc (imported)'),
];

describe('suggestionRank', () => {
  it.each([
    ['MU', 'MU', 'Micron Technology (simulated)', 0],
    ['mu (lower case, spaces)', ' mu ', 'Micron Technology (simulated)', 0],
    ['MS prefix of MSFT', 'MS', 'Microsoft Corp. (simulated)', 1],
    ['a word of the name', 'micro', 'Advanced Micro Devices (simulated)', 2],
    ['inside a word is not a match', 'icro', 'Advanced Micro Devices (simulated)', -1],
    ['the (simulated) note is not searched', 'SIM', 'Apple Inc. (simulated)', -1],
    ['nor the (imported) note', 'IMP', 'Tesla Inc (imported)', -1],
    ['MU does not match "simulated"', 'MU', 'Apple Inc. (simulated)', -1],
    ['an empty query lists everything last', '', 'Apple Inc. (simulated)', 3],
  ])('%s', (_name, query, name, rank) => {
    const ticker = name.startsWith('Micron') ? 'MU' : name.startsWith('Microsoft') ? 'MSFT' : 'XXX';
    expect(suggestionRank({ ticker, name }, query)).toBe(rank);
  });
});

describe('searchUniverse', () => {
  it.each([
    ['MU', ['MU']],
    ['m', ['MSFT', 'MU', 'AMD']],
    ['micro', ['AMD', 'MSFT', 'MU']],
    ['ZZZZ', []],
  ])('%s → %j', (query, tickers) => {
    expect(searchUniverse(UNIVERSE, query, 10).map((e) => e.ticker)).toEqual(tickers);
  });

  it('keeps at most `limit`', () => {
    expect(searchUniverse(UNIVERSE, '', 2).map((e) => e.ticker)).toEqual(['AAPL', 'AMD']);
  });
});
