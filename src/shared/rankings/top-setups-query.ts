// The query of /top-setups and the screeners, parsed once into a plain value: limit, min_score,
// the IN filters and the inclusive ranges. The same value drives the filtering, the `meta.filters`
// echo and the ETag, so what is echoed is exactly what was applied. Shared: the service answers
// /top-setups with it and core filters the stored rankings with it; a refused value is a QueryError.
import { ECHO_MAX_CHARS, clipForApi } from '../echo.ts';
import { DIRECTIONS, REGIME_LABELS, TRADE_BIASES } from '../api/index.ts';
import { QueryError, invalidQueryParam } from '../api/query-error.ts';
import { clampedParam, csvParam, numberParam, type Query } from '../api/query.ts';

/** IN filters: query parameter → the row field it tests. */
export const IN_FILTERS = {
  regime: 'regime_label',
  recommended_direction: 'recommended_direction',
  trade_bias: 'trade_bias',
  trend_state: 'trend_state',
  momentum_state: 'momentum_state',
  extension_state: 'extension_state',
  realized_vol_state: 'realized_vol_state',
} as const;
export type InFilter = keyof typeof IN_FILTERS;

/** Closed sets are checked (a typo is a 400 listing the values); the state labels are open. */
const CLOSED_SETS: Partial<Record<InFilter, readonly string[]>> = {
  regime: REGIME_LABELS,
  recommended_direction: DIRECTIONS,
  trade_bias: TRADE_BIASES,
};

/** Inclusive ranges `<prefix>_min` / `<prefix>_max`, each clamped into its domain. */
export const RANGE_FILTERS = {
  price: { lo: 0, hi: Number.POSITIVE_INFINITY },
  iv_rank: { lo: 0, hi: 100 },
  ivAtMaxDelta: { lo: 0, hi: Number.POSITIVE_INFINITY },
} as const;
export type RangeFilter = keyof typeof RANGE_FILTERS;

export const TOP_SETUPS_LIMITS = {
  limit: { lo: 1, hi: 200, fallback: 20, integer: true },
  min_score: { lo: 0, hi: 10, fallback: 0 },
  ttl: { lo: 0, hi: 1800, fallback: 900, integer: true },
} as const;

export interface TopSetupsQuery {
  limit: number;
  min_score: number;
  ttl: number;
  in: Partial<Record<InFilter, readonly string[]>>;
  /** [lo, hi] with null for an open side. */
  ranges: Partial<Record<RangeFilter, readonly [number | null, number | null]>>;
}

export function parseTopSetupsQuery(q: Query): TopSetupsQuery {
  const query: TopSetupsQuery = {
    limit: clampedParam(q, 'limit', TOP_SETUPS_LIMITS.limit),
    min_score: clampedParam(q, 'min_score', TOP_SETUPS_LIMITS.min_score),
    ttl: clampedParam(q, 'ttl', TOP_SETUPS_LIMITS.ttl),
    in: {},
    ranges: {},
  };
  for (const name of Object.keys(IN_FILTERS) as InFilter[]) {
    const values = csvParam(q, name);
    if (values === undefined) continue;
    const closed = CLOSED_SETS[name];
    const normalised = values.map((v) => {
      const lower = v.toLowerCase();
      // Open labels are echoed in meta.filters: one longer than any label is refused, not echoed.
      if (v.length > ECHO_MAX_CHARS)
        throw invalidQueryParam(name, `'${clipForApi(v)}' is too long to be a label`, closed);
      if (closed && !closed.includes(lower))
        throw invalidQueryParam(name, `unknown value '${clipForApi(v)}'`, closed);
      return lower;
    });
    query.in[name] = normalised;
  }
  for (const name of Object.keys(RANGE_FILTERS) as RangeFilter[]) {
    const domain = RANGE_FILTERS[name];
    const clamp = (v: number | undefined): number | null =>
      v === undefined ? null : Math.min(domain.hi, Math.max(domain.lo, v));
    const lo = clamp(numberParam(q, `${name}_min`));
    const hi = clamp(numberParam(q, `${name}_max`));
    if (lo === null && hi === null) continue;
    if (lo !== null && hi !== null && lo > hi) {
      throw new QueryError(`${name}_min (${lo}) exceeds ${name}_max (${hi})`, `${name}_min`);
    }
    query.ranges[name] = [lo, hi];
  }
  return query;
}

/** `meta.filters`: the honoured IN filters as arrays and the ranges as `<prefix>_range`. */
export function echoFilters(query: TopSetupsQuery): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(query.in)) out[name] = [...values];
  for (const [name, range] of Object.entries(query.ranges)) out[`${name}_range`] = [...range];
  return out;
}
