// Rankings from the stored snapshots, filtered main-side with the service's own rules (the same
// parser, filter and sort), so the answer is instant, works offline, and matches what the API
// would have said for the same snapshot.
import {
  incomeItemSchema,
  topSetupsItemSchema,
  type IncomeItem,
  type TopSetupsItem,
} from '../../shared/api/index.ts';
import { bridgeMethods, type BridgeOutput, type BridgeParsedInput } from '../../shared/bridge.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import type { TopSetupsFilters } from '../../shared/bridge/rankings.ts';
import { rankIncome } from '../../service/rankings/income-setups.ts';
import { presetQuery } from '../../service/rankings/screener-presets.ts';
import { echoFilters, parseTopSetupsQuery } from '../../service/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../service/rankings/top-setups.ts';
import { record } from '../alerts/fields.ts';
import { INCOME_LIMIT, TOP_SETUPS_LIMIT } from '../poller/jobs.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { snapshotMeta } from './snapshot-meta.ts';

/** Bridge filters (arrays, numbers) as the query parameters the API would have received. */
export function filtersToQuery(filters: TopSetupsFilters | undefined): Map<string, string> {
  const q = new Map<string, string>();
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === undefined) continue;
    q.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return q;
}

function items<T>(
  snapshot: Snapshot | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
): T[] {
  const list = record(snapshot?.data)?.['items'];
  if (!Array.isArray(list)) return [];
  const out: T[] = [];
  for (const item of list) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data as T);
  }
  return out;
}

function parseQuery(q: Map<string, string>) {
  try {
    return parseTopSetupsQuery(q);
  } catch (error) {
    throw new BridgeFailure('invalid_input', error instanceof Error ? error.message : String(error));
  }
}

function ranked(
  store: Store<unknown>,
  marketNow: number,
  q: Map<string, string>,
  extra?: Record<string, unknown>,
) {
  const snap = store.snapshots.latest({
    endpoint: 'top_setups',
    params: { limit: String(TOP_SETUPS_LIMIT) },
  });
  const query = parseQuery(q);
  const rows = rankTopSetups(items<TopSetupsItem>(snap, topSetupsItemSchema), query);
  const meta = snap
    ? {
        ...record(snap.meta),
        limit: query.limit,
        min_score: query.min_score,
        count: rows.length,
        filters: echoFilters(query),
        ...(extra ? { extra } : {}),
      }
    : null;
  return rankingOutput.parse({ snapshot: snap ? snapshotMeta(snap, marketNow) : null, meta, items: rows });
}

const rankingOutput = bridgeMethods['rankings:topSetups'].output;

export function topSetups(
  store: Store<unknown>,
  marketNow: number,
  filters: BridgeParsedInput<'rankings:topSetups'>,
): BridgeOutput<'rankings:topSetups'> {
  return ranked(store, marketNow, filtersToQuery(filters));
}

export function screener(
  store: Store<unknown>,
  marketNow: number,
  input: BridgeParsedInput<'rankings:screener'>,
): BridgeOutput<'rankings:screener'> {
  const overrides = filtersToQuery(input.overrides);
  if (overrides.size === 0) {
    // Exactly what the service answered for the preset, when it was polled.
    const snap = store.snapshots.latest({ endpoint: 'screener', params: { name: input.name } });
    if (snap) {
      return rankingOutput.parse({
        snapshot: snapshotMeta(snap, marketNow),
        meta: record(snap.meta),
        items: items<TopSetupsItem>(snap, topSetupsItemSchema),
      });
    }
  }
  return ranked(store, marketNow, presetQuery(input.name, overrides), { screener: input.name });
}

export function income(
  store: Store<unknown>,
  marketNow: number,
  input: BridgeParsedInput<'rankings:income'>,
): BridgeOutput<'rankings:income'> {
  const snap = store.snapshots.latest({ endpoint: 'income_setups', params: { limit: String(INCOME_LIMIT) } });
  const query = {
    type: input?.type ?? null,
    limit: input?.limit ?? 10,
    min_income_score: input?.min_income_score ?? 0,
  };
  const rows = rankIncome(items<IncomeItem>(snap, incomeItemSchema), query);
  const meta = snap
    ? {
        ...record(snap.meta),
        limit: query.limit,
        min_income_score: query.min_income_score,
        type: query.type,
        count: rows.length,
      }
    : null;
  return bridgeMethods['rankings:income'].output.parse({
    snapshot: snap ? snapshotMeta(snap, marketNow) : null,
    meta,
    items: rows,
  });
}
