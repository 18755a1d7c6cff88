// The latent daily state of every simulated ticker, one value per session: close, realized vol,
// 30-day ATM IV, skew, put/call OI ratio and call speculation, driven by the regime chain, a common
// market factor and the earnings calendar. A path is generated once per ticker (it is a few
// small arrays) after a burn-in, so the first session starts from a settled state.
import type { TickerKind } from '../source.ts';
import { earningsSchedule, type SimEarnings } from './earnings.ts';
import { isTradingDayNumber, type ListingCache } from './listing.ts';
import {
  FAIR_VALUE_GROWTH,
  IV_RANGE,
  PRICE_BAND_LOG,
  PRICE_BAND_PULL,
  REFERENCE_DATE,
} from './plausible-ranges.ts';
import { Rng } from './random.ts';
import { REGIME_PARAMS, SIM_REGIMES, regimePath, type RegimeParams, type SimRegime } from './regimes.ts';
import type { SimSessions } from './sessions.ts';
import { constantMaturityIv, type AtmCurve } from './term-structure.ts';
import { marketCorrelation, type SimTicker } from './universe.ts';

/** Sessions simulated before the first published one, so that vol, IV and regimes have settled. */
export const BURN_IN_SESSIONS = 80;

export interface MarketFactor {
  /** Regime index per session, burn-in first. */
  readonly regime: Uint8Array;
  /** Standard normal market shock per session, burn-in first. */
  readonly shock: Float64Array;
}

export function marketFactor(seed: number, sessions: number): MarketFactor {
  const n = BURN_IN_SESSIONS + sessions;
  const regime = regimePath(n, Rng.for(seed, 'market', 'regimes'));
  const rng = Rng.for(seed, 'market', 'shocks');
  const shock = new Float64Array(n);
  for (let i = 0; i < n; i++) shock[i] = rng.normal();
  return { regime, shock };
}

export interface DailyPath {
  readonly ticker: string;
  /** The close before the first session. */
  readonly startClose: number;
  /** Per session, aligned with SimSessions.dates. */
  readonly close: Float64Array;
  /** Log gap at the open (earnings surprises), carried by the intraday path. */
  readonly gap: Float64Array;
  /** Latent realized volatility, annualized decimal. */
  readonly realizedVol: Float64Array;
  /** Latent 30-day ATM IV without earnings, decimal, at the close. */
  readonly iv30: Float64Array;
  /** The 30-day ATM IV a surface reads off the close chain (earnings included), decimal. */
  readonly atmIv: Float64Array;
  /** Put-skew slope of the smile (IV change per standard deviation of moneyness, as a fraction of ATM). */
  readonly skew: Float64Array;
  readonly pcrOi: Float64Array;
  /** Call speculation level, 0-1. */
  readonly speculation: Float64Array;
  /**
   * Where the open interest held after each close was built: a moving average of the closes
   * (HELD_LEVEL_WEIGHT), since positions pile up over weeks and do not follow the price day by day.
   */
  readonly heldLevel: Float64Array;
  readonly regime: Uint8Array;
  readonly earnings: readonly SimEarnings[];
  /** Starting values of the latent state (the session before the first). */
  readonly start: {
    readonly iv30: number;
    readonly skew: number;
    readonly pcrOi: number;
    readonly speculation: number;
    readonly heldLevel: number;
  };
  /** The ticker's normal IV level, the long end of its term structure. */
  readonly normalIv: number;
}

interface KindProfile {
  skew: number;
  pcr: number;
  speculation: number;
  /** How strongly single-name regimes follow the market's. */
  follow: number;
}

