// Builds one simulated option chain from the latent state at a snapshot. Everything that a real
// chain keeps fixed through a session (listed strikes, open interest) depends only on the session
// and the previous close; what moves (IV, prices, the day's volume so far) depends on the instant.
// All randomness comes from streams keyed by (seed, ticker, session), so a chain can be rebuilt
// alone, and the same snapshot always gives the same bytes.
import { packChain, type ContractRow, type OptionChain } from '../../engine/chain.ts';
import { bsPrice } from '../../engine/pricing.ts';
import type { IsoDate } from '../../../shared/market-calendar.ts';
import { kindProfile } from './daily-path.ts';
import { Rng } from './random.ts';
import { baseStrikeStep, strikeGrid } from './strikes.ts';
import { atmIv, yearsBetween, type AtmCurve, type EventVariance } from './term-structure.ts';
import type { SimTicker } from './universe.ts';
import type { TickerKind } from '../source.ts';

export interface ChainInputs {
  seed: number;
  ticker: SimTicker;
  /** The session and its open. */
  date: IsoDate;
  open: number;
  /** Share of the session elapsed at the snapshot, 0-1 (drives the day's volume so far). */
  sessionFraction: number;
  asof: number;
  spot: number;
  /** Previous close and its 30-day ex-earnings IV: they set the listed strikes and the OI profile. */
  previousClose: number;
  previousIv30: number;
  /**
   * The level the held open interest was built around (a moving average of past closes:
   * daily-path.ts heldLevel). Long-dated expirations hold their OI there, the nearest ones around
   * the previous close (they were opened in the last few sessions).
   */
  heldLevel: number;
  /** Latent state at the snapshot. */
  iv30: number;
  normalIv: number;
  skew: number;
  /** The session's put/call OI ratio and call speculation level (settled for the whole session). */
  pcrOi: number;
  speculation: number;
  events: readonly EventVariance[];
  /** Expiration dates listed on the session, with their expiry instants (same order). */
  expirations: readonly IsoDate[];
  expiresAt: (date: IsoDate) => number;
  /** Standard monthly expiration dates (they carry the most open interest). */
  isMonthly: (date: IsoDate) => boolean;
  /**
   * Options that settle on a future (VIX): the future expiring `t` years out with the index at
   * `level`. Each expiration is then listed around, priced off and held around its own future.
   */
  forward?: ((level: number, t: number) => number) | undefined;
  /**
   * The risk-free rate and dividend yield the options are priced with, continuous, decimal: the
   * ticker's stated carry (src/shared/carry.ts), the one the engine reads the chain with, so the
   * chain's put-call parity implies a forward of spot × e^((r − q)t), as on a real chain.
   */
  carry: { readonly r: number; readonly q: number };
}

/** Smile curvature by kind: single names have more convex wings than the index. */
const CURVATURE = {
  index_etf: 0.035,
  index: 0.035,
  volatility_index: 0.03,
  sector_etf: 0.04,
  mega_cap: 0.05,
  high_vol: 0.065,
  defensive: 0.045,
  imported: 0.05,
};

const MIN_SMILE = 0.55;
const MAX_Z = 3.5;

/** IV of a strike: the ATM level bent by put skew (slope) and smile (curvature) in standardized moneyness. */
export function smileIv(
  atm: number,
  spot: number,
  strike: number,
  t: number,
  skew: number,
  curvature: number,
): number {
  const z = Math.min(
    MAX_Z,
    Math.max(-MAX_Z, Math.log(strike / spot) / (atm * Math.sqrt(Math.max(t, 3 / 365)))),
  );
  return atm * Math.max(MIN_SMILE, 1 - skew * z + curvature * z * z);
}

function cents(x: number): number {
  return Math.round(x * 100) / 100;
}

/** A quote around the model price: penny ticks under $3, nickels above, wider for thin names and far dates. */
function quote(mid: number, liquidity: number, days: number, rng: Rng): { bid: number; ask: number } {
  const tick = mid < 3 ? 0.01 : 0.05;
  const pct = (0.02 + 0.05 / Math.sqrt(liquidity)) * (days > 180 ? 1.6 : 1) * (0.8 + 0.4 * rng.float());
  const half = Math.max(0.005 + 0.005 * rng.float(), (mid * pct) / 2);
  const bid = Math.max(0, cents(Math.floor((mid - half) / tick + 1e-9) * tick));
  const ask = Math.max(cents(Math.ceil((mid + half) / tick - 1e-9) * tick), cents(bid + tick), 0.01);
  return { bid, ask: cents(ask) };
}

/** Dollar increments traders treat as round, smallest first. */
const ROUND_TIERS = [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000] as const;
/**
 * Extra open-interest weight per round tier a strike is a multiple of: strong in the monthly and
 * LEAPS expirations where positions build up for weeks, weak in the short dailies and weeklies that
 * trade every strike near the money (so the nearest expiration's max pain need not sit on the same
 * round strike as a wall).
 */
const ROUND_BONUS = { held: 0.6, short: 0.15 } as const;

