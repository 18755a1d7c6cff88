// What the flat payloads (signals, trade setup, state) are called on screen. The API's names are
// for programs ("dist_to_gex_flip_pct", "put_call_iv_ratio_25delta"); a trader reads "Distance to
// flip" and "25Δ put/call IV ratio". Keys not listed fall back to the generic humanizer, so a new
// field still shows, just less nicely. The figures of the shared label table (figure-labels.ts)
// take their one name, unit, rounding and definition from it; this table only names the other
// fields (states, tiers, scores).
import { fieldLabel, formatField, formatPercent, trendOf } from '../../lib/format.ts';
import { flipDistancePct, flipDistanceSentence } from '../../../shared/flip-distance.ts';
import { formatFigure, type FigureContext } from '../../../shared/figure-format.ts';
import { figureDefinition, figureKeyOf, figureName } from '../../../shared/figure-labels.ts';

/** Names of the distance to flip: shown with the app's one sign convention (shared/flip-distance.ts). */
const FLIP_DISTANCE_KEYS = new Set(['dist_to_gex_flip_pct', 'distance_to_flip_pct']);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  gamma_regime: 'Gamma regime',
  regime_label: 'Regime',
  regime: 'Regime',
  opportunity_score: 'Opportunity score',
  opportunity_tier: 'Opportunity tier',
  trend_state: 'Trend',
  momentum_state: 'Momentum',
  extension_state: 'Extension',
  realized_vol_state: 'Realized vol',
  trend_alignment_state: 'Trend alignment',
  call_regime: 'Call regime',
  earnings_date: 'Earnings date',
  earnings_time: 'Earnings time',
  cc_income_tier: 'Covered-call tier',
  csp_income_tier: 'Cash-secured-put tier',
  put_call_iv_ratio_25delta: '25Δ put/call IV ratio',
  put_call_25d_iv_ratio: '25Δ put/call IV ratio',
  put_call_ratio_oi_30day_change: 'Put/call OI, 30-day change',
  put_call_ratio_oi_60day_change: 'Put/call OI, 60-day change',
  gex_volume_ratio: 'GEX / volume GEX',
  trend_score: 'Trend score',
  momentum_score: 'Momentum score',
  extension_score: 'Extension score (σ)',
  realized_vol_score: 'Realized vol score',
  trend_alignment_score: 'Trend alignment score',
  regime_confidence: 'Regime confidence',
  gex_flip_reason: 'Why no flip',
  direction: 'Direction',
  recommended_direction: 'Direction',
  trade_bias: 'Trade bias',
  simulated: 'Simulated data',
  notes: 'Notes',
};

/** The on-screen label of a payload key: the figure table's one name, else this table's, else words. */
export function labelOf(key: string): string {
  return figureName(key) ?? FIELD_LABELS[key] ?? fieldLabel(key);
}

/** The label inside a phrase ("regime: range bound"): a leading capital goes, an acronym ("IV rank") stays. */
export function labelInPhrase(key: string): string {
  const label = labelOf(key);
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/**
 * The on-screen value of a payload field. Figures of the label table go through the one shared
 * formatter (levels with "$" or in index points by `context.ticker`, IV change in vol points from
 * `context.atm_iv`); the rest through the generic one.
 */
export function valueOf(key: string, value: unknown, context: FigureContext = {}): string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // A 1σ move is a distance either way.
    if (key.startsWith('expected_move_pct')) return `±${formatPercent(value)}`;
    if (key === 'regime_confidence' && value <= 1) return formatPercent(value * 100, { digits: 0 });
    if (figureKeyOf(key)) return formatFigure(key, value, context);
  }
  return formatField(key, value);
}

/** The hover text of a label: the figure's definition, then the API's own name. */
export function titleOf(key: string): string {
  const definition = figureDefinition(key);
  return definition ? `${definition} (${key})` : key;
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
  const context: FigureContext = {
    ticker: typeof data['ticker'] === 'string' ? data['ticker'] : null,
    atm_iv: num(data['atm_iv']),
  };
  const flip = num(data['gex_flip']) ?? num(data['gamma_flip_price']) ?? num(data['gamma_flip']);
  for (const [key, raw] of Object.entries(data)) {
    if (omit.includes(key) || raw === undefined) continue;
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) continue;
    const isFlipDistance = FLIP_DISTANCE_KEYS.has(key);
    const value = isFlipDistance ? flipDistancePct(spot, flip, num(raw)) : raw;
    const entry: RecordEntry = {
      label: labelOf(key),
      value: valueOf(key, value, context),
      tone: toneOf(key, value),
      title: isFlipDistance ? `${flipDistanceSentence(num(value))} ${titleOf(key)}` : titleOf(key),
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
