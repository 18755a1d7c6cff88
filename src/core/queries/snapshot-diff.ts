// Two stored snapshots of one ticker and endpoint compared, always older → newer: whichever time
// a caller names first, `a`, `before` and every change's `before` are the older snapshot, so a
// difference reads newer − older and "struck through" always means "was".
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import { diffPayloads } from '../../shared/bridge/snapshot-diff.ts';
import { snapshotMeta } from './snapshot-meta.ts';
import type { ViewDeps } from './ticker-views.ts';

export function diffSnapshots(
  deps: ViewDeps,
  input: BridgeParsedInput<'snapshots:diff'>,
): BridgeOutput<'snapshots:diff'> {
  const key = { endpoint: input.endpoint, ticker: input.ticker };
  const first = deps.store.snapshots.latestAtOrBefore(key, input.a);
  const second = deps.store.snapshots.latestAtOrBefore(key, input.b);
  // A missing side stays where it was asked, so the view can say which time had nothing stored.
  const [a, b] = first && second && second.asof < first.asof ? [second, first] : [first, second];
  const { changes, transitions } = a && b ? diffPayloads(a.data, b.data) : { changes: [], transitions: [] };
  return {
    ticker: input.ticker,
    endpoint: input.endpoint,
    a: a ? snapshotMeta(a, deps.marketNow) : null,
    b: b ? snapshotMeta(b, deps.marketNow) : null,
    before: a ? a.data : null,
    after: b ? b.data : null,
    changes,
    transitions,
  };
}
