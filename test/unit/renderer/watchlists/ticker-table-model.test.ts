import { describe, expect, it } from 'vitest';
import type { TickerRow } from '../../../../src/shared/bridge/tickers.ts';
import {
  inListOrder,
  EMPTY_FILTER,
  filterRows,
  moveItem,
  nextSort,
  sortRows,
  updatedTickers,
  type SortKey,
} from '../../../../src/renderer/features/watchlists/ticker-table-model.ts';

function row(ticker: string, patch: Partial<TickerRow> = {}): TickerRow {
  return {
    ticker,
    status: 'ok',
    error: null,
    price: 100,
    gamma_regime: 'positive',
    regime_label: 'range_bound',
    opportunity_score: 5,
    opportunity_tier: 'low',
    direction: 'neutral',
    iv_rank: 50,
    atm_iv: 0.2,
    gex_flip: 99,
    dist_to_gex_flip_pct: 1,
    expected_move_1d_pct: 1.2,
    expected_move_1d: 1.2,
    asof: '2026-03-02T15:00:00Z',
    stale: false,
    changed: [],
    ...patch,
  };
}

const rows = [
  row('QQQ', {
    price: 438,
    opportunity_score: 8.1,
    opportunity_tier: 'high',
    gamma_regime: 'negative',
    regime_label: 'trending_down_high_vol',
  }),
  row('AAPL', { price: 189, opportunity_score: 3, opportunity_tier: 'pass', stale: true }),
  row('NEW', {
    status: 'pending',
    price: null,
    opportunity_score: null,
    opportunity_tier: null,
    gamma_regime: null,
    regime_label: null,
    asof: null,
  }),
  row('SPY', { price: 512, opportunity_score: 6, opportunity_tier: 'moderate' }),
];
const tickers = (list: TickerRow[]) => list.map((r) => r.ticker);

describe('sortRows', () => {
  it.each<[SortKey, 'asc' | 'desc', string[]]>([
    ['manual', 'asc', ['QQQ', 'AAPL', 'NEW', 'SPY']],
    ['ticker', 'asc', ['AAPL', 'NEW', 'QQQ', 'SPY']],
    ['price', 'desc', ['SPY', 'QQQ', 'AAPL', 'NEW']],
    ['price', 'asc', ['AAPL', 'QQQ', 'SPY', 'NEW']],
    ['opportunity_score', 'desc', ['QQQ', 'SPY', 'AAPL', 'NEW']],
    ['gamma_regime', 'desc', ['AAPL', 'SPY', 'QQQ', 'NEW']],
    ['regime_label', 'asc', ['AAPL', 'SPY', 'QQQ', 'NEW']],
  ])('by %s %s, unknown values last', (key, dir, expected) => {
    expect(tickers(sortRows(rows, key, dir))).toEqual(expected);
  });

  it('does not reorder the input', () => {
    const input = [...rows];
    sortRows(input, 'price', 'asc');
    expect(tickers(input)).toEqual(tickers(rows));
  });
});

describe('filterRows', () => {
  it.each<[Partial<typeof EMPTY_FILTER>, string[]]>([
    [{}, ['QQQ', 'AAPL', 'NEW', 'SPY']],
    [{ text: 'aa' }, ['AAPL']],
    [{ text: 'down high' }, ['QQQ']],
    [{ gamma: 'negative' }, ['QQQ']],
    [{ gamma: 'positive' }, ['AAPL', 'SPY']],
    [{ minTier: 'moderate' }, ['QQQ', 'SPY']],
    [{ minTier: 'high' }, ['QQQ']],
    [{ staleOnly: true }, ['AAPL']],
    [{ text: 'q', minTier: 'low' }, ['QQQ']],
  ])('%o → %o', (patch, expected) => {
    expect(tickers(filterRows(rows, { ...EMPTY_FILTER, ...patch }))).toEqual(expected);
  });
});

describe('nextSort', () => {
  it.each<[{ key: SortKey; dir: 'asc' | 'desc' }, SortKey, { key: SortKey; dir: 'asc' | 'desc' }]>([
    [{ key: 'manual', dir: 'asc' }, 'price', { key: 'price', dir: 'desc' }],
    [{ key: 'price', dir: 'desc' }, 'price', { key: 'price', dir: 'asc' }],
    [{ key: 'price', dir: 'asc' }, 'price', { key: 'manual', dir: 'asc' }],
    [{ key: 'manual', dir: 'asc' }, 'ticker', { key: 'ticker', dir: 'asc' }],
    [{ key: 'ticker', dir: 'asc' }, 'ticker', { key: 'ticker', dir: 'desc' }],
    [{ key: 'ticker', dir: 'desc' }, 'ticker', { key: 'manual', dir: 'asc' }],
    [{ key: 'price', dir: 'asc' }, 'iv_rank', { key: 'iv_rank', dir: 'desc' }],
  ])('%o then click %s → %o', (current, clicked, expected) => {
    expect(nextSort(current, clicked)).toEqual(expected);
  });
});

describe('moveItem', () => {
  it.each<[number, number, string[]]>([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c', 'd']],
    [1, 99, ['a', 'c', 'd', 'b']],
    [2, -5, ['c', 'a', 'b', 'd']],
    [7, 0, ['a', 'b', 'c', 'd']],
  ])('from %i to %i', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c', 'd'], from, to)).toEqual(expected);
  });
});

describe('updatedTickers', () => {
  it('names the rows whose snapshot moved on, not new or unchanged ones', () => {
    const before = [row('SPY', { asof: 't1' }), row('QQQ', { asof: 't1' }), row('NEW', { asof: null })];
    const after = [
      row('SPY', { asof: 't2' }),
      row('QQQ', { asof: 't1' }),
      row('NEW', { asof: 't2' }),
      row('IWM', { asof: 't2' }),
    ];
    expect([...updatedTickers(before, after)]).toEqual(['SPY', 'NEW']);
  });
});

describe('inListOrder', () => {
  it.each([
    [
      'a stale answer follows the moved order',
      ['SPY', 'QQQ', 'MSFT'],
      ['MSFT', 'SPY', 'QQQ'],
      ['MSFT', 'SPY', 'QQQ'],
    ],
    ['already in order', ['SPY', 'QQQ'], ['SPY', 'QQQ'], ['SPY', 'QQQ']],
    [
      'a row the list does not name yet goes last',
      ['SPY', 'NEW', 'QQQ'],
      ['QQQ', 'SPY'],
      ['QQQ', 'SPY', 'NEW'],
    ],
    ['a ticker without a row is skipped', ['SPY'], ['QQQ', 'SPY'], ['SPY']],
  ])('%s', (_name, served, order, expected) => {
    expect(
      inListOrder(
        served.map((t) => row(t)),
        order,
      ).map((r) => r.ticker),
    ).toEqual(expected);
  });
});
