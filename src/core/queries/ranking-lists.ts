// Rankings from the stored snapshots, filtered main-side with the service's own rules (the same
// parser, filter and sort, in src/shared/rankings), so the answer is instant, works offline, and matches what the API
// would have said for the same snapshot.
import {
  incomeItemSchema,
  topSetupsItemSchema,
  type IncomeItem,
  type TopSetupsItem,
} from '../../shared/api/index.ts';
import { bridgeMethods, type BridgeOutput, type BridgeParsedInput } from '../../shared/bridge/contract.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import type { Exclusion, ScreenerOverrides, TopSetupsFilters } from '../../shared/bridge/rankings.ts';
import { rankIncome } from '../../shared/rankings/income-setups.ts';
import { presetQuery } from '../../shared/rankings/screener-presets.ts';
import {
  IN_FILTERS,
  echoFilters,
  parseTopSetupsQuery,
  type InFilter,
  type RangeFilter,
  type TopSetupsQuery,
} from '../../shared/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../shared/rankings/top-setups.ts';
import { record } from '../lib/payload-fields.ts';
import { INCOME_LIMIT, TOP_SETUPS_LIMIT } from '../poller/jobs.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { snapshotMeta } from './snapshot-meta.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { PollJob } from '../../shared/bridge/settings.ts';
import type { RankingClosed } from '../../shared/bridge/rankings.ts';
import { leftOutItemSchema, type LeftOutItem } from '../../shared/api/left-out.ts';
import { closedNote } from './ranking-closed.ts';
import {
  gammaExclusions,
  gammaFiltersOf,
  hasGammaFilter,
  isGammaFilterKey,
  passesGamma,
  type GammaFilters,
  type RowGamma,
} from '../../shared/rankings/gamma-filters.ts';
import { rowGammas } from './ranking-gamma.ts';

/** What a ranking read needs of the app: the market's now and the watcher's schedules. */
export interface RankingTime {
  marketNow: number;
  schedules: Readonly<Record<PollJob, string>>;
}

/** The closed-market note of an empty stored list (see ranking-closed.ts), as an optional field. */
function closedField(
  snapshot: Snapshot | undefined,
  stored: number,
  job: PollJob,
  time: RankingTime,
): { closed?: RankingClosed } {
  if (!snapshot || stored > 0) return {};
  const closed = closedNote(snapshot.asof, time.marketNow, time.schedules[job]);
  return closed ? { closed } : {};
}

/** Bridge filters (arrays, numbers) as the query parameters the API would have received. */
export function filtersToQuery(filters: TopSetupsFilters | undefined): Map<string, string> {
  const q = new Map<string, string>();
  for (const [key, value] of Object.entries(filters ?? {})) {
    // The app's gamma filters are not API parameters: applied after the answer (ranking-gamma.ts).
    if (value === undefined || isGammaFilterKey(key)) continue;
    q.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return q;
}

/**
 * A preset with the overrides laid over it key by key; a `null` override or an empty list drops
 * the preset's filter on that key (an empty list becomes an empty parameter, which is "unset").
 */
export function screenerQuery(
  name: BridgeParsedInput<'rankings:screener'>['name'],
  overrides: ScreenerOverrides | undefined,
): Map<string, string> {
  const set: TopSetupsFilters = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === null) dropped.push(key);
    else if (value !== undefined) Object.assign(set, { [key]: value });
  }
  const q = presetQuery(name, filtersToQuery(set));
  for (const key of dropped) q.delete(key);
  return q;
}

/** A parsed query back as bridge filters (what a screener's preset applies, say). */
export function queryToFilters(query: TopSetupsQuery): TopSetupsFilters {
  const out: Record<string, unknown> = {};
  if (query.min_score > 0) out['min_score'] = query.min_score;
  for (const [name, values] of Object.entries(query.in)) out[name] = [...values];
  for (const [name, [lo, hi]] of Object.entries(query.ranges)) {
    if (lo !== null) out[`${name}_min`] = lo;
    if (hi !== null) out[`${name}_max`] = hi;
  }
  return out as TopSetupsFilters;
}

/**
 * Why nothing matched: for each applied filter, how many of the universe it excludes on its own,
 * most excluding first (ties in the query's order). A bound on a missing value excludes the row,
 * as the filter itself does.
 */
export function exclusionsOf(universe: readonly TopSetupsItem[], query: TopSetupsQuery): Exclusion[] {
  const total = universe.length;
  const out: Exclusion[] = [];
  const count = (fails: (item: TopSetupsItem) => boolean) => universe.filter(fails).length;
  if (query.min_score > 0) {
    const min = query.min_score;
    out.push({ key: 'min_score', value: min, excluded: count((i) => i.opportunity_score < min), total });
  }
  for (const [name, values] of Object.entries(query.in) as [InFilter, readonly string[]][]) {
    const field = IN_FILTERS[name];
    const fails = (item: TopSetupsItem): boolean => {
      const v = item[field];
      return typeof v !== 'string' || !values.includes(v.toLowerCase());
    };
    out.push({ key: name, value: [...values], excluded: count(fails), total });
  }
  for (const [name, [lo, hi]] of Object.entries(query.ranges) as [
    RangeFilter,
    readonly [number | null, number | null],
  ][]) {
    const valueOf = (item: TopSetupsItem): number | null =>
      typeof item[name] === 'number' ? (item[name] as number) : null;
    if (lo !== null) {
      const fails = (item: TopSetupsItem): boolean => (valueOf(item) ?? -Infinity) < lo;
      out.push({ key: `${name}_min`, value: lo, excluded: count(fails), total });
    }
    if (hi !== null) {
      const fails = (item: TopSetupsItem): boolean => (valueOf(item) ?? Infinity) > hi;
      out.push({ key: `${name}_max`, value: hi, excluded: count(fails), total });
    }
  }
  return out.sort((a, b) => b.excluded - a.excluded);
}

