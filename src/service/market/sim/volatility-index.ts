// The simulated VIX: the S&P 500's 30-day implied volatility in points, read off SPY's latent path
// (its 30-day IV, lifted by its put skew as a variance swap is over at-the-money IV, with a little
// noise of its own), so it rises when the market falls, reverts to its mean as SPY's IV does, and
// jumps in a panic. Its options settle on VIX futures, and each expiration's future sits where a
// mean-reverting VIX is expected to be at that date: above spot in contango (calm), below it in
// backwardation (stress). The chains price each expiration off that future, never off spot.
import { Rng } from './random.ts';
import { SIM_REGIMES, type SimRegime } from './regimes.ts';
import type { DailyPath } from './daily-path.ts';
import type { ListingCache } from './listing.ts';
import type { SimSessions } from './sessions.ts';
import { constantMaturityIv, type AtmCurve } from './term-structure.ts';
import type { SimTicker } from './universe.ts';

/** The level VIX futures converge to far out, in points (the long end of the futures curve). */
export const VIX_LONG_RUN = 19.5;
/** Mean reversion of expected VIX, per year: half the gap to the long run closes in about two months. */
export const VIX_REVERSION = 3.5;
/** VIX's move against SPY within a session: a 1 % drop in SPY lifts VIX about 5 %. */
export const VIX_INTRADAY_BETA = 5;
/** The largest daily moves of VIX, log: about +110 % and −30 %. */
const MAX_DAILY_RISE = 0.75;
const MAX_DAILY_FALL = -0.35;
/** The long end of VIX options' term structure (longer-dated futures move less). */
const VIX_NORMAL_IV = 0.6;

/** The VIX future (and so the forward of the options) expiring `t` years out, with VIX at `spot`. */
export function vixFuture(spot: number, t: number): number {
  return VIX_LONG_RUN + (spot - VIX_LONG_RUN) * Math.exp(-VIX_REVERSION * Math.max(0, t));
}

/** VIX options' 30-day IV (VVIX / 100) at a VIX level: ~85 % at 15, ~115 % at 25, ~145 % at 40. */
export function vixOptionIv(vix: number): number {
  return Math.min(1.55, Math.max(0.55, 0.85 + 0.6 * Math.log(vix / 15)));
}

/**
 * What the S&P 500 regime means for VIX's own chart: a market rising calmly is a VIX drifting down,
 * a sell-off or a panic is VIX trending up hard, a recovery is VIX falling fast.
 */
const VIX_REGIME: Readonly<Record<SimRegime, SimRegime>> = {
  trending_up_low_vol: 'trending_down_low_vol',
  trending_up_high_vol: 'trending_down_high_vol',
  range_bound: 'range_bound',
  choppy_volatile: 'choppy_volatile',
  trending_down_low_vol: 'trending_up_low_vol',
  trending_down_high_vol: 'trending_up_high_vol',
  panic_flush: 'trending_up_high_vol',
  recovery: 'trending_down_high_vol',
};

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** VIX from SPY's 30-day IV and put skew, with a day's noise of its own. */
function vixLevel(iv30: number, skew: number, noise: number): number {
  return 100 * iv30 * (1.12 + 0.45 * skew) * Math.exp(0.015 * noise);
}

export function generateVixPath(
  seed: number,
  t: SimTicker,
  spy: DailyPath,
  sessions: SimSessions,
  listing: ListingCache,
): DailyPath {
  const n = sessions.dates.length;
  const rng = Rng.for(seed, t.ticker, 'daily');
  const cents = (x: number): number => Math.round(x * 100) / 100;
  const close = new Float64Array(n);
  const realizedVol = new Float64Array(n);
  const iv30 = new Float64Array(n);
  const atmIv = new Float64Array(n);
  const skew = new Float64Array(n);
  const pcrOi = new Float64Array(n);
  const speculation = new Float64Array(n);
  const regime = new Uint8Array(n);

  const state = (vix: number) => {
    const iv = clamp(vixOptionIv(vix) * Math.exp(0.04 * rng.normal()), 0.55, 1.55);
    // Call skew, flattening as VIX climbs (in a spike the upside is already paid for).
    const sk = -(0.32 - 0.25 * clamp((vix - 18) / 22, 0, 1)) + 0.02 * rng.normal();
    const pcr = 0.5 * Math.sqrt(vix / 17) * Math.exp(0.06 * rng.normal());
    const spec = clamp(0.35 + 0.05 * rng.normal(), 0.05, 0.9);
    return { iv, sk, pcr, spec };
  };

  const startVix = cents(vixLevel(spy.start.iv30, spy.start.skew, rng.normal()));
  const s0 = state(startVix);
  let previous = startVix;
  for (let i = 0; i < n; i++) {
    // VIX's biggest days: about +110 % (February 2018) and −30 %; SPY's IV can leap further in a
    // simulated panic's first session, so the day's move is held within them.
    const level = vixLevel(spy.iv30[i] as number, spy.skew[i] as number, rng.normal());
    const vix = cents(clamp(level, previous * Math.exp(MAX_DAILY_FALL), previous * Math.exp(MAX_DAILY_RISE)));
    previous = vix;
    const s = state(vix);
    close[i] = vix;
    iv30[i] = s.iv;
    realizedVol[i] = 0.85 * s.iv;
    skew[i] = s.sk;
    pcrOi[i] = s.pcr;
    speculation[i] = s.spec;
    const spyRegime = SIM_REGIMES[spy.regime[i] as number] as SimRegime;
    regime[i] = SIM_REGIMES.indexOf(VIX_REGIME[spyRegime]);
  }
  for (let i = 0; i < n; i++) {
    const curve: AtmCurve = { iv30: iv30[i] as number, normalIv: VIX_NORMAL_IV, events: [] };
    atmIv[i] = constantMaturityIv(
      curve,
      sessions.close[i] as number,
      listing.instants(t.listing, sessions.dates[i] as string),
    );
  }

  return {
    ticker: t.ticker,
    startClose: startVix,
    close,
    gap: new Float64Array(n),
    realizedVol,
    iv30,
    atmIv,
    skew,
    pcrOi,
    speculation,
    // VIX open interest follows its futures, not a lagging average: held where the last close was.
    heldLevel: close.slice(),
    regime,
    earnings: [],
    start: { iv30: s0.iv, skew: s0.sk, pcrOi: s0.pcr, speculation: s0.spec, heldLevel: startVix },
    normalIv: VIX_NORMAL_IV,
  };
}
