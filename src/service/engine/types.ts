// The engine's internal vocabulary: what goes into an analysis besides the chain (history, the
// earnings calendar, pricing parameters) and the flat metrics record that every interpreter reads.
// Field names follow the spec's metric catalog so that mapping to the wire is a copy, not a rename.

/** Daily history of one ticker, oldest first, one entry per NYSE session. NaN marks a missing value. */
export interface TickerHistory {
  readonly dates: readonly string[]; // YYYY-MM-DD
  readonly close: Float64Array;
  /** ATM implied volatility (30-day constant maturity), decimal. */
  readonly atmIv: Float64Array;
  /** Put/call open-interest ratio at that day's close. */
  readonly pcrOi: Float64Array;
}

export type EarningsTime = 'bmo' | 'amc' | 'dmh';

export interface EarningsEvent {
  readonly date: string; // YYYY-MM-DD
  readonly time: EarningsTime;
}

export interface PricingParams {
  /** Risk-free rate, continuous, decimal. 0 by default; the service reads the stated rate (engine/carry.ts). */
  r: number;
  /** Dividend yield, continuous, decimal. 0 by default; the service reads the ticker's stated yield. */
  q: number;
  /**
   * Per expiration of ONE chain (by index): the yield that puts each expiration's forward where the
   * chain implies it, replacing `q` there. Set by forward.ts `pricingFor` for options that settle on
   * a future (VIX): Black-76 on F is Black-Scholes on spot with q = r − ln(F / spot) / t.
   */
  qByExpiry?: Float64Array | undefined;
  /**
   * Where r and q came from, when they are the ticker's stated carry (engine/carry.ts): `stated`
   * from the table, `default` for a ticker it does not know. Absent when the caller gave them.
   */
  carrySource?: 'stated' | 'default' | undefined;
}

/** The dividend yield in force for one expiration (by index) of the chain the pricing was made for. */
export function yieldAt(pricing: PricingParams, expiryIndex: number): number {
  return pricing.qByExpiry?.[expiryIndex] ?? pricing.q;
}

export const DEFAULT_PRICING: PricingParams = { r: 0, q: 0 };

export type TrendState = 'up' | 'sideways' | 'down';
export type MomentumState = 'strong' | 'improving' | 'fading' | 'weak';
export type ExtensionState = 'neutral' | 'oversold' | 'overbought';
export type RealizedVolState = 'subdued' | 'contracting' | 'expanding' | 'elevated';
export type TrendAlignmentState = 'aligned' | 'mixed' | 'conflicting';
export type GammaRegime = 'positive' | 'negative' | 'neutral' | 'unknown';

/** Figures computed from one chain alone (src/service/engine, chain side). */
export interface ChainMetrics {
  price: number;
  /** 30-day constant-maturity ATM IV, decimal. */
  atm_iv: number | null;
  put_25d_iv: number | null;
  call_25d_iv: number | null;
  put_call_25d_iv_ratio: number | null;
  /** Put IV minus call IV at 25 delta, in IV points (decimal difference × 100). */
  put_call_iv_spread: number | null;
  /** (put_25d_iv / call_25d_iv − 1) × 100. */
  put_call_25d_iv_premium_pct: number | null;
  ivAtMaxDelta: number | null;
  pcr_oi: number | null;
  pcr_volume: number | null;
  gex_flip: number | null;
  /** Why gex_flip is null, when it is. */
  gex_flip_reason: string | null;
  gex_usd_per_1_pct_move: number;
  nearest_gex_usd_per_1_pct_move: number;
  gex_volume_ratio: number | null;
  /** Percent (0-100) of total absolute gamma that sits in the nearest expiration. */
  pct_gamma_expiring: number | null;
  speculative_interest_score: number | null;
  call_regime: string;
  /**
   * Expected 1σ moves from ATM IV, percent of spot: spot × iv × sqrt(days/252), rounded once by
   * moves.ts expectedMoveBand (2 decimals, matching the ±1σ levels in cents).
   */
  expected_move_pct_1d: number | null;
  expected_move_pct_1w: number | null;
  expected_move_pct_1m: number | null;
  /** Walls and max pain (walls.ts for the convention); null when the chain has none. */
  call_wall: number | null;
  put_wall: number | null;
  max_pain: number | null;
  /** Dealer vanna exposure, every expiration: USD of delta per 1 vol point (vanna-charm.ts). */
  vanna_usd_per_1_vol_pt: number;
  /** Dealer charm exposure, every expiration: USD of delta per calendar day. */
  charm_usd_per_day: number;
  /** Net GEX of the expiration ending on the snapshot's date, USD per 1 % move; null without one. */
  zero_dte_gex_usd_per_1_pct_move: number | null;
  /** Its percent (0-100) of gross gamma; null without a 0DTE expiration or without gamma. */
  zero_dte_gamma_share_pct: number | null;
  /** Data-quality notes (contracts without IV, missing OI, …). */
  notes: string[];
}

/** Figures computed from the daily history plus today's values (src/service/engine/interpret). */
export interface HistoryMetrics {
  iv_rank: number | null; // 0-100, 52-week
  iv_pct_chg: number | null; // percent vs prior session
  realized_vol_20d: number | null; // percent, annualized
  put_call_ratio_oi_30day_change: number | null;
  put_call_ratio_oi_60day_change: number | null;
  trend_score: number | null;
  momentum_score: number | null;
  extension_score: number | null;
  realized_vol_score: number | null;
  /** Mid-rank percentile (0-100) of today's rv20 in the ticker's own last year; optional: older records lack it. */
  realized_vol_percentile?: number | null | undefined;
  trend_alignment_score: number | null;
  trend_state: TrendState | null;
  momentum_state: MomentumState | null;
  extension_state: ExtensionState | null;
  realized_vol_state: RealizedVolState | null;
  trend_alignment_state: TrendAlignmentState | null;
  /**
   * The figures the stored history is still too short for, with how many sessions it holds and
   * needs ("IV rank: 3 of 20 sessions stored"): a screen says what a figure waits for, not "—".
   * Absent when nothing waits.
   */
  history_pending?: HistoryPending;
  notes: string[];
}

/** Sessions a figure has and needs. */
export interface PendingFigure {
  stored: number;
  needed: number;
}

export interface HistoryPending {
  iv_rank?: PendingFigure;
  trend?: PendingFigure;
}

/** Everything known about one ticker at one snapshot; the input of every interpreter. */
export interface TickerMetrics extends Omit<ChainMetrics, 'notes'>, Omit<HistoryMetrics, 'notes'> {
  ticker: string;
  /** Snapshot time, epoch milliseconds. */
  asof: number;
  gamma_regime: GammaRegime;
  /**
   * (flip − spot) / spot × 100, rounded to 2 decimals: positive when the flip is above spot (the
   * move spot needs to reach it); null without a flip. snapshot.ts distToFlipPct, the one definition.
   */
  dist_to_gex_flip_pct: number | null;
  /**
   * Net GEX / gross GEX at spot, −1..1 (+1: every dollar of dealer gamma is long). How one-sided
   * dealer gamma is; the market-structure gamma tone reads it. Optional: older records lack it.
   */
  gex_imbalance?: number | null | undefined;
  /** Next scheduled earnings on or after the snapshot date, if known. */
  earnings: EarningsEvent | null;
  /** Whether the figures come from the simulator (shown as such in the UI). */
  simulated: boolean;
  notes: string[];
}
