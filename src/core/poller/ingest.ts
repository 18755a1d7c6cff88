// Writes what a poll fetched: snapshots (idempotent, content-addressed), the metric points charts
// and thresholds read, and the alert events the new snapshots raise, all in ONE transaction. A
// crash before the commit leaves nothing; after it, everything. Re-ingesting the same responses
// (a 304, a retry, a restart) writes nothing new, so nothing is notified twice.
//
// It is also the one way any snapshot is stored: history produced without a poll (a backtest's
// backfill, a chain folder's import) goes through `ingestHistory`, which stores snapshots and their
// metric points exactly as a poll's are stored (`putSnapshots`), without evaluating alerts.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { EXTENSION_METRIC_CATALOG, METRIC_CATALOG } from '../../shared/api/series.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { nyToEpoch, REGULAR_CLOSE_MINUTES } from '../../shared/market-calendar.ts';
import type { AlertSnapshot } from '../alerts/conditions.ts';
import { evaluateSnapshot, rulesWatch, type NewAlertEvent } from '../alerts/engine.ts';
import { record } from '../alerts/fields.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import { storeAlertContext } from '../alerts/store-context.ts';
import type { AlertEventPayload } from '../queries/alerts.ts';
import type { Store } from '../store/database.ts';
import { StoreError, type StoreErrorKind } from '../store/errors.ts';
import type { MetricPointInput } from '../store/repositories/metric-points.ts';
import type { IngestResult, SnapshotInput } from '../store/repositories/snapshots.ts';
import type { PollRequest } from './jobs.ts';
import type { PollResult } from './poll-client.ts';
import { messageOf } from '../../shared/message-of.ts';

export interface Fetched {
  request: PollRequest;
  result: PollResult;
}

export interface NewSnapshot {
  id: number;
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  asof: number;
}

export interface IngestOutcome {
  snapshots: NewSnapshot[];
  /** Ids of alert events written by this batch (new ones only). */
  eventIds: number[];
  metricPoints: number;
  /** Items that could not be stored, with why (the rest of the batch is kept). */
  failures: IngestFailure[];
}

export interface IngestFailure {
  key: string;
  error: string;
  /**
   * True when the database itself refused the write (full disk, damaged or read-only file, a lock
   * held too long, an I/O error), not the item: nothing else will be stored either.
   */
  storage: boolean;
}

const STORAGE_KINDS: ReadonlySet<StoreErrorKind> = new Set([
  'disk_full',
  'corrupt',
  'read_only',
  'io',
  'busy',
  'cannot_open',
  'closed',
]);

/** Whether `error` is the database refusing writes (see IngestFailure.storage). */
export function isStorageFailure(error: unknown): boolean {
  return error instanceof StoreError && STORAGE_KINDS.has(error.kind);
}

export interface IngestDeps {
  store: Store<AlertRuleBody>;
  channels: () => ChannelSettings;
  wallNow: () => number;
  /** Fallback asof for a response without `meta.asof`. */
  marketNow: () => number;
  /**
   * Alerts compare only with snapshots stored after this id: those of the current data source
   * (0, the default, compares with everything). A switch of source moves it.
   */
  alertBaseline?: () => number;
}

const METRIC_NAMES = new Set(Object.keys(METRIC_CATALOG));
/**
 * Our metrics beyond the spec's catalog (dealer vanna and charm, 0DTE GEX) are not signals fields:
 * they are read off the ticker state snapshot, so their intraday history builds up from every poll.
 */
const STATE_METRIC_NAMES = new Set(Object.keys(EXTENSION_METRIC_CATALOG));

function asofOf(result: PollResult, fallback: number): number {
  const meta = record(result.body.meta);
  const text = meta?.['asof'];
  const ms = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : fallback;
}

/** Catalog metrics of a signals payload, as points at the snapshot's time. */
function signalPoints(
  ticker: string,
  asof: number,
  data: unknown,
  names: ReadonlySet<string> = METRIC_NAMES,
): MetricPointInput[] {
  const fields = record(data);
  if (!fields) return [];
  const out: MetricPointInput[] = [];
  for (const [metric, value] of Object.entries(fields)) {
    if (!names.has(metric)) continue;
    if (
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length > 0)
    ) {
      out.push({ ticker, metric, ts: asof, value });
    }
  }
  return out;
}

