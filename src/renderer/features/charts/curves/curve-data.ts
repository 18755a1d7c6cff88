// API curve payloads → chart columns (typed arrays, strikes ascending). Kept free of Svelte and
// uPlot so the shaping is tested on its own and costs one pass over the points.
import type { GammaExpirationPoint, GexPoint } from '../../../../shared/api/curves.ts';
import type { VolumePoint } from '../../../../shared/api/options-volume.ts';
import type { Columns } from '../frame/chart-spec.ts';
import { stackDiverging } from '../frame/stacking.ts';

/** The stacked buckets of gamma by expiration, bottom to top (the API's `series_order`). */
export const EXPIRATION_LAYERS = ['nearest', 'first_weekly', 'first_monthly', 'all_other_expiries'] as const;
export type ExpirationLayer = (typeof EXPIRATION_LAYERS)[number];

interface Strike {
  strike: number;
}

/** Point indexes in ascending strike order, dropping points whose strike is not a finite number. */
function strikeOrder(points: readonly Strike[]): number[] {
  const order: number[] = [];
  let sorted = true;
  let previous = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const k = (points[i] as Strike).strike;
    if (!Number.isFinite(k)) continue;
    if (k < previous) sorted = false;
    previous = k;
    order.push(i);
  }
  if (!sorted) order.sort((a, b) => (points[a] as Strike).strike - (points[b] as Strike).strike);
  return order;
}

function column<P>(
  points: readonly P[],
  order: readonly number[],
  pick: (p: P) => number | null | undefined,
): Float64Array {
  const out = new Float64Array(order.length);
  for (let j = 0; j < order.length; j++) {
    const v = pick(points[order[j] as number] as P);
    out[j] = typeof v === 'number' && Number.isFinite(v) ? v : NaN;
  }
  return out;
}

/** Gamma curve: [strike, gamma]. */
export function gammaColumns(points: readonly { strike: number; gamma: number }[]): Columns {
  const order = strikeOrder(points);
  return [column(points, order, (p) => p.strike), column(points, order, (p) => p.gamma)];
}

/**
 * Gamma by expiration: [strike, nearest, first_weekly, first_monthly, all_other_expiries, combined,
 * then the lower edge of each layer, then the upper edge of each layer]. The raw bucket columns
 * feed the tooltip; the edges are what gets filled.
 */
export function expirationColumns(points: readonly GammaExpirationPoint[]): Columns {
  const order = strikeOrder(points);
  const strikes = column(points, order, (p) => p.strike);
  const layers = EXPIRATION_LAYERS.map((key) => column(points, order, (p) => p[key]));
  const combined = column(points, order, (p) => p.combined);
  const stack = stackDiverging(layers);
  return [strikes, ...layers, combined, ...stack.lo, ...stack.hi];
}

/** Column indexes of layer `i`'s edges in `expirationColumns`. */
export function expirationEdges(i: number): { lo: number; hi: number } {
  const first = 1 + EXPIRATION_LAYERS.length + 1;
  return { lo: first + i, hi: first + EXPIRATION_LAYERS.length + i };
}

/** GEX by strike: [strike, call, put, net] when the payload splits calls and puts, else [strike, net]. */
export function gexColumns(points: readonly GexPoint[]): { columns: Columns; split: boolean } {
  const order = strikeOrder(points);
  const strikes = column(points, order, (p) => p.strike);
  const net = column(points, order, (p) => p.net);
  const split =
    points.length > 0 && points.every((p) => typeof p.call === 'number' && typeof p.put === 'number');
  if (!split) return { columns: [strikes, net], split };
  return {
    columns: [strikes, column(points, order, (p) => p.call), column(points, order, (p) => p.put), net],
    split,
  };
}

/** Dealer exposures the GEX-by-strike payload carries per strike besides GEX (additive fields). */
export type GreekExposure = 'vanna' | 'charm';

/**
 * Vanna or charm by strike: [strike, value] (USD of delta per vol point, per day), and whether any
 * strike has a non-zero value (a payload from a service without them reads as "not published").
 */
export function greekColumns(
  points: readonly GexPoint[],
  greek: GreekExposure,
): { columns: Columns; published: boolean } {
  const order = strikeOrder(points);
  const values = column(points, order, (p) => p[greek]);
  return {
    columns: [column(points, order, (p) => p.strike), values],
    published: values.some((v) => Number.isFinite(v)),
  };
}

/** Option volume: [strike, calls, −puts]: puts hang below the axis, mirrored, so both sides read at once. */
export function volumeColumns(points: readonly VolumePoint[]): Columns {
  const order = strikeOrder(points);
  return [
    column(points, order, (p) => p.strike),
    column(points, order, (p) => p.call_volume),
    column(points, order, (p) => -p.put_volume),
  ];
}

/**
 * Expiration dates a payload lists, ascending and unique: from `expiries` of gamma by expiration
 * (each bucket names a date, a list of dates, or a description) — anything that is not a
 * YYYY-MM-DD date is left out.
 */
export function listedExpirations(expiries: Record<string, unknown> | null | undefined): string[] {
  if (!expiries) return [];
  const dates = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) dates.add(v);
  };
  for (const value of Object.values(expiries)) {
    if (Array.isArray(value)) value.forEach(add);
    else add(value);
  }
  return [...dates].sort();
}