/**
 * Extra weight of round strikes in open interest, as in a real chain: every round tier at least
 * twice the listed increment that divides the strike adds a bonus, so for SPY ($1 strikes) 600
 * (a multiple of 5, 10, 25, 50 and 100) weighs about 4.6, 610 about 2.2, 605 1.6 and 603 1.
 */
export function roundness(strike: number, step: number, bonus: number = ROUND_BONUS.held): number {
  let w = 1;
  for (const tier of ROUND_TIERS) {
    if (tier < 2 * step - 1e-9) continue;
    const units = strike / tier;
    if (Math.abs(units - Math.round(units)) < 1e-6) w += bonus;
  }
  return w;
}

/** Where a kind's call and put open interest pile up, in standardized moneyness (see oiShape). */
export interface OiShape {
  callAt: number;
  callWidth: number;
  putAt: number;
  putWidth: number;
}

/**
 * Open-interest placement by kind, calibrated so the engine's gamma flip spends realistic shares of
 * sessions below spot (docs/engine-conventions.md, "Gamma regimes"; sim/calibration.ts measures
 * it). An index's put open interest is mostly institutional hedges well out of the money (5-10 %
 * under spot on a monthly) and its calls sit near the money (overwriting), so near spot calls carry
 * more gamma than puts even at a put/call OI ratio of 1.7: dealers are long gamma most of the time
 * and short it once a sell-off reaches the hedges. A single stock's puts are bought nearer the
 * money and its calls further out, so its flip sits nearer spot and it spends more sessions below
 * it. VIX keeps the generic shape.
 */
export const OI_SHAPES: Readonly<Record<TickerKind, OiShape>> = {
  index_etf: { callAt: 0.3, callWidth: 0.75, putAt: -2.3, putWidth: 1.1 },
  index: { callAt: 0.3, callWidth: 0.75, putAt: -2.3, putWidth: 1.1 },
  volatility_index: { callAt: 0.9, callWidth: 0.75, putAt: -1.1, putWidth: 0.9 },
  sector_etf: { callAt: 0.6, callWidth: 0.8, putAt: -1.8, putWidth: 1.0 },
  mega_cap: { callAt: 1.2, callWidth: 0.8, putAt: -0.7, putWidth: 0.8 },
  high_vol: { callAt: 1.6, callWidth: 0.8, putAt: -0.2, putWidth: 0.8 },
  defensive: { callAt: 1.1, callWidth: 0.8, putAt: -0.9, putWidth: 0.85 },
  imported: { callAt: 0.9, callWidth: 0.75, putAt: -1.1, putWidth: 0.9 },
};

/**
 * Open-interest shape by standardized moneyness z (log(K / held level) / σ√t): calls pile up on
 * out-of-the-money strikes above the price (covered calls and upside bets), puts on strikes below
 * (hedges), each with a thin far tail. Together with the round-strike weight this puts the call wall
 * above spot, the put wall below it, and max pain in between, as on a real chain.
 */
export function oiShape(z: number, isCall: boolean, shape: OiShape = OI_SHAPES.imported): number {
  return isCall
    ? Math.exp(-0.5 * ((z - shape.callAt) / shape.callWidth) ** 2) + 0.05 * Math.exp(-Math.abs(z) / 2.5)
    : Math.exp(-0.5 * ((z - shape.putAt) / shape.putWidth) ** 2) + 0.06 * Math.exp(-Math.abs(z) / 2.5);
}

/**
 * Sessions over which an expiration's open interest builds up: one a few days out holds OI opened
 * around the previous close, one a month or more out holds it around the held level.
 */
const HELD_BUILD_DAYS = 10;

/** The longest horizon the open-interest shape widens with (see buildChain). */
const OI_MAX_YEARS = 0.25;

/** Log-normal noise of one contract's open interest (small, so round strikes stay on top). */
const OI_NOISE = 0.3;

