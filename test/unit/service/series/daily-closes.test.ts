// Series points are NYSE sessions: a snapshot after the close, overnight, before the open, on a
// weekend or a holiday is the last session before it (sessionDateOf), so no point falls on a day
// the exchange was closed, and each session's point is the snapshot standing for its close
// (shared/session-close.ts): its last, but a pre-market file only when the session has no other,
// and a complete file before a partial one.
import { describe, expect, it } from 'vitest';
import { AnalysisCache } from '../../../../src/service/analysis/analysis-cache.ts';
import { EMPTY_HISTORY } from '../../../../src/service/engine/interpret/history-metrics.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type { MarketDataSource } from '../../../../src/service/market/source.ts';
import { SeriesCache } from '../../../../src/service/series/series-cache.ts';
import { isTradingDay } from '../../../../src/shared/market-calendar.ts';
import { makeChain } from '../../../support/chain-factory.ts';
import { at } from '../../../support/ny-time.ts';

function seriesOver(times: readonly number[], partial: ReadonlySet<number> = new Set()): SeriesCache {
  const sorted = [...times].sort((a, b) => a - b);
  const source: MarketDataSource = {
    simulated: false,
    clock: manualClock(sorted[sorted.length - 1] as number),
    universe: () => [{ ticker: 'SPY', name: 'SPY', kind: 'imported', demo: false }],
    snapshotTimes: (_t, since, until) => sorted.filter((t) => t >= since && t <= until),
    latestSnapshotTime: (_t, until) => sorted.filter((t) => t <= until).pop() ?? null,
    chain: (ticker, asof) => makeChain({ ticker, asof }),
    history: () => EMPTY_HISTORY,
    earnings: () => null,
    partialSnapshots: () => partial,
  };
  return new SeriesCache({ analysis: new AnalysisCache({ source }) });
}

describe('SeriesCache.dailyCloses', () => {
  // Fri Aug 29 2025, Labor Day Mon Sep 1, Tue Sep 2.
  const times = [
    at('2025-08-28', '15:00'), // Thu in session
    at('2025-08-29', '05:18'), // Fri pre-market: Thursday's close
    at('2025-08-29', '12:00'), // Fri in session
    at('2025-08-29', '20:00'), // Fri after the close
    at('2025-08-30', '11:00'), // Saturday: Friday's close
    at('2025-09-01', '12:00'), // Labor Day: Friday's close
    at('2025-09-02', '05:18'), // Tue pre-market: still Friday's close
    at('2025-09-02', '10:00'), // Tue in session
  ];

  it('gives one point per session, its last snapshot but a pre-market one, never on a closed day', () => {
    const days = seriesOver(times).dailyCloses('SPY', '2025-08-20', Number.POSITIVE_INFINITY);
    expect(days).toEqual([
      { date: '2025-08-28', time: at('2025-08-28', '15:00') },
      { date: '2025-08-29', time: at('2025-09-01', '12:00') },
      { date: '2025-09-02', time: at('2025-09-02', '10:00') },
    ]);
    expect(days.every((d) => isTradingDay(d.date))).toBe(true);
  });

  it('keeps only sessions after `after`, a weekend file of that session included in it', () => {
    const days = seriesOver(times).dailyCloses('SPY', '2025-08-29', Number.POSITIVE_INFINITY);
    expect(days.map((d) => d.date)).toEqual(['2025-09-02']);
  });

  it('reads up to `now` only', () => {
    const days = seriesOver(times).dailyCloses('SPY', '2025-08-20', at('2025-08-30', '12:00'));
    expect(days).toEqual([
      { date: '2025-08-28', time: at('2025-08-28', '15:00') },
      { date: '2025-08-29', time: at('2025-08-30', '11:00') },
    ]);
  });

  it('takes a pre-market file when the session has no other', () => {
    const only = [at('2025-08-28', '15:00'), at('2025-09-02', '08:28'), at('2025-09-03', '16:30')];
    expect(seriesOver(only).dailyCloses('SPY', '2025-08-20', Number.POSITIVE_INFINITY)).toEqual([
      { date: '2025-08-28', time: at('2025-08-28', '15:00') },
      { date: '2025-08-29', time: at('2025-09-02', '08:28') },
      { date: '2025-09-03', time: at('2025-09-03', '16:30') },
    ]);
  });

  it('takes a complete file before a later partial download of the session', () => {
    const partial = at('2025-08-29', '20:00');
    const days = seriesOver(times, new Set([partial, at('2025-09-01', '12:00')])).dailyCloses(
      'SPY',
      '2025-08-28',
      at('2025-09-01', '23:00'),
    );
    // Friday's complete files: 12:00 and Saturday's; Saturday's is the latest of them.
    expect(days).toEqual([{ date: '2025-08-29', time: at('2025-08-30', '11:00') }]);
    // With every file after noon partial, noon's stands for the session.
    const noon = seriesOver(times, new Set([partial, at('2025-08-30', '11:00'), at('2025-09-01', '12:00')]));
    expect(noon.dailyCloses('SPY', '2025-08-28', at('2025-09-01', '23:00'))).toEqual([
      { date: '2025-08-29', time: at('2025-08-29', '12:00') },
    ]);
  });

  it('computes the rows on session dates', async () => {
    const rows = await seriesOver(times).rows('SPY', '2025-08-20');
    expect(rows.map((r) => r.date)).toEqual(['2025-08-28', '2025-08-29', '2025-09-02']);
  });
});
