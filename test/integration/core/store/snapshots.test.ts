import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { contentHash } from '../../../../src/core/store/canonical-json.ts';
import { marketStructurePayload, snapshotInput, tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore({ now: () => Date.UTC(2025, 5, 1) });
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

const minute = 60_000;
const base = Date.UTC(2025, 0, 2, 15);
const key = { endpoint: 'market-structure', ticker: 'AAPL' };

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof StoreError ? error.kind : `not a StoreError: ${String(error)}`;
  }
  return undefined;
}

describe('content-addressed payloads', () => {
  it('stores an identical payload once, however many snapshots share it', () => {
    const data = marketStructurePayload(1);
    const results = store.snapshots.ingest([0, 1, 2].map((i) => snapshotInput(i, { data })));
    expect(results.map((r) => r.isNew)).toEqual([true, true, true]);
    expect(results.map((r) => r.payloadIsNew)).toEqual([true, false, false]);
    expect(store.snapshots.count()).toMatchObject({ snapshots: 3, payloads: 1 });
  });

  it('treats the same data with keys in another order as the same payload', () => {
    const data = { b: 1, a: { d: [1, 2], c: 'x' } };
    const shuffled = { a: { c: 'x', d: [1, 2] }, b: 1 };
    const [one, two] = store.snapshots.ingest([
      snapshotInput(1, { data }),
      snapshotInput(2, { data: shuffled }),
    ]);
    expect(one?.contentHash).toBe(two?.contentHash);
    expect(one?.contentHash).toBe(contentHash(data));
    expect(store.snapshots.count().payloads).toBe(1);
  });

  it('stores new bodies uncompressed and compresses them when compacted', () => {
    store.snapshots.ingest([1, 2, 3, 4].map((i) => snapshotInput(i)));
    expect(store.snapshots.count()).toMatchObject({ pendingPayloads: 4 });
    expect(store.snapshots.count().payloadBytes).toBe(store.snapshots.count().rawBytes);
    store.compactPayloads();
    const { payloadBytes, rawBytes, pendingPayloads } = store.snapshots.count();
    expect(pendingPayloads).toBe(0);
    expect(payloadBytes).toBeLessThan(rawBytes * 0.7);
  });

  it('reads back exactly what was stored', () => {
    const input = snapshotInput(5);
    const [r] = store.snapshots.ingest([input]);
    const s = store.snapshots.byId(r?.id as number);
    expect(s?.data).toEqual(input.data);
    expect(s?.meta).toEqual(input.meta);
    expect(s?.size).toBe(JSON.stringify(s?.data).length);
  });
});

describe('idempotent ingest', () => {
  it('ingesting the same snapshot again is a no-op that returns the same id', () => {
    const input = snapshotInput(1);
    const [first] = store.snapshots.ingest([input]);
    const [second] = store.snapshots.ingest([input]);
    expect(second).toEqual({ ...first, isNew: false, payloadIsNew: false });
    expect(store.snapshots.count().snapshots).toBe(1);
  });

  it('also within one batch', () => {
    const input = snapshotInput(1);
    const results = store.snapshots.ingest([input, input, snapshotInput(2), input]);
    expect(results.map((r) => r.isNew)).toEqual([true, false, true, false]);
    expect(new Set(results.map((r) => r.id)).size).toBe(2);
  });

  it('holds for cross-ticker snapshots (no ticker)', () => {
    const input = {
      endpoint: 'top-setups',
      ticker: null,
      params: { limit: 20 },
      asof: base,
      data: { items: [] },
    };
    store.snapshots.ingest([input]);
    expect(store.snapshots.ingest([input])[0]?.isNew).toBe(false);
    expect(store.snapshots.latest({ endpoint: 'top-setups', params: { limit: 20 } })?.ticker).toBeNull();
  });

  it('keeps a changed payload at the same asof as a second snapshot, newest by arrival', () => {
    store.snapshots.ingest([snapshotInput(1, { asof: base, data: { v: 1 } })]);
    store.snapshots.ingest([snapshotInput(1, { asof: base, data: { v: 2 } })]);
    expect(store.snapshots.count().snapshots).toBe(2);
    expect(store.snapshots.latest(key)?.data).toEqual({ v: 2 });
  });

  it('accepts ISO-8601 times and stores them as epoch ms', () => {
    const [r] = store.snapshots.ingest([
      snapshotInput(1, { asof: '2025-01-02T10:00:00-05:00', fetchedAt: undefined }),
    ]);
    const s = store.snapshots.byId(r?.id as number);
    expect(s?.asof).toBe(base);
    expect(s?.fetchedAt).toBe(Date.UTC(2025, 5, 1)); // the store's clock
  });

  it('normalises ticker case', () => {
    store.snapshots.ingest([snapshotInput(1, { ticker: 'aapl' })]);
    expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'AAPL' })).toBeDefined();
  });

  it.each([
    ['a bad ticker', { ticker: 'not a ticker' }],
    ['a missing endpoint', { endpoint: '' }],
    ['a bad time', { asof: 'yesterday' }],
    ['NaN in the data', { data: { x: Number.NaN } }],
    ['no data', { data: undefined }],
  ])('refuses %s with invalid_input and writes nothing of the batch', (_name, override) => {
    expect(kindOf(() => store.snapshots.ingest([snapshotInput(1), snapshotInput(2, override)]))).toBe(
      'invalid_input',
    );
    expect(store.snapshots.count()).toMatchObject({ snapshots: 0, payloads: 0 });
  });

  it('refuses something that is not an array', () => {
    expect(kindOf(() => store.snapshots.ingest(snapshotInput(1) as never))).toBe('invalid_input');
  });
});

