import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS,
  alertConditionSchema,
  alertRuleInputSchema,
  alertRulePatchSchema,
  alertScopeSchema,
} from '../../../../src/shared/alert-rules.ts';

describe('alert conditions', () => {
  it.each([
    [{ kind: 'regime_change' }],
    [{ kind: 'regime_change', to: ['range_bound', 'flush_panic'] }],
    [{ kind: 'tier_change', direction: 'any' }],
    [{ kind: 'tier_change', direction: 'to', tier: 'high' }],
    [{ kind: 'income_tier_change', direction: 'upgrade', strategy: 'cc' }],
    [{ kind: 'gamma_regime_change', to: ['negative'] }],
    [{ kind: 'screener_enter', screener: 'momentum_breakout' }],
    [{ kind: 'screener_exit', screener: 'highvol_breakdown' }],
    [{ kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 80 }],
    [{ kind: 'level_cross', level: 'minus_1sigma_1w' }],
    [{ kind: 'level_cross', level: 'call_wall', direction: 'up' }],
    [{ kind: 'level_cross', level: 'put_wall' }],
    [{ kind: 'level_cross', level: 'max_pain' }],
    [{ kind: 'level_cross', level: 'custom', price: 601.5 }],
    [{ kind: 'regime_change', dwell: { snapshots: 1, minutes: 0 } }],
    [{ kind: 'tier_change', direction: 'any', dwell: { snapshots: 20, minutes: 240 } }],
    [{ kind: 'earnings_approaching', days: 0 }],
  ])('accepts %o', (condition) => {
    expect(alertConditionSchema.safeParse(condition).success).toBe(true);
  });

  it.each([
    ['an unknown kind', { kind: 'price_spike' }],
    ['a custom level without its price', { kind: 'level_cross', level: 'custom' }],
    ['a custom level at a negative price', { kind: 'level_cross', level: 'custom', price: -1 }],
    ['an unknown level', { kind: 'level_cross', level: 'vwap' }],
    ['a dwell of 0 snapshots', { kind: 'regime_change', dwell: { snapshots: 0, minutes: 15 } }],
    ['a dwell beyond 240 minutes', { kind: 'gamma_regime_change', dwell: { snapshots: 2, minutes: 300 } }],
    ['a tier direction "to" without the tier', { kind: 'tier_change', direction: 'to' }],
    ['an unknown regime label', { kind: 'regime_change', to: ['sideways_chop'] }],
    ['an unknown screener', { kind: 'screener_enter', screener: 'moonshot' }],
    ['a metric outside the catalog', { kind: 'metric_threshold', metric: 'vibes', op: 'above', value: 1 }],
    [
      'a string metric (call_regime cannot be compared)',
      { kind: 'metric_threshold', metric: 'call_regime', op: 'above', value: 1 },
    ],
    [
      'a non-finite threshold',
      { kind: 'metric_threshold', metric: 'price', op: 'above', value: Number.POSITIVE_INFINITY },
    ],
    [
      'a negative hysteresis',
      { kind: 'metric_threshold', metric: 'price', op: 'below', value: 1, hysteresis: -1 },
    ],
    ['a ±1σ month level (not watchable)', { kind: 'level_cross', level: 'plus_1sigma_1m' }],
    ['more than 60 days to earnings', { kind: 'earnings_approaching', days: 61 }],
  ])('refuses %s', (_label, condition) => {
    expect(alertConditionSchema.safeParse(condition).success).toBe(false);
  });

  it('lists every kind of the union', () => {
    expect([...ALERT_KINDS].sort()).toEqual(
      alertConditionSchema.options.map((o) => o.shape.kind.value).sort(),
    );
  });
});

describe('scopes', () => {
  it.each([
    [
      { kind: 'ticker', ticker: 'brk.b' },
      { kind: 'ticker', ticker: 'BRK.B' },
    ],
    [
      { kind: 'watchlist', watchlistId: 3 },
      { kind: 'watchlist', watchlistId: 3 },
    ],
    [{ kind: 'all' }, { kind: 'all' }],
  ])('%o', (input, output) => {
    expect(alertScopeSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ kind: 'ticker', ticker: '../x' }],
    [{ kind: 'watchlist', watchlistId: 0 }],
    [{ kind: 'sector' }],
  ])('refuses %o', (input) => {
    expect(alertScopeSchema.safeParse(input).success).toBe(false);
  });
});

describe('rule input and patch', () => {
  it('fills the defaults a new user expects', () => {
    expect(
      alertRuleInputSchema.parse({
        name: ' x ',
        condition: { kind: 'gamma_regime_change' },
        scope: { kind: 'all' },
      }),
    ).toEqual({
      name: 'x',
      enabled: true,
      // Dwell is on by default: 2 snapshots and 15 minutes.
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 2, minutes: 15 } },
      scope: { kind: 'all' },
      cooldownMinutes: 60,
      quietHours: null,
      snoozeUntil: null,
      severity: 'info',
      // The message channels are opt-in per rule, as is passing quiet hours; no template.
      channels: {
        desktop: true,
        inApp: true,
        webhookIds: [],
        telegram: false,
        email: false,
        pushover: false,
      },
      passQuietHours: false,
      template: null,
    });
  });

  it('a patch carries only what it names (no defaults sneak in)', () => {
    expect(alertRulePatchSchema.parse({ id: 2, patch: { enabled: false } })).toEqual({
      id: 2,
      patch: { enabled: false },
    });
  });

  it.each([
    [{ id: 2, patch: {} }],
    [{ id: 2, patch: { cooldownMinutes: -5 } }],
    [{ id: 2, patch: { quietHours: { start: '7:00', end: '08:00' } } }],
    [{ id: 2, patch: { snoozeUntil: 'tomorrow' } }],
    [{ id: 'x', patch: { enabled: true } }],
  ])('refuses %o', (input) => {
    expect(alertRulePatchSchema.safeParse(input).success).toBe(false);
  });
});
