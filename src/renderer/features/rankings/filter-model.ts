// The Top setups / screener filters as a trader edits them: which controls exist (with human
// labels for every enum value), the active filters as chips, validation of the typed bounds, a
// screener's overrides against its preset, and the link text that reopens a view.
import {
  DIRECTIONS,
  GAMMA_REGIMES,
  REGIME_LABELS,
  STATE_LABEL_VALUES,
  TRADE_BIASES,
} from '../../../shared/api/index.ts';
import { isGammaFilterKey } from '../../../shared/rankings/gamma-filters.ts';
import type {
  BoundKey,
  Exclusion,
  ScreenerOverrides,
  TopSetupsFilters,
} from '../../../shared/bridge/rankings.ts';
import { humanize } from '../../lib/format.ts';
import { labelOf } from '../ticker/field-labels.ts';

// ---- Which filters exist ------------------------------------------------------------------------

export const IN_KEYS = [
  'regime',
  'recommended_direction',
  'trade_bias',
  'trend_state',
  'momentum_state',
  'extension_state',
  'realized_vol_state',
  'gamma_regime',
] as const;
export type InKey = (typeof IN_KEYS)[number];

export interface InControl {
  key: InKey;
  label: string;
  /** The values offered; the four state labels are open, so a value outside these still shows. */
  values: readonly string[];
  /** The app's own filter (gamma): applied to the stored ranking, never sent to the API. */
  appSide: boolean;
}

/** Every value the data can take, from the API enums (shared/api/enums.ts, the one source). */
export const IN_VALUES: Readonly<Record<InKey, readonly string[]>> = {
  regime: REGIME_LABELS,
  recommended_direction: DIRECTIONS,
  trade_bias: TRADE_BIASES,
  ...STATE_LABEL_VALUES,
  gamma_regime: GAMMA_REGIMES,
};

/** Labelled by the app's one field table (ticker/field-labels.ts), as Signals labels them. */
export const IN_CONTROLS: readonly InControl[] = IN_KEYS.map((key) => ({
  key,
  label: labelOf(key),
  values: IN_VALUES[key],
  appSide: isGammaFilterKey(key),
}));

const IV_AT_MAX_DELTA = labelOf('ivAtMaxDelta');

export type NumberKey = BoundKey | 'min_score' | 'flip_distance_min' | 'flip_distance_max';

export interface NumberControl {
  key: NumberKey;
  label: string;
  /** The field's name in messages and chips. */
  name: string;
  side: 'min' | 'max';
  lo: number;
  hi: number;
  /** How a typed number maps to the API value: IV at max Δ is typed in percent, sent as a decimal. */
  scale: number;
  format: (typed: number) => string;
  /** The app's own filter (gamma): applied to the stored ranking, never sent to the API. */
  appSide?: boolean;
}

const plain = (v: number): string => String(Number(v.toFixed(4)));
const dollars = (v: number): string => `$${plain(v)}`;
const percent = (v: number): string => `${plain(v)}%`;

export const NUMBER_CONTROLS: readonly NumberControl[] = [
  {
    key: 'min_score',
    label: 'Min score',
    name: 'Score',
    side: 'min',
    lo: 0,
    hi: 10,
    scale: 1,
    format: plain,
  },
  {
    key: 'price_min',
    label: `${labelOf('price')} from ($)`,
    name: labelOf('price'),
    side: 'min',
    lo: 0,
    hi: Infinity,
    scale: 1,
    format: dollars,
  },
  {
    key: 'price_max',
    label: `${labelOf('price')} to ($)`,
    name: labelOf('price'),
    side: 'max',
    lo: 0,
    hi: Infinity,
    scale: 1,
    format: dollars,
  },
  {
    key: 'iv_rank_min',
    label: `${labelOf('iv_rank')} from`,
    name: labelOf('iv_rank'),
    side: 'min',
    lo: 0,
    hi: 100,
    scale: 1,
    format: plain,
  },
  {
    key: 'iv_rank_max',
    label: `${labelOf('iv_rank')} to`,
    name: labelOf('iv_rank'),
    side: 'max',
    lo: 0,
    hi: 100,
    scale: 1,
    format: plain,
  },
  {
    key: 'ivAtMaxDelta_min',
    label: `${IV_AT_MAX_DELTA} from (%)`,
    name: IV_AT_MAX_DELTA,
    side: 'min',
    lo: 0,
    hi: 500,
    scale: 100,
    format: percent,
  },
  {
    key: 'ivAtMaxDelta_max',
    label: `${IV_AT_MAX_DELTA} to (%)`,
    name: IV_AT_MAX_DELTA,
    side: 'max',
    lo: 0,
    hi: 500,
    scale: 100,
    format: percent,
  },
  {
    key: 'flip_distance_max',
    label: 'Flip within (% of spot)',
    name: 'Distance to flip',
    side: 'max',
    lo: 0,
    hi: 100,
    scale: 1,
    format: percent,
    appSide: true,
  },
  {
    key: 'flip_distance_min',
    label: 'Flip at least (% away)',
    name: 'Distance to flip',
    side: 'min',
    lo: 0,
    hi: 100,
    scale: 1,
    format: percent,
    appSide: true,
  },
];

