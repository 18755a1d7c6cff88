// The regime classifier: one of the spec's seven RegimeLabels from trend, realized volatility,
// extension, IV rank and the gamma regime, by a fixed decision table, with a confidence that says
// how decisively the inputs cleared the table's thresholds.
//
// Decision table (first matching row wins):
//   0. no trend reading (too little history)  → gamma-only fallback: negative gamma → choppy_volatile,
//                                                otherwise range_bound; confidence at most 0.25
//   1. extension oversold, volatility high, trend not up        → flush_panic
//   2. trend up,   volatility high → trending_high_vol;      low → trending_low_vol
//   3. trend down, volatility high → trending_down_high_vol; low → trending_down_low_vol
//   4. sideways,   volatility high → choppy_volatile;        low → range_bound
// "Volatility high": realized vol elevated, or expanding with a realized_vol_score ≥ 0 (vol at or
// above its usual level for this ticker, not merely up from a low), or IV rank ≥ 80 (options price a
// storm the tape has not shown yet). Without a realized-vol state: IV rank ≥ 50; without either:
// negative gamma.
import type { RegimeLabel } from '../../../shared/api/enums.ts';
import type { TickerMetrics, TrendState } from '../types.ts';
import { clamp, round } from './series-math.ts';
import { EXTENSION_BAND, TREND_THRESHOLD } from './states.ts';
import { sentence } from './wording.ts';

export const REGIME_MODEL_VERSION = 'regime-1.1.0';

/** IV rank at or above which volatility counts as high even when realized vol is calm. */
export const IV_RANK_HIGH_VOL = 80;
/** IV rank standing in for the realized-vol state when there is none. */
export const IV_RANK_HIGH_VOL_FALLBACK = 50;
/** realized_vol_score (±1) at which the volatility side is fully clear for the confidence. */
export const RV_SCORE_CLEAR = 0.5;
/** Confidence weights: base + trend (or extension, for flush_panic) margin + volatility margin ± gamma support. */
export const CONFIDENCE_BASE = 0.3;
export const CONFIDENCE_PRIMARY_WEIGHT = 0.35;
export const CONFIDENCE_VOL_WEIGHT = 0.25;
export const CONFIDENCE_GAMMA_WEIGHT = 0.1;
export const CONFIDENCE_FLOOR = 0.05;
export const CONFIDENCE_CEILING = 0.95;
/** The most a classification from the gamma regime alone can claim. */
export const FALLBACK_CONFIDENCE = 0.25;

export interface RegimeResult {
  label: RegimeLabel;
  /** 0-1. */
  confidence: number;
  reasons: string[];
}

/** Labels a calm, positive-gamma tape favours; the others are favoured by negative gamma. */
const CALM_LABELS: ReadonlySet<RegimeLabel> = new Set([
  'trending_low_vol',
  'range_bound',
  'trending_down_low_vol',
]);

interface VolRead {
  high: boolean;
  /** 0-1: how clearly the inputs put volatility on that side. */
  margin: number;
  reason: string;
}

function readVolatility(m: TickerMetrics): VolRead {
  const rvs = m.realized_vol_score;
  const ivr = m.iv_rank;
  if (m.realized_vol_state !== null) {
    // "expanding" alone is not high: between the 20th and 80th percentile the state says expanding
    // whenever rv20 ≥ rv60 by any amount, and "low but waking up" is expanding too. Read as high
    // it called a calm tape stormy on about a third of the sessions of the simulator's calm regimes.
    const expandingHigh = m.realized_vol_state === 'expanding' && (rvs === null || rvs >= 0);
    const rvHigh = m.realized_vol_state === 'elevated' || expandingHigh;
    const ivHigh = ivr !== null && ivr >= IV_RANK_HIGH_VOL;
    const high = rvHigh || ivHigh;
    if (ivHigh && !rvHigh) {
      return {
        high,
        margin: clamp((ivr - IV_RANK_HIGH_VOL) / (100 - IV_RANK_HIGH_VOL), 0, 1),
        reason: `IV rank ${fmt(ivr)} ≥ ${IV_RANK_HIGH_VOL} although realized vol is ${m.realized_vol_state}`,
      };
    }
    // Without a score the state alone is taken as a half-clear read.
    const margin = rvs === null ? 0.5 : clamp((high ? rvs : -rvs) / RV_SCORE_CLEAR, 0, 1);
    const reason = `realized vol ${m.realized_vol_state} (score ${fmt(rvs)})`;
    return { high, margin, reason };
  }
  if (ivr !== null) {
    const high = ivr >= IV_RANK_HIGH_VOL_FALLBACK;
    return {
      high,
      margin: clamp(Math.abs(ivr - IV_RANK_HIGH_VOL_FALLBACK) / 50, 0, 1),
      reason: `no realized-vol state; IV rank ${fmt(ivr)} ${high ? '≥' : '<'} ${IV_RANK_HIGH_VOL_FALLBACK}`,
    };
  }
  const high = m.gamma_regime === 'negative';
  return {
    high,
    margin: 0,
    reason: `no volatility history; ${m.gamma_regime} gamma taken as the volatility read`,
  };
}

