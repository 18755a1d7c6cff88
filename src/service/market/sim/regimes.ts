// The latent regimes that drive the simulated markets: a semi-Markov chain (each regime lasts a
// drawn number of sessions, then hands over along a transition table). The figures are chosen so
// that an interpreter reading trend, momentum, extension, realized vol and IV rank off the paths
// can tell the regimes apart: drifts are in units of the ticker's own daily volatility, so a
// trend is as visible in KO as in TSLA.
import type { Rng } from './random.ts';

export const SIM_REGIMES = [
  'trending_up_low_vol',
  'trending_up_high_vol',
  'range_bound',
  'choppy_volatile',
  'trending_down_low_vol',
  'trending_down_high_vol',
  'panic_flush',
  'recovery',
] as const;
export type SimRegime = (typeof SIM_REGIMES)[number];

/**
 * The API's regime label an interpreter should read off each latent regime (a recovery is a
 * high-volatility uptrend). For checking an interpreter against the simulator's ground truth.
 */
export const SPEC_REGIME_LABEL: Readonly<Record<SimRegime, string>> = {
  trending_up_low_vol: 'trending_low_vol',
  trending_up_high_vol: 'trending_high_vol',
  range_bound: 'range_bound',
  choppy_volatile: 'choppy_volatile',
  trending_down_low_vol: 'trending_down_low_vol',
  trending_down_high_vol: 'trending_down_high_vol',
  panic_flush: 'flush_panic',
  recovery: 'trending_high_vol',
};

export interface RegimeParams {
  /**
   * Mean daily drift in units of the ticker's base daily volatility, counter-moves included (the
   * ordinary sessions drift harder to make up for them: daily-path.ts, trendSessionDrift). The
   * down-trends are steep and last long enough (40 and 22 sessions typical) to be read: a 15-session
   * regime drifting 0.16 of its own σ a day is a 0.6-σ signal over its whole life, which no 50-session
   * trend reading can tell from noise.
   */
  readonly drift: number;
  /** Target realized vol as a multiple of the base vol. */
  readonly volMult: number;
  /** Fraction of the gap to the vol target closed each session. */
  readonly volSpeed: number;
  /** Implied over realized: the 30-day ATM IV targets volMult × baseVol × ivPremium. */
  readonly ivPremium: number;
  /** Daily pull of the log price toward the level where the regime began (ranges, chop). */
  readonly anchorPull: number;
  /** Session counts: typical, least and most. */
  readonly meanDays: number;
  readonly minDays: number;
  readonly maxDays: number;
  /** Shift of the put-skew slope, multiplier of the put/call OI ratio, shift of call speculation. */
  readonly skewShift: number;
  readonly pcrMult: number;
  readonly specShift: number;
  /** Chance per session of a short counter-move (a pullback in an uptrend, a relief rally in a downtrend). */
  readonly counterMoveChance: number;
}

export const REGIME_PARAMS: Readonly<Record<SimRegime, RegimeParams>> = {
  trending_up_low_vol: {
    drift: 0.16,
    volMult: 0.62,
    volSpeed: 0.12,
    ivPremium: 1.12,
    anchorPull: 0,
    meanDays: 55,
    minDays: 20,
    maxDays: 140,
    skewShift: 0,
    pcrMult: 0.85,
    specShift: 0.1,
    counterMoveChance: 0.035,
  },
  trending_up_high_vol: {
    drift: 0.2,
    volMult: 1.3,
    volSpeed: 0.2,
    ivPremium: 1.05,
    anchorPull: 0,
    meanDays: 25,
    minDays: 10,
    maxDays: 60,
    skewShift: -0.07,
    pcrMult: 0.7,
    specShift: 0.3,
    counterMoveChance: 0.03,
  },
  range_bound: {
    drift: 0,
    volMult: 0.8,
    volSpeed: 0.12,
    ivPremium: 1.35,
    anchorPull: 0.1,
    meanDays: 35,
    minDays: 15,
    maxDays: 80,
    skewShift: 0.02,
    pcrMult: 1,
    specShift: -0.1,
    counterMoveChance: 0,
  },
  choppy_volatile: {
    drift: 0,
    volMult: 1.6,
    volSpeed: 0.25,
    ivPremium: 1.15,
    anchorPull: 0.12,
    meanDays: 20,
    minDays: 8,
    maxDays: 45,
    skewShift: 0.03,
    pcrMult: 1.1,
    specShift: 0,
    counterMoveChance: 0,
  },
  trending_down_low_vol: {
    drift: -0.25,
    volMult: 0.85,
    volSpeed: 0.12,
    ivPremium: 1.2,
    anchorPull: 0,
    meanDays: 40,
    minDays: 15,
    maxDays: 90,
    skewShift: 0.04,
    pcrMult: 1.15,
    specShift: -0.15,
    counterMoveChance: 0.03,
  },
  trending_down_high_vol: {
    drift: -0.4,
    volMult: 1.75,
    volSpeed: 0.25,
    ivPremium: 1.2,
    anchorPull: 0,
    meanDays: 22,
    minDays: 10,
    maxDays: 45,
    skewShift: 0.06,
    pcrMult: 1.3,
    specShift: -0.1,
    counterMoveChance: 0.04,
  },
  panic_flush: {
    drift: -1.5,
    volMult: 3,
    volSpeed: 0.6,
    ivPremium: 1.45,
    anchorPull: 0,
    meanDays: 5,
    minDays: 3,
    maxDays: 9,
    skewShift: 0.1,
    pcrMult: 1.5,
    specShift: -0.2,
    counterMoveChance: 0,
  },
  recovery: {
    drift: 0.35,
    volMult: 1.4,
    volSpeed: 0.15,
    ivPremium: 1,
    anchorPull: 0,
    meanDays: 15,
    minDays: 7,
    maxDays: 35,
    skewShift: -0.02,
    pcrMult: 1.2,
    specShift: 0.15,
    counterMoveChance: 0,
  },
};

