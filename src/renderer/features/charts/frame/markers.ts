// The vertical marker lines of the curve charts (spot, gamma flip, call and put walls, max pain,
// ±1σ for 1 day and 1 week, and on request the more levels: absolute-gamma strike, top ±GEX
// strikes, the nearest expiration's flip, the 0DTE flip and walls) and where their labels go, so
// that close levels stay readable instead of printing over each other: levels at the same price
// share one label ("Call wall · Max pain"), the others take the first free label row, the more
// levels last.
import { figureName } from '../../../../shared/figure-labels.ts';
import type { Marker, MarkerKind, XRange } from './chart-spec.ts';

/** The key levels a chart marks; the market-structure record's `key_levels` fits this shape. */
export interface MarkerLevels {
  spot?: number | null;
  gamma_flip?: number | null;
  call_wall?: number | null;
  put_wall?: number | null;
  max_pain?: number | null;
  plus_1sigma_1d?: number | null;
  minus_1sigma_1d?: number | null;
  plus_1sigma_1w?: number | null;
  minus_1sigma_1w?: number | null;
  // The more levels (levels payload ids, engine/more-levels.ts): off by default on the charts.
  abs_gamma_strike?: number | null;
  gex_positive_1?: number | null;
  gex_positive_2?: number | null;
  gex_positive_3?: number | null;
  gex_negative_1?: number | null;
  gex_negative_2?: number | null;
  gex_negative_3?: number | null;
  nearest_expiry_flip?: number | null;
  zero_dte_flip?: number | null;
  zero_dte_call_wall?: number | null;
  zero_dte_put_wall?: number | null;
}

/**
 * The more levels: key (the levels payload's id), marker kind and short label (the service's own
 * labels, engine/levels.ts). Colours follow the TradingView export's meaning (marker-draw.ts).
 */
export const MORE_LEVELS = [
  ['abs_gamma_strike', 'abs_gamma', 'Abs gamma'],
  ['gex_positive_1', 'gex_positive', '+GEX #1'],
  ['gex_positive_2', 'gex_positive', '+GEX #2'],
  ['gex_positive_3', 'gex_positive', '+GEX #3'],
  ['gex_negative_1', 'gex_negative', '−GEX #1'],
  ['gex_negative_2', 'gex_negative', '−GEX #2'],
  ['gex_negative_3', 'gex_negative', '−GEX #3'],
  ['nearest_expiry_flip', 'nearest_flip', 'Nearest-expiry flip'],
  ['zero_dte_flip', 'zero_dte_flip', '0DTE flip'],
  ['zero_dte_call_wall', 'zero_dte_call_wall', '0DTE call wall'],
  ['zero_dte_put_wall', 'zero_dte_put_wall', '0DTE put wall'],
] as const satisfies readonly (readonly [keyof MarkerLevels, MarkerKind, string])[];

export type MoreLevelKey = (typeof MORE_LEVELS)[number][0];
const MORE_KEYS: ReadonlySet<string> = new Set(MORE_LEVELS.map(([key]) => key));

/** The levels without the more levels: what a crowded chart marks unless "More levels" is on. */
export function withoutMoreLevels(levels: MarkerLevels): MarkerLevels {
  const out: MarkerLevels = {};
  for (const [key, value] of Object.entries(levels) as [keyof MarkerLevels, number | null | undefined][])
    if (!MORE_KEYS.has(key) && value !== undefined) out[key] = value;
  return out;
}

/** Whether the levels hold any of the more levels (so the toggle can say there are none). */
export function hasMoreLevels(levels: MarkerLevels): boolean {
  return MORE_LEVELS.some(([key]) => usable(levels[key]));
}

/** Marked levels, named by the shared label table (one name per figure: "Gamma flip", "Call wall"). */
const LEVELS: { key: keyof MarkerLevels; kind: MarkerKind; name: string }[] = [
  ...(
    [
      ['minus_1sigma_1w', 'sigma_1w'],
      ['minus_1sigma_1d', 'sigma_1d'],
      ['gamma_flip', 'flip'],
      ['spot', 'spot'],
      ['plus_1sigma_1d', 'sigma_1d'],
      ['plus_1sigma_1w', 'sigma_1w'],
      ['put_wall', 'put_wall'],
      ['max_pain', 'max_pain'],
      ['call_wall', 'call_wall'],
    ] as const
  ).map(([key, kind]) => ({ key, kind, name: figureName(key) ?? key })),
  ...MORE_LEVELS.map(([key, kind, name]) => ({ key, kind, name })),
];

const usable = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