function fmt(x: number | null): string {
  return x === null ? 'n/a' : String(round(x, 2));
}

/** Margin of the trend score beyond the boundary its state sits behind, 0-1. */
function trendMargin(score: number, state: TrendState): number {
  const distance =
    state === 'sideways' ? TREND_THRESHOLD - Math.abs(score) : Math.abs(score) - TREND_THRESHOLD;
  return clamp(distance / TREND_THRESHOLD, 0, 1);
}

/** +1 when the gamma regime supports the label, −1 when it argues against it, 0 otherwise. */
function gammaSupport(label: RegimeLabel, gamma: TickerMetrics['gamma_regime']): number {
  if (gamma !== 'positive' && gamma !== 'negative') return 0;
  return CALM_LABELS.has(label) === (gamma === 'positive') ? 1 : -1;
}

function fallback(m: TickerMetrics): RegimeResult {
  const label: RegimeLabel = m.gamma_regime === 'negative' ? 'choppy_volatile' : 'range_bound';
  const known = m.gamma_regime === 'positive' || m.gamma_regime === 'negative';
  return {
    label,
    confidence: known ? FALLBACK_CONFIDENCE : round(FALLBACK_CONFIDENCE / 2, 2),
    reasons: [
      'no trend history: classified from the gamma regime alone',
      known
        ? `${m.gamma_regime} gamma: dealers ${m.gamma_regime === 'positive' ? 'dampen' : 'amplify'} moves`
        : `gamma regime ${m.gamma_regime}: defaulting to range_bound`,
    ].map(sentence),
  };
}

export function classifyRegime(m: TickerMetrics): RegimeResult {
  if (m.trend_score === null || m.trend_state === null) return fallback(m);
  const trend = m.trend_state;
  const vol = readVolatility(m);
  const reasons = [
    `trend ${trend} (trend_score ${fmt(m.trend_score)}, threshold ±${TREND_THRESHOLD})`,
    vol.reason,
  ];
  let label: RegimeLabel;
  let primary: number;
  if (m.extension_state === 'oversold' && vol.high && trend !== 'up') {
    label = 'flush_panic';
    const ext = m.extension_score ?? -EXTENSION_BAND;
    primary = clamp((-ext - EXTENSION_BAND) / EXTENSION_BAND, 0, 1);
    reasons.push(`extension oversold (${fmt(m.extension_score)} ≤ −${EXTENSION_BAND}) with high volatility`);
  } else {
    primary = trendMargin(m.trend_score, trend);
    if (trend === 'up') label = vol.high ? 'trending_high_vol' : 'trending_low_vol';
    else if (trend === 'down') label = vol.high ? 'trending_down_high_vol' : 'trending_down_low_vol';
    else label = vol.high ? 'choppy_volatile' : 'range_bound';
  }
  const support = gammaSupport(label, m.gamma_regime);
  if (support !== 0) {
    reasons.push(`${m.gamma_regime} gamma ${support > 0 ? 'supports' : 'argues against'} ${label}`);
  }
  const confidence = clamp(
    CONFIDENCE_BASE +
      CONFIDENCE_PRIMARY_WEIGHT * primary +
      CONFIDENCE_VOL_WEIGHT * vol.margin +
      CONFIDENCE_GAMMA_WEIGHT * support,
    CONFIDENCE_FLOOR,
    CONFIDENCE_CEILING,
  );
  return { label, confidence: round(confidence, 2), reasons: reasons.map(sentence) };
}
