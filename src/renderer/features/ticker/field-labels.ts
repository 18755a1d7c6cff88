// What the flat payloads (signals, trade setup, state) are called on screen. The API's names are
// for programs ("dist_to_gex_flip_pct", "put_call_iv_ratio_25delta"); a trader reads "Distance to
// flip" and "25Δ put/call IV ratio". Keys not listed fall back to the generic humanizer, so a new
// field still shows, just less nicely. Values keep the generic formatter; `UNIT_SUFFIX` adds the
// unit where the number alone would be ambiguous (IV points are not percent).
import { fieldLabel, formatField, formatIv, formatPercent, MISSING, trendOf } from '../../lib/format.ts';
import { flipDistancePct, flipDistanceSentence } from '../../../shared/flip-distance.ts';

/** Names of the distance to flip: shown with the app's one sign convention (shared/flip-distance.ts). */
const FLIP_DISTANCE_KEYS = new Set(['dist_to_gex_flip_pct', 'distance_to_flip_pct']);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  price: 'Price',
  gamma_regime: 'Gamma regime',
  gex_flip: 'Gamma flip',
  gamma_flip_price: 'Gamma flip',
  dist_to_gex_flip_pct: 'Distance to flip',
  regime_label: 'Regime',
  regime: 'Regime',
  opportunity_score: 'Opportunity score',
  opportunity_tier: 'Opportunity tier',
  trend_state: 'Trend',
  momentum_state: 'Momentum',
  extension_state: 'Extension',
  realized_vol_state: 'Realized vol',
  trend_alignment_state: 'Trend alignment',
  iv_rank: 'IV rank',
  atm_iv: 'ATM IV (30d)',
  iv_pct_chg: 'ATM IV change',
  // The IV at the strike of max |Δ|·OI; short, as the Rankings column and filters show it.
  ivAtMaxDelta: 'IV at max Δ',
  call_regime: 'Call regime',
  speculative_interest_score: 'Speculative interest (0-1)',
  speculation_score: 'Speculation score (0-1)',
  earnings_date: 'Earnings date',
  earnings_time: 'Earnings time',
  cc_income_tier: 'Covered-call tier',
  csp_income_tier: 'Cash-secured-put tier',
  realized_vol_20d: 'Realized vol 20d (ann.)',
  put_call_iv_ratio_25delta: '25Δ put/call IV ratio',
  put_call_25d_iv_ratio: '25Δ put/call IV ratio',
  put_call_iv_spread: '25Δ put − call IV',
  pcr_oi: 'Put/call OI',
  pcr_volume: 'Put/call volume',
  put_call_ratio_oi_30day_change: 'Put/call OI, 30-day change',
  put_call_ratio_oi_60day_change: 'Put/call OI, 60-day change',
  gex_usd_per_1_pct_move: 'Net GEX per 1% move',
  nearest_gex_usd_per_1_pct_move: 'Nearest-expiry GEX per 1% move',
  gex_volume_ratio: 'GEX / volume GEX',
  pct_gamma_expiring: 'Gamma expiring (nearest)',
  trend_score: 'Trend score',
  momentum_score: 'Momentum score',
  extension_score: 'Extension score (σ)',
  realized_vol_score: 'Realized vol score',
  trend_alignment_score: 'Trend alignment score',
  call_25d_iv: 'Call 25Δ IV (30d)',
  put_25d_iv: 'Put 25Δ IV (30d)',
  put_call_25d_iv_premium_pct: '25Δ put IV premium',
  expected_move_pct_1d: 'Expected move 1D',
  expected_move_pct_1w: 'Expected move 1W',
  expected_move_pct_1m: 'Expected move 1M',
  regime_confidence: 'Regime confidence',
  gex_flip_reason: 'Why no flip',
  direction: 'Direction',
  recommended_direction: 'Direction',
  trade_bias: 'Trade bias',
  simulated: 'Simulated data',
  notes: 'Notes',
};

/** Implied volatilities given as decimals that the generic formatter does not know by name. */
const IV_DECIMALS = new Set(['call_25d_iv', 'put_25d_iv']);
/** Changes and premiums read with their sign. */
const SIGNED_PCT = new Set(['iv_pct_chg', 'put_call_25d_iv_premium_pct']);

/** Units the formatter cannot infer from the name: IV spreads are in IV points. */
const UNIT_SUFFIX: Readonly<Record<string, string>> = {
  put_call_iv_spread: ' pts',
};

/** The on-screen label of a payload key. */
export function labelOf(key: string): string {
  return FIELD_LABELS[key] ?? fieldLabel(key);
}

/** The label inside a phrase ("regime: range bound"): a leading capital goes, an acronym ("IV rank") stays. */
export function labelInPhrase(key: string): string {
  const label = labelOf(key);
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The on-screen value of a payload field, with its unit where the name does not give it. */
export function valueOf(key: string, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (IV_DECIMALS.has(key)) return formatIv(value);
    if (SIGNED_PCT.has(key)) return formatPercent(value, { sign: true });
    // A 1σ move is a distance either way.
    if (key.startsWith('expected_move_pct')) return `±${formatPercent(value)}`;
    if (key === 'regime_confidence' && value <= 1) return formatPercent(value * 100, { digits: 0 });
  }
  const text = formatField(key, value);
  const suffix = UNIT_SUFFIX[key];
  return suffix && text !== MISSING ? `${text}${suffix}` : text;
}

export interface RecordEntry {
  label: string;
  value: string;
  tone: 'pos' | 'neg' | '';
  /** The API's own name, shown on hover. */
  title: string;
}

function toneOf(key: string, value: unknown): RecordEntry['tone'] {
  if (key === 'gamma_regime') return value === 'positive' ? 'pos' : value === 'negative' ? 'neg' : '';
  // The flip's side is not good or bad in itself: its sign is explained in words, not colour.
  if (FLIP_DISTANCE_KEYS.has(key)) return '';
  const signed = key.startsWith('dist') || key.endsWith('chg_pct') || key.endsWith('_change');
  if (!signed || typeof value !== 'number') return '';
  const direction = trendOf(value);
  return direction === 'up' ? 'pos' : direction === 'down' ? 'neg' : '';
}

/**
 * A flat payload as labelled, formatted entries: scalars and lists only (nested blobs have their
 * own panels), `omit` left out. Two names for one figure (the state payload carries both the
 * trade-setup and the catalog name, e.g. `gamma_flip_price` and `gex_flip`) show once; if their
 * values differ, both show, each with its API name, so nothing is hidden.
 */
export function recordEntries(data: Record<string, unknown>, omit: readonly string[]): RecordEntry[] {
  const out: RecordEntry[] = [];
  const byLabel = new Map<string, RecordEntry>();
  const spot = num(data['price']) ?? num(data['spot']);
  const flip = num(data['gex_flip']) ?? num(data['gamma_flip_price']) ?? num(data['gamma_flip']);
  for (const [key, raw] of Object.entries(data)) {
    if (omit.includes(key) || raw === undefined) continue;
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) continue;
    const isFlipDistance = FLIP_DISTANCE_KEYS.has(key);
    const value = isFlipDistance ? flipDistancePct(spot, flip, num(raw)) : raw;
    const entry: RecordEntry = {
      label: labelOf(key),
      value: valueOf(key, value),
      tone: toneOf(key, value),
      title: isFlipDistance ? `${flipDistanceSentence(num(value))} (${key})` : key,
    };
    const same = byLabel.get(entry.label);
    if (same) {
      if (same.value === entry.value) continue;
      entry.label = `${entry.label} (${key})`;
    }
    byLabel.set(entry.label, entry);
    out.push(entry);
  }
  return out;
}
