// The at-the-money term structure of the simulator. A ticker's latent state carries one number,
// the 30-day ATM IV without earnings (`iv30`); the curve bends from it toward a long-run level
// (contango in calm markets, inverted in stress), and each scheduled earnings event before an
// expiration adds its variance to that expiration. The 30-day ATM IV published in the history is
// read off the listed expirations exactly as a surface would: total variance interpolated
// linearly in time between the two expirations that bracket 30 calendar days.
import { MIN_TIME_YEARS as MIN_YEARS, MS_PER_YEAR as MS_YEAR } from '../../engine/chain.ts';
import { varianceMs } from './variance-time.ts';

// Local copies: these functions run for every ticker and session, and module bindings can be
// accessors once transpiled.
const MS_PER_YEAR = MS_YEAR;
const MIN_TIME_YEARS = MIN_YEARS;

/** 30 calendar days in 365-day years, the constant maturity of the published ATM IV. */
export const T30 = 30 / 365;
/** How fast the short end's dislocation fades with maturity, in years. */
const TERM_DECAY_YEARS = 0.3;
const MIN_IV = 0.03;

export interface EventVariance {
  /** When the news comes out, epoch ms. */
  readonly instant: number;
  /** Standard deviation of the move, log-return. */
  readonly moveStd: number;
}

/** The long-run implied vol the curve bends toward: mostly the ticker's norm, a little of today. */
export function longRunIv(normalIv: number, iv30: number): number {
  return Math.pow(normalIv, 0.75) * Math.pow(iv30, 0.25);
}

export function yearsBetween(from: number, to: number): number {
  return Math.max((to - from) / MS_PER_YEAR, MIN_TIME_YEARS);
}

/** ATM IV without events at maturity `t` years, given the 30-day level and the long-run level. */
export function exEventAtmIv(t: number, iv30: number, ivLong: number): number {
  return Math.max(MIN_IV, ivLong + (iv30 - ivLong) * Math.exp(-(t - T30) / TERM_DECAY_YEARS));
}

/** Variance of the events that come out after `now` and before `expiresAt`. */
export function eventVariance(events: readonly EventVariance[], now: number, expiresAt: number): number {
  let v = 0;
  for (const e of events) if (e.instant > now && e.instant < expiresAt) v += e.moveStd * e.moveStd;
  return v;
}

export interface AtmCurve {
  /** The latent 30-day ATM IV without events. */
  readonly iv30: number;
  /** The ticker's normal IV level (long-run anchor). */
  readonly normalIv: number;
  readonly events: readonly EventVariance[];
}

/**
 * ATM implied vol of the expiration at `expiresAt`, seen at `now`, quoted on calendar time: the
 * term structure's level carries the variance of the sessions left (variance-time.ts), so a
 * same-day expiration's IV is well above the 30-day one and a Monday one seen on Friday below it.
 */
export function atmIv(curve: AtmCurve, now: number, expiresAt: number): number {
  const t = yearsBetween(now, expiresAt);
  const tv = Math.max(varianceMs(now, expiresAt) / MS_PER_YEAR, MIN_TIME_YEARS);
  const base = exEventAtmIv(t, curve.iv30, longRunIv(curve.normalIv, curve.iv30));
  return Math.max(MIN_IV, Math.sqrt((base * base * tv + eventVariance(curve.events, now, expiresAt)) / t));
}

/**
 * The 30-day constant-maturity ATM IV read off expirations (expiry instants, ascending; those at or
 * before `now` are ignored): total variance interpolated linearly in time between the bracketing
 * pair, flat IV beyond the listed range.
 */
export function constantMaturityIv(curve: AtmCurve, now: number, expiries: readonly number[]): number {
  let below = -1;
  let above = -1;
  for (let i = 0; i < expiries.length; i++) {
    if ((expiries[i] as number) <= now) continue;
    const t = yearsBetween(now, expiries[i] as number);
    if (t <= T30) below = i;
    else {
      above = i;
      break;
    }
  }
  if (below < 0 && above < 0) return exEventAtmIv(T30, curve.iv30, longRunIv(curve.normalIv, curve.iv30));
  if (below < 0) return atmIv(curve, now, expiries[above] as number);
  if (above < 0) return atmIv(curve, now, expiries[below] as number);
  const t1 = yearsBetween(now, expiries[below] as number);
  const t2 = yearsBetween(now, expiries[above] as number);
  const w1 = atmIv(curve, now, expiries[below] as number) ** 2 * t1;
  const w2 = atmIv(curve, now, expiries[above] as number) ** 2 * t2;
  const w = w1 + ((w2 - w1) * (T30 - t1)) / (t2 - t1);
  return Math.sqrt(w / T30);
}
