import { afterEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import {
  ingestFetched,
  ingestProduced,
  type Fetched,
  type IngestDeps,
  type NewSnapshot,
} from '../../../../src/core/store/ingest.ts';
import { newestFirst } from '../../../../src/core/store/past-snapshots.ts';
import type { SnapshotInput } from '../../../../src/core/store/repositories/snapshots.ts';
import { requestsFor, seriesRequest } from '../../../../src/core/poller/jobs.ts';
import type { PollResult } from '../../../../src/core/poller/poll-client.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function setup(quiet = false) {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  store.alertRules.create({
    name: 'regime',
    rule: alertRuleBodySchema.parse({
      // Dwell off: these cases are about storing one transition (alerts/dwell tests cover dwell).
      condition: { kind: 'regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      channels: { desktop: true, inApp: true, webhookIds: ['ops'] },
    }),
  });
  const deps: IngestDeps = {
    store,
    channels: () => ({
      desktop: true,
      inApp: true,
      webhooks: [{ id: 'ops', enabled: true }],
      quietHours: quiet ? { start: '00:00', end: '23:59' } : null,
    }),
    wallNow: () => at('2025-03-10', '12:00'),
    marketNow: () => at('2025-03-10', '12:00'),
  };
  return { store, deps };
}

function result(data: unknown, asof: number | null): PollResult {
  return {
    body: { meta: asof === null ? {} : { asof: new Date(asof).toISOString() }, data },
    url: 'x',
    status: 200,
    notModified: false,
    fromCache: false,
    stale: false,
    etag: null,
    fetchedAt: at('2025-03-10', '12:00'),
    bytes: 10,
    durationMs: 1,
    attempts: 1,
    warnings: [],
  };
}

const [signalsSpy] = requestsFor('signals', { tickers: ['SPY'], screeners: [], seriesWindow: '30d' });
const signals = (regime: string, minutes: number, price = 500): Fetched => ({
  request: signalsSpy as Fetched['request'],
  result: result(
    { ticker: 'SPY', price, gamma_regime: 'positive', regime_label: regime, iv_rank: 40 },
    at('2025-03-10', '10:00') + minutes * 60_000,
  ),
});

describe('ingestFetched', () => {
  it('stores snapshots, metric points, and the alert with its deliveries in one go', () => {
    const { store, deps } = setup();
    expect(ingestFetched(deps, [signals('range_bound', 0)]).eventIds).toEqual([]);
    const out = ingestFetched(deps, [signals('flush_panic', 5, 480)]);
    expect(out.snapshots).toHaveLength(1);
    expect(out.eventIds).toHaveLength(1);
    expect(out.metricPoints).toBe(2); // price and iv_rank are catalog metrics
    const event = store.alertEvents.get(out.eventIds[0] as number);
    expect(event).toMatchObject({
      ticker: 'SPY',
      kind: 'regime_change',
      transition: { from: 'range_bound', to: 'flush_panic' },
    });
    expect(store.deliveries.forEvent(event?.id as number).map((d) => [d.channel, d.state])).toEqual([
      ['desktop', 'pending'],
      ['in_app', 'pending'],
      ['webhook:ops', 'pending'],
    ]);
    expect(store.metrics.latest('SPY', 'price')?.value).toBe(480);
  });

  it('is idempotent: the same responses again write nothing and raise nothing', () => {
    const { store, deps } = setup();
    ingestFetched(deps, [signals('range_bound', 0)]);
    ingestFetched(deps, [signals('flush_panic', 5)]);
    const again = ingestFetched(deps, [signals('range_bound', 0), signals('flush_panic', 5)]);
    expect(again).toMatchObject({ snapshots: [], eventIds: [] });
    expect(store.alertEvents.count()).toBe(1);
    expect(store.snapshots.count().snapshots).toBe(2);
  });

  it('compares snapshots in time order within a batch', () => {
    const { store, deps } = setup();
    const out = ingestFetched(deps, [
      signals('choppy_volatile', 10),
      signals('range_bound', 0),
      signals('flush_panic', 5),
    ]);
    expect(out.eventIds).toHaveLength(2);
    expect(store.alertEvents.list().map((e) => `${e.transition?.from}->${e.transition?.to}`)).toEqual([
      'flush_panic->choppy_volatile',
      'range_bound->flush_panic',
    ]);
  });

  it('a late, older snapshot is stored but raises nothing', () => {
    const { store, deps } = setup();
    ingestFetched(deps, [signals('range_bound', 0)]);
    ingestFetched(deps, [signals('range_bound', 10)]);
    const late = ingestFetched(deps, [signals('flush_panic', 5)]);
    expect(late.snapshots).toHaveLength(1);
    expect(late.eventIds).toEqual([]);
    expect(store.alertEvents.count()).toBe(0);
  });

  it('in quiet hours the event is kept, outward deliveries skipped with the reason', () => {
    const { store, deps } = setup(true);
    ingestFetched(deps, [signals('range_bound', 0)]);
    const [id] = ingestFetched(deps, [signals('flush_panic', 5)]).eventIds;
    expect(store.deliveries.forEvent(id as number).map((d) => [d.channel, d.state, d.lastError])).toEqual([
      ['desktop', 'skipped', 'quiet hours'],
      ['in_app', 'pending', null],
      ['webhook:ops', 'skipped', 'quiet hours'],
    ]);
  });

  it('series responses become daily metric points, not snapshots', () => {
    const { store, deps } = setup();
    const request = seriesRequest('SPY', '30d');
    const data = {
      ticker: 'SPY',
      window: '30d',
      metrics: ['price'],
      points: [
        { date: '2025-03-06', price: 1 },
        { date: '2025-03-07', price: 2 },
        { date: 'bad', price: 3 },
      ],
    };
    const out = ingestFetched(deps, [{ request, result: result(data, at('2025-03-07', '16:00')) }]);
    expect(out).toMatchObject({ snapshots: [], metricPoints: 2 });
    expect(store.metrics.series('SPY', ['price']).columns['price']).toEqual([1, 2]);
  });

  it('one unstorable item costs only itself', () => {
    const { store, deps } = setup();
    const bad: Fetched = {
      request: { ...(signalsSpy as Fetched['request']), ticker: 'not a ticker!' },
      result: result({}, at('2025-03-10', '10:00')),
    };
    const out = ingestFetched(deps, [signals('range_bound', 0), bad]);
    expect(out.snapshots).toHaveLength(1);
    expect(out.failures).toHaveLength(1);
    expect(store.snapshots.count().snapshots).toBe(1);
  });

  it('a response without meta.asof is dated by the market clock', () => {
    const { store, deps } = setup();
    ingestFetched(deps, [
      { request: signalsSpy as Fetched['request'], result: result({ ticker: 'SPY', price: 1 }, null) },
    ]);
    expect(store.snapshots.latest({ endpoint: 'signals', ticker: 'SPY' })?.asof).toBe(
      at('2025-03-10', '12:00'),
    );
  });
});

