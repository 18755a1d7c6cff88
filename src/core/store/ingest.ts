// The one way a snapshot is stored, whichever path brings it: a poll's responses, a curve or a
// ticker fetched on demand (`ingestFetched`), a chain file imported, a backtest's backfill
// (`ingestProduced`). Each batch is ONE transaction: snapshots (idempotent, content-addressed), the
// metric points charts and thresholds read, and the alert events the news raises. A crash before
// the commit leaves nothing; after it, everything. Storing the same snapshot again (a 304, a retry,
// a restart, a file the poll already fetched) writes nothing, so nothing is notified twice.
//
// What is news is decided here, for every path alike: a new snapshot newer than the newest stored
// for its source, ticker and view (since the source's alert baseline) is news: its rules are
// evaluated, its alerts are handed to `onAlerts` (delivered at once) and it is announced through
// `onSnapshots` (`snapshot:new`). An older one is history: stored, silently. So a chain file raises
// its alerts once, whether the folder's import or a poll stores it first, and a writer of many
// past snapshots (a folder's first import, a backfill) writes the newest of each series first,
// which sets the baseline as a first poll does, and the rest are history.
import type { ApiResult } from '../../client/index.ts';
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { METRIC_CATALOG } from '../../shared/api/series.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { nyToEpoch, REGULAR_CLOSE_MINUTES, sessionDateOf } from '../../shared/market-calendar.ts';
import { closePreference } from '../../shared/session-close.ts';
import type { AlertSnapshot } from '../alerts/conditions.ts';
import { evaluateSnapshot, rulesWatch, type NewAlertEvent } from '../alerts/engine.ts';
import { record } from '../lib/payload-fields.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import { storeAlertContext } from './alert-context.ts';
import type { Store } from './database.ts';
import { StoreError, type StoreErrorKind } from './errors.ts';
import type { MetricPointInput } from './repositories/metric-points.ts';
import type { IngestResult, SnapshotInput } from './repositories/snapshots.ts';
import { messageOf } from '../../shared/message-of.ts';
import { storedSeriesKey, type SeriesParams } from '../../shared/stored-views.ts';

/** An answer to store: what was asked (a poll's request, a view fetched on demand) and the answer. */
export interface Fetched {
  request: FetchedRequest;
  result: Pick<ApiResult<{ meta: unknown; data: unknown }>, 'body' | 'fetchedAt'>;
}

/** Of a request (the poller's PollRequest), what names the series its answer belongs to. */
export interface FetchedRequest {
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  /** Parameters that tell snapshot series apart (the screener name, the curve bucket). */
  params: SeriesParams;
  /** The series' key (storedSeriesKey). */
  key: string;
}

/** What the data source said of itself when an event was raised (its id is the event's column). */
export interface EventSourceFacts {
  label: string;
  /** Its figures are the market simulator's: every message built from the event says so. */
  simulated: boolean;
}

/** What the alerts engine puts in an event's payload, besides the indexed columns. */
export interface AlertEventPayload {
  ruleName: string;
  title: string;
  message: string;
  endpoint: SnapshotEndpoint;
  details: Record<string, unknown>;
  /** Absent in events stored before it was recorded (queries/alerts.ts reads the source id then). */
  source?: EventSourceFacts;
}

export interface NewSnapshot {
  id: number;
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  asof: number;
}

export interface IngestOutcome {
  /** Every snapshot this batch stored (history included). */
  snapshots: NewSnapshot[];
  /** Of those, the news: each the newest of its series when stored (announced as `snapshot:new`). */
  news: NewSnapshot[];
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
  /**
   * The source's label and whether it is simulated, recorded with each event it raises (read once
   * per batch that raises one): a message says what the data was when it was raised, not later.
   */
  source?(): EventSourceFacts;
  /** After the commit: the news of a batch (`snapshot:new`). */
  onSnapshots?(snapshots: readonly NewSnapshot[]): void;
  /** After the commit: the alert events a batch wrote, to deliver now. */
  onAlerts?(eventIds: readonly number[]): void;
  /** Where a listener's failure is said (it never undoes a stored batch). */
  log?(message: string): void;
}

/** One snapshot to store, with the key of its series (endpoint, ticker, params). */
interface Item {
  key: string;
  input: SnapshotInput;
}

/**
 * Every catalog metric, ours beyond the spec's included. Signals carry a few of them; the ticker
 * state carries nearly all (GEX, dealer vanna and charm, 0DTE GEX, which signals lack), so a stored
 * state gives a day all of them from one snapshot, and their intraday history builds up from every
 * poll.
 */
const METRIC_NAMES: ReadonlySet<string> = new Set(Object.keys(METRIC_CATALOG));

function asofOf(result: Fetched['result'], fallback: number): number {
  const meta = record(result.body.meta);
  const text = meta?.['asof'];
  const ms = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : fallback;
}

/** A figure a metric point can hold: a finite number or a non-empty label. */
function isMetricValue(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length > 0)
  );
}

/**
 * The catalog metrics a signals or ticker-state payload states, as points at the snapshot's time,
 * with how well the snapshot stands for its session's close (a partial download says so in
 * `partial_chain`). A metric the payload states as null is a gap of that snapshot: where it is the
 * day's best, the day shows no value rather than another snapshot's (metric-points.ts).
 */
