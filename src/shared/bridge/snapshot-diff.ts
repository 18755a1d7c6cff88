// Differences between two stored payloads, leaf by leaf, and the label transitions among them.
// The one implementation: the core's `snapshots:diff` and anything drawing a side-by-side view
// use it, so they agree on paths.
import type { FieldChange, LabelTransition } from './history.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * The state labels whose changes are transitions (spec, "States and transitions"), matched on the
 * last path segment so `regime_label` and `trade_recommendation.regime_label` both count.
 */
export const LABEL_FIELDS: ReadonlySet<string> = new Set([
  'regime_label',
  'regime',
  'opportunity_tier',
  'income_tier',
  'cc_income_tier',
  'csp_income_tier',
  'gamma_regime',
  'trend_state',
  'momentum_state',
  'extension_state',
  'realized_vol_state',
  'trend_alignment_state',
  'trade_bias',
  'trade_type',
  'direction',
  'recommended_direction',
  'structure_regime',
  'bias',
  'signal',
  'call_regime',
]);

export interface DiffOptions {
  /** Numbers equal within this relative difference count as equal. Default 0. */
  epsilon?: number;
  /** At most this many changes (a chain-sized payload can differ everywhere). Default: no limit. */
  limit?: number;
}

export interface PayloadDiff {
  changes: FieldChange[];
  transitions: LabelTransition[];
  /** The limit was reached: there are more changes than listed. */
  truncated: boolean;
}

/** Changed leaves, transitions among them, at most `limit` changes; lists of expirations matched by date. */
export function diffPayloads(before: unknown, after: unknown, limit = 2000): PayloadDiff {
  const state = { out: [] as FieldChange[], limit, epsilon: 0, truncated: false };
  const [a, b] = alignByExpiration(before, after);
  walk(a as Json | undefined, b as Json | undefined, [], state);
  return { changes: state.out, transitions: labelTransitions(state.out), truncated: state.truncated };
}

/** Leaves that differ, in document order. */
export function diffJson(before: unknown, after: unknown, options: number | DiffOptions = {}): FieldChange[] {
  const o = typeof options === 'number' ? { epsilon: options } : options;
  const state = {
    out: [] as FieldChange[],
    limit: o.limit ?? Infinity,
    epsilon: o.epsilon ?? 0,
    truncated: false,
  };
  walk(before as Json | undefined, after as Json | undefined, [], state);
  return state.out;
}

type Dated = { expiration: string } & Record<string, unknown>;

/** A list whose every item is an object naming its own, distinct expiration (a term structure's points). */
function datedList(value: unknown): value is Dated[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const dates = new Set<string>();
  for (const item of value) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
    const date = (item as Record<string, unknown>)['expiration'];
    if (typeof date !== 'string' || dates.has(date)) return false;
    dates.add(date);
  }
  return true;
}

/**
 * Two payloads with their lists of expirations (a term structure's points) matched by date, not
 * by position: an expiration that rolled off or was listed between two snapshots would otherwise
 * shift every point after it, and Sep 26's IV would be compared with Oct 3's. Each such list of
 * both becomes the dates of either, in order, with `undefined` where one side has no such
 * expiration; everything else is returned as it is. Compare views flatten the aligned payloads, so
 * their paths are the diff's.
 */
export function alignByExpiration(before: unknown, after: unknown): [unknown, unknown] {
  if (datedList(before) && datedList(after)) {
    const older = new Map(before.map((p) => [p.expiration, p]));
    const newer = new Map(after.map((p) => [p.expiration, p]));
    const dates = [...new Set([...older.keys(), ...newer.keys()])].sort();
    const pairs = dates.map((d) => alignByExpiration(older.get(d), newer.get(d)));
    return [pairs.map(([a]) => a), pairs.map(([, b]) => b)];
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const pairs = Array.from({ length: Math.max(before.length, after.length) }, (_, i) =>
      alignByExpiration(before[i], after[i]),
    );
    return [pairs.slice(0, before.length).map(([a]) => a), pairs.slice(0, after.length).map(([, b]) => b)];
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [x, y] = alignByExpiration(before[key], after[key]);
      if (key in before) a[key] = x;
      if (key in after) b[key] = y;
    }
    return [a, b];
  }
  return [before, after];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface WalkState {
  out: FieldChange[];
  limit: number;
  epsilon: number;
  truncated: boolean;
}

function walk(a: Json | undefined, b: Json | undefined, path: string[], s: WalkState): void {
  if (s.out.length >= s.limit) {
    s.truncated = true;
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) walk(a[key], b[key], [...path, key], s);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && !isLeafArray(a) && !isLeafArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) walk(a[i], b[i], [...path, String(i)], s);
    return;
  }
  if (!sameLeaf(a, b, s.epsilon)) {
    const change: FieldChange = { path: path.length ? path.join('.') : '(root)' };
    if (a !== undefined) change.before = a;
    if (b !== undefined) change.after = b;
    s.out.push(change);
  }
}

/** Arrays of plain values (tags, flags) compare as one value: a reordering is one change, not many. */
function isLeafArray(value: Json[]): boolean {
  return value.every((item) => item === null || typeof item !== 'object');
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameLeaf(a: Json | undefined, b: Json | undefined, epsilon: number): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b) return true;
    return Math.abs(a - b) <= epsilon * Math.max(Math.abs(a), Math.abs(b));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A label path: a label field anywhere, or a driver's state (`drivers.flip_context.state`). */
export function isLabelPath(path: string): boolean {
  const parts = path.split('.');
  const last = parts.at(-1) ?? '';
  if (LABEL_FIELDS.has(last)) return true;
  return last === 'state' && parts.at(-3) === 'drivers';
}

/** The changes of label fields, as transitions (`from`/`to` null when the label was absent). */
export function labelTransitions(changes: readonly FieldChange[]): LabelTransition[] {
  const out: LabelTransition[] = [];
  for (const change of changes) {
    if (!isLabelPath(change.path)) continue;
    const from = asLabel(change.before);
    const to = asLabel(change.after);
    if (from === undefined || to === undefined) continue;
    out.push({ field: change.path, from, to });
  }
  return out;
}

function asLabel(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : undefined;
}