/** A signals snapshot made without a request (a chain file's, a backfill's), at 10:00 + minutes. */
const produced = (regime: string, minutes: number, price = 500): SnapshotInput => ({
  endpoint: 'signals',
  ticker: 'SPY',
  params: {},
  asof: at('2025-03-10', '10:00') + minutes * 60_000,
  data: { ticker: 'SPY', price, gamma_regime: 'positive', regime_label: regime, iv_rank: 40 },
  meta: { backfilled: 'chain_file' },
});

describe('what is news, whichever path stores it', () => {
  /** A store holding SPY range_bound at 10:00, and what the ingest announced since. */
  function stored() {
    const { store, deps } = setup();
    ingestFetched(deps, [signals('range_bound', 0)]);
    const heard = { news: [] as NewSnapshot[], alerts: [] as number[] };
    const listening: IngestDeps = {
      ...deps,
      onSnapshots: (s) => heard.news.push(...s),
      onAlerts: (ids) => heard.alerts.push(...ids),
    };
    return { store, deps: listening, heard };
  }

  it.each([
    // path, minutes after 10:00, regime, alerts raised, snapshots announced
    ['a chain file newer than the newest stored', 5, 'flush_panic', 1, 1],
    ['a chain file older than the newest stored', -5, 'flush_panic', 0, 0],
    ['a chain file of the same instant, another body', 0, 'flush_panic', 0, 1],
    ['a poll newer than the newest stored', 5, 'flush_panic', 1, 1],
    ['a poll older than the newest stored', -5, 'flush_panic', 0, 0],
    ['a newer snapshot that changes nothing', 5, 'range_bound', 0, 1],
  ] as const)('%s', (path, minutes, regime, alerts, announced) => {
    const { store, deps, heard } = stored();
    const out = path.startsWith('a chain file')
      ? ingestProduced(deps, [produced(regime, minutes, 501)])
      : ingestFetched(deps, [signals(regime, minutes, 501)]);
    expect(out.snapshots).toHaveLength(1);
    expect(out.eventIds).toHaveLength(alerts);
    expect(store.alertEvents.count()).toBe(alerts);
    // Handed on at once, after the commit: delivered and announced without waiting for a retry.
    expect(heard.alerts).toEqual(out.eventIds);
    expect(heard.news.map((n) => n.asof)).toEqual(out.news.map((n) => n.asof));
    expect(out.news).toHaveLength(announced);
  });

  it('a file the import stored first raises nothing again when a poll fetches the same instant', () => {
    const { store, deps, heard } = stored();
    expect(ingestProduced(deps, [produced('flush_panic', 5)]).eventIds).toHaveLength(1);
    const poll = ingestFetched(deps, [signals('flush_panic', 5)]);
    expect(poll.eventIds).toEqual([]);
    expect(store.alertEvents.count()).toBe(1);
    expect(heard.alerts).toHaveLength(1);
  });

  it('a writer of many past snapshots, newest first, raises only what the newest brings', () => {
    const { store, deps } = stored();
    // Six files after the stored one, alternating regimes: stored newest first, in its own batch.
    const files = [5, 10, 15, 20, 25, 30].map((m, i) => produced(i % 2 ? 'range_bound' : 'flush_panic', m));
    for (const batch of newestFirst(files, 4)) ingestProduced(deps, batch);
    // The newest (range_bound) against the stored range_bound: no change, no alert; the rest are history.
    expect(store.alertEvents.count()).toBe(0);
    expect(store.snapshots.range({ endpoint: 'signals', ticker: 'SPY' })).toHaveLength(7);
  });

  it('a listener that throws is said in the log and undoes nothing', () => {
    const { store, deps } = stored();
    const logs: string[] = [];
    const out = ingestProduced(
      {
        ...deps,
        onAlerts: () => {
          throw new Error('dispatcher down');
        },
        log: (m) => logs.push(m),
      },
      [produced('flush_panic', 5)],
    );
    expect(out.eventIds).toHaveLength(1);
    expect(store.alertEvents.count()).toBe(1);
    expect(logs).toEqual(['ingest: listener failed: dispatcher down']);
  });
});

describe('newestFirst', () => {
  it.each([
    [[], 3, []],
    [[1], 3, [[1]]],
    [[1, 2, 3, 4, 5], 2, [[5], [1, 2], [3, 4]]],
    [[1, 2, 3], 5, [[3], [1, 2]]],
  ])('%j in batches of %i → %j', (items, size, batches) => {
    expect(newestFirst(items, size)).toEqual(batches);
  });
});