function snapshotPoints(ticker: string, asof: number, data: unknown): MetricPointInput[] {
  const fields = record(data);
  if (!fields) return [];
  const pref = closePreference(asof, fields['partial_chain'] === true);
  const out: MetricPointInput[] = [];
  for (const [metric, value] of Object.entries(fields)) {
    if (!METRIC_NAMES.has(metric)) continue;
    if (isMetricValue(value)) {
      out.push({ ticker, metric, ts: asof, value, pref });
    } else if (value === null) {
      out.push({ ticker, metric, ts: asof, value: null, pref });
    }
  }
  return out;
}

/**
 * Series points `{ date, <metric>: value }`, at the time of the snapshot the service took the
 * session's figures from (`asof`, its addition to the point), else at that session's close (a
 * close from a price history file, a remote that does not say).
 */
function seriesPoints(ticker: string, data: unknown): MetricPointInput[] {
  const points = record(data)?.['points'];
  if (!Array.isArray(points)) return [];
  const out: MetricPointInput[] = [];
  for (const point of points) {
    const p = record(point);
    const date = p?.['date'];
    if (!p || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const stated = typeof p['asof'] === 'string' ? Date.parse(p['asof']) : Number.NaN;
    const ts =
      Number.isInteger(stated) && sessionDateOf(stated) === date
        ? stated
        : nyToEpoch(date, REGULAR_CLOSE_MINUTES);
    for (const [metric, value] of Object.entries(p)) {
      if (metric === 'date' || !METRIC_NAMES.has(metric)) continue;
      if (isMetricValue(value)) out.push({ ticker, metric, ts, value });
    }
  }
  return out;
}

function eventPayload(e: NewAlertEvent, source: EventSourceFacts | undefined): AlertEventPayload {
  return {
    ruleName: e.ruleName,
    title: e.title,
    message: e.message,
    endpoint: e.endpoint,
    details: e.details,
    ...(source ? { source } : {}),
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
    if (r.isNew && (input.endpoint === 'signals' || input.endpoint === 'state') && input.ticker)
      points.push(...snapshotPoints(input.ticker, input.asof as number, input.data));
  });
  points.push(...morePoints);
  const metricPoints = points.length ? store.metrics.put(points) : 0;
  return { results, metricPoints };
}

/** The series key of a snapshot (storedSeriesKey); stored params given as text are the key's as they are. */
function seriesKeyOf(input: SnapshotInput): string {
  const { endpoint, ticker = null, params = {} } = input;
  return typeof params === 'string'
    ? `${endpoint}:${ticker ?? ''}:${params}`
    : storedSeriesKey({ endpoint: endpoint as SnapshotEndpoint, ticker, params: params as SeriesParams });
}