describe('queries', () => {
  beforeEach(() => {
    // AAPL every minute for 10 minutes, fetched out of order; MSFT and another params key beside it.
    const order = [3, 0, 9, 1, 5, 2, 8, 4, 7, 6];
    store.snapshots.ingest(order.map((i) => snapshotInput(i, { asof: base + i * minute, data: { i } })));
    store.snapshots.ingest([
      snapshotInput(20, { ticker: 'MSFT', asof: base + 20 * minute }),
      {
        endpoint: 'curves-gamma',
        ticker: 'AAPL',
        params: { exp: 'nearest' },
        asof: base + 30 * minute,
        data: { exp: 'nearest' },
      },
      {
        endpoint: 'curves-gamma',
        ticker: 'AAPL',
        params: { exp: 'combined' },
        asof: base + 31 * minute,
        data: { exp: 'combined' },
      },
    ]);
  });

  it('latest is the newest asof of the key, whatever the arrival order', () => {
    expect(store.snapshots.latest(key)?.data).toEqual({ i: 9 });
  });

  it('latest keeps parameters apart', () => {
    expect(
      store.snapshots.latest({ endpoint: 'curves-gamma', ticker: 'AAPL', params: { exp: 'nearest' } })?.data,
    ).toEqual({ exp: 'nearest' });
    expect(store.snapshots.latest({ endpoint: 'curves-gamma', ticker: 'AAPL' })).toBeUndefined();
  });

  it.each([
    ['exactly at a snapshot', 4, 4],
    ['between snapshots', 4.5, 4],
    ['after the last', 100, 9],
  ])('as of a time: %s', (_name, at, expected) => {
    expect(store.snapshots.latestAtOrBefore(key, base + at * minute)?.data).toEqual({ i: expected });
  });

  it('as of a time before the first is nothing', () => {
    expect(store.snapshots.latestAtOrBefore(key, base - 1)).toBeUndefined();
    expect(store.snapshots.idAtOrBefore(key, base - 1)).toBeUndefined();
  });

  it.each([0, 4, 4.5, 100])('the id as of a time is the snapshot latestAtOrBefore gives (%s)', (at) => {
    const id = store.snapshots.idAtOrBefore(key, base + at * minute);
    expect(id).toBeDefined();
    expect(id).toBe(store.snapshots.latestAtOrBefore(key, base + at * minute)?.id);
  });

  it.each([
    ['the snapshot before an asof', 4, 3],
    ['before a time between snapshots', 4.5, 4],
  ])('previous: %s', (_name, before, expected) => {
    expect(store.snapshots.previous(key, base + before * minute)?.data).toEqual({ i: expected });
  });

  it('previous of the first is nothing', () => {
    expect(store.snapshots.previous(key, base)).toBeUndefined();
  });

  it('timeline lists every snapshot time of a ticker, newest first', () => {
    const times = store.snapshots.timeline('AAPL').map((s) => s.asof);
    expect(times).toHaveLength(12);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(
      store.snapshots
        .timeline('AAPL', { endpoint: 'market-structure', order: 'asc' })
        .map((s) => (s.asof - base) / minute),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('range filters by endpoint, ticker and time, with limit and offset', () => {
    const page = store.snapshots.range({
      endpoint: 'market-structure',
      ticker: 'AAPL',
      from: base + 2 * minute,
      to: base + 7 * minute,
      order: 'asc',
      limit: 3,
      offset: 1,
    });
    expect(page.map((s) => (s.asof - base) / minute)).toEqual([3, 4, 5]);
    expect(store.snapshots.range({ ticker: 'MSFT' })).toHaveLength(1);
  });

  it('iterate pages through a range larger than one page', () => {
    const many = Array.from({ length: 1234 }, (_, i) =>
      snapshotInput(1000 + i, { ticker: 'SPY', asof: base + i * 1000, data: { i } }),
    );
    store.snapshots.ingest(many);
    const seen = [...store.snapshots.iterate({ ticker: 'SPY', order: 'asc' })].map(
      (s) => (s.data as { i: number }).i,
    );
    expect(seen).toEqual(many.map((_, i) => i));
    const limited = [...store.snapshots.iterate({ ticker: 'SPY', order: 'desc', limit: 501 })].map(
      (s) => (s.data as { i: number }).i,
    );
    expect(limited).toHaveLength(501);
    expect(limited[0]).toBe(1233);
    expect(limited[500]).toBe(733);
  });

  it('iterating does not keep the connection busy between items', () => {
    const it = store.snapshots.iterate({ ticker: 'AAPL' });
    it.next();
    expect(() => store.snapshots.ingest([snapshotInput(99, { ticker: 'QQQ' })])).not.toThrow();
    expect([...it].length).toBe(11);
  });

  it('latestForTickers gives the newest of each ticker that has one', () => {
    const latest = store.snapshots.latestForTickers('market-structure', ['msft', 'AAPL', 'TSLA']);
    expect(latest.map((s) => s.ticker)).toEqual(['MSFT', 'AAPL']);
    expect(latest[1]?.data).toEqual({ i: 9 });
  });

  it('byId of an unknown id is nothing', () => {
    expect(store.snapshots.byId(999_999)).toBeUndefined();
  });
});

describe('one data source at a time', () => {
  it("reads see the active source only; another source's newer snapshot never shows", () => {
    store.useSource('simulator:42:fast');
    const [newer] = store.snapshots.ingest([
      { ...key, asof: base + 60 * minute, data: marketStructurePayload(1) },
    ]);
    const mark = store.snapshots.maxId();
    expect(mark).toBe(newer?.id);
    // The new source has stored nothing yet: nothing to show, not the previous source's figure.
    store.useSource('folder:/chains');
    expect(store.snapshots.latest(key)).toBeUndefined();
    expect(store.snapshots.latestForTickers(key.endpoint, ['AAPL'])).toEqual([]);
    expect(store.snapshots.timeline('AAPL')).toEqual([]);
    expect(store.snapshots.byId(newer?.id ?? 0)).toBeUndefined();
    expect(store.snapshots.latestAtOrBefore(key, base + 120 * minute)).toBeUndefined();
    expect(store.snapshots.idAtOrBefore(key, base + 120 * minute)).toBeUndefined();

    const [older] = store.snapshots.ingest([{ ...key, asof: base, data: marketStructurePayload(2) }]);
    expect(store.snapshots.latest(key)?.id).toBe(older?.id);
    expect(store.snapshots.latestForTickers(key.endpoint, ['AAPL']).map((s) => s.id)).toEqual([older?.id]);
    expect(store.snapshots.latestAfterId(key, mark)?.id).toBe(older?.id);
    expect(store.snapshots.timeline('AAPL').map((s) => s.id)).toEqual([older?.id]);

    // Back to the simulator: its history is intact and the folder's snapshot is not in it.
    store.useSource('simulator:42:fast');
    expect(store.snapshots.latest(key)?.id).toBe(newer?.id);
    expect(store.snapshots.timeline('AAPL').map((s) => s.id)).toEqual([newer?.id]);
    // The same body at the same time from two sources is two snapshots, one per source.
    const [same] = store.snapshots.ingest([{ ...key, asof: base, data: marketStructurePayload(2) }]);
    expect(same?.isNew).toBe(true);
    expect(same?.id).not.toBe(older?.id);
    store.useSource('folder:/chains');
    const [again] = store.snapshots.ingest([{ ...key, asof: base, data: marketStructurePayload(2) }]);
    expect(again).toMatchObject({ isNew: false, id: older?.id });
    store.useSource('');
    expect(store.snapshots.latest(key)).toBeUndefined();
  });

  it('metric points, alert events, poll runs and cached responses are per source too', () => {
    store.useSource('simulator:42:fast');
    store.metrics.put([{ ticker: 'SPY', metric: 'price', ts: base, value: 656.5 }]);
    store.pollRuns.record({ job: 'signals', startedAt: base, finishedAt: base + 5 });
    store.httpCache.set({
      key: 'GET /x',
      etag: '"a"',
      body: '{}',
      storedAt: base,
      maxAgeSeconds: 60,
      swrSeconds: 0,
    });
    store.useSource('folder:/chains');
    store.metrics.put([{ ticker: 'SPY', metric: 'price', ts: base, value: 450.81 }]);
    expect(store.metrics.series('SPY', ['price']).columns.price).toEqual([450.81]);
    expect(store.metrics.latest('SPY', 'price')?.value).toBe(450.81);
    expect(store.pollRuns.recent()).toEqual([]);
    expect(store.httpCache.get('GET /x')).toBeUndefined();
    store.useSource('simulator:42:fast');
    expect(store.metrics.series('SPY', ['price']).columns.price).toEqual([656.5]);
    expect(store.pollRuns.recent()).toHaveLength(1);
    expect(store.httpCache.get('GET /x')?.etag).toBe('"a"');
  });
});