const numberControl = (key: string): NumberControl | undefined => NUMBER_CONTROLS.find((c) => c.key === key);
const inControl = (key: string): InControl | undefined => IN_CONTROLS.find((c) => c.key === key);

/** The gamma regimes say which side of the flip spot is on (the spec's rule). */
const GAMMA_VALUE_LABELS: Readonly<Record<string, string>> = {
  positive: 'Positive (spot above flip)',
  negative: 'Negative (spot below flip)',
  neutral: 'Neutral (spot at flip)',
  unknown: 'Unknown (no flip in range)',
};

/** An enum value for people: "trending_down_high_vol" → "Trending down high vol". */
export function valueLabel(value: string, key?: string): string {
  return (key === 'gamma_regime' ? GAMMA_VALUE_LABELS[value] : undefined) ?? humanize(value);
}

// ---- Editing ------------------------------------------------------------------------------------

/** Adds the value to the key's list, or takes it out if it is there; an empty list is no filter. */
export function toggleValue(filters: TopSetupsFilters, key: InKey, value: string): TopSetupsFilters {
  const now: readonly string[] = filters[key] ?? [];
  const next = now.includes(value) ? now.filter((v) => v !== value) : [...now, value];
  return withKey(filters, key, next.length > 0 ? next : undefined);
}

export function withKey(filters: TopSetupsFilters, key: string, value: unknown): TopSetupsFilters {
  const out: Record<string, unknown> = { ...filters };
  if (value === undefined) delete out[key];
  else out[key] = value;
  return out as TopSetupsFilters;
}

/** The typed text of a number control, as the API value (undefined: cleared), or a message to show. */
export function parseBound(
  control: NumberControl,
  text: string,
  filters: TopSetupsFilters,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const typed = Number(trimmed);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) || !Number.isFinite(typed))
    return { ok: false, message: `${control.label}: enter a number` };
  if (typed < control.lo || typed > control.hi) {
    return {
      ok: false,
      message:
        control.hi === Infinity
          ? `${control.name} cannot be negative`
          : `${control.name} is between ${control.lo} and ${control.hi}`,
    };
  }
  const value = typed / control.scale;
  const otherKey = control.key.replace(/_(min|max)$/, control.side === 'min' ? '_max' : '_min');
  const other = control.key === 'min_score' ? undefined : (filters as Record<string, unknown>)[otherKey];
  if (typeof other === 'number') {
    const bad = control.side === 'min' ? value > other : value < other;
    if (bad) {
      const shown = control.format(other * control.scale);
      return {
        ok: false,
        message:
          control.side === 'min'
            ? `${control.name} from must not be above ${shown}`
            : `${control.name} to must not be below ${shown}`,
      };
    }
  }
  return { ok: true, value };
}

/** A number filter as its control shows it (IV at max Δ in percent). */
export function boundText(control: NumberControl, filters: TopSetupsFilters): string {
  const value = (filters as Record<string, unknown>)[control.key];
  return typeof value === 'number' ? plain(value * control.scale) : '';
}

// ---- Chips --------------------------------------------------------------------------------------

export interface Chip {
  key: string;
  text: string;
}