/** The batch in one transaction; synchronous, like the store. */
function writeBatch(
  deps: IngestDeps,
  items: readonly Item[],
  morePoints: readonly MetricPointInput[],
): Omit<IngestOutcome, 'failures'> {
  const { store } = deps;
  return store.transaction(() => {
    const inputs = items.map((i) => i.input);
    // What was newest before this batch, per series: a snapshot not newer than that is history
    // (a backfill, a chain file older than one stored, a slow retry), not news. Its body is read
    // only where a rule will compare with it; later news of the same series in this batch
    // compares with the one before it, so no stored body is read twice.
    const ctx = storeAlertContext(store, deps.channels(), deps.wallNow());
    const baseline = deps.alertBaseline?.() ?? 0;
    const newestBefore = new Map<string, { asof: number; data: unknown } | null>();
    for (const { key, input } of items) {
      if (newestBefore.has(key)) continue;
      const series = { endpoint: input.endpoint, ticker: input.ticker ?? null, params: input.params ?? {} };
      if (rulesWatch(ctx.rules, input.endpoint as SnapshotEndpoint)) {
        const before =
          baseline > 0 ? store.snapshots.latestAfterId(series, baseline) : store.snapshots.latest(series);
        newestBefore.set(key, before ? { asof: before.asof, data: before.data } : null);
      } else {
        const asof = store.snapshots.newestAsof(series, baseline);
        newestBefore.set(key, asof === null ? null : { asof, data: undefined });
      }
    }
    const { results, metricPoints } = putSnapshots(store, inputs, morePoints);

    const fresh: { item: Item; id: number }[] = [];
    results.forEach((r, i) => {
      if (r.isNew) fresh.push({ item: items[i] as Item, id: r.id });
    });
    const snapshotOf = ({ item, id }: { item: Item; id: number }): NewSnapshot => ({
      id,
      endpoint: item.input.endpoint as SnapshotEndpoint,
      ticker: item.input.ticker ?? null,
      asof: item.input.asof as number,
    });

    const eventIds: number[] = [];
    const news: NewSnapshot[] = [];
    let source: EventSourceFacts | undefined | null = null;
    const sourceFacts = (): EventSourceFacts | undefined => (source ??= deps.source?.());
    // Oldest first, so a batch holding two snapshots of one series compares them in order.
    fresh.sort((a, b) => (a.item.input.asof as number) - (b.item.input.asof as number));
    for (const f of fresh) {
      const { key, input } = f.item;
      const endpoint = input.endpoint as SnapshotEndpoint;
      const ticker = input.ticker ?? null;
      const params = (input.params ?? {}) as Record<string, string>;
      const asof = input.asof as number;
      const prev = newestBefore.get(key) ?? null;
      // The same instant again with another body (a correction, or the poll's and the file's
      // wording of it) is shown, but was already news once.
      if (prev && asof < prev.asof) continue;
      news.push(snapshotOf(f));
      if (prev && asof === prev.asof) continue;
      newestBefore.set(key, { asof, data: input.data });
      if (!rulesWatch(ctx.rules, endpoint)) continue;
      const toAlert = (s: { asof: number; data: unknown }): AlertSnapshot => ({
        endpoint,
        ticker,
        params,
        asof: s.asof,
        payload: s.data,
      });
      const events = evaluateSnapshot(ctx, prev ? toAlert(prev) : null, toAlert({ asof, data: input.data }));
      for (const e of events) {
        const { inserted, event } = store.alertEvents.insertIfNew({
          ruleId: e.ruleId,
          ticker: e.ticker,
          kind: e.kind,
          transition: e.transition,
          severity: e.severity,
          asof: e.asof,
          payload: eventPayload(e, sourceFacts()),
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
    return { snapshots: fresh.map(snapshotOf), news, eventIds, metricPoints };
  });
}

/** An outcome with nothing stored (arrays of its own: the caller may add to them). */
const emptyOutcome = (failures: IngestFailure[] = []): IngestOutcome => ({
  snapshots: [],
  news: [],
  eventIds: [],
  metricPoints: 0,
  failures,
});

/**
 * Stores a batch and, once committed, announces its news and hands its alerts on. If the batch as
 * a whole fails (one unstorable item), each item is retried in its own transaction so one bad
 * item costs only itself.
 */
function ingestItems(
  deps: IngestDeps,
  items: readonly Item[],
  morePoints: readonly MetricPointInput[],
): IngestOutcome {
  if (items.length === 0 && morePoints.length === 0) return emptyOutcome();
  let out: IngestOutcome;
  try {
    out = { ...writeBatch(deps, items, morePoints), failures: [] };
  } catch (batchError) {
    if (items.length <= 1) {
      const failure = {
        key: items[0]?.key ?? 'metric points',
        error: messageOf(batchError),
        storage: isStorageFailure(batchError),
      };
      return emptyOutcome([failure]);
    }
    out = emptyOutcome();
    const parts: { items: readonly Item[]; points: readonly MetricPointInput[]; key: string }[] = [
      ...items.map((item) => ({ items: [item], points: [], key: item.key })),
      ...(morePoints.length ? [{ items: [], points: morePoints, key: 'metric points' }] : []),
    ];
    for (const part of parts) {
      try {
        const one = writeBatch(deps, part.items, part.points);
        out.snapshots.push(...one.snapshots);
        out.news.push(...one.news);
        out.eventIds.push(...one.eventIds);
        out.metricPoints += one.metricPoints;
      } catch (error) {
        out.failures.push({ key: part.key, error: messageOf(error), storage: isStorageFailure(error) });
      }
    }
  }
  announce(deps, out);
  return out;
}

/** The news and alerts of a committed batch, to their listeners; a listener's failure is only said. */
function announce(deps: IngestDeps, out: IngestOutcome): void {
  const call = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      deps.log?.(`ingest: listener failed: ${messageOf(error)}`);
    }
  };
  if (out.news.length) call(() => deps.onSnapshots?.(out.news));
  if (out.eventIds.length) call(() => deps.onAlerts?.(out.eventIds));
}

/** Stores what the source answered: a poll's batch, a curve or a ticker fetched on demand. */
export function ingestFetched(deps: IngestDeps, batch: readonly Fetched[]): IngestOutcome {
  const items: Item[] = [];
  const series: MetricPointInput[] = [];
  for (const f of batch) {
    if (f.request.endpoint === 'series') {
      if (f.request.ticker) series.push(...seriesPoints(f.request.ticker, f.result.body.data));
      continue;
    }
    items.push({
      key: f.request.key,
      input: {
        endpoint: f.request.endpoint,
        ticker: f.request.ticker,
        params: f.request.params,
        asof: asofOf(f.result, deps.marketNow()),
        fetchedAt: Math.round(f.result.fetchedAt),
        data: f.result.body.data,
        meta: f.result.body.meta,
      },
    });
  }
  return ingestItems(deps, items, series);
}

/**
 * Stores snapshots made without a request (a chain file's import, a backtest's backfill), as a
 * poll's are stored and with the same rule for news. A writer of many past snapshots passes the
 * newest of each series first (see the top of this file).
 */
export function ingestProduced(deps: IngestDeps, inputs: readonly SnapshotInput[]): IngestOutcome {
  return ingestItems(
    deps,
    inputs.map((input) => ({ key: seriesKeyOf(input), input })),
    [],
  );
}
