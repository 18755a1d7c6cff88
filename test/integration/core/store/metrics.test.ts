import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  epochToNy,
  isTradingDay,
  nyToEpoch,
  tradingDaysBetween,
} from '../../../../src/shared/market-calendar.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import type { MetricPointInput, MetricValue } from '../../../../src/core/store/repositories/metric-points.ts';
import { rng, tempStore } from '../../../support/store-factory.ts';
import { at } from '../../../support/ny-time.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore();
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

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

  // Points go to SQLite in multi-row statements (64 rows each, then the remainder): the result
  // must be what one point at a time gives, across statement boundaries and repeats of a key.
  it.each([
    ['1 point', 1],
    ['63 points', 63],
    ['64 points (one full statement)', 64],
    ['65 points (a full one and one row)', 65],
    ['300 points', 300],
  ])('a batch of %s stores what one point at a time stores', (_label, n) => {
    const r = rng(n);
    const day = (i: number): string => ['2025-03-03', '2025-03-04', '2025-03-05'][i % 3] as string;
    // Few distinct keys, so the batch repeats keys inside a statement and across statements.
    const batch: MetricPointInput[] = Array.from({ length: n }, (_, i) => ({
      ticker: ['SPY', 'qqq'][i % 2] as string,
      metric: ['price', 'iv_rank'][Math.floor(r() * 2)] as string,
      ts: at(day(Math.floor(r() * 3)), ['10:00', '12:00', '15:55'][Math.floor(r() * 3)] as string),
      value: i % 17 === 5 ? null : Math.round(r() * 1000) / 10,
    }));
    const other = tempStore();
    try {
      const stored = store.metrics.put(batch);
      let one = 0;
      for (const p of batch) one += other.store.metrics.put([p]);
      expect(stored).toBe(one);
      for (const ticker of ['SPY', 'QQQ']) {
        for (const resolution of ['raw', 'daily'] as const) {
          const metrics = ['price', 'iv_rank'];
          expect(store.metrics.series(ticker, metrics, { resolution })).toEqual(
            other.store.metrics.series(ticker, metrics, { resolution }),
          );
        }
      }
    } finally {
      other.cleanup();
    }
  });

  it.each<[string, number | string]>([
    ['the largest double', Number.MAX_VALUE],
    ['the smallest subnormal', Number.MIN_VALUE],
    ['a value that needs 17 digits', 0.1 + 0.2],
    ['a negative fraction', -1 / 3],
    ['a large integer', 2 ** 53 - 1],
    ['a label with quotes and a backslash', 'say "hi" \\ there'],
    ['a label with a control character', 'line\nbreak\u0001'],
    ['a label beyond ASCII', 'Prix d’exercice 📈 é'],
  ])('a daily series gives back %s exactly', (_name, value) => {
    store.metrics.put([{ ticker: 'SPY', metric: 'price', ts: at('2025-03-03', '16:00'), value }]);
    expect(store.metrics.series('SPY', ['price']).columns.price).toEqual([value]);
  });

  it('refuses a query without metrics', () => {
    expect(() => store.metrics.series('AAPL', [])).toThrow(StoreError);
  });
});

describe('a daily series matches the points it comes from', () => {
  const metrics = ['price', 'iv_rank', 'call_regime', 'gex_flip', 'pcr_oi'];
  const days = tradingDaysBetween('2024-10-01', '2025-03-31');

  /** Random points: some metrics missing some days, several points a day, arriving in any order. */
  function points(seed: number): MetricPointInput[] {
    const r = rng(seed);
    const out: MetricPointInput[] = [];
    for (const ticker of ['AAPL', 'MSFT']) {
      for (const metric of metrics) {
        for (const day of days) {
          if (r() < 0.2) continue;
          for (let k = 0; k < 1 + Math.floor(r() * 3); k++) {
            const ts = nyToEpoch(day, Math.floor(r() * 1440));
            const value =
              metric === 'call_regime' ? (r() < 0.5 ? 'call_heavy' : 'put_heavy') : r() * 1000 - 500;
            out.push({ ticker, metric, ts, value });
          }
        }
      }
    }
    // Shuffled, so late arrivals of older points happen.
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [out[i], out[j]] = [out[j] as MetricPointInput, out[i] as MetricPointInput];
    }
    return out;
  }

  /** The session a point counts for, the slow way: step back a day until one that had opened by then. */
  function sessionDay(ts: number): string {
    const { date, minutes } = epochToNy(ts);
    let day = minutes >= 9 * 60 + 30 ? date : addDays(date, -1);
    while (!isTradingDay(day)) day = addDays(day, -1);
    return day;
  }

  /** The same table worked out the slow, obvious way. */
  function reference(all: MetricPointInput[], ticker: string, wanted: string[], from: string, to: string) {
    const latest = new Map<string, { ts: number; value: MetricValue; pref: number }>();
    for (const p of all) {
      const ts = p.ts as number;
      const day = sessionDay(ts);
      if (p.ticker !== ticker || day < from || day > to || !wanted.includes(p.metric)) continue;
      const k = `${p.metric}|${day}`;
      const seen = latest.get(k);
      // The session's close: any print of its own day before one taken before the next open.
      const preMarket = epochToNy(ts).date !== day && isTradingDay(epochToNy(ts).date);
      const pref = (preMarket ? 0 : 1e13) + ts;
      if (!seen || pref >= seen.pref) latest.set(k, { ts, value: p.value as MetricValue, pref });
    }
    const dates = [...new Set([...latest.keys()].map((k) => k.split('|')[1] as string))].sort();
    return {
      dates,
      ts: dates.map((d) =>
        Math.max(...wanted.map((m) => latest.get(`${m}|${d}`)?.ts ?? Number.NEGATIVE_INFINITY)),
      ),
      columns: Object.fromEntries(
        wanted.map((m) => [m, dates.map((d) => latest.get(`${m}|${d}`)?.value ?? null)]),
      ),
    };
  }

  it.each([
    [1, ['price'], '2024-10-01', '2025-03-31'],
    [2, metrics, '2024-10-01', '2025-03-31'],
    [3, ['gex_flip', 'call_regime', 'price'], '2024-12-15', '2025-01-20'],
    [4, ['pcr_oi', 'iv_rank'], '2025-03-31', '2025-03-31'],
    [5, ['price', 'price', 'iv_rank'], '2024-11-01', '2025-02-01'],
  ])('seed %i, metrics %j, %s to %s', (seed, wanted, from, to) => {
    const all = points(seed);
    for (let i = 0; i < all.length; i += 2000) store.metrics.put(all.slice(i, i + 2000));
    const s = store.metrics.series('AAPL', wanted, { from, to });
    const expected = reference(all, 'AAPL', [...new Set(wanted)], from, to);
    expect(s.metrics).toEqual(wanted);
    expect(s.dates).toEqual(expected.dates);
    expect(s.ts).toEqual(expected.ts);
    for (const m of wanted) expect(s.columns[m]).toEqual(expected.columns[m]);
  });
});
