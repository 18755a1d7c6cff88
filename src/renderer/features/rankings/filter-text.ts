// A screener's preset (the `meta.filters` the ranking was computed with) as short phrases a
// trader reads at a glance: "score ≥ 6.0", "IV rank ≤ 40", "regime: trending low vol". Unknown
// keys still show, as "key: value", so nothing the preset applies is hidden.
import { humanize } from '../../lib/format.ts';
import { labelInPhrase } from '../ticker/field-labels.ts';

/** Field names come from the app's one label table; the score bound is the preset's own word. */
const nameOf = (key: string): string => (key === 'min_score' ? 'score' : labelInPhrase(key));

function num(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value)
    ? Number.isInteger(value)
      ? String(value)
      : value.toFixed(2).replace(/0$/, '')
    : null;
}

/** One phrase per applied filter; empty lists, nulls and the row limit are left out. */
export function filterPhrases(filters: Readonly<Record<string, unknown>> | null | undefined): string[] {
  if (!filters) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined || key === 'limit') continue;
    if (key.endsWith('_range') && Array.isArray(value)) {
      const [lo, hi] = [num(value[0]), num(value[1])];
      const name = nameOf(key.slice(0, -'_range'.length));
      if (lo !== null && hi !== null) out.push(`${name} ${lo}–${hi}`);
      else if (lo !== null) out.push(`${name} ≥ ${lo}`);
      else if (hi !== null) out.push(`${name} ≤ ${hi}`);
      continue;
    }
    const bound = /^(.*)_(min|max)$/.exec(key);
    if (bound && num(value) !== null) {
      out.push(`${nameOf(bound[1] as string)} ${bound[2] === 'min' ? '≥' : '≤'} ${num(value)}`);
      continue;
    }
    if (key.startsWith('min_') && num(value) !== null) {
      out.push(`${nameOf(key)} ≥ ${num(value)}`);
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0)
        out.push(`${nameOf(key)}: ${value.map((v) => humanize(String(v)).toLowerCase()).join(', ')}`);
      continue;
    }
    out.push(
      `${nameOf(key)}: ${typeof value === 'string' ? humanize(value).toLowerCase() : JSON.stringify(value)}`,
    );
  }
  return out;
}
