// What a writer of past snapshots (a chain folder's import, a backtest's backfill from the local
// service's market) stores them as, through the ingest like a poll's (ingest.ts): an analysed
// snapshot's payloads as the poller would have stored them, marked as produced, not fetched; the
// newest of a series first and alone, so only it can be news; and which instants of a series are
// stored already, so a second run skips them.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { isoUtc } from '../../shared/market-calendar.ts';
import type { SnapshotPayloads } from '../../service/index.ts';
import type { Store } from './database.ts';
import type { SnapshotInput } from './repositories/snapshots.ts';

/** How a snapshot stored without a poll came to be: a backtest's backfill, or a chain file's import. */
export type Provenance = 'backtest' | 'chain_file';

/** The `meta` of a snapshot stored without a poll. */
export const producedMeta = (asof: number, ticker: string | null, by: Provenance = 'backtest') => ({
  asof: isoUtc(asof),
  ...(ticker ? { ticker } : {}),
  backfilled: by,
});

/**
 * One analysed snapshot as the store keeps a polled one: the payload of each view, under the
 * poller's own parameters, so it dedupes against a poll of the same instant (ingestProduced stores
 * them, with the signals' metric points).
 */
export function analysedInputs(
  a: SnapshotPayloads,
  views: readonly { endpoint: SnapshotEndpoint; params: Readonly<Record<string, string>> }[],
  by: Provenance,
): SnapshotInput[] {
  const inputs: SnapshotInput[] = [];
  for (const { endpoint, params } of views) {
    const data = a.payload(endpoint);
    if (data === null) continue;
    inputs.push({
      endpoint,
      ticker: a.ticker,
      params: { ...params },
      asof: a.asof,
      data,
      meta: producedMeta(a.asof, a.ticker, by),
    });
  }
  return inputs;
}

/**
 * `items` cut into batches of `size`, the newest (the last) first and alone: what a writer of many
 * past snapshots of one series stores, so only the newest can be news.
 */
export function newestFirst<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [];
  const batches: T[][] = [[items[items.length - 1] as T]];
  for (let i = 0; i < items.length - 1; i += size)
    batches.push(items.slice(i, Math.min(i + size, items.length - 1)));
  return batches;
}

/** One series of snapshots: its view, ticker and parameters. */
export interface SeriesKey {
  endpoint: SnapshotEndpoint;
  ticker: string | null;
  params: Readonly<Record<string, string>>;
}

/** The asof of every stored snapshot of a series in [from, to] (no bodies). */
export function storedTimes(
  store: Store<AlertRuleBody>,
  key: SeriesKey,
  from: number,
  to: number,
): Set<number> {
  const rows = store.snapshots.range({
    endpoint: key.endpoint,
    ticker: key.ticker,
    params: { ...key.params },
    from,
    to,
    order: 'asc',
    limit: 100_000,
  });
  return new Set(rows.map((r) => r.asof));
}