/** Series points `{ date, <metric>: value }`, dated at that session's close. */
function seriesPoints(ticker: string, data: unknown): MetricPointInput[] {
  const points = record(data)?.['points'];
  if (!Array.isArray(points)) return [];
  const out: MetricPointInput[] = [];
  for (const point of points) {
    const p = record(point);
    const date = p?.['date'];
    if (!p || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const ts = nyToEpoch(date, REGULAR_CLOSE_MINUTES);
    for (const [metric, value] of Object.entries(p)) {
      if (metric === 'date' || !METRIC_NAMES.has(metric)) continue;
      if (
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && value.length > 0)
      ) {
        out.push({ ticker, metric, ts, value });
      }
    }
  }
  return out;
}

function eventPayload(e: NewAlertEvent): AlertEventPayload {
  return {
    ruleName: e.ruleName,
    title: e.title,
    message: e.message,
    endpoint: e.endpoint,
    details: e.details,
  };
}

const channelName = (p: NewAlertEvent['deliveries'][number]): string =>
  p.channel === 'webhook' ? `webhook:${p.target ?? ''}` : p.channel;

/**
 * Stores snapshots and the metric points of the new ones (a signals snapshot's catalog metrics,
 * at its asof), then `morePoints`, inside the caller's transaction. Results are in input order.
 */
function putSnapshots(
  store: Store<AlertRuleBody>,
  inputs: readonly SnapshotInput[],
  morePoints: readonly MetricPointInput[] = [],
): { results: IngestResult[]; metricPoints: number } {
  const results = inputs.length ? store.snapshots.ingest(inputs) : [];
  const points: MetricPointInput[] = [];
  results.forEach((r, i) => {
    const input = inputs[i] as SnapshotInput;
    if (r.isNew && input.endpoint === 'signals' && input.ticker)
      points.push(...signalPoints(input.ticker, input.asof as number, input.data));
    if (r.isNew && input.endpoint === 'state' && input.ticker)
      points.push(...signalPoints(input.ticker, input.asof as number, input.data, STATE_METRIC_NAMES));
  });
  points.push(...morePoints);
  const metricPoints = points.length ? store.metrics.put(points) : 0;
  return { results, metricPoints };
}

/**
 * Stores history produced without a poll (a backtest's backfill, a chain file's import): the
 * snapshots and their metric points, as a poll's are stored, in one transaction. No alert is
 * evaluated: past snapshots are not news. Returns how many snapshots were new.
 */
export function ingestHistory(
  store: Store<AlertRuleBody>,
  inputs: readonly SnapshotInput[],
): { snapshots: number; metricPoints: number } {
  if (inputs.length === 0) return { snapshots: 0, metricPoints: 0 };
  return store.transaction(() => {
    const { results, metricPoints } = putSnapshots(store, inputs);
    return { snapshots: results.filter((r) => r.isNew).length, metricPoints };
  });
}

