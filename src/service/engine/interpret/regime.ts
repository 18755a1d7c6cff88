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
// "Volatility high" is judged against the ticker's own history, never against other tickers (issue
// 28: "trending high vol" at ATM IV 12.5 % and IV rank 9):
//   a. IV rank ≤ 20 → low, whatever the tape: options price the calm end of the ticker's own year;
//   b. today's 20-day realized vol at or above the 70th percentile of its own year → high;
//   c. IV rank ≥ 80 → high (options price a storm the tape has not shown yet);
//   d. otherwise low.
// Without the realized-vol percentile (an older record) the realized-vol state stands in: elevated,
// or expanding with a realized_vol_score ≥ 0. Without any realized-vol reading: IV rank ≥ 50. Only
// with no history at all (no IV rank, no realized vol) an absolute rule is used, and said: ATM IV ≥
// 30 % is high; without an ATM IV, negative gamma.
import type { RegimeLabel } from '../../../shared/api/enums.ts';
import type { LabelDriverLine, LabelDrivers } from '../../../shared/api/label-drivers.ts';
import type { TickerMetrics, TrendState } from '../types.ts';
import { priceText } from './index-points.ts';
import { clamp, round } from './series-math.ts';
import { EXTENSION_BAND, TREND_THRESHOLD } from './states.ts';
import { sentence } from './wording.ts';

export const REGIME_MODEL_VERSION = 'regime-1.2.0';

/** IV rank (0-100, the ticker's own year) at or above which volatility is high even when realized vol is calm. */
export const IV_RANK_HIGH_VOL = 80;
/** IV rank standing in for the realized-vol reading when there is none. */
export const IV_RANK_HIGH_VOL_FALLBACK = 50;
/** IV rank at or below which volatility is never high: options price the calm end of the year. */
export const IV_RANK_CALM_CAP = 20;
/** Percentile of today's 20-day realized vol in its own year at or above which volatility is high. */
export const RV_PERCENTILE_HIGH_VOL = 70;
/** realized_vol_score (±1) at which the volatility side is fully clear for the confidence. */
export const RV_SCORE_CLEAR = 0.5;
/** The absolute rule, only without any history: ATM IV (decimal) at or above this is high. */
export const ATM_IV_HIGH_VOL_ABSOLUTE = 0.3;
/** Confidence weights: base + trend (or extension, for flush_panic) margin + volatility margin ± gamma support. */
export const CONFIDENCE_BASE = 0.3;
export const CONFIDENCE_PRIMARY_WEIGHT = 0.35;
export const CONFIDENCE_VOL_WEIGHT = 0.25;
export const CONFIDENCE_GAMMA_WEIGHT = 0.1;
export const CONFIDENCE_FLOOR = 0.05;
export const CONFIDENCE_CEILING = 0.95;
/** The most a classification from the gamma regime alone can claim. */
export const FALLBACK_CONFIDENCE = 0.25;

/** The volatility rule as the label's drivers state it. */
export const VOLATILITY_RULE = `Volatility is judged against the ticker's own history: high when 20-day realized vol is at or above the ${RV_PERCENTILE_HIGH_VOL}th percentile of its own year or IV rank is ≥ ${IV_RANK_HIGH_VOL} (≥ ${IV_RANK_HIGH_VOL_FALLBACK} without realized vol), never at IV rank ≤ ${IV_RANK_CALM_CAP}; only without any history, ATM IV ≥ ${ATM_IV_HIGH_VOL_ABSOLUTE * 100} %.`;

export interface RegimeResult {
  label: RegimeLabel;
  /** 0-1. */
  confidence: number;
  reasons: string[];
  /** What decided the label, figure by figure (additive: explain and market structure show it); optional for hand-built results. */
  drivers?: LabelDrivers;
}

/** Labels a calm, positive-gamma tape favours; the others are favoured by negative gamma. */
const CALM_LABELS: ReadonlySet<RegimeLabel> = new Set([
  'trending_low_vol',
  'range_bound',
  'trending_down_low_vol',
]);

export type VolBasis = 'own_history' | 'absolute' | 'gamma';

