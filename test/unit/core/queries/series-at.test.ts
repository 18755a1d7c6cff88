// ticker:series for history review: the window ends on the chosen time's New York date.
import { afterEach, describe, expect, it } from 'vitest';
import { tickerSeries } from '../../../../src/core/queries/series.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { nyToEpoch, REGULAR_CLOSE_MINUTES } from '../../../../src/shared/market-calendar.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const DAYS = [
  '2025-02-28',
  '2025-03-03',
  '2025-03-04',
  '2025-03-05',
  '2025-03-06',
  '2025-03-07',
  '2025-03-10',
];

function storeWithPrices(): Store<unknown> {
  const store = openDatabase(':memory:');
  stores.push(store);
  store.metrics.put(
    DAYS.map((d, i) => ({
      ticker: 'SPY',
      metric: 'price',
      ts: nyToEpoch(d, REGULAR_CLOSE_MINUTES),
      value: 500 + i,
    })),
  );
  return store;
}

describe('tickerSeries with at', () => {
  const now = at('2025-03-10', '17:00');
  it.each<[string, string | undefined, string, string[]]>([
    ['no time: ends today', undefined, '30d', DAYS],
    ['a past time: ends that day', at('2025-03-05', '12:00').toString(), '30d', DAYS.slice(0, 4)],
    [
      'a past time, 3-day window',
      at('2025-03-05', '12:00').toString(),
      '3d',
      ['2025-03-03', '2025-03-04', '2025-03-05'],
    ],
    ['a time after now: ends today', at('2025-03-20', '12:00').toString(), '30d', DAYS],
  ])('%s', (_name, whenMs, window, dates) => {
    const store = storeWithPrices();
    const input = {
      ticker: 'SPY',
      metrics: ['price' as const],
      window,
      ...(whenMs ? { at: new Date(Number(whenMs)).toISOString() } : {}),
    };
    const out = tickerSeries(store, input, now);
    expect(out.data.points.map((p) => p.date)).toEqual(dates);
  });
});
