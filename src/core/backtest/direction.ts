// Which way a firing points, and what its rule claims (pure). A two-way rule (a flip cross with
// direction "any", a gamma regime change with no filter) fires both ways; reading all of its
// firings long would average a bullish signal with a bearish one. So each firing gets a direction
// from its rule's kind and its transition, by the table below; an upward firing is read long, a
// downward one short, a firing with no stated direction long (as price moved).
//
// | rule                          | up (read long)                          | down (read short)                      |
// |-------------------------------|-----------------------------------------|----------------------------------------|
// | level_cross (any level)       | spot ends above the level               | spot ends below the level              |
// | gamma_regime_change           | toward positive (negative → neutral →   | toward negative (positive → negative…) |
// |                               | positive)                               |                                        |
// | regime_change                 | toward a trending-up label (tone below) | toward a trending-down or panic label  |
// | tier_change, income_tier_…    | upgrade (pass → low → moderate → high)  | downgrade                              |
// | screener_enter / _exit        | entered a bullish preset, left the      | entered Highvol breakdown, left a      |
// |                               | Highvol breakdown                       | bullish preset                         |
// | metric_threshold, earnings,   | none: read long                         |                                        |
// | range premium seller, to/from |                                         |                                        |
// | "unknown", same tone          |                                         |                                        |
//
// Regime tone: trending (low or high vol) +1; range-bound and choppy 0; trending down (low or
// high vol) and flush/panic −1. Bullish presets: momentum breakout, capitulation reversal, trend
// pullback; Range premium seller has no side.
//
// The claim: gamma and volatility rules claim a move (its size), the rest a direction. Gamma:
// gamma regime changes, crosses of the flip, the walls and the ±1σ levels (the expected move),
// thresholds on IV, realized volatility and gamma metrics; also earnings (a known move-maker) and
// the range premium seller (it claims small moves).
import { TIER_ORDER, type AlertCondition } from '../../shared/alert-rules.ts';
import type { ScreenerPreset } from '../../shared/api/index.ts';
import type { FiringDirection, Reading } from '../../shared/bridge/backtest.ts';

export type Claim = 'direction' | 'move';

const GAMMA_ORDER: Readonly<Record<string, number>> = { negative: -1, neutral: 0, positive: 1 };

export const REGIME_TONE: Readonly<Record<string, number>> = {
  trending_low_vol: 1,
  trending_high_vol: 1,
  range_bound: 0,
  choppy_volatile: 0,
  trending_down_low_vol: -1,
  trending_down_high_vol: -1,
  flush_panic: -1,
};

/** +1 bullish, −1 bearish, 0 no side: which way entering the screener points. */
export const SCREENER_SIDE: Readonly<Record<ScreenerPreset, number>> = {
  momentum_breakout: 1,
  capitulation_reversal: 1,
  trend_pullback: 1,
  range_premium_seller: 0,
  highvol_breakdown: -1,
};

const MOVE_METRICS: ReadonlySet<string> = new Set([
  'iv_rank',
  'iv_pct_chg',
  'atm_iv',
  'put_call_25d_iv_ratio',
  'put_call_iv_spread',
  'gex_flip',
  'gex_usd_per_1_pct_move',
  'nearest_gex_usd_per_1_pct_move',
  'gex_volume_ratio',
  'pct_gamma_expiring',
  'realized_vol_20d',
  'realized_vol_score',
]);

const MOVE_LEVELS: ReadonlySet<string> = new Set([
  'gamma_flip',
  'call_wall',
  'put_wall',
  'plus_1sigma_1d',
  'minus_1sigma_1d',
  'plus_1sigma_1w',
  'minus_1sigma_1w',
]);

const sign = (n: number): FiringDirection => (n > 0 ? 'up' : n < 0 ? 'down' : 'none');

/** Difference of two ranks, `none` when either value is not in the table. */
function byRank(
  table: Readonly<Record<string, number>>,
  from: string | null,
  to: string | null,
): FiringDirection {
  const a = from === null ? undefined : table[from];
  const b = to === null ? undefined : table[to];
  return a === undefined || b === undefined ? 'none' : sign(b - a);
}

const TIER_RANK: Readonly<Record<string, number>> = Object.fromEntries(TIER_ORDER.map((t, i) => [t, i]));

/** The direction of one firing of a rule, from its transition (as the alert event carries it). */
export function directionOf(
  condition: AlertCondition,
  transition: { from: string | null; to: string | null },
): FiringDirection {
  const { from, to } = transition;
  switch (condition.kind) {
    case 'level_cross':
      return to === 'above' ? 'up' : to === 'below' ? 'down' : 'none';
    case 'gamma_regime_change':
      return byRank(GAMMA_ORDER, from, to);
    case 'regime_change':
      return byRank(REGIME_TONE, from, to);
    case 'tier_change':
    case 'income_tier_change':
      return byRank(TIER_RANK, from, to);
    case 'screener_enter':
      return sign(SCREENER_SIDE[condition.screener]);
    case 'screener_exit':
      return sign(-SCREENER_SIDE[condition.screener]);
    case 'metric_threshold':
    case 'earnings_approaching':
      return 'none';
  }
}

export function readingOf(direction: FiringDirection): Reading {
  return direction === 'down' ? 'short' : 'long';
}

/** A return read in a direction: the raw return long, its negative short. */
export function signed(pct: number | null, direction: FiringDirection): number | null {
  if (pct === null) return null;
  // `0 - x` keeps a flat return 0 rather than -0.
  return readingOf(direction) === 'short' ? 0 - pct : pct;
}

/** What the rule claims: a direction, or the size of the move (gamma and volatility rules). */
export function claimOf(condition: AlertCondition): Claim {
  switch (condition.kind) {
    case 'gamma_regime_change':
    case 'earnings_approaching':
      return 'move';
    case 'level_cross':
      return MOVE_LEVELS.has(condition.level) ? 'move' : 'direction';
    case 'metric_threshold':
      return MOVE_METRICS.has(condition.metric) ? 'move' : 'direction';
    case 'screener_enter':
    case 'screener_exit':
      return SCREENER_SIDE[condition.screener] === 0 ? 'move' : 'direction';
    default:
      return 'direction';
  }
}
