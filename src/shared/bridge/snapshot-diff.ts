// Differences between two stored payloads, leaf by leaf, and the label transitions among them.
// Shared so the core's `snapshots:diff` and the renderer's side-by-side view agree on paths.
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
  'direction',
  'bias',
  'signal',
  'structure_regime',
  'state',
]);

/** Leaves that differ, in document order; numbers equal within `epsilon` (relative) count as equal. */
export function diffJson(before: unknown, after: unknown, epsilon = 0): FieldChange[] {
  const changes: FieldChange[] = [];
  walk(before as Json | undefined, after as Json | undefined, [], changes, epsilon);
  return changes;
}

function walk(
  a: Json | undefined,
  b: Json | undefined,
  path: string[],
  out: FieldChange[],
  epsilon: number,
): void {
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) walk(a[key], b[key], [...path, key], out, epsilon);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && !isLeafArray(a) && !isLeafArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1)
      walk(a[i], b[i], [...path, String(i)], out, epsilon);
    return;
  }
  if (!sameLeaf(a, b, epsilon)) {
    const change: FieldChange = { path: path.join('.') };
    if (a !== undefined) change.before = a;
    if (b !== undefined) change.after = b;
    out.push(change);
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

/** The changes of label fields, as transitions (`from`/`to` null when the label was absent). */
export function labelTransitions(changes: readonly FieldChange[]): LabelTransition[] {
  const out: LabelTransition[] = [];
  for (const change of changes) {
    const field = change.path.split('.').at(-1) ?? '';
    if (!LABEL_FIELDS.has(field)) continue;
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