/** The batch in one transaction; synchronous, like the store. */
function writeBatch(deps: IngestDeps, batch: readonly Fetched[]): Omit<IngestOutcome, 'failures'> {
  const { store } = deps;
  return store.transaction(() => {
    const snapshotItems = batch.filter((f) => f.request.endpoint !== 'series');
    const inputs: SnapshotInput[] = snapshotItems.map((f) => ({
      endpoint: f.request.endpoint,
      ticker: f.request.ticker,
      params: f.request.params,
      asof: asofOf(f.result, deps.marketNow()),
      fetchedAt: Math.round(f.result.fetchedAt),
      data: f.result.body.data,
      meta: f.result.body.meta,
    }));
    // What was newest before this batch, per series: a snapshot older than that is history
    // arriving late (a backfill, a slow retry), not news, and raises nothing.
    // It is also what the first new snapshot of the series is compared with; later ones in the
    // batch compare with the one before them, so no stored body is read twice.
    const ctx = storeAlertContext(store, deps.channels(), deps.wallNow());
    const newestBefore = new Map<string, { asof: number; data: unknown } | null>();
    const baseline = deps.alertBaseline?.() ?? 0;
    for (const f of snapshotItems) {
      const { endpoint, ticker, params } = f.request;
      if (!rulesWatch(ctx.rules, endpoint) || newestBefore.has(f.request.key)) continue;
      const key = { endpoint, ticker, params };
      const before =
        baseline > 0 ? store.snapshots.latestAfterId(key, baseline) : store.snapshots.latest(key);
      newestBefore.set(f.request.key, before ?? null);
    }
    const series: MetricPointInput[] = [];
    for (const f of batch) {
      if (f.request.endpoint === 'series' && f.request.ticker)
        series.push(...seriesPoints(f.request.ticker, f.result.body.data));
    }
    const { results, metricPoints } = putSnapshots(store, inputs, series);

    const fresh: { item: Fetched; input: SnapshotInput; id: number }[] = [];
    results.forEach((r, i) => {
      if (r.isNew)
        fresh.push({ item: snapshotItems[i] as Fetched, input: inputs[i] as SnapshotInput, id: r.id });
    });

    const eventIds: number[] = [];
    // Oldest first, so a batch holding two snapshots of one series compares them in order.
    fresh.sort((a, b) => (a.input.asof as number) - (b.input.asof as number));
    for (const { item, input } of fresh) {
      const { endpoint, ticker, params } = item.request;
      if (!rulesWatch(ctx.rules, endpoint)) continue;
      const asof = input.asof as number;
      const prev = newestBefore.get(item.request.key) ?? null;
      if (prev && asof <= prev.asof) continue;
      newestBefore.set(item.request.key, { asof, data: item.result.body.data });
      const toAlert = (s: { asof: number; data: unknown }): AlertSnapshot => ({
        endpoint,
        ticker,
        params,
        asof: s.asof,
        payload: s.data,
      });
      const events = evaluateSnapshot(
        ctx,
        prev ? toAlert(prev) : null,
        toAlert({ asof, data: item.result.body.data }),
      );
      for (const e of events) {
        const { inserted, event } = store.alertEvents.insertIfNew({
          ruleId: e.ruleId,
          ticker: e.ticker,
          kind: e.kind,
          transition: e.transition,
          severity: e.severity,
          asof: e.asof,
          payload: eventPayload(e),
          idempotencyKey: e.idempotencyKey,
        });
        if (!inserted) continue;
        // A rule whose change another rule's notification carried (group-events.ts) is in the
        // history but was never news on its own: it starts read, so one change counts once.
        if (e.details['delivered_with_rule_id'] !== undefined) store.alertEvents.markRead([event.id]);
        store.deliveries.queue(
          event.id,
          e.deliveries.map((plan) => ({ channel: channelName(plan), quietHours: plan.quietHours })),
        );
        for (const plan of e.deliveries) {
          if (plan.state === 'skipped') {
            store.deliveries.record(event.id, channelName(plan), {
              state: 'skipped',
              error: plan.reason ?? 'skipped',
            });
          }
        }
        eventIds.push(event.id);
      }
    }
    const snapshots = fresh.map(({ item, input, id }) => ({
      id,
      endpoint: item.request.endpoint,
      ticker: item.request.ticker,
      asof: input.asof as number,
    }));
    return { snapshots, eventIds, metricPoints };
  });
}

/**
 * Stores a batch. If the batch as a whole fails (one unstorable item), each item is retried in
 * its own transaction so one bad response costs only itself.
 */
export function ingestFetched(deps: IngestDeps, batch: readonly Fetched[]): IngestOutcome {
  if (batch.length === 0) return { snapshots: [], eventIds: [], metricPoints: 0, failures: [] };
  try {
    return { ...writeBatch(deps, batch), failures: [] };
  } catch (batchError) {
    if (batch.length === 1)
      return {
        snapshots: [],
        eventIds: [],
        metricPoints: 0,
        failures: [
          {
            key: batch[0]?.request.key ?? '',
            error: messageOf(batchError),
            storage: isStorageFailure(batchError),
          },
        ],
      };
    const out: IngestOutcome = { snapshots: [], eventIds: [], metricPoints: 0, failures: [] };
    for (const item of batch) {
      try {
        const one = writeBatch(deps, [item]);
        out.snapshots.push(...one.snapshots);
        out.eventIds.push(...one.eventIds);
        out.metricPoints += one.metricPoints;
      } catch (error) {
        out.failures.push({
          key: item.request.key,
          error: messageOf(error),
          storage: isStorageFailure(error),
        });
      }
    }
    return out;
  }
}
