// Builds the interpreters' inputs for tests: a TickerMetrics record with sensible, calm defaults
// (every field present, overridable one by one) and daily histories on real NYSE sessions, from
// explicit closes or from a deterministic drift-plus-noise path.
import type { TickerHistory, TickerMetrics } from '../../src/service/engine/types.ts';
import { nyToEpoch, previousTradingDay, type IsoDate } from '../../src/shared/market-calendar.ts';
import { mulberry32 } from './prng.ts';

export { EMPTY_HISTORY } from '../../src/service/engine/interpret/history-metrics.ts';

/** Wednesday 2025-03-12, 16:00 New York: a session close. */
export const METRICS_ASOF = nyToEpoch('2025-03-12', 16 * 60);
export const METRICS_DATE: IsoDate = '2025-03-12';

/** A calm, positive-gamma, sideways ticker at $100 with a mid IV rank and full history. */
export function makeTickerMetrics(overrides: Partial<TickerMetrics> = {}): TickerMetrics {
  const base: TickerMetrics = {
    ticker: 'TEST',
    asof: METRICS_ASOF,
    price: 100,
    atm_iv: 0.3,
    put_25d_iv: 0.31,
    call_25d_iv: 0.29,
    put_call_25d_iv_ratio: 0.31 / 0.29,
    put_call_iv_spread: 2,
    put_call_25d_iv_premium_pct: (0.31 / 0.29 - 1) * 100,
    ivAtMaxDelta: 0.31,
    pcr_oi: 0.9,
    pcr_volume: 0.8,
    gex_flip: 96,
    gex_flip_reason: null,
    gex_usd_per_1_pct_move: 25_000_000,
    nearest_gex_usd_per_1_pct_move: 8_000_000,
    gex_volume_ratio: 1.2,
    pct_gamma_expiring: 30,
    speculative_interest_score: 0.4,
    call_regime: 'balanced',
    // 0.3 × √(days / 252) of $100, in cents over spot (moves.ts expectedMoveBand).
    expected_move_pct_1d: 1.89,
    expected_move_pct_1w: 4.23,
    expected_move_pct_1m: 8.66,
    call_wall: 105,
    put_wall: 95,
    max_pain: 100,
    vanna_usd_per_1_vol_pt: 0,
    charm_usd_per_day: 0,
    zero_dte_gex_usd_per_1_pct_move: null,
    zero_dte_gamma_share_pct: null,
    iv_rank: 45,
    iv_pct_chg: 1.5,
    realized_vol_20d: 25,
    put_call_ratio_oi_30day_change: 0.05,
    put_call_ratio_oi_60day_change: -0.02,
    trend_score: 0.2,
    momentum_score: 0.1,
    extension_score: 0.3,
    realized_vol_score: -0.2,
    trend_alignment_score: 0.1,
    trend_state: 'sideways',
    momentum_state: 'weak',
    extension_state: 'neutral',
    realized_vol_state: 'contracting',
    trend_alignment_state: 'mixed',
    gamma_regime: 'positive',
    // (flip − spot) / spot: the flip at 96 is 4 % below spot.
    dist_to_gex_flip_pct: -4,
    earnings: null,
    simulated: true,
    notes: [],
  };
  return { ...base, ...overrides };
}

/** The last `n` NYSE sessions strictly before `before`, oldest first. */
export function sessionsBefore(before: IsoDate, n: number): IsoDate[] {
  const out: IsoDate[] = [];
  let d = before;
  for (let i = 0; i < n; i++) {
    d = previousTradingDay(d);
    out.push(d);
  }
  return out.reverse();
}

export interface HistorySpec {
  closes: readonly number[];
  /** ATM IV per session (decimal); default a constant 0.3. A number fills every session. */
  ivs?: readonly number[] | number;
  /** pcr_oi per session; default a constant 1. */
  pcrs?: readonly number[] | number;
  /** The snapshot date the history ends before. Default METRICS_DATE. */
  before?: IsoDate;
}

/** A TickerHistory on the NYSE sessions just before `before`, one per close. */
export function makeHistory(spec: HistorySpec): TickerHistory {
  const n = spec.closes.length;
  const fill = (v: readonly number[] | number | undefined, d: number): Float64Array =>
    typeof v === 'object' ? Float64Array.from(v) : new Float64Array(n).fill(v ?? d);
  return {
    dates: sessionsBefore(spec.before ?? METRICS_DATE, n),
    close: Float64Array.from(spec.closes),
    atmIv: fill(spec.ivs, 0.3),
    pcrOi: fill(spec.pcrs, 1),
  };
}

/**
 * `n` closes from `start` following daily log returns of `drift` plus Gaussian noise of `vol`
 * (both per session), or a piecewise path when `segments` lists several [sessions, drift, vol].
 */
export function pricePath(
  start: number,
  segments: readonly (readonly [sessions: number, drift: number, vol: number])[],
  seed = 1,
): number[] {
  const rand = mulberry32(seed);
  const gauss = (): number => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
  const out = [start];
  let p = start;
  for (const [sessions, drift, vol] of segments) {
    for (let i = 0; i < sessions; i++) {
      p *= Math.exp(drift + vol * gauss());
      out.push(p);
    }
  }
  return out;
}
