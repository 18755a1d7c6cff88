// What a leaf of a stored payload is, for people: its unit, how many decimals it deserves, the
// section it belongs to and, for nested paths the flat label table does not know, its label.
// Shared so the history compare (renderer) and the CSV exports (core) round and name fields the
// same way. Units follow the API: `_pct` names are percent, IVs are decimals (0.13 = 13 %),
// prices and levels are USD, ranks 0-100. Exports write IVs in percent, as every screen shows them,
// and say so in the header ("ATM IV (30d) (%)", `atm_iv_pct`). Figures of the shared label table
// (figure-labels.ts) take their one name from it.
import { figureName } from './figure-labels.ts';
import { roundHalfAway } from './figure-format.ts';

/** How a number reads: its unit and the decimals it is shown (and exported) with. */
export type FieldKind = 'price' | 'usd' | 'percent' | 'iv' | 'rank' | 'score' | 'ratio' | 'number';

export interface FieldUnit {
  kind: FieldKind;
  /** Decimals on screen, in the unit shown (an IV's in percent). */
  digits: number;
}

const IV_DECIMAL_KEYS = new Set([
  'atm_iv',
  'ivAtMaxDelta',
  'call_25d_iv',
  'put_25d_iv',
  'realized_vol_20d_decimal',
]);
export const PRICE_KEYS: ReadonlySet<string> = new Set([
  'price',
  'spot',
  'gex_flip',
  'gamma_flip',
  'gamma_flip_price',
  'gex_flip_price',
  'strike',
  'breakeven',
  'max_pain',
  'call_wall',
  'put_wall',
]);
/** Percent units whose names do not say `pct`. */
const PERCENT_KEYS = new Set(['realized_vol_20d']);
/** 0-10 composites, read with one decimal like everywhere else in the app. */
const SCORE_10_KEYS = new Set(['opportunity_score', 'income_score']);
/** 0-1 fractions: one decimal would hide every move. */
const FRACTION_KEYS = new Set([
  'speculative_interest_score',
  'speculation_score',
  'size_fraction',
  'regime_confidence',
]);

/** The last path segment that is a name, not an array index: "levels.3.price" → "price". */
export function fieldKey(path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  return parts.at(-1) ?? path;
}

/** The unit and precision of a field, by its name (the spec's naming conventions). */
export function unitOf(key: string): FieldUnit {
  if (
    key.includes('gex_usd') ||
    key.includes('notional') ||
    key.startsWith('gex_value') ||
    key.endsWith('_usd')
  )
    return { kind: 'usd', digits: 0 };
  if (IV_DECIMAL_KEYS.has(key)) return { kind: 'iv', digits: 2 };
  if (key === 'iv_rank' || key.endsWith('_rank')) return { kind: 'rank', digits: 0 };
  if (/(^|_)pct(_|$)/.test(key) || PERCENT_KEYS.has(key)) return { kind: 'percent', digits: 2 };
  if (PRICE_KEYS.has(key) || key.endsWith('_price') || /^(plus|minus)_\d/.test(key) || key.endsWith('_wall'))
    return { kind: 'price', digits: 2 };
  if (SCORE_10_KEYS.has(key)) return { kind: 'score', digits: 1 };
  if (FRACTION_KEYS.has(key) || key.endsWith('_score')) return { kind: 'score', digits: 2 };
  if (key.includes('ratio') || key.startsWith('pcr') || key.endsWith('_change'))
    return { kind: 'ratio', digits: 2 };
  return { kind: 'number', digits: 2 };
}

/**
 * `value` rounded half away from zero to `digits` decimals on its decimal value, without binary
 * noise (0.1 + 0.2, 0.725 → 0.73): the one rounding of figure-format.ts.
 */
export function roundTo(value: number, digits: number): number {
  return roundHalfAway(value, digits);
}

/**
 * A number as exported to CSV, in the unit the screens show, rounded to what it is shown with:
 * IVs in percent (the API's 0.1304 is written 13.04, its header says %), everything else in the
 * API's own unit.
 */
export function roundForExport(key: string, value: number): number {
  const unit = unitOf(key);
  return unit.kind === 'iv' ? roundTo(value * 100, unit.digits) : roundTo(value, unit.digits);
}

