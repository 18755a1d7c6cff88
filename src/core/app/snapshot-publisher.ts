// `snapshot:new`: every snapshot that is news (the newest of its series when stored; see
// store/ingest.ts) is announced the same way, whichever path stored it: a poll, a chain file's
// import, a view fetched on demand (a curve, a ticker opened from Rankings).
import type { NewSnapshot } from '../store/ingest.ts';
import type { EventHub } from '../events/event-hub.ts';
import { iso } from '../queries/snapshot-meta.ts';

export function publishSnapshots(events: EventHub, snapshots: readonly NewSnapshot[]): void {
  for (const s of snapshots)
    events.emit('snapshot:new', {
      ticker: s.ticker,
      endpoint: s.endpoint,
      asof: iso(s.asof),
      snapshotId: s.id,
    });
}