const PROFILES: Record<TickerKind, KindProfile> = {
  index_etf: { skew: 0.2, pcr: 1.7, speculation: 0.25, follow: 0.9 },
  index: { skew: 0.2, pcr: 1.7, speculation: 0.25, follow: 0.9 },
  // VIX: call skew (upside calls are the hedge), calls outnumber puts (volatility-index.ts).
  volatility_index: { skew: -0.3, pcr: 0.5, speculation: 0.35, follow: 0.9 },
  sector_etf: { skew: 0.14, pcr: 1.35, speculation: 0.2, follow: 0.6 },
  mega_cap: { skew: 0.09, pcr: 0.8, speculation: 0.4, follow: 0.45 },
  high_vol: { skew: 0.04, pcr: 0.6, speculation: 0.6, follow: 0.4 },
  defensive: { skew: 0.11, pcr: 0.95, speculation: 0.15, follow: 0.35 },
  imported: { skew: 0.1, pcr: 1, speculation: 0.3, follow: 0.5 },
};

export function kindProfile(kind: TickerKind): Readonly<KindProfile> {
  return PROFILES[kind];
}

/** The IV a ticker trades at in ordinary times. */
export function normalIvOf(t: Pick<SimTicker, 'baseVol'>): number {
  return t.baseVol * 1.1;
}

const TRADING_DAYS = 252;
/**
 * Pull of the log price toward a slowly rising fair value, so five years never wander off to
 * nothing; beyond the band of plausible-ranges.ts a much stronger pull keeps the price near where
 * the name really trades.
 */
const FAIR_VALUE_PULL = 0.004;

/** How fast the 30-day IV closes the gap to its target, per regime: slow in ranges, so IV stays rich after stress. */
const IV_SPEED: Record<SimRegime, number> = {
  trending_up_low_vol: 0.1,
  trending_up_high_vol: 0.2,
  range_bound: 0.05,
  choppy_volatile: 0.25,
  trending_down_low_vol: 0.15,
  trending_down_high_vol: 0.3,
  panic_flush: 0.6,
  recovery: 0.12,
};

/**
 * Weight of each close in the held open interest's level (an exponential average, half-life between
 * two and three sessions; chain-builder.ts leans the longer expirations on it). Because held
 * positions lag the price, a sell-off walks the spot down into the put-heavy strikes (negative
 * gamma, as in real sell-offs) and a rally up into the calls, and the spot stays on one side of its
 * flip for stretches instead of drawing a fresh side each day. Calibrated with the OI shapes
 * (chain-builder.ts OI_SHAPES) against docs/engine-conventions.md's gamma-regime targets.
 */
export const HELD_LEVEL_WEIGHT = 0.25;

/** A counter-move runs 3-6 sessions (4.5 on average) at this drift, against the trend, in units of base daily vol. */
const COUNTER_MOVE_DRIFT = 0.8;
const COUNTER_MOVE_MIN_DAYS = 3;
const COUNTER_MOVE_EXTRA_DAYS = 4;
const COUNTER_MOVE_MEAN_DAYS = COUNTER_MOVE_MIN_DAYS + (COUNTER_MOVE_EXTRA_DAYS - 1) / 2;

/**
 * The drift of a trend regime's ordinary sessions, so that with its counter-moves the regime's mean
 * drift is still `p.drift`. A counter-move starts with chance c on an ordinary session and lasts
 * 4.5 sessions, so a share f = 4.5c / (1 + 4.5c) of the regime's sessions are counter-moves, and
 * (1 − f) × d − f × 0.8 = drift gives d. Without this the counter-moves (at 0.8 against 0.16) took
 * back four fifths of the trend and left up- and down-trends nearly driftless: undetectable.
 */
