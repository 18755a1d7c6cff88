import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import type { ThinningReport } from '../../../../src/core/store/repositories/thinning.ts';
import { DAY_MS } from '../../../../src/core/store/time.ts';
import { marketStructurePayload, snapshotInput, tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
const now = Date.UTC(2025, 6, 1, 16);
beforeEach(() => {
  ctx = tempStore({ now: () => now });
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

/**
 * A thinning run whose only effect is the outer limit: every snapshot younger than `days` is kept
 * whole (fullDays = quarterHourDays = retentionDays), everything older goes.
 */
function expire(days: number, batchRows = 100): ThinningReport {
  const run = store.thinning.run({ fullDays: days, quarterHourDays: days, retentionDays: days, batchRows });
  for (;;) {
    const next = run.next();
    if (next.done) return next.value;
  }
}

describe('retention: what retentionDays no longer keeps', () => {
  it('deletes old snapshots and the payloads only they used; shared payloads stay', () => {
    const shared = marketStructurePayload(1);
    store.snapshots.ingest([
      snapshotInput(1, { asof: now - 40 * DAY_MS, data: shared }), // old, shares its payload with a recent one
      snapshotInput(2, { asof: now - 35 * DAY_MS }), // old, its own payload
      snapshotInput(3, { asof: now - 31 * DAY_MS }), // old, its own payload
      snapshotInput(4, { asof: now - 1 * DAY_MS, data: shared }), // recent
      snapshotInput(5, { asof: now - 29 * DAY_MS }), // recent enough
    ]);
    expect(store.snapshots.count()).toMatchObject({ snapshots: 5, payloads: 4 });
    expect(expire(30)).toMatchObject({ at: now, expired: 3, payloads: 2 });
    expect(store.snapshots.count()).toMatchObject({ snapshots: 2, payloads: 2 });
    expect(store.snapshots.timeline('AAPL').map((s) => s.asof)).toEqual([now - DAY_MS, now - 29 * DAY_MS]);
    expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'AAPL' })?.data).toEqual(shared);
  });

  it('works through more rows than one batch', () => {
    const old = Array.from({ length: 57 }, (_, i) =>
      snapshotInput(i, { asof: now - 100 * DAY_MS + i, data: { i } }),
    );
    store.snapshots.ingest(old);
    expect(expire(30, 10)).toMatchObject({ expired: 57, payloads: 57 });
    expect(store.snapshots.count()).toMatchObject({ snapshots: 0, payloads: 0 });
  });

  it('drops old intraday points but keeps the daily history charts use', () => {
    store.metrics.put([
      { ticker: 'AAPL', metric: 'price', ts: now - 400 * DAY_MS, value: 150 },
      { ticker: 'AAPL', metric: 'price', ts: now - 400 * DAY_MS + 3600_000, value: 151 },
      { ticker: 'AAPL', metric: 'price', ts: now - DAY_MS, value: 200 },
    ]);
    expire(365);
    expect(store.metrics.series('AAPL', ['price'], { resolution: 'raw' }).columns.price).toEqual([200]);
    expect(store.metrics.series('AAPL', ['price']).columns.price).toEqual([151, 200]);
  });

  it('drops old poll runs and cache entries', () => {
    store.pollRuns.record({
      job: 'signals',
      startedAt: now - 90 * DAY_MS,
      finishedAt: now - 90 * DAY_MS + 5,
    });
    store.pollRuns.record({ job: 'signals', startedAt: now - DAY_MS, finishedAt: now - DAY_MS + 5 });
    store.httpCache.set({
      key: 'old',
      etag: null,
      body: '{}',
      storedAt: now - 90 * DAY_MS,
      maxAgeSeconds: 0,
      swrSeconds: 0,
    });
    expire(30);
    expect(store.pollRuns.recent()).toHaveLength(1);
    expect(store.httpCache.get('old')).toBeUndefined();
  });

  it('keeps alert events, watchlists and settings', () => {
    store.alertEvents.insertIfNew({
      kind: 'k',
      severity: 'info',
      asof: now - 900 * DAY_MS,
      idempotencyKey: 'old',
    });
    store.watchlists.create('Core', ['AAPL']);
    expire(1);
    expect(store.alertEvents.count()).toBe(1);
    expect(store.watchlists.allTickers()).toEqual(['AAPL']);
  });

  it('a dedup after pruning still works: a pruned payload can be stored again', () => {
    const data = marketStructurePayload(9);
    store.snapshots.ingest([snapshotInput(1, { asof: now - 100 * DAY_MS, data })]);
    expire(30);
    const [r] = store.snapshots.ingest([snapshotInput(2, { asof: now, data })]);
    expect(r).toMatchObject({ isNew: true, payloadIsNew: true });
    expect(store.snapshots.latest({ endpoint: 'market-structure', ticker: 'AAPL' })?.data).toEqual(data);
  });
});
