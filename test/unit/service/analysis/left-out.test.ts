// The rankings say which tickers they leave out and why: each ticker is judged at its own newest
// snapshot against the market's "now" (analysis-cache.ts, left-out.ts).
import { describe, expect, it } from 'vitest';
import {
  AnalysisCache,
  EPOCH_RECHECK_MS,
  RECENCY_WINDOW_MS,
} from '../../../../src/service/analysis/analysis-cache.ts';
import { behindText, leftOutOf } from '../../../../src/service/analysis/left-out.ts';
import { EMPTY_HISTORY } from '../../../../src/service/engine/interpret/history-metrics.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type { MarketClock, MarketDataSource } from '../../../../src/service/market/source.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { makeChain } from '../../../support/chain-factory.ts';

const HOUR = 3600_000;
const NOW = nyToEpoch('2023-09-14', 16 * 60 + 31);

/** One snapshot per ticker at the given time (null: none at or before now; FUTURE: only a future one). */
function market(
  latest: Record<string, number | null>,
  future: Record<string, number> = {},
  unreadable = '',
  clock: MarketClock = { now: () => NOW, kind: 'data' },
) {
  const source: MarketDataSource = {
    simulated: false,
    clock,
    universe: () =>
      Object.keys(latest).map((ticker) => ({ ticker, name: ticker, kind: 'imported', demo: false })),
    snapshotTimes: (ticker, since, at) => {
      const t = latest[ticker];
      return t !== null && t !== undefined && t >= since && t <= at ? [t] : [];
    },
    latestSnapshotTime: (ticker, at) => {
      const t = latest[ticker];
      return t !== null && t !== undefined && t <= at ? t : null;
    },
    newestSnapshotTime: (ticker) => future[ticker] ?? latest[ticker] ?? null,
    chain: (ticker, time) => (ticker === unreadable ? null : makeChain({ ticker, asof: time })),
    history: () => EMPTY_HISTORY,
    earnings: () => null,
  };
  return source;
}

describe('behindText', () => {
  it.each([
    [37 * HOUR, '37 hours'],
    [71 * HOUR, '71 hours'],
    [72 * HOUR, '3 days'],
    [190 * 24 * HOUR + 5 * HOUR, '190 days'],
  ])('%d ms → %s', (ms, text) => {
    expect(behindText(ms)).toBe(text);
  });
});

describe('leftOutOf', () => {
  const ctx = { now: NOW, dataClock: true, windowMs: RECENCY_WINDOW_MS };
  it.each([
    [
      'a ticker months behind the folder',
      nyToEpoch('2023-03-08', 16 * 60),
      nyToEpoch('2023-03-08', 16 * 60),
      'stale',
      'newest snapshot 2023-03-08 16:00 ET, 190 days before the newest snapshot in the folder (2023-09-14 16:31 ET); rankings keep snapshots within 36 hours of that',
    ],
    [
      'a ticker whose only file is dated in the future',
      null,
      Date.parse('2033-01-03T21:00:00Z'),
      'future_only',
      'every snapshot is dated in the future (newest 2033-01-03 16:00 ET), later than the wall clock',
    ],
    ['a ticker with nothing readable', null, null, 'no_snapshot', 'no readable file at or before now'],
  ] as const)('%s', (_name, latest, newest, code, reason) => {
    expect(leftOutOf('X', latest, newest, ctx)).toEqual({
      ticker: 'X',
      code,
      newest: code === 'no_snapshot' ? null : newest,
      reason,
    });
  });

  it('names the market clock when "now" is not the data’s own', () => {
    const l = leftOutOf('X', NOW - 40 * HOUR, null, { ...ctx, dataClock: false });
    expect(l.reason).toMatch(/, 40 hours before the market clock \(2023-09-14 16:31 ET\);/);
  });
});

describe('AnalysisCache: the universe says which tickers it leaves out', () => {
  it('ranks the fresh tickers and lists the others with why, sorted', () => {
    const source = market(
      { AAA: NOW - HOUR, TSLA: nyToEpoch('2023-03-08', 16 * 60), ZZZ: null, BAD: NOW - 2 * HOUR },
      { ZZZ: Date.parse('2033-01-03T21:00:00Z') },
      'BAD',
    );
    const u = new AnalysisCache({ source }).universe();
    expect(u.rows.map((r) => r.ticker)).toEqual(['AAA']);
    expect(u.leftOut.map((l) => [l.ticker, l.code])).toEqual([
      ['BAD', 'unreadable'],
      ['TSLA', 'stale'],
      ['ZZZ', 'future_only'],
    ]);
  });

  it('starts a new epoch when what it says about a left-out ticker changes', () => {
    const latest: Record<string, number | null> = { AAA: NOW - HOUR, OLD: NOW - 40 * HOUR };
    const clock = manualClock(NOW);
    const cache = new AnalysisCache({ source: market(latest, {}, '', clock) });
    const first = cache.universe();
    expect(first.leftOut.map((l) => [l.ticker, l.newest])).toEqual([['OLD', NOW - 40 * HOUR]]);
    latest.OLD = NOW - 50 * HOUR; // its newest file was deleted; no ranked snapshot changed
    clock.advance(EPOCH_RECHECK_MS);
    const second = cache.universe();
    expect(second).not.toBe(first);
    expect(second.leftOut.map((l) => [l.ticker, l.newest])).toEqual([['OLD', NOW - 50 * HOUR]]);
    expect(second.rows).toEqual(first.rows);
  });
});
