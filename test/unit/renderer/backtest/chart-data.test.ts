import { describe, expect, it } from 'vitest';
import type { BacktestFiring } from '../../../../src/shared/bridge/backtest.ts';
import { closeColumns, firingMarkers } from '../../../../src/renderer/features/backtest/chart-data.ts';

const day = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 1000;

describe('daily closes as chart columns', () => {
  it('sorts by date and drops bad points', () => {
    const [x, y] = closeColumns([
      { date: '2026-03-03', close: 101 },
      { date: '2026-03-02', close: 100 },
      { date: 'not a date', close: 5 },
      { date: '2026-03-04', close: Number.NaN },
    ]);
    expect([...x]).toEqual([day('2026-03-02'), day('2026-03-03')]);
    expect(y).toEqual([100, 101]);
  });
});

const f = (ticker: string, at: string): BacktestFiring => ({
  ticker,
  at,
  title: 'x',
  price: 1,
  forward: { '1d': null, '5d': null, '20d': null },
  maxAdverse5d: null,
});

describe('a marker per session that fired', () => {
  it.each([
    ['one firing', [f('SPY', '2026-03-02T15:00:00Z')], [['2026-03-02', 'Mar 2']]],
    [
      'two in one session share a marker',
      [f('SPY', '2026-03-02T15:00:00Z'), f('SPY', '2026-03-02T19:30:00Z')],
      [['2026-03-02', 'Mar 2 ×2']],
    ],
    // 01:00 UTC on the 3rd is still the 2nd in New York.
    ['New York date', [f('SPY', '2026-03-03T01:00:00Z')], [['2026-03-02', 'Mar 2']]],
    ['other tickers left out', [f('QQQ', '2026-03-02T15:00:00Z')], []],
    [
      'an upward firing',
      [{ ...f('SPY', '2026-03-02T15:00:00Z'), direction: 'up' }],
      [['2026-03-02', '▲ Mar 2']],
    ],
    [
      'both ways in one session',
      [
        { ...f('SPY', '2026-03-02T15:00:00Z'), direction: 'down' },
        { ...f('SPY', '2026-03-02T18:00:00Z'), direction: 'up' },
      ],
      [['2026-03-02', '▲▼ Mar 2 ×2']],
    ],
    [
      'no direction, no arrow',
      [{ ...f('SPY', '2026-03-02T15:00:00Z'), direction: 'none' }],
      [['2026-03-02', 'Mar 2']],
    ],
    [
      'in date order',
      [f('SPY', '2026-03-05T15:00:00Z'), f('SPY', '2026-03-02T15:00:00Z')],
      [
        ['2026-03-02', 'Mar 2'],
        ['2026-03-05', 'Mar 5'],
      ],
    ],
  ] as const)('%s', (_name, firings, want) => {
    const markers = firingMarkers(firings, 'SPY');
    expect(markers.map((m) => [m.value, m.label])).toEqual(want.map(([d, label]) => [day(d), label]));
    expect(markers.every((m) => m.kind === 'asof')).toBe(true);
  });
});