/** A series CSV column name: the metric's key, with `_pct` added where the export changed its unit (atm_iv → atm_iv_pct). */
export function exportColumnName(metric: string): string {
  return unitOf(metric).kind === 'iv' ? `${metric}_pct` : metric;
}

/** What a CSV header adds after the label so the number is unambiguous. */
export function unitSuffix(key: string): string {
  switch (unitOf(key).kind) {
    case 'price':
    case 'usd':
      return ' ($)';
    case 'percent':
    case 'iv':
      return ' (%)';
    default:
      return '';
  }
}

/** Sections of the payloads, by their top-level key. Top-level leaves are the summary. */
const SECTION_LABELS: Readonly<Record<string, string>> = {
  key_levels: 'Key levels',
  drivers: 'Drivers',
  supporting_factors: 'Supporting factors',
  confidence: 'Confidence',
  state: 'Ticker state',
  trade_recommendation: 'Trade recommendation',
  levels: 'Levels',
  structures: 'Structures',
  risk: 'Risk',
};
export const SUMMARY_SECTION = 'Summary';

/** The section a path belongs to: its top-level object, or the summary for top-level leaves. */
export function sectionOf(path: string): string {
  const parts = path.split('.');
  if (parts.length < 2) return SUMMARY_SECTION;
  const top = parts[0] as string;
  return SECTION_LABELS[top] ?? humanizeKey(top);
}

/**
 * Labels of nested fields whose last segment alone would be ambiguous or meaningless
 * (`drivers.flip_context.state` is not just "State"). Array indices are written `*`.
 */
const NESTED_LABELS: Readonly<Record<string, string>> = {
  ticker: 'Ticker',
  asof: 'As of',
  headline: 'Headline',
  signal: 'Signal',
  bias: 'Bias',
  structure_regime: 'Structure regime',
  expected_behavior: 'Expected behavior',
  tags: 'Tags',
  'confidence.notes': 'Confidence notes',
  // A driver is null when it does not apply (no flip, no flip context).
  'drivers.flip_context': 'Flip context',
  'drivers.gamma_tone': 'Gamma tone',
  'drivers.skew_tone': 'Skew tone',
  'drivers.flip_context.state': 'Flip context',
  'drivers.flip_context.label': 'Flip context (text)',
  'drivers.gamma_tone.state': 'Gamma tone',
  'drivers.gamma_tone.label': 'Gamma tone (text)',
  'drivers.skew_tone.state': 'Skew tone',
  'drivers.skew_tone.label': 'Skew tone (text)',
  'drivers.skew_tone.tags': 'Skew tags',
  'drivers.sentiment': 'Sentiment',
  'trade_recommendation.risk.size_fraction': 'Position size (fraction)',
  'trade_recommendation.risk.max_risk_pct': 'Max risk',
  'trade_recommendation.risk.prefer_defined_risk': 'Prefer defined risk',
};

/**
 * A path's own label: the figure table's one name for a known figure, else this table's
 * (`levels.3.price` is looked up as `levels.*.price`).
 */
export function nestedLabel(path: string): string | undefined {
  return figureName(path) ?? NESTED_LABELS[path.replace(/\.\d+(?=\.|$)/g, '.*')];
}

/** Words people write in capitals, and unit tokens written as people read them. */
const WORDS: Readonly<Record<string, string>> = {
  iv: 'IV',
  atm: 'ATM',
  gex: 'GEX',
  oi: 'OI',
  pcr: 'Put/call',
  usd: 'USD',
  cc: 'Covered-call',
  csp: 'Cash-secured-put',
  pct: '%',
  '1d': '1D',
  '1w': '1W',
  '1m': '1M',
  '20d': '20d',
  '25d': '25Δ',
  '25delta': '25Δ',
};

/** A payload key in Sentence case, acronyms kept: "iv_rank" → "IV rank", "pcr_oi" → "Put/call OI". */
export function humanizeKey(key: string): string {
  // The API's one camelCase figure reads by the label table's name.
  if (key === 'ivAtMaxDelta') return figureName(key) ?? key;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