/** Where each regime hands over to, with relative weights. Panics come out of calm as often as out of stress. */
export const TRANSITIONS: Readonly<Record<SimRegime, Partial<Record<SimRegime, number>>>> = {
  trending_up_low_vol: {
    trending_up_high_vol: 0.15,
    range_bound: 0.35,
    choppy_volatile: 0.1,
    trending_down_low_vol: 0.2,
    trending_down_high_vol: 0.08,
    panic_flush: 0.12,
  },
  trending_up_high_vol: {
    trending_up_low_vol: 0.35,
    range_bound: 0.2,
    choppy_volatile: 0.25,
    trending_down_high_vol: 0.1,
    panic_flush: 0.1,
  },
  range_bound: {
    trending_up_low_vol: 0.35,
    trending_up_high_vol: 0.1,
    choppy_volatile: 0.15,
    trending_down_low_vol: 0.25,
    trending_down_high_vol: 0.1,
    panic_flush: 0.05,
  },
  choppy_volatile: {
    range_bound: 0.3,
    trending_up_high_vol: 0.2,
    trending_up_low_vol: 0.1,
    trending_down_high_vol: 0.25,
    panic_flush: 0.15,
  },
  trending_down_low_vol: {
    range_bound: 0.3,
    trending_down_high_vol: 0.3,
    trending_up_low_vol: 0.15,
    choppy_volatile: 0.1,
    panic_flush: 0.15,
  },
  trending_down_high_vol: {
    panic_flush: 0.35,
    recovery: 0.15,
    choppy_volatile: 0.25,
    range_bound: 0.15,
    trending_down_low_vol: 0.1,
  },
  panic_flush: { recovery: 0.75, choppy_volatile: 0.15, trending_down_high_vol: 0.1 },
  recovery: { trending_up_low_vol: 0.45, trending_up_high_vol: 0.2, range_bound: 0.25, choppy_volatile: 0.1 },
};

/** A regime's length: log-normal around its typical length, within its bounds. */
export function drawDuration(regime: SimRegime, rng: Rng): number {
  const p = REGIME_PARAMS[regime];
  const days = Math.round(p.meanDays * Math.exp(0.45 * rng.normal() - 0.1));
  return Math.min(p.maxDays, Math.max(p.minDays, days));
}

export function nextRegime(from: SimRegime, rng: Rng): SimRegime {
  const entries = Object.entries(TRANSITIONS[from]) as [SimRegime, number][];
  return entries[rng.weighted(entries.map(([, w]) => w))]?.[0] ?? 'range_bound';
}

/** Regimes that spread from the market to single names when the market enters them. */
const CONTAGIOUS: ReadonlySet<SimRegime> = new Set(['panic_flush', 'trending_down_high_vol', 'recovery']);

/**
 * A path of `n` regime indices (into SIM_REGIMES). With `market` given, the path follows it: at
 * each hand-over it takes the market's current regime with probability `follow`, and when the
 * market turns to stress (or recovers) it is dragged along with that probability.
 */
export function regimePath(n: number, rng: Rng, market?: { path: Uint8Array; follow: number }): Uint8Array {
  const out = new Uint8Array(n);
  let regime: SimRegime = SIM_REGIMES[rng.int(3)] as SimRegime;
  let left = Math.ceil(drawDuration(regime, rng) * rng.float());
  for (let i = 0; i < n; i++) {
    const m = market ? (SIM_REGIMES[market.path[i] as number] as SimRegime) : null;
    const mPrev = market && i > 0 ? (SIM_REGIMES[market.path[i - 1] as number] as SimRegime) : null;
    const marketTurned = m !== null && m !== mPrev && CONTAGIOUS.has(m) && m !== regime;
    const dragged = marketTurned && rng.chance(market?.follow ?? 0);
    if (left <= 0 || dragged) {
      let next = nextRegime(regime, rng);
      if (dragged || (m !== null && m !== regime && rng.chance(market?.follow ?? 0))) next = m as SimRegime;
      regime = next;
      left = drawDuration(regime, rng);
    }
    out[i] = SIM_REGIMES.indexOf(regime);
    left--;
  }
  return out;
}