export function trendSessionDrift(p: Pick<RegimeParams, 'drift' | 'counterMoveChance'>): number {
  const c = p.counterMoveChance * COUNTER_MOVE_MEAN_DAYS;
  const f = c / (1 + c);
  return (p.drift + f * COUNTER_MOVE_DRIFT * Math.sign(p.drift)) / (1 - f);
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

export function generateDailyPath(
  seed: number,
  t: SimTicker,
  sessions: SimSessions,
  market: MarketFactor,
  listing: ListingCache,
): DailyPath {
  const n = sessions.dates.length;
  const total = BURN_IN_SESSIONS + n;
  const profile = PROFILES[t.kind];
  const regimes =
    t.ticker === 'SPY'
      ? market.regime
      : regimePath(total, Rng.for(seed, t.ticker, 'regimes'), {
          path: market.regime,
          follow: profile.follow,
        });
  const rng = Rng.for(seed, t.ticker, 'daily');
  const rho = marketCorrelation(t);
  const idio = Math.sqrt(1 - rho * rho);
  const baseDaily = t.baseVol / Math.sqrt(TRADING_DAYS);
  const normalIv = normalIvOf(t);
  // Vol regimes move high-vol names less in proportion: TSLA does not triple its vol in a panic.
  const elasticity = clamp(Math.sqrt(0.3 / t.baseVol), 0.55, 1);
  const volTarget = (g: SimRegime): number => t.baseVol * Math.pow(REGIME_PARAMS[g].volMult, elasticity);
  // Realized vol stays under the IV cap so the daily moves agree with the IV the chains show.
  const ivRange = IV_RANGE[t.kind];
  const volMax = Math.min(4 * t.baseVol, ivRange.max);

  const firstYear = Number((sessions.dates[0] ?? '2024').slice(0, 4));
  const lastYear = Number((sessions.dates[n - 1] ?? '2028').slice(0, 4));
  const earnings = earningsSchedule(seed, t, firstYear, lastYear + 1, isTradingDayNumber);
  const surprises = new Map<string, number>();
  for (const e of earnings) {
    surprises.set(e.reactionDate, e.moveStd * Rng.for(seed, t.ticker, 'surprise', e.date).normal());
  }

  const close = new Float64Array(n);
  const gap = new Float64Array(n);
  const realizedVol = new Float64Array(n);
  const iv30 = new Float64Array(n);
  const atmIv = new Float64Array(n);
  const skew = new Float64Array(n);
  const pcrOi = new Float64Array(n);
  const speculation = new Float64Array(n);
  const heldLevel = new Float64Array(n);
  const regime = new Uint8Array(n);

  // basePrice is the late-2026 level: the fair value passes through it on the reference session.
  const logBase = Math.log(t.basePrice);
  const referenceK = BURN_IN_SESSIONS + sessions.countBefore(REFERENCE_DATE);
  const fairAt = (k: number): number => logBase + (FAIR_VALUE_GROWTH * (k - referenceK)) / TRADING_DAYS;
  let logS = fairAt(0);
  let anchor = logS;
  let vol = volTarget(SIM_REGIMES[regimes[0] as number] as SimRegime);
  let iv = vol * 1.15;
  let sk = profile.skew;
  let pcr = profile.pcr;
  let spec = profile.speculation;
  let counterLeft = 0;
  let counterDrift = 0;
  let held = logS;
  let start = { iv30: iv, skew: sk, pcrOi: pcr, speculation: spec, heldLevel: Math.exp(held) };
  let startLog = logS;

  for (let k = 0; k < total; k++) {
    const g = SIM_REGIMES[regimes[k] as number] as SimRegime;
    const p = REGIME_PARAMS[g];
    if (k > 0 && regimes[k] !== regimes[k - 1]) {
      anchor = logS;
      counterLeft = 0;
    }
    const i = k - BURN_IN_SESSIONS;

    vol += p.volSpeed * (volTarget(g) - vol);
    vol = clamp(vol * Math.exp(0.06 * rng.normal()), 0.3 * t.baseVol, volMax);

    let drift = trendSessionDrift(p);
    if (counterLeft > 0) {
      drift = counterDrift;
      counterLeft--;
    } else if (p.counterMoveChance > 0 && rng.chance(p.counterMoveChance)) {
      counterLeft = COUNTER_MOVE_MIN_DAYS + rng.int(COUNTER_MOVE_EXTRA_DAYS);
      counterDrift = -Math.sign(p.drift) * COUNTER_MOVE_DRIFT;
    }
    const dev = logS - fairAt(k);
    const beyond = Math.sign(dev) * Math.max(0, Math.abs(dev) - PRICE_BAND_LOG);
    const pull = -p.anchorPull * (logS - anchor) - FAIR_VALUE_PULL * dev - PRICE_BAND_PULL * beyond;
    const shock = rho * (market.shock[k] as number) + idio * rng.normal();
    const dailyVol = vol / Math.sqrt(TRADING_DAYS);
    const jump = i >= 0 ? (surprises.get(sessions.dates[i] as string) ?? 0) : 0;
    logS += drift * baseDaily + pull - 0.5 * dailyVol * dailyVol + dailyVol * shock + jump;
    held += HELD_LEVEL_WEIGHT * (logS - held);

    // Implied vol chases realized vol times the regime's premium, jumps on down days (the leverage
    // effect) and on earnings surprises.
    const ivTarget = vol * p.ivPremium;
    iv += IV_SPEED[g] * (ivTarget - iv);
    iv *= Math.exp(0.035 * rng.normal() - 0.04 * shock + (jump !== 0 ? 0.5 * Math.abs(jump) : 0));
    iv = clamp(iv, Math.max(0.4 * t.baseVol, ivRange.min), Math.min(4 * t.baseVol, ivRange.max));

    const skTarget = profile.skew + p.skewShift - 0.12 * (spec - profile.speculation);
    sk += 0.1 * (skTarget - sk) + 0.008 * rng.normal();
    pcr = Math.exp(
      Math.log(pcr) + 0.08 * (Math.log(profile.pcr * p.pcrMult) - Math.log(pcr)) + 0.03 * rng.normal(),
    );
    const specTarget = clamp(profile.speculation + p.specShift + 0.1 * (vol / volTarget(g) - 1), 0.02, 0.98);
    spec = clamp(spec + 0.15 * (specTarget - spec) + 0.03 * rng.normal(), 0.01, 0.99);

    if (i === -1) {
      start = { iv30: iv, skew: sk, pcrOi: pcr, speculation: spec, heldLevel: Math.exp(held) };
      startLog = logS;
    }
    if (i < 0) continue;
    close[i] = logS;
    gap[i] = jump;
    realizedVol[i] = vol;
    iv30[i] = iv;
    skew[i] = sk;
    pcrOi[i] = pcr;
    speculation[i] = spec;
    heldLevel[i] = Math.exp(held);
    regime[i] = regimes[k] as number;
  }

  const cents = (x: number): number => Math.round(x * 100) / 100;
  for (let i = 0; i < n; i++) close[i] = cents(Math.exp(close[i] as number));

  for (let i = 0; i < n; i++) {
    const date = sessions.dates[i] as string;
    const at = sessions.close[i] as number;
    const curve: AtmCurve = { iv30: iv30[i] as number, normalIv, events: earnings };
    atmIv[i] = constantMaturityIv(curve, at, listing.instants(t.listing, date));
  }

  return {
    ticker: t.ticker,
    startClose: cents(Math.exp(startLog)),
    close,
    gap,
    realizedVol,
    iv30,
    atmIv,
    skew,
    pcrOi,
    speculation,
    heldLevel,
    regime,
    earnings,
    start,
    normalIv,
  };
}

/** An index's path: its ETF's scaled by the ratio (the same sessions, regimes and IVs; closes in cents). */
export function scaledPath(base: DailyPath, ticker: string, ratio: number): DailyPath {
  const cents = (x: number): number => Math.round(x * ratio * 100) / 100;
  return {
    ...base,
    ticker,
    startClose: cents(base.startClose),
    close: base.close.map(cents),
    heldLevel: base.heldLevel.map((x) => x * ratio),
    start: { ...base.start, heldLevel: base.start.heldLevel * ratio },
  };
}
