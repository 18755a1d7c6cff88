// The history scores: trend, momentum, extension, realized volatility and their alignment. Each is
// computed from daily closes (today's price as the last close) and expressed in units of the
// ticker's own volatility, so that a reading means the same thing for a utility and for a meme
// stock. Each formula is stated next to its function; the states that read them are in states.ts.
import {
  annualizedVolPct,
  clamp,
  lastPositive,
  logReturns,
  mean,
  olsSlope,
  round,
  sampleStd,
} from './series-math.ts';

/** Closes in the trend regression window (50 sessions). */
export const TREND_WINDOW = 50;
/** The 20/50-day moving-average spread equals this many sessions of drift (centres 9.5 and 24.5 sessions back). */
export const MA_SPREAD_LAG_SESSIONS = 15;
/** Short and long rate-of-change horizons of the momentum score, sessions. */
export const MOMENTUM_SHORT = 10;
export const MOMENTUM_LONG = 20;
/** The momentum change compares today's score with the score this many sessions ago. */
export const MOMENTUM_CHANGE_LAG = 5;
/** Returns in the volatility normalizer of momentum and extension (the 20-day realized vol). */
export const VOL_WINDOW = 20;
/** Returns in the long realized-vol reference of the realized-vol score. */
export const RV_LONG_WINDOW = 60;
/** The realized-vol distribution spans one year of rolling 20-day values; at least this many are needed. */
export const RV_DISTRIBUTION_SESSIONS = 252;
export const RV_DISTRIBUTION_MIN = 60;
/** Trend and momentum scores are clamped to ±5, the extension z-score to ±10: beyond that, more is not more informative. */
export const DRIFT_SCORE_LIMIT = 5;
export const EXTENSION_SCORE_LIMIT = 10;
/** Scores are published to 3 decimals and states are read from the published value. */
export const SCORE_DIGITS = 3;

/** Below this a standard deviation is treated as zero (a price that moved by a constant factor every day). */
const TINY = 1e-12;

/** x / sd, with a zero deviation mapped to ±limit (or 0 for x = 0), clamped to ±limit. */
function zScore(x: number, sd: number, limit: number): number {
  if (sd > TINY) return clamp(x / sd, -limit, limit);
  return x > TINY ? limit : x < -TINY ? -limit : 0;
}

/**
 * trend_score, signed, ±5. Two estimates of the daily drift of ln(price) over the last 50 sessions,
 * each expressed as a drift-to-noise ratio over the window (drift × √50 / daily σ, σ the sample
 * deviation of the window's 49 log returns), then averaged:
 *  - the OLS slope of ln(close) on the session index;
 *  - the 20/50-day moving-average spread ln(MA20 / MA50) divided by 15 (the sessions of drift it
 *    represents), so both estimate the same quantity on the same scale.
 * A driftless random walk scores about ±1.1 one standard deviation; ±1 reads as a trend.
 */
export function trendScore(closes: readonly number[]): number | null {
  const w = lastPositive(closes, TREND_WINDOW);
  if (!w) return null;
  const sd = sampleStd(logReturns(w)) as number;
  const slope = olsSlope(w.map(Math.log)) as number;
  const maSpread = Math.log(mean(w.slice(-20)) / mean(w)) / MA_SPREAD_LAG_SESSIONS;
  const scale = Math.sqrt(TREND_WINDOW);
  const slopeZ = zScore(slope * scale, sd, DRIFT_SCORE_LIMIT);
  const maZ = zScore(maSpread * scale, sd, DRIFT_SCORE_LIMIT);
  return round((slopeZ + maZ) / 2, SCORE_DIGITS);
}

/** Daily σ of the 20 log returns ending at `end` (exclusive), or null. */
function dailySigma(closes: readonly number[], end: number): number | null {
  const w = lastPositive(closes, VOL_WINDOW + 1, end);
  return w ? (sampleStd(logReturns(w)) as number) : null;
}

/**
 * momentum_score at the close before index `end`, signed, ±5: the mean of the 10- and 20-session
 * log rates of change, each divided by the σ they would have by chance (daily σ × √horizon), so a
 * value of 1 is a one-sigma move in the trader's favour over both horizons.
 */
function momentumAt(closes: readonly number[], end: number): number | null {
  const w = lastPositive(closes, MOMENTUM_LONG + 1, end);
  const sd = dailySigma(closes, end);
  if (!w || sd === null) return null;
  const last = w[w.length - 1] as number;
  const roc10 = Math.log(last / (w[w.length - 1 - MOMENTUM_SHORT] as number));
  const roc20 = Math.log(last / (w[0] as number));
  const z10 = zScore(roc10, sd * Math.sqrt(MOMENTUM_SHORT), DRIFT_SCORE_LIMIT);
  const z20 = zScore(roc20, sd * Math.sqrt(MOMENTUM_LONG), DRIFT_SCORE_LIMIT);
  return round((z10 + z20) / 2, SCORE_DIGITS);
}

/**
 * momentum_score (today) and momentum_change: today's score minus the score 5 sessions ago,
 * each computed with the volatility of its own day.
 */
