// Per-ticker views as stored: the payload of an endpoint at or before a chosen instant (the
// latest without one), the snapshot timeline, and the difference between two snapshots.
// Curves and option volume, which may be fetched on demand, are in curve-views.ts.
import { z } from 'zod';
import { bridgeMethods, type BridgeOutput, type BridgeParsedInput } from '../../shared/bridge/contract.ts';
import type { SnapshotEndpoint, TickerViewName } from '../../shared/bridge/tickers.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { isSnapshotEndpoint, iso, snapshotMeta } from './snapshot-meta.ts';
import { thinnedSessions } from './thinned-sessions.ts';

export interface ViewDeps {
  store: Store<unknown>;
  marketNow: number;
}

interface Key {
  endpoint: SnapshotEndpoint;
  ticker: string;
  params?: Record<string, string>;
}

function find(store: Store<unknown>, key: Key, at: string | undefined): Snapshot | undefined {
  return at === undefined ? store.snapshots.latest(key) : store.snapshots.latestAtOrBefore(key, at);
}

/** The stored payload, or null when it no longer fits the contract (an older app's shape). */
export function payload<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> | null {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function stored<T extends z.ZodType>(deps: ViewDeps, key: Key, at: string | undefined, schema: T) {
  const snap = find(deps.store, key, at);
  const data = snap ? payload(schema, snap.data) : null;
  return { snapshot: snap && data !== null ? snapshotMeta(snap, deps.marketNow) : null, data };
}

const viewOutput = bridgeMethods['ticker:view'].output;

export function tickerView(
  deps: ViewDeps,
  input: BridgeParsedInput<'ticker:view'>,
): BridgeOutput<'ticker:view'> {
  const option = viewOutput.options.find((o) => o.shape.view.value === input.view);
  const schema = option ? option.shape.data.unwrap() : z.null();
  const { snapshot, data } = stored(
    deps,
    { endpoint: input.view satisfies TickerViewName, ticker: input.ticker },
    input.at,
    schema,
  );
  return viewOutput.parse({ ticker: input.ticker, view: input.view, snapshot, data });
}

export function timeline(
  deps: ViewDeps,
  input: BridgeParsedInput<'ticker:timeline'>,
): BridgeOutput<'ticker:timeline'> {
  const wanted = input.endpoints ? new Set<string>(input.endpoints) : null;
  const entries: { asof: string; endpoints: SnapshotEndpoint[] }[] = [];
  const byAsof = new Map<number, Set<SnapshotEndpoint>>();
  let truncated = false;
  // Pages of rows until `limit` distinct instants are collected.
  const page = Math.min(5000, input.limit * 8);
  for (let offset = 0; ; offset += page) {
    const query: Parameters<Store<unknown>['snapshots']['timeline']>[1] = {
      order: 'desc',
      limit: page,
      offset,
    };
    if (input.from) query.from = input.from;
    if (input.to) query.to = input.to;
    const rows = deps.store.snapshots.timeline(input.ticker, query);
    for (const row of rows) {
      if (wanted && !wanted.has(row.endpoint)) continue;
      if (!isSnapshotEndpoint(row.endpoint)) continue;
      let set = byAsof.get(row.asof);
      if (!set) {
        if (byAsof.size >= input.limit) {
          truncated = true;
          break;
        }
        set = new Set();
        byAsof.set(row.asof, set);
      }
      set.add(row.endpoint);
    }
    if (truncated || rows.length < page) break;
  }
  for (const [asof, set] of byAsof) entries.push({ asof: iso(asof), endpoints: [...set].sort() });
  const instants = [...byAsof.keys()];
  const thinned =
    instants.length === 0
      ? []
      : thinnedSessions(deps.store, input.ticker, Math.min(...instants), Math.max(...instants));
  return { ticker: input.ticker, entries, truncated, thinned };
}
