// Which way a firing points and how it is read: the mapping table of direction.ts, case by case,
// and the sign flip of a short reading.
import { describe, expect, it } from 'vitest';
import { claimOf, directionOf, readingOf, signed } from '../../../../src/core/backtest/direction.ts';
import { alertConditionSchema } from '../../../../src/shared/alert-rules.ts';

const cond = (c: Record<string, unknown>) => alertConditionSchema.parse(c);

describe('direction of a firing', () => {
  it.each([
    // [condition, from, to, direction]
    [{ kind: 'level_cross', level: 'gamma_flip' }, 'below', 'above', 'up'],
    [{ kind: 'level_cross', level: 'gamma_flip' }, 'above', 'below', 'down'],
    [{ kind: 'level_cross', level: 'call_wall', direction: 'up' }, 'below', 'above', 'up'],
    [{ kind: 'level_cross', level: 'put_wall' }, 'above', 'below', 'down'],
    [{ kind: 'level_cross', level: 'custom', price: 500 }, 'below', 'above', 'up'],
    [{ kind: 'gamma_regime_change' }, 'negative', 'positive', 'up'],
    [{ kind: 'gamma_regime_change' }, 'positive', 'negative', 'down'],
    [{ kind: 'gamma_regime_change' }, 'neutral', 'negative', 'down'],
    [{ kind: 'gamma_regime_change' }, 'negative', 'neutral', 'up'],
    [{ kind: 'gamma_regime_change' }, 'unknown', 'positive', 'none'],
    [{ kind: 'regime_change' }, 'range_bound', 'trending_low_vol', 'up'],
    [{ kind: 'regime_change' }, 'trending_high_vol', 'flush_panic', 'down'],
    [{ kind: 'regime_change' }, 'trending_down_low_vol', 'choppy_volatile', 'up'],
    [{ kind: 'regime_change' }, 'range_bound', 'choppy_volatile', 'none'],
    [{ kind: 'tier_change', direction: 'any' }, 'low', 'high', 'up'],
    [{ kind: 'tier_change', direction: 'any' }, 'moderate', 'pass', 'down'],
    [{ kind: 'income_tier_change', direction: 'upgrade' }, 'pass', 'low', 'up'],
    [{ kind: 'screener_enter', screener: 'momentum_breakout' }, 'out', 'in', 'up'],
    [{ kind: 'screener_exit', screener: 'momentum_breakout' }, 'in', 'out', 'down'],
    [{ kind: 'screener_enter', screener: 'highvol_breakdown' }, 'out', 'in', 'down'],
    [{ kind: 'screener_exit', screener: 'highvol_breakdown' }, 'in', 'out', 'up'],
    [{ kind: 'screener_enter', screener: 'range_premium_seller' }, 'out', 'in', 'none'],
    [{ kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 50 }, '40', '60', 'none'],
    [{ kind: 'earnings_approaching', days: 5 }, null, '2026-03-10', 'none'],
  ])('%j %s → %s is %s', (condition, from, to, want) => {
    expect(directionOf(cond(condition), { from, to })).toBe(want);
  });
});

describe('reading', () => {
  it.each([
    // [return, direction, read]
    [2, 'up', 2],
    [2, 'down', -2],
    [-1.5, 'down', 1.5],
    [-1.5, 'none', -1.5],
    [0, 'down', 0],
    [null, 'down', null],
  ] as const)('%s fired %s reads %s', (pct, direction, want) => {
    const got = signed(pct, direction);
    // toBe is Object.is: a flat short return is 0, not -0.
    expect(got).toBe(want);
  });

  it.each([
    ['up', 'long'],
    ['down', 'short'],
    ['none', 'long'],
  ] as const)('%s is read %s', (direction, reading) => expect(readingOf(direction)).toBe(reading));
});

describe('claim of a rule', () => {
  it.each([
    [{ kind: 'gamma_regime_change' }, 'move'],
    [{ kind: 'level_cross', level: 'gamma_flip' }, 'move'],
    [{ kind: 'level_cross', level: 'plus_1sigma_1d' }, 'move'],
    [{ kind: 'level_cross', level: 'custom', price: 10 }, 'direction'],
    [{ kind: 'level_cross', level: 'max_pain' }, 'direction'],
    [{ kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.3 }, 'move'],
    [{ kind: 'metric_threshold', metric: 'trend_score', op: 'above', value: 1 }, 'direction'],
    [{ kind: 'regime_change' }, 'direction'],
    [{ kind: 'screener_enter', screener: 'range_premium_seller' }, 'move'],
    [{ kind: 'screener_enter', screener: 'trend_pullback' }, 'direction'],
    [{ kind: 'earnings_approaching', days: 3 }, 'move'],
  ])('%j claims a %s', (condition, claim) => expect(claimOf(cond(condition))).toBe(claim));
});