export interface VolRead {
  high: boolean;
  /** 0-1: how clearly the inputs put volatility on that side. */
  margin: number;
  /** Against the ticker's own history, the absolute ATM IV rule, or the gamma regime. */
  basis: VolBasis;
  reason: string;
}

const pctText = (iv: number | null): string => (iv === null ? 'n/a' : `${round(iv * 100, 1)} %`);

/** The realized-vol side: the percentile when there is one, else the state (an older record). */
function realizedSide(m: TickerMetrics): { high: boolean; margin: number; text: string } | null {
  const rvs = m.realized_vol_score;
  const p = m.realized_vol_percentile ?? null;
  let high: boolean;
  let text: string;
  if (p !== null) {
    high = p >= RV_PERCENTILE_HIGH_VOL;
    text = `20-day realized vol ${m.realized_vol_20d === null ? 'n/a' : round(m.realized_vol_20d, 1)} % at the ${ordinal(p)} percentile of its own year (${high ? '≥' : '<'} ${RV_PERCENTILE_HIGH_VOL})`;
  } else if (m.realized_vol_state !== null) {
    // "expanding" alone is not high: "low but waking up" is expanding too; with a score ≥ 0 it is
    // at or above its usual level for this ticker.
    high =
      m.realized_vol_state === 'elevated' ||
      (m.realized_vol_state === 'expanding' && (rvs === null || rvs >= 0));
    text = `realized vol ${m.realized_vol_state} (score ${fmt(rvs)})`;
  } else return null;
  // Without a score the reading alone is taken as a half-clear read.
  const margin = rvs === null ? 0.5 : clamp((high ? rvs : -rvs) / RV_SCORE_CLEAR, 0, 1);
  return { high, margin, text };
}

export function readVolatility(m: TickerMetrics): VolRead {
  const ivr = m.iv_rank;
  const rv = realizedSide(m);
  const atm = `ATM IV ${pctText(m.atm_iv)}`;
  if (ivr === null && rv === null) {
    if (m.atm_iv !== null && Number.isFinite(m.atm_iv)) {
      const high = m.atm_iv >= ATM_IV_HIGH_VOL_ABSOLUTE;
      return {
        high,
        margin: clamp(Math.abs(m.atm_iv - ATM_IV_HIGH_VOL_ABSOLUTE) / ATM_IV_HIGH_VOL_ABSOLUTE, 0, 1) / 2,
        basis: 'absolute',
        reason: `no IV or realized-vol history, so the absolute rule: ${atm} ${high ? '≥' : '<'} ${ATM_IV_HIGH_VOL_ABSOLUTE * 100} %`,
      };
    }
    const high = m.gamma_regime === 'negative';
    return {
      high,
      margin: 0,
      basis: 'gamma',
      reason: `no volatility history and no ATM IV; ${m.gamma_regime} gamma taken as the volatility read`,
    };
  }
  // Whole numbers, as the page header shows IV rank.
  const ivLine = `IV rank ${ivr === null ? 'n/a' : Math.round(ivr)} over its own year`;
  if (ivr !== null && ivr <= IV_RANK_CALM_CAP) {
    const rvText = rv ? `, although ${rv.text}` : '';
    return {
      high: false,
      margin: clamp(
        Math.max((IV_RANK_CALM_CAP - ivr) / IV_RANK_CALM_CAP, rv && !rv.high ? rv.margin : 0),
        0,
        1,
      ),
      basis: 'own_history',
      reason: `low vol: ${ivLine} ≤ ${IV_RANK_CALM_CAP} (options price the calm end of its year)${rvText}; ${atm}`,
    };
  }
  if (rv === null) {
    const r = ivr as number;
    const high = r >= IV_RANK_HIGH_VOL_FALLBACK;
    return {
      high,
      margin: clamp(Math.abs(r - IV_RANK_HIGH_VOL_FALLBACK) / 50, 0, 1),
      basis: 'own_history',
      reason: `${high ? 'high' : 'low'} vol: no realized-vol reading; ${ivLine} ${high ? '≥' : '<'} ${IV_RANK_HIGH_VOL_FALLBACK}; ${atm}`,
    };
  }
  const ivHigh = ivr !== null && ivr >= IV_RANK_HIGH_VOL;
  const high = rv.high || ivHigh;
  const ivText = ivr === null ? 'IV rank n/a' : `${ivLine} (${ivHigh ? '≥' : '<'} ${IV_RANK_HIGH_VOL})`;
  if (ivHigh && !rv.high) {
    return {
      high,
      margin: clamp(((ivr as number) - IV_RANK_HIGH_VOL) / (100 - IV_RANK_HIGH_VOL), 0, 1),
      basis: 'own_history',
      reason: `high vol: ${ivText} although ${rv.text}; ${atm}`,
    };
  }
  return {
    high,
    margin: rv.margin,
    basis: 'own_history',
    reason: `${high ? 'high' : 'low'} vol: ${rv.text}, ${ivText}; ${atm}`,
  };
}