/** One phrase for one filter key: "Regime: Range bound", "IV rank ≥ 50", "Price ≤ $300". */
export function filterText(key: string, value: unknown): string | null {
  const control = inControl(key);
  if (control) {
    if (!Array.isArray(value) || value.length === 0) return null;
    return `${control.label}: ${value.map((v) => valueLabel(String(v), key)).join(', ')}`;
  }
  const bound = numberControl(key);
  if (bound && typeof value === 'number') {
    if (bound.appSide)
      return bound.side === 'min'
        ? `Flip at least ${bound.format(value)} from spot`
        : `Flip within ${bound.format(value)} of spot`;
    return `${bound.name} ${bound.side === 'min' ? '≥' : '≤'} ${bound.format(value * bound.scale)}`;
  }
  return null;
}

/** The active filters in control order, one chip per key (the row limit is not a filter). */
export function chipsOf(filters: TopSetupsFilters): Chip[] {
  const out: Chip[] = [];
  for (const key of [...IN_KEYS, ...NUMBER_CONTROLS.map((c) => c.key)]) {
    const text = filterText(key, (filters as Record<string, unknown>)[key]);
    if (text !== null) out.push({ key, text });
  }
  return out;
}

/** "No tickers match. Most excluded by: IV rank ≥ 50 (31 of 40)". */
export function emptyExplanation(exclusions: readonly Exclusion[] | undefined): string | null {
  const top = exclusions?.[0];
  if (!top) return null;
  const text = filterText(top.key, top.value) ?? humanize(top.key);
  return `No tickers match. Most excluded by: ${text} (${top.excluded} of ${top.total})`;
}

// ---- Screeners: a preset with overrides ---------------------------------------------------------

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The preset with the overrides laid over it: what the screener applies. */
export function applyOverrides(preset: TopSetupsFilters, overrides: ScreenerOverrides): TopSetupsFilters {
  let out: TopSetupsFilters = { ...preset };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const drop = value === null || (Array.isArray(value) && value.length === 0);
    out = withKey(out, key, drop ? undefined : value);
  }
  return out;
}

/** What differs from the preset, per key: a new value, or `null` / `[]` where a filter was removed. */
export function overridesOf(preset: TopSetupsFilters, current: TopSetupsFilters): ScreenerOverrides {
  const out: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(preset), ...Object.keys(current)]);
  for (const key of keys) {
    if (key === 'limit') continue;
    const was = (preset as Record<string, unknown>)[key];
    const now = (current as Record<string, unknown>)[key];
    if (same(was, now)) continue;
    out[key] = now !== undefined ? now : inControl(key) ? [] : null;
  }
  return out as ScreenerOverrides;
}

// ---- Links --------------------------------------------------------------------------------------

/** Filters (or overrides) as URL query text; a removed preset filter is an empty parameter. */
export function toSearch(filters: ScreenerOverrides, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || key === 'limit') continue;
    q.set(key, value === null ? '' : Array.isArray(value) ? value.join(',') : String(value));
  }
  return q.toString();
}

/**
 * Query text back to overrides (keys the view knows; an empty value is `null`/`[]`). Bad numbers
 * are reported, not guessed: the caller validates the result with the bridge schema anyway.
 */
export function fromSearch(search: string): { values: ScreenerOverrides; extra: Map<string, string> } {
  const values: Record<string, unknown> = {};
  const extra = new Map<string, string>();
  for (const [key, raw] of new URLSearchParams(search)) {
    if (inControl(key)) {
      values[key] = raw
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean);
    } else if (numberControl(key)) {
      values[key] = raw.trim() === '' ? null : Number(raw);
    } else extra.set(key, raw);
  }
  return { values: values as ScreenerOverrides, extra };
}

/** The part after '#' of whatever was pasted: a whole URL, "#/rankings/…", or "/rankings/…". */
export function hashOf(text: string): string | null {
  const trimmed = text.trim();
  const at = trimmed.indexOf('#');
  const hash = at >= 0 ? trimmed.slice(at + 1) : trimmed;
  return /^\/?rankings\/(top_setups|screeners)(\?|$)/.test(hash) ? `#${hash.replace(/^\/?/, '/')}` : null;
}
