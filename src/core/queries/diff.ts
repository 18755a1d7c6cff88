// The difference between two stored payloads: every leaf that changed, by dotted path, and the
// changes of the spec's state labels called out as transitions (what a trader scans for first).
import type { FieldChange, LabelTransition } from '../../shared/bridge/history.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields whose values are state labels, wherever they appear in a payload (matched by last key). */
export const LABEL_FIELDS = new Set([
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

/** Driver states (`drivers.flip_context.state`, ...) are labels too. */
function isLabelPath(path: string[]): boolean {
  const last = path[path.length - 1];
  if (last === undefined) return false;
  if (LABEL_FIELDS.has(last)) return true;
  return last === 'state' && path.length >= 2 && path[path.length - 3] === 'drivers';
}

function isObject(v: unknown): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Leaf changes, at most `limit` of them (a chain-sized payload can differ everywhere). */
export function diffPayloads(
  before: unknown,
  after: unknown,
  limit = 2000,
): { changes: FieldChange[]; transitions: LabelTransition[]; truncated: boolean } {
  const changes: FieldChange[] = [];
  const transitions: LabelTransition[] = [];
  let truncated = false;

  const walk = (a: unknown, b: unknown, path: string[]): void => {
    if (changes.length >= limit) {
      truncated = true;
      return;
    }
    if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const key of keys) walk(a[key], b[key], [...path, key]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], [...path, String(i)]);
      return;
    }
    if (Object.is(a, b)) return;
    const change: FieldChange = { path: path.join('.') || '(root)' };
    if (a !== undefined) change.before = a as Json;
    if (b !== undefined) change.after = b as Json;
    changes.push(change);
    if (isLabelPath(path) && (typeof a === 'string' || a == null) && (typeof b === 'string' || b == null)) {
      transitions.push({ field: change.path, from: a ?? null, to: b ?? null });
    }
  };

  walk(before, after, []);
  return { changes, transitions, truncated };
}