export function momentum(closes: readonly number[]): { score: number; change: number } | null {
  const now = momentumAt(closes, closes.length);
  const then = momentumAt(closes, closes.length - MOMENTUM_CHANGE_LAG);
  if (now === null || then === null) return null;
  return { score: now, change: round(now - then, SCORE_DIGITS) };
}

/**
 * How many daily σ the gap (price − 20-day mean) / price spreads over when the price is a driftless
 * random walk. The gap is a weighted sum of the last 19 daily returns, return k sessions back
 * weighing (N − 1 − k) / N (N = 20), so its deviation is daily σ × √(Σ j² ) / N =
 * daily σ × √((N − 1)(2N − 1) / 6N) ≈ 2.485 daily σ. Dividing by one daily σ instead (as before)
 * made ±2 a band that 42 % of closes fall outside.
 */
export const EXTENSION_GAP_SIGMAS = Math.sqrt(((VOL_WINDOW - 1) * (2 * VOL_WINDOW - 1)) / (6 * VOL_WINDOW));

/**
 * extension_score, a z-score, ±10: (price − 20-day mean close) / price, divided by the deviation
 * that gap has by chance (daily σ × EXTENSION_GAP_SIGMAS, σ from the last 20 log returns). It reads
 * like a normal deviate: +2 means price stands two standard deviations of that gap above its
 * 20-day mean, which a driftless market does on about 2.3 % of closes (and as far below on as many).
 */
export function extensionScore(closes: readonly number[]): number | null {
  const w = lastPositive(closes, VOL_WINDOW + 1);
  if (!w) return null;
  const sd = sampleStd(logReturns(w)) as number;
  const price = w[w.length - 1] as number;
  const ma20 = mean(w.slice(1));
  return round(
    zScore((price - ma20) / price, sd * EXTENSION_GAP_SIGMAS, EXTENSION_SCORE_LIMIT),
    SCORE_DIGITS,
  );
}

export interface RealizedVolReading {
  /** 20-day realized vol, annualized percent. */
  rv20: number;
  /** 60-day realized vol, annualized percent. */
  rv60: number;
  /** Mid-rank percentile (0-100) of today's rv20 among the rolling rv20 values of the last year. */
  percentile: number;
  /** rv20 / rv60. */
  ratio: number;
  /**
   * realized_vol_score in [−1, 1]: 0.6 × (percentile − 50) / 50 + 0.4 × clamp(log2(rv20 / rv60), ±1).
   * Positive means volatility is high for this ticker and/or rising; negative low and/or falling.
   */
  score: number;
}

/** The 20-day realized vol reading against its one-year distribution and the 60-day vol. */
export function realizedVol(closes: readonly number[]): RealizedVolReading | null {
  const n = closes.length;
  const long = lastPositive(closes, RV_LONG_WINDOW + 1);
  const today = lastPositive(closes, VOL_WINDOW + 1);
  if (!long || !today) return null;
  const rv20 = annualizedVolPct(today) as number;
  const rv60 = annualizedVolPct(long) as number;
  const dist: number[] = [];
  for (let end = n; end > n - RV_DISTRIBUTION_SESSIONS; end--) {
    const w = lastPositive(closes, VOL_WINDOW + 1, end);
    if (!w) break;
    dist.push(annualizedVolPct(w) as number);
  }
  if (dist.length < RV_DISTRIBUTION_MIN) return null;
  let below = 0;
  let ties = 0;
  for (const v of dist) {
    if (v < rv20) below++;
    else if (v === rv20) ties++;
  }
  const percentile = ((below + 0.5 * ties) / dist.length) * 100;
  const ratio = rv60 > TINY ? rv20 / rv60 : rv20 > TINY ? Infinity : 1;
  const slope = clamp(Math.log2(ratio), -1, 1);
  const score = 0.6 * ((percentile - 50) / 50) + 0.4 * slope;
  return {
    rv20: round(rv20, 2),
    rv60: round(rv60, 2),
    percentile: round(percentile, 1),
    ratio: Number.isFinite(ratio) ? round(ratio, 3) : 10,
    score: round(score, SCORE_DIGITS),
  };
}

/** Normalizers of the alignment components: the thresholds at which each score's state turns. */
export interface AlignmentScales {
  trend: number;
  momentum: number;
  extension: number;
}

/** Each component of the alignment, clamped to [−1, 1] after dividing by its scale. */
export function alignmentComponents(
  trend: number,
  momentumScore: number,
  extension: number,
  scales: AlignmentScales,
): [number, number, number] {
  return [
    clamp(trend / scales.trend, -1, 1),
    clamp(momentumScore / scales.momentum, -1, 1),
    clamp(extension / scales.extension, -1, 1),
  ];
}

/**
 * trend_alignment_score in [−1, 1]: the mean of the three components (trend, momentum, extension,
 * each divided by the threshold of its own state and clamped to ±1). +1 means all three point up
 * at or beyond their thresholds, −1 all down; values near 0 mean they are weak or cancel out.
 */
export function trendAlignmentScore(components: readonly [number, number, number]): number {
  return round((components[0] + components[1] + components[2]) / 3, SCORE_DIGITS);
}