/** 72 → "72nd", 91.9 → "92nd". */
function ordinal(x: number): string {
  const n = Math.round(x);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
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

/** The rule of the regime label in one sentence, stated with every driver list. */
export const REGIME_RULE = `The trend reads the 50-session trend score (up at ≥ ${TREND_THRESHOLD}, down at ≤ −${TREND_THRESHOLD}). ${VOLATILITY_RULE} Every figure is this ticker's own, so two correlated names (SPX and SPY) can read differently when one sits on the other side of a threshold.`;

/** Shown with the drivers: the same day can read differently on two correlated names. */
export const OWN_FIGURES_NOTE =
  "Read from this ticker's own figures: a correlated name (SPX beside SPY) can carry another label when one of its figures sits on the other side of a threshold.";

const line = (name: string, text: string): LabelDriverLine => ({ name, text: sentence(text) });

function trendText(score: number, state: TrendState): string {
  const s = fmt(score);
  if (state === 'up') return `up: trend score ${s} ≥ ${TREND_THRESHOLD}`;
  if (state === 'down') return `down: trend score ${s} ≤ −${TREND_THRESHOLD}`;
  return `sideways: trend score ${s} between −${TREND_THRESHOLD} and ${TREND_THRESHOLD}`;
}

function gammaText(m: TickerMetrics): string {
  const flip =
    m.gex_flip === null || m.dist_to_gex_flip_pct === null
      ? 'no flip in range'
      : `flip ${priceText(m.ticker)(m.gex_flip)}, ${Math.abs(m.dist_to_gex_flip_pct).toFixed(2)} % ${m.dist_to_gex_flip_pct > 0 ? 'above' : m.dist_to_gex_flip_pct < 0 ? 'below' : 'at'} spot`;
  return `${m.gamma_regime} gamma, ${flip}`;
}

function fallback(m: TickerMetrics): RegimeResult {
  const label: RegimeLabel = m.gamma_regime === 'negative' ? 'choppy_volatile' : 'range_bound';
  const known = m.gamma_regime === 'positive' || m.gamma_regime === 'negative';
  return {
    label,
    confidence: known ? FALLBACK_CONFIDENCE : round(FALLBACK_CONFIDENCE / 2, 2),
    drivers: {
      kind: 'regime',
      value: label,
      drivers: [
        line('Trend', 'no trend reading: the trend score needs 50 daily closes'),
        line(
          'Gamma',
          `${gammaText(m)}: ${known ? `${m.gamma_regime} gamma reads as ${label}` : 'defaulting to range_bound'}`,
        ),
      ],
      rule: sentence(
        'Without a trend reading the label comes from the gamma regime alone: negative gamma reads choppy_volatile, anything else range_bound.',
      ),
    },
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
  const drivers: LabelDriverLine[] = [
    line('Trend', trendText(m.trend_score, trend)),
    line('Volatility', vol.reason),
  ];
  if (label === 'flush_panic')
    drivers.push(
      line('Extension', `oversold: extension score ${fmt(m.extension_score)} ≤ −${EXTENSION_BAND}`),
    );
  drivers.push(
    line(
      'Gamma',
      `${gammaText(m)}${support === 0 ? '' : support > 0 ? ': supports the label' : ': argues against the label'}`,
    ),
  );
  return {
    label,
    confidence: round(confidence, 2),
    reasons: reasons.map(sentence),
    drivers: { kind: 'regime', value: label, drivers, rule: REGIME_RULE, note: OWN_FIGURES_NOTE },
  };
}
