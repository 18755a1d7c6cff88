// The ranges the simulated market stays in, in one place (it once showed NVDA at 138-154 % IV with
// a ±9.7 % daily move, AMZN at $55.95, an XLF covered call yielding 0.9 % a year). The simulator is
// still made up and deterministic; these bounds only keep its figures where such names really trade,
// so a trader's eye is not caught by an impossible number. test/unit/service/market/sim/
// plausible-ranges.test.ts sweeps every universe ticker over many seeded sessions against them.
import type { TickerKind } from '../source.ts';

/**
 * Price levels. Each name's `price` in universe.ts is its rough late-2026 level (SPY ~600,
 * QQQ ~520, AAPL ~230, AMZN ~200, NVDA ~140, TSLA ~300, XLF ~50…). The path's fair value passes
 * through that level on REFERENCE_DATE and grows FAIR_VALUE_GROWTH a year, so 2024 opens about 18 %
 * lower and 2028 ends about 15 % higher; regimes move the price around it, and a pull that starts
 * outside ±PRICE_BAND_LOG (log units, about ±35 %) keeps every close within PRICE_RANGE × the level.
 */
export const REFERENCE_DATE = '2026-10-01';
export const FAIR_VALUE_GROWTH = 0.07;
export const PRICE_BAND_LOG = 0.3;
/** Daily pull per unit of log distance beyond the band (strong: a few sessions to come back). */
export const PRICE_BAND_PULL = 0.1;
/**
 * Every simulated close lies within these multiples of its ticker's reference level, by kind: the
 * high-beta names (COIN, MSTR, SHOP…) swing widest, as they really do.
 */
export const PRICE_RANGE: Readonly<Record<TickerKind, { min: number; max: number }>> = {
  index_etf: { min: 0.5, max: 1.8 },
  // SPX, NDX, RUT: their ETF's path scaled (universe.ts `tracks`), so their ETF's range.
  index: { min: 0.5, max: 1.8 },
  // VIX around 17: ~10 in the calmest markets, 40-60 in a panic.
  volatility_index: { min: 0.55, max: 3.6 },
  sector_etf: { min: 0.5, max: 1.8 },
  mega_cap: { min: 0.5, max: 1.8 },
  defensive: { min: 0.5, max: 1.8 },
  high_vol: { min: 0.35, max: 2.2 },
  imported: { min: 0, max: Number.POSITIVE_INFINITY },
};

export interface IvRange {
  /** Floor and cap of the latent 30-day ATM IV without earnings, decimal. */
  readonly min: number;
  readonly max: number;
  /** Cap of the 30-day ATM IV a chain shows, earnings variance included, decimal. */
  readonly maxWithEarnings: number;
}

/**
 * 30-day ATM IV by kind of name. Realized vol is capped at the IV cap too, so daily moves stay
 * consistent with the IV (a 1-day 1σ move is IV / √252: 30 % IV → ±1.9 %, 80 % → ±5 %).
 */
export const IV_RANGE: Readonly<Record<TickerKind, IvRange>> = {
  // SPY, QQQ, IWM, DIA: ~10-20 % in calm markets, into the 30s in a sell-off.
  index_etf: { min: 0.1, max: 0.34, maxWithEarnings: 0.34 },
  index: { min: 0.1, max: 0.34, maxWithEarnings: 0.34 },
  // VIX options (the vol of vol, VVIX / 100): ~75-90 % when calm, 120-150 % in a spike.
  volatility_index: { min: 0.5, max: 1.6, maxWithEarnings: 1.6 },
  // Sector ETFs: a little above the index; SMH and KRE are the jumpy ones.
  sector_etf: { min: 0.12, max: 0.5, maxWithEarnings: 0.5 },
  // Mega caps: ~20-45 % usually, up to ~60 % in stress, more into earnings.
  mega_cap: { min: 0.15, max: 0.6, maxWithEarnings: 0.75 },
  // High-beta names (TSLA, AMD, COIN, MSTR…): ~40-65 % usually, up to ~80 % in stress or around earnings.
  high_vol: { min: 0.25, max: 0.8, maxWithEarnings: 0.95 },
  // Staples, utilities, telecom, health care: ~12-25 %.
  defensive: { min: 0.09, max: 0.4, maxWithEarnings: 0.5 },
  // Not simulated (imported chains carry their own IVs); listed so the table is total.
  imported: { min: 0.05, max: 1.5, maxWithEarnings: 2 },
};

/**
 * Income yields (income.ts: premium / capital × 365 / DTE) of the 1σ covered call and cash-secured put
 * at 20-50 DTE: about 0.08 × IV × √(DTE/365) × 365/DTE, so ~3-5 % a year on a 15-20 % IV name,
 * ~6-10 % at 30-40 %, ~15-35 % at 60-80 %. The put skew makes out-of-the-money calls cheaper than
 * puts, so a covered call on a 10-12 % IV index or staples fund pays only ~1-2 %: income.ts never
 * rates such a yield above "low". `minCcAtIv15` is the least a covered call on a single stock pays
 * once its ATM IV is 15 %+ (its smile is flatter than a fund's); `minFundCcAtIv15` the same for ETFs.
 */
export const INCOME_YIELD_RANGE = {
  min: 0.005,
  max: 0.45,
  /**
   * VIX options carry 80-150 % IV, so a 1σ cash-settled short put on VIX earns 30-80 % a year on
   * its cash: plausible there, not on a stock.
   */
  maxVolatilityIndex: 0.9,
  minCcAtIv15: 0.015,
  minFundCcAtIv15: 0.01,
} as const;
