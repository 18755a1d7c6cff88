import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore();
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

const at = (date: string, hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return nyToEpoch(date, (h as number) * 60 + (m as number));
};

describe('metric points', () => {
  beforeEach(() => {
    store.metrics.put([
      { ticker: 'AAPL', metric: 'price', ts: at('2025-03-03', '10:00'), value: 100 },
      { ticker: 'AAPL', metric: 'price', ts: at('2025-03-03', '15:55'), value: 101 },
      { ticker: 'AAPL', metric: 'price', ts: at('2025-03-03', '12:00'), value: 99 }, // arrives late, is not the latest
      { ticker: 'AAPL', metric: 'price', ts: at('2025-03-04', '21:30'), value: 103 }, // after 19:00 New York: still 4 March
      { ticker: 'AAPL', metric: 'iv_rank', ts: at('2025-03-04', '16:00'), value: 42 },
      { ticker: 'AAPL', metric: 'call_regime', ts: at('2025-03-05', '16:00'), value: 'call_heavy' },
      { ticker: 'AAPL', metric: 'gex_flip', ts: at('2025-03-05', '16:00'), value: null }, // a gap
      { ticker: 'MSFT', metric: 'price', ts: at('2025-03-03', '16:00'), value: 400 },
    ]);
  });

  it('a daily series keeps the latest point of each New York date, aligned across metrics', () => {
    const s = store.metrics.series('aapl', ['price', 'iv_rank', 'call_regime', 'gex_flip']);
    expect(s.resolution).toBe('daily');
    expect(s.dates).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(s.columns).toEqual({
      price: [101, 103, null],
      iv_rank: [null, 42, null],
      call_regime: [null, null, 'call_heavy'],
      gex_flip: [null, null, null],
    });
    expect(s.ts).toEqual([at('2025-03-03', '15:55'), at('2025-03-04', '21:30'), at('2025-03-05', '16:00')]);
  });

  it('a raw series has every point in time order', () => {
    const s = store.metrics.series('AAPL', ['price'], { resolution: 'raw' });
    expect(s.columns.price).toEqual([100, 99, 101, 103]);
    expect(s.dates).toEqual(['2025-03-03', '2025-03-03', '2025-03-03', '2025-03-04']);
  });

  it.each([
    ['date bounds, inclusive', { from: '2025-03-04', to: '2025-03-05' }, ['2025-03-04', '2025-03-05']],
    ['a time bound', { from: at('2025-03-04', '00:00') }, ['2025-03-04', '2025-03-05']],
    ['an ISO bound', { to: '2025-03-03T23:00:00-05:00' }, ['2025-03-03']],
    ['an empty window', { from: '2026-01-01' }, []],
  ])('daily window: %s', (_name, query, dates) => {
    expect(store.metrics.series('AAPL', ['price', 'iv_rank', 'call_regime'], query).dates).toEqual(dates);
  });

  it('a raw window by date covers the whole New York day', () => {
    const s = store.metrics.series('AAPL', ['price'], {
      resolution: 'raw',
      from: '2025-03-04',
      to: '2025-03-04',
    });
    expect(s.columns.price).toEqual([103]);
  });

  it('the same ticker, metric and time again replaces the value', () => {
    store.metrics.put([{ ticker: 'AAPL', metric: 'price', ts: at('2025-03-03', '15:55'), value: 111 }]);
    expect(store.metrics.series('AAPL', ['price']).columns.price?.[0]).toBe(111);
  });

  it('latest and the list of metrics', () => {
    expect(store.metrics.latest('AAPL', 'price')).toEqual({ ts: at('2025-03-04', '21:30'), value: 103 });
    expect(store.metrics.latest('AAPL', 'opportunity_score')).toBeUndefined();
    expect(store.metrics.metrics('AAPL')).toEqual(['call_regime', 'iv_rank', 'price']);
  });

  it('put reports how many points it stored (gaps are not stored)', () => {
    expect(
      store.metrics.put([
        { ticker: 'SPY', metric: 'price', ts: 1, value: 1 },
        { ticker: 'SPY', metric: 'price', ts: 2, value: undefined },
      ]),
    ).toBe(1);
  });

  it.each([
    ['a metric name with capitals', { ticker: 'AAPL', metric: 'Price', ts: 1, value: 1 }],
    ['Infinity', { ticker: 'AAPL', metric: 'price', ts: 1, value: Infinity }],
    ['a bad ticker', { ticker: '', metric: 'price', ts: 1, value: 1 }],
    ['a negative time', { ticker: 'AAPL', metric: 'price', ts: -5, value: 1 }],
  ])('refuses %s, storing none of the batch', (_name, bad) => {
    const before = store.metrics.series('AAPL', ['price'], { resolution: 'raw' }).ts.length;
    let error: unknown;
    try {
      store.metrics.put([{ ticker: 'AAPL', metric: 'price', ts: 5, value: 5 }, bad]);
    } catch (e) {
      error = e;
    }
    expect((error as StoreError).kind).toBe('invalid_input');
    expect(store.metrics.series('AAPL', ['price'], { resolution: 'raw' }).ts.length).toBe(before);
  });

  it('refuses a query without metrics', () => {
    expect(() => store.metrics.series('AAPL', [])).toThrow(StoreError);
  });
});
