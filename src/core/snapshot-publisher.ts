// `snapshot:new`: every stored snapshot is announced the same way, whether the poller stored it
// or a view fetched it on demand (a curve, a ticker opened from Rankings).
import type { NewSnapshot } from './poller/ingest.ts';
import type { EventHub } from './bridge/events.ts';
import { iso } from './queries/snapshot-meta.ts';

export function publishSnapshots(events: EventHub, snapshots: readonly NewSnapshot[]): void {
  for (const s of snapshots)
    events.emit('snapshot:new', {
      ticker: s.ticker,
      endpoint: s.endpoint,
      asof: iso(s.asof),
      snapshotId: s.id,
    });
}