export function buildChain(inp: ChainInputs): OptionChain {
  const t = inp.ticker;
  const profile = kindProfile(t.kind);
  const curvature = CURVATURE[t.kind];
  const curve: AtmCurve = { iv30: inp.iv30, normalIv: inp.normalIv, events: inp.events };
  const step = t.strikeStep ?? baseStrikeStep(inp.previousClose, t.fineStrikes);
  // Fixed through the session: open interest and the day's volume budget per contract.
  const oiRng = Rng.for(inp.seed, t.ticker, inp.date, 'oi');
  const volumeRng = Rng.for(inp.seed, t.ticker, inp.date, 'volume');
  const quoteRng = Rng.for(inp.seed, t.ticker, inp.date, 'quotes');
  const dayShare = Math.pow(Math.min(1, Math.max(0, inp.sessionFraction)), 0.85);

  const rows: ContractRow[] = [];
  let putOi = 0;
  let callOi = 0;
  for (const date of inp.expirations) {
    const expiresAt = inp.expiresAt(date);
    // Expired contracts still draw their numbers, so the rest of the session's chains keep theirs.
    const live = expiresAt > inp.asof;
    const tOpen = yearsBetween(inp.open, expiresAt);
    const tNow = yearsBetween(inp.asof, expiresAt);
    const days = tNow * 365;
    const daysAtOpen = tOpen * 365;
    // The underlying of this expiration's options: spot, or its future (VIX), now and at the open.
    const under = inp.forward ? inp.forward(inp.spot, tNow) : inp.spot;
    // The price the smile is centred on: the forward, where a real chain's ATM sits. On a future
    // (VIX) the options are Black-76 on it: Black-Scholes on the future with q = r.
    const { r } = inp.carry;
    const q = inp.forward ? r : inp.carry.q;
    const forward = under * Math.exp((r - q) * tNow);
    const center = inp.forward ? inp.forward(inp.previousClose, tOpen) : inp.previousClose;
    const grid = strikeGrid({ center, vol: inp.previousIv30, t: tOpen, step });
    const heldShare = 1 - Math.exp(-daysAtOpen / HELD_BUILD_DAYS);
    const built = Math.exp(
      (1 - heldShare) * Math.log(inp.previousClose) + heldShare * Math.log(inp.heldLevel),
    );
    const oiCenter = inp.forward ? inp.forward(built, tOpen) : built;
    // VIX lists no strikes far under its lows: a 3-point VIX call is not a contract anyone trades.
    const strikes = inp.forward ? grid.filter((k) => k >= 0.5 * center) : grid;
    const monthly = inp.isMonthly(date);
    const leaps = tOpen > 1;
    const weekly = !monthly && (t.listing === 'vix' || new Date(expiresAt).getUTCDay() === 5);
    const expiryWeight = (leaps ? 2 : monthly ? 3 : weekly ? 1 : 0.35) / (1 + tOpen / 0.4);
    const atm = atmIv(curve, inp.asof, expiresAt);
    // Held open interest spreads with the expiration's horizon up to a quarter: LEAPS hedges and
    // upside bets sit about as far out as a quarterly's, not at two years' σ (−50 % on an index).
    const oiSd = inp.previousIv30 * Math.sqrt(Math.min(Math.max(tOpen, 7 / 365), OI_MAX_YEARS));
    // The day's volume per contract is set at the open (from the previous close) and accrues
    // through the session, so cumulative volume never falls between snapshots.
    const volSd = inp.previousIv30 * Math.sqrt(Math.max(tOpen, 2 / 365));
    const turnover = 0.02 + 1.2 * Math.exp(-daysAtOpen / 2) + 0.25 * Math.exp(-daysAtOpen / 12);

    for (const strike of strikes) {
      const zc = Math.log(strike / oiCenter) / oiSd;
      const zs = Math.log(strike / center) / volSd;
      const iv = smileIv(atm, forward, strike, tNow, inp.skew, curvature);
      const round = roundness(strike, step, monthly || leaps ? ROUND_BONUS.held : ROUND_BONUS.short);
      const atmBoost = 0.2 + 1.5 * Math.exp(-0.5 * (zs / 0.9) ** 2);
      for (const isCall of [false, true]) {
        const shape = oiShape(zc, isCall, OI_SHAPES[t.kind]);
        const oi = t.liquidity * 1000 * expiryWeight * shape * round * Math.exp(OI_NOISE * oiRng.normal());
        const chase = isCall
          ? 1 + 2.5 * inp.speculation * (zs > 0 ? Math.exp(-0.5 * ((zs - 0.8) / 0.8) ** 2) : 0.3)
          : 1 + 0.5 * Math.max(0, inp.pcrOi / profile.pcr - 1);
        const dayVolume =
          Math.max(oi, t.liquidity * 80 * expiryWeight) *
          turnover *
          atmBoost *
          chase *
          Math.exp(0.6 * volumeRng.normal());
        const mid = bsPrice({ spot: under, strike, t: tNow, sigma: iv, r, q }, isCall);
        const { bid, ask } = quote(mid, t.liquidity, days, quoteRng);
        const row: ContractRow = {
          expiration: date,
          strike,
          isCall,
          iv: Math.round(iv * 10000) / 10000,
          openInterest: oi,
          volume: Math.round(dayVolume * dayShare),
          bid,
          ask,
        };
        // An expired contract still goes to packChain, which drops it and records its
        // expiration as settled (a chain after the close knows the day's expiration settled).
        rows.push(row);
        if (!live) continue;
        if (isCall) callOi += oi;
        else putOi += oi;
      }
    }
  }
  // Scale put open interest so the chain's put/call OI ratio is the latent one.
  const scale = putOi > 0 && callOi > 0 ? (inp.pcrOi * callOi) / putOi : 1;
  for (const row of rows)
    row.openInterest = Math.round(row.isCall ? row.openInterest : row.openInterest * scale);

  return packChain(
    { ticker: t.ticker, spot: inp.spot, asof: inp.asof, source: 'simulated' },
    rows,
    inp.expiresAt,
  ).chain;
}
