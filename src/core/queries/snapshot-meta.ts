// Snapshot metadata as the bridge shows it, and when a stored snapshot counts as stale: during
// the session, older than half an hour of market time; outside it, older than the last close
// (the closing snapshot is missing). Market time, so a fast simulated clock ages data as quickly.
import type { SnapshotEndpoint, SnapshotMeta } from '../../shared/bridge/tickers.ts';
import { SNAPSHOT_ENDPOINTS } from '../../shared/bridge/tickers.ts';
import { isMarketOpen } from '../../shared/market-calendar.ts';
import { lastCloseAtOrBefore } from '../poller/market-gate.ts';
import type { SnapshotInfo } from '../store/repositories/snapshots.ts';

export const STALE_AFTER_MS = 30 * 60_000;

export function isStale(asof: number, marketNow: number): boolean {
  if (isMarketOpen(marketNow)) return marketNow - asof > STALE_AFTER_MS;
  const close = lastCloseAtOrBefore(marketNow);
  return close !== null && asof < close - 60 * 60_000;
}

export const iso = (ms: number): string => new Date(ms).toISOString();

export function isSnapshotEndpoint(name: string): name is SnapshotEndpoint {
  return (SNAPSHOT_ENDPOINTS as readonly string[]).includes(name);
}

export function snapshotMeta(info: SnapshotInfo, marketNow: number): SnapshotMeta {
  return {
    id: info.id,
    endpoint: isSnapshotEndpoint(info.endpoint) ? info.endpoint : 'state',
    ticker: info.ticker,
    asof: iso(info.asof),
    fetchedAt: iso(info.fetchedAt),
    stale: isStale(info.asof, marketNow),
  };
}