const WALL_KEYS = ['call_wall', 'put_wall', 'max_pain'] as const;

/**
 * The levels a chart marks, from the market-structure record's `key_levels` (flip, ±1σ and, once
 * the service publishes them there, the walls) completed by the levels payload (`kind` call_wall,
 * put_wall, max_pain, gamma_flip, spot; the more levels by their `id`). The record wins where both
 * have a level: it is the source the rest of the ticker view reads.
 */
export function chartLevels(
  keyLevels: Readonly<Record<string, unknown>> | null | undefined,
  levels: readonly { kind: string; price: number; id?: unknown }[] | null | undefined,
): MarkerLevels {
  const out: MarkerLevels = {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  for (const { key } of LEVELS) {
    const v = num(keyLevels?.[key]);
    if (v !== null) out[key] = v;
  }
  const fromList: Partial<Record<string, keyof MarkerLevels>> = {
    call_wall: 'call_wall',
    put_wall: 'put_wall',
    max_pain: 'max_pain',
    gamma_flip: 'gamma_flip',
    spot: 'spot',
  };
  for (const level of levels ?? []) {
    const key =
      typeof level.id === 'string' && MORE_KEYS.has(level.id)
        ? (level.id as MoreLevelKey)
        : fromList[level.kind];
    if (key && out[key] == null && num(level.price) !== null) out[key] = level.price;
  }
  return out;
}

/** Whether the levels name any wall (so a chart can say it has none rather than hide the fact). */
export function hasWalls(levels: MarkerLevels): boolean {
  return WALL_KEYS.some((k) => usable(levels[k]));
}

/** Which marker keeps its line style when levels share a price: the one a trader looks for first. */
const PRIORITY: readonly MarkerKind[] = [
  'spot',
  'flip',
  'call_wall',
  'put_wall',
  'max_pain',
  'sigma_1d',
  'sigma_1w',
  ...MORE_LEVELS.map(([, kind]) => kind),
  'asof',
];

/**
 * Markers at the same price (a call wall on max pain, spot on a strike) drawn once, with one label
 * naming them all ("Call wall · Max pain"), styled as the most important of them.
 */
export function mergeCoincident(markers: readonly Marker[]): Marker[] {
  const groups = new Map<number, Marker[]>();
  for (const m of markers) {
    const key = Math.round(m.value * 1e6);
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((group) => {
    if (group.length === 1) return group[0] as Marker;
    const sorted = [...group].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
    const lead = sorted[0] as Marker;
    return {
      ...lead,
      key: sorted.map((m) => m.key).join('+'),
      label: sorted.map((m) => m.label).join(' · '),
    };
  });
}

/**
 * Markers for the levels that are known. `overrides` wins over `levels` key by key: a curve's own
 * spot (its snapshot's price) is the spot to mark on that curve.
 */
export function markersFromLevels(levels: MarkerLevels | null, overrides: MarkerLevels = {}): Marker[] {
  const merged: MarkerLevels = { ...(levels ?? {}) };
  for (const [key, value] of Object.entries(overrides) as [keyof MarkerLevels, number | null | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return LEVELS.flatMap(({ key, kind, name }) => {
    const value = merged[key];
    if (!usable(value)) return [];
    return [{ key, kind, value, label: name }];
  });
}

/** Markers whose value lies inside `range`. */
export function markersInRange(markers: readonly Marker[], range: XRange | null): Marker[] {
  if (!range) return [];
  return markers.filter((m) => m.value >= range.min && m.value <= range.max);
}

export interface PlacedMarker {
  marker: Marker;
  /** Where the line is drawn. */
  x: number;
  /** The label's left edge, kept inside the plot. */
  labelX: number;
  /** Label row from the top (0 first); null when there is no room for the label. */
  row: number | null;
}

export interface MarkerLayoutOptions {
  /** The plot's horizontal extent, in the same units as `toX`. */
  left: number;
  right: number;
  /** Width of a label's box. */
  labelWidth: (marker: Marker) => number;
  /** Rows available for labels. */
  rows?: number;
  /** Space kept between two labels in one row. */
  gap?: number;
}

/** A label to place: the x of its line and its width, in one unit (pixels). */
export interface LabelBox {
  x: number;
  width: number;
}

/** Where a label went: its left edge and row (0 the first), or row null when no row had room. */
export interface LabelSlot {
  labelX: number;
  row: number | null;
}

/**
 * Non-overlapping label rows (the Flip label used to sit hidden under the Call wall's).
 * Labels are placed in the order given (most important first), each on the first row where some
 * position spans its own line, stays inside [left, right] and keeps `gap` from every label already
 * on that row; of those positions the one nearest the label's centred position wins. A label only
 * goes without a row (null) when every row is taken around its line, so the labels placed first
 * (spot, flip, the walls) always get one. Pure: the same boxes give the same slots.
 */
export function layoutLabelRows(
  boxes: readonly LabelBox[],
  options: { left: number; right: number; rows: number; gap: number },
): LabelSlot[] {
  const { left, right, rows, gap } = options;
  const taken: { from: number; to: number }[][] = Array.from({ length: rows }, () => []);
  return boxes.map(({ x, width }) => {
    const centred = Math.min(Math.max(x - width / 2, left), Math.max(left, right - width));
    for (let r = 0; r < rows; r++) {
      const row = taken[r] as { from: number; to: number }[];
      // Beside each label already on the row, or centred: the free positions worth trying.
      const candidates = [centred, ...row.flatMap((b) => [b.to + gap, b.from - gap - width])];
      const fits = (at: number) =>
        at >= left - 1e-9 &&
        at + width <= right + 1e-9 &&
        at <= x + 1e-9 &&
        x <= at + width + 1e-9 &&
        row.every((b) => at + width + gap <= b.from + 1e-9 || b.to + gap <= at + 1e-9);
      const best = candidates
        .filter(fits)
        .sort((a, b) => Math.abs(a - centred) - Math.abs(b - centred) || a - b)[0];
      if (best !== undefined) {
        row.push({ from: best, to: best + width });
        return { labelX: best, row: r };
      }
    }
    return { labelX: centred, row: null };
  });
}

/** The order labels claim rows in: the level a trader looks for first gets its label first. */
const LABEL_ORDER: readonly MarkerKind[] = [
  'spot',
  'flip',
  'call_wall',
  'put_wall',
  'max_pain',
  'sigma_1d',
  'sigma_1w',
  // The more levels claim rows last: they never push the flip, walls or ±1σ off the canvas.
  'abs_gamma',
  'zero_dte_flip',
  'nearest_flip',
  'zero_dte_call_wall',
  'zero_dte_put_wall',
  'gex_positive',
  'gex_negative',
  'asof',
];

/**
 * Lines for the markers inside the plot, and label positions (layoutLabelRows): spot, then the
 * flip, then the walls, max pain and the ±1σ levels claim label rows, each label on its own line,
 * so Flip stays readable beside the Call wall however close the two are. Markers of one kind go
 * in value order, so the result does not depend on the order they came in.
 */
export function layoutMarkers(
  markers: readonly Marker[],
  toX: (value: number) => number,
  options: MarkerLayoutOptions,
): PlacedMarker[] {
  const inside = markers
    .map((marker) => ({ marker, x: toX(marker.value) }))
    .filter(({ x }) => Number.isFinite(x) && x >= options.left && x <= options.right)
    .sort(
      (a, b) =>
        LABEL_ORDER.indexOf(a.marker.kind) - LABEL_ORDER.indexOf(b.marker.kind) ||
        a.marker.value - b.marker.value ||
        a.marker.key.localeCompare(b.marker.key),
    );
  const slots = layoutLabelRows(
    inside.map(({ marker, x }) => ({ x, width: options.labelWidth(marker) })),
    { left: options.left, right: options.right, rows: options.rows ?? 3, gap: options.gap ?? 4 },
  );
  return inside
    .map(({ marker, x }, i) => ({ marker, x, ...(slots[i] as LabelSlot) }))
    .sort((a, b) => a.marker.value - b.marker.value || a.marker.key.localeCompare(b.marker.key));
}

/**
 * Tops of labels stacked along a vertical edge: each as close to its line (`ys`, ascending) as the
 * others allow, none overlapping, all between `top` and `bottom`. A cluster near the bottom is
 * pushed up rather than dropped; a label is left out (null) only when the edge is too short.
 */
export function stackLabels(
  ys: readonly number[],
  height: number,
  gap: number,
  top: number,
  bottom: number,
): (number | null)[] {
  const step = height + gap;
  const tops = ys.map((y) => Math.min(Math.max(y - height / 2, top), bottom - height));
  for (let i = 1; i < tops.length; i++) tops[i] = Math.max(tops[i] as number, (tops[i - 1] as number) + step);
  for (let i = tops.length - 1; i >= 0; i--) {
    const limit = i === tops.length - 1 ? bottom - height : (tops[i + 1] as number) - step;
    tops[i] = Math.min(tops[i] as number, limit);
  }
  return tops.map((t) => (t >= top ? t : null));
}
