// The state labels read from the history scores (scores.ts). Every threshold is a named constant
// here, and every function is a small decision table evaluated top to bottom.
import type {
  ExtensionState,
  MomentumState,
  RealizedVolState,
  TrendAlignmentState,
  TrendState,
} from '../types.ts';
import type { AlignmentScales, RealizedVolReading } from './scores.ts';

/** |trend_score| at or above this is a trend (a drift of one window-σ over 50 sessions). */
export const TREND_THRESHOLD = 1.0;
/** Momentum in the trend's direction at or above this is strong (a one-σ move over 10 and 20 sessions). */
export const MOMENTUM_STRONG = 1.0;
/** A 5-session change of the momentum score at least this large is improving (or, negative, fading). */
export const MOMENTUM_CHANGE = 0.5;
/**
 * |extension_score| at or above this is stretched: price two standard deviations (of the gap itself,
 * scores.ts) away from its 20-day mean, which a driftless market shows on about 4.6 % of closes.
 */
export const EXTENSION_BAND = 2.0;
/** rv20 percentile at or above which realized volatility is elevated, at or below which subdued. */
export const RV_ELEVATED_PERCENTILE = 80;
export const RV_SUBDUED_PERCENTILE = 20;
/** rv20 / rv60 at or above which volatility is expanding, at or below which contracting. */
export const RV_EXPANDING_RATIO = 1.15;
export const RV_CONTRACTING_RATIO = 1 / 1.15;
/** An alignment component whose magnitude is below this (half its state threshold) counts as no opinion. */
export const ALIGNMENT_NEUTRAL_ZONE = 0.5;

export const ALIGNMENT_SCALES: AlignmentScales = {
  trend: TREND_THRESHOLD,
  momentum: MOMENTUM_STRONG,
  extension: EXTENSION_BAND,
};

/** up at trend_score ≥ 1, down at ≤ −1, sideways between. */
export function trendState(score: number): TrendState {
  if (score >= TREND_THRESHOLD) return 'up';
  if (score <= -TREND_THRESHOLD) return 'down';
  return 'sideways';
}

/**
 * Momentum is read in the direction of the trend (down-trend momentum is strong when price falls
 * hard), or in its own direction when there is no trend. With a = momentum and c = its 5-session
 * change, both multiplied by that direction:
 *   a ≥ 1 and c ≤ −0.5 → fading;  a ≥ 1 → strong;  c ≥ 0.5 → improving;
 *   c ≤ −0.5 or a < 0 (price moving against the trend) → fading;  otherwise → weak.
 */
export function momentumState(score: number, change: number, trend: TrendState | null): MomentumState {
  const dir = trend === 'up' ? 1 : trend === 'down' ? -1 : score < 0 ? -1 : 1;
  const a = dir * score;
  const c = dir * change;
  if (a >= MOMENTUM_STRONG) return c <= -MOMENTUM_CHANGE ? 'fading' : 'strong';
  if (c >= MOMENTUM_CHANGE) return 'improving';
  if (c <= -MOMENTUM_CHANGE || a < 0) return 'fading';
  return 'weak';
}

/** overbought at extension ≥ 2, oversold at ≤ −2, neutral between. */
export function extensionState(score: number): ExtensionState {
  if (score >= EXTENSION_BAND) return 'overbought';
  if (score <= -EXTENSION_BAND) return 'oversold';
  return 'neutral';
}

/**
 * With p the rv20 percentile and r = rv20 / rv60:
 *   p ≥ 80 → elevated, unless r ≤ 1/1.15 (then contracting: high but coming down);
 *   p ≤ 20 → subdued, unless r ≥ 1.15 (then expanding: low but waking up);
 *   otherwise r ≥ 1 → expanding, r < 1 → contracting.
 */
export function realizedVolState(
  reading: Pick<RealizedVolReading, 'percentile' | 'ratio'>,
): RealizedVolState {
  const { percentile: p, ratio: r } = reading;
  if (p >= RV_ELEVATED_PERCENTILE) return r <= RV_CONTRACTING_RATIO ? 'contracting' : 'elevated';
  if (p <= RV_SUBDUED_PERCENTILE) return r >= RV_EXPANDING_RATIO ? 'expanding' : 'subdued';
  return r >= 1 ? 'expanding' : 'contracting';
}

/**
 * Each component (see scores.ts) votes +1, −1 or nothing (magnitude below 0.5). Conflicting when
 * there are votes both ways; aligned when at least two vote and all the same way; mixed otherwise.
 */
export function trendAlignmentState(components: readonly [number, number, number]): TrendAlignmentState {
  let up = 0;
  let down = 0;
  for (const c of components) {
    if (c >= ALIGNMENT_NEUTRAL_ZONE) up++;
    else if (c <= -ALIGNMENT_NEUTRAL_ZONE) down++;
  }
  if (up > 0 && down > 0) return 'conflicting';
  if (up >= 2 || down >= 2) return 'aligned';
  return 'mixed';
}