function items<T>(
  snapshot: Snapshot | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  field = 'items',
): T[] {
  const list = record(snapshot?.data)?.[field];
  if (!Array.isArray(list)) return [];
  const out: T[] = [];
  for (const item of list) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data as T);
  }
  return out;
}

/** What the stored ranking says it left out (data.left_out), as an optional field. */
function leftOutField(snapshot: Snapshot | undefined): { leftOut?: LeftOutItem[] } {
  const list = items<LeftOutItem>(snapshot, leftOutItemSchema, 'left_out');
  return list.length > 0 ? { leftOut: list } : {};
}

function parseQuery(q: Map<string, string>) {
  try {
    return parseTopSetupsQuery(q);
  } catch (error) {
    throw new BridgeFailure('invalid_input', messageOf(error));
  }
}

function ranked(
  store: Store<unknown>,
  time: RankingTime,
  q: Map<string, string>,
  extra?: Record<string, unknown>,
  gammaFilters: GammaFilters = {},
) {
  const snap = store.snapshots.latest({
    endpoint: 'top_setups',
    params: { limit: String(TOP_SETUPS_LIMIT) },
  });
  const query = parseQuery(q);
  const universe = items<TopSetupsItem>(snap, topSetupsItemSchema);
  // The gamma filters apply before the cut to `limit`, so they narrow the list, not shorten it.
  const gammaOn = hasGammaFilter(gammaFilters);
  const gammas = rowGammas(store, gammaOn ? universe : []);
  const pool = gammaOn ? universe.filter((i) => passesGamma(gammas.get(i.ticker), gammaFilters)) : universe;
  const rows = rankTopSetups(pool, query);
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
  return rankingOutput.parse({
    snapshot: snap ? snapshotMeta(snap, time.marketNow) : null,
    meta,
    items: rows,
    ...(rows.length === 0 && universe.length > 0
      ? {
          exclusions: [
            ...exclusionsOf(universe, query),
            ...gammaExclusions(
              universe.map((i) => gammas.get(i.ticker) ?? null),
              gammaFilters,
            ),
          ].sort((a, b) => b.excluded - a.excluded),
        }
      : {}),
    ...closedField(snap, universe.length, 'top_setups', time),
    ...leftOutField(snap),
    ...gammaFields(store, rows, gammaOn ? gammas : null),
  });
}

/** The rows' gamma data, and how many ranked tickers a gamma filter left out for having none. */
function gammaFields(
  store: Store<unknown>,
  rows: readonly TopSetupsItem[],
  universe: ReadonlyMap<string, RowGamma | null> | null,
): { gamma: Record<string, RowGamma | null>; gammaUnknown?: number } {
  const known = universe ?? rowGammas(store, rows);
  const gamma = Object.fromEntries(rows.map((r) => [r.ticker, known.get(r.ticker) ?? null]));
  if (universe === null) return { gamma };
  return { gamma, gammaUnknown: [...universe.values()].filter((g) => g === null).length };
}

const rankingOutput = bridgeMethods['rankings:topSetups'].output;

export function topSetups(
  store: Store<unknown>,
  time: RankingTime,
  filters: BridgeParsedInput<'rankings:topSetups'>,
): BridgeOutput<'rankings:topSetups'> {
  return ranked(store, time, filtersToQuery(filters), undefined, gammaFiltersOf(filters));
}

export function screener(
  store: Store<unknown>,
  time: RankingTime,
  input: BridgeParsedInput<'rankings:screener'>,
): BridgeOutput<'rankings:screener'> {
  const preset = queryToFilters(parseQuery(presetQuery(input.name, new Map())));
  const overridden = Object.values(input.overrides ?? {}).some((v) => v !== undefined);
  if (!overridden) {
    // Exactly what the service answered for the preset, when it was polled (an empty answer is
    // recomputed below, which says which filter excluded the most tickers).
    const snap = store.snapshots.latest({ endpoint: 'screener', params: { name: input.name } });
    const stored = items<TopSetupsItem>(snap, topSetupsItemSchema);
    if (snap && stored.length > 0) {
      return rankingOutput.parse({
        snapshot: snapshotMeta(snap, time.marketNow),
        meta: record(snap.meta),
        items: stored,
        preset,
        ...leftOutField(snap),
        ...gammaFields(store, stored, null),
      });
    }
  }
  const result = ranked(
    store,
    time,
    screenerQuery(input.name, input.overrides),
    { screener: input.name },
    gammaFiltersOf(input.overrides),
  );
  return { ...result, preset };
}

export function income(
  store: Store<unknown>,
  time: RankingTime,
  input: BridgeParsedInput<'rankings:income'>,
): BridgeOutput<'rankings:income'> {
  const snap = store.snapshots.latest({ endpoint: 'income_setups', params: { limit: String(INCOME_LIMIT) } });
  const query = {
    type: input?.type ?? null,
    limit: input?.limit ?? 10,
    min_income_score: input?.min_income_score ?? 0,
  };
  const stored = items<IncomeItem>(snap, incomeItemSchema);
  const rows = rankIncome(stored, query);
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
    snapshot: snap ? snapshotMeta(snap, time.marketNow) : null,
    meta,
    items: rows,
    ...closedField(snap, stored.length, 'income', time),
    ...leftOutField(snap),
  });
}
