import { describe, expect, it } from 'vitest';
import type { BacktestFiring, HorizonStats } from '../../../../src/shared/bridge/backtest.ts';
import {
  compareHorizon,
  defaultChartTicker,
  formatPerMonth,
  formatPoints,
  formatReturn,
  formatShare,
  horizonLabel,
  newRunId,
  progressShare,
  progressText,
  sortFirings,
  verdictOf,
  WINDOW_OPTIONS,
} from '../../../../src/renderer/features/backtest/backtest-model.ts';
import { backtestRunIdSchema } from '../../../../src/shared/bridge/backtest.ts';

const stats = (count: number, medianPct: number | null, upShare: number | null): HorizonStats => ({
  count,
  medianPct,
  upShare,
});

describe('words and numbers', () => {
  it('names every window', () => {
    expect(WINDOW_OPTIONS.map((o) => o.label)).toEqual([
      '30 days',
      '90 days',
      '180 days',
      '1 year',
      '2 years',
    ]);
  });
  it.each([
    ['1d', 'After 1 session'],
    ['5d', 'After 5 sessions'],
    ['20d', 'After 20 sessions'],
  ] as const)('horizon %s → %s', (h, want) => expect(horizonLabel(h)).toBe(want));
  it.each([
    [0.625, '63%'],
    [0, '0%'],
    [1, '100%'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('share %s → %s', (v, want) => expect(formatShare(v)).toBe(want));
  it.each([
    [1.234, '+1.23%'],
    [-0.5, '−0.50%'],
    [0, '0.00%'],
    [null, '—'],
  ])('return %s → %s', (v, want) => expect(formatReturn(v)).toBe(want));
  it.each([
    [0.42, '+0.42 pts'],
    [-1.1, '−1.10 pts'],
    [null, '—'],
  ])('points %s → %s', (v, want) => expect(formatPoints(v)).toBe(want));
  it.each([
    [2.54, '2.5'],
    [0, '0.0'],
    [null, '—'],
  ])('per month %s → %s', (v, want) => expect(formatPerMonth(v)).toBe(want));
});

describe('a horizon against the baseline', () => {
  it.each([
    ['higher median, up as often', stats(10, 1, 0.6), stats(100, 0.2, 0.6), 'better'],
    ['higher median, no share', stats(10, 1, null), stats(100, 0.2, null), 'better'],
    ['lower median, down more often', stats(10, -1, 0.4), stats(100, 0.2, 0.55), 'worse'],
    ['higher median but up less often', stats(10, 1, 0.4), stats(100, 0.2, 0.55), 'mixed'],
    ['same median', stats(10, 0.2, 0.6), stats(100, 0.2, 0.5), 'mixed'],
    ['no firings counted', stats(0, null, null), stats(100, 0.2, 0.5), 'unknown'],
    ['no baseline', stats(10, 1, 0.6), stats(0, null, null), 'unknown'],
  ] as const)('%s → %s', (_name, rule, base, want) => {
    expect(compareHorizon('5d', rule, base).verdict).toBe(want);
  });
  it('measures the difference in points', () => {
    const c = compareHorizon('1d', stats(5, 1.5, 0.8), stats(50, 0.25, 0.5));
    expect(c.edgePct).toBeCloseTo(1.25);
    expect(c.upEdge).toBeCloseTo(0.3);
  });
});

function result(
  count: number,
  rule: [HorizonStats, HorizonStats, HorizonStats],
  base: [HorizonStats, HorizonStats, HorizonStats],
) {
  return {
    summary: { count, perMonth: 1, horizons: { '1d': rule[0], '5d': rule[1], '20d': rule[2] } },
    baseline: { sessions: 100, horizons: { '1d': base[0], '5d': base[1], '20d': base[2] } },
  };
}
const B = stats(100, 0.1, 0.52);
const UP = stats(20, 0.8, 0.7);
const DOWN = stats(20, -0.8, 0.3);

describe('the verdict', () => {
  it.each([
    [
      'never fired',
      result(0, [stats(0, null, null), stats(0, null, null), stats(0, null, null)], [B, B, B]),
      'rule',
      'neutral',
      'Never fired in this window',
      /longer window/,
    ],
    [
      'no entry',
      result(0, [stats(0, null, null), stats(0, null, null), stats(0, null, null)], [B, B, B]),
      'screener',
      'neutral',
      'No ticker entered in this window',
      /Nothing to compare/,
    ],
    [
      'better everywhere',
      result(20, [UP, UP, UP], [B, B, B]),
      'rule',
      'pos',
      'Beats doing nothing',
      /^After it fired, price did better than on a typical session after 1, 5 and 20 sessions\.$/,
    ],
    [
      'worse everywhere',
      result(20, [DOWN, DOWN, DOWN], [B, B, B]),
      'rule',
      'neg',
      'Does no better than doing nothing',
      /worse than on a typical session after 1, 5 and 20 sessions/,
    ],
    [
      'mixed',
      result(20, [UP, DOWN, DOWN], [B, B, B]),
      'screener',
      'neutral',
      'Mixed against doing nothing',
      /^After a ticker entered, price did better after 1 session, worse after 5 and 20 sessions than on a typical session\.$/,
    ],
    [
      'only 1 day known',
      result(20, [UP, stats(0, null, null), stats(0, null, null)], [B, B, B]),
      'rule',
      'pos',
      'Beats doing nothing',
      /after 1 session\./,
    ],
    [
      'too recent',
      result(3, [stats(0, null, null), stats(0, null, null), stats(0, null, null)], [B, B, B]),
      'rule',
      'neutral',
      'Not enough history to compare',
      /Only 3 firings: too few to trust/,
    ],
    [
      'few firings',
      result(4, [UP, UP, UP], [B, B, B]),
      'rule',
      'pos',
      'Beats doing nothing',
      /Only 4 firings: too few to trust\.$/,
    ],
    [
      'one entry',
      result(1, [UP, UP, UP], [B, B, B]),
      'screener',
      'pos',
      'Beats doing nothing',
      /Only 1 entry: too few/,
    ],
  ] as const)('%s', (_name, r, subject, tone, headline, detail) => {
    const v = verdictOf(r, subject);
    expect(v.tone).toBe(tone);
    expect(v.headline).toBe(headline);
    expect(v.detail).toMatch(detail);
  });
});

describe('progress', () => {
  it.each([
    [null, 'Starting…', null],
    [{ runId: 'a', phase: 'replay', done: 12, total: 50, ticker: 'SPY' }, 'Replaying SPY… 12 / 50', 0.24],
    [{ runId: 'a', phase: 'history', done: 0, total: 3, ticker: 'QQQ' }, 'Loading history for QQQ… 0 / 3', 0],
    [{ runId: 'a', phase: 'returns', done: 3, total: 3 }, 'Measuring returns… 3 / 3', 1],
    [{ runId: 'a', phase: 'replay', done: 0, total: 0 }, 'Replaying…', null],
  ] as const)('%j → %s', (p, text, share) => {
    expect(progressText(p)).toBe(text);
    expect(progressShare(p)).toBe(share);
  });
});

const firing = (
  ticker: string,
  at: string,
  d1: number | null,
  adverse: number | null = null,
): BacktestFiring => ({
  ticker,
  at,
  title: 't',
  price: 100,
  forward: { '1d': d1, '5d': null, '20d': null },
  maxAdverse5d: adverse,
});

describe('sorting the firings', () => {
  const list = [
    firing('SPY', '2026-01-02T15:00:00Z', 1),
    firing('AAPL', '2026-01-05T15:00:00Z', null),
    firing('QQQ', '2026-01-03T15:00:00Z', -2),
  ];
  it.each([
    ['ticker', 'asc', ['AAPL', 'QQQ', 'SPY']],
    ['ticker', 'desc', ['SPY', 'QQQ', 'AAPL']],
    ['at', 'desc', ['AAPL', 'QQQ', 'SPY']],
    ['1d', 'desc', ['SPY', 'QQQ', 'AAPL']],
    // A missing return goes last whichever way.
    ['1d', 'asc', ['QQQ', 'SPY', 'AAPL']],
  ] as const)('%s %s', (key, dir, want) => {
    expect(sortFirings(list, key, dir).map((f) => f.ticker)).toEqual(want);
  });
  it('leaves the input alone', () => {
    sortFirings(list, 'ticker', 'asc');
    expect(list.map((f) => f.ticker)).toEqual(['SPY', 'AAPL', 'QQQ']);
  });
});

describe('run ids and the chart ticker', () => {
  it('makes ids the contract accepts, different each time', () => {
    const a = newRunId();
    const b = newRunId('tr');
    expect(backtestRunIdSchema.safeParse(a).success).toBe(true);
    expect(backtestRunIdSchema.safeParse(b).success).toBe(true);
    expect(a).not.toBe(b);
  });
  it.each([
    ['the busiest ticker', ['SPY', 'QQQ'], ['QQQ', 'QQQ', 'SPY'], { SPY: 1, QQQ: 1 }, 'QQQ'],
    ['the first on a tie', ['SPY', 'QQQ'], ['QQQ', 'SPY'], { SPY: 1, QQQ: 1 }, 'SPY'],
    ['one with closes', ['SPY', 'QQQ'], ['SPY', 'SPY'], { QQQ: 1 }, 'QQQ'],
    ['none', ['SPY'], [], {}, null],
  ] as const)('%s', (_name, tickers, fired, prices, want) => {
    const closes = Object.fromEntries(
      Object.entries(prices).map(([t, n]) => [
        t,
        Array.from({ length: n }, () => ({ date: '2026-01-02', close: 1 })),
      ]),
    );
    expect(
      defaultChartTicker({
        tickers: [...tickers],
        firings: fired.map((t) => firing(t, '2026-01-02T15:00:00Z', null)),
        prices: closes,
      }),
    ).toBe(want);
  });
});
