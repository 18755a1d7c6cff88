import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../../../../src/shared/alert-rules.ts';
import {
  describeCondition,
  draftFromRule,
  draftToInput,
  emptyDraft,
  type RuleDraft,
} from '../../../../src/renderer/lib/rule-form.ts';

const draft = (patch: Partial<RuleDraft>): RuleDraft => ({ ...emptyDraft(), name: 'r', ...patch });

describe('draftToInput', () => {
  it.each<[string, Partial<RuleDraft>, unknown]>([
    [
      'regime change to a label',
      { kind: 'regime_change', toLabels: ['flush_panic'] },
      { kind: 'regime_change', to: ['flush_panic'] },
    ],
    ['any gamma regime change', { kind: 'gamma_regime_change' }, { kind: 'gamma_regime_change' }],
    [
      'tier upgrade',
      { kind: 'tier_change', tierDirection: 'upgrade' },
      { kind: 'tier_change', direction: 'upgrade' },
    ],
    [
      'tier becomes high',
      { kind: 'tier_change', tierDirection: 'to', tier: 'high' },
      { kind: 'tier_change', direction: 'to', tier: 'high' },
    ],
    [
      'csp income downgrade',
      { kind: 'income_tier_change', tierDirection: 'downgrade', incomeStrategy: 'csp' },
      { kind: 'income_tier_change', direction: 'downgrade', strategy: 'csp' },
    ],
    [
      'screener enter',
      { kind: 'screener_enter', screener: 'trend_pullback' },
      { kind: 'screener_enter', screener: 'trend_pullback' },
    ],
    [
      'threshold',
      { kind: 'metric_threshold', metric: 'iv_rank', op: 'below', value: '20', hysteresis: '2.5' },
      { kind: 'metric_threshold', metric: 'iv_rank', op: 'below', value: 20, hysteresis: 2.5 },
    ],
    [
      'level cross',
      { kind: 'level_cross', level: 'plus_1sigma_1w', crossDirection: 'up' },
      { kind: 'level_cross', level: 'plus_1sigma_1w', direction: 'up' },
    ],
    ['earnings', { kind: 'earnings_approaching', days: '3' }, { kind: 'earnings_approaching', days: 3 }],
  ])('%s', (_label, patch, condition) => {
    const result = draftToInput(draft(patch));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.condition).toEqual(condition);
  });

  it.each<[string, Partial<RuleDraft>, string]>([
    ['no name', { name: '  ' }, 'name'],
    ['a threshold that is not a number', { kind: 'metric_threshold', value: 'abc' }, 'value'],
    ['a blank threshold', { kind: 'metric_threshold', value: '' }, 'value'],
    ['a negative hysteresis', { kind: 'metric_threshold', value: '1', hysteresis: '-1' }, 'hysteresis'],
    ['too many earnings days', { kind: 'earnings_approaching', days: '400' }, 'days'],
    ['a bad ticker scope', { scopeKind: 'ticker', scopeTicker: 'not a ticker!' }, 'scopeTicker'],
    ['no watchlist chosen', { scopeKind: 'watchlist', scopeWatchlistId: '' }, 'scopeWatchlistId'],
    ['a cooldown that is not a number', { cooldownMinutes: 'soon' }, 'cooldownMinutes'],
    ['quiet hours out of range', { quietEnabled: true, quietStart: '25:00' }, 'quietHours'],
  ])('refuses %s, naming the field', (_label, patch, field) => {
    const result = draftToInput(draft(patch));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toContain(field);
  });

  it('upper-cases a ticker scope and carries the delivery settings', () => {
    const result = draftToInput(
      draft({
        scopeKind: 'ticker',
        scopeTicker: ' spy ',
        desktop: false,
        webhookIds: ['discord'],
        severity: 'critical',
        cooldownMinutes: '15',
      }),
    );
    expect(result.ok && result.value).toMatchObject({
      scope: { kind: 'ticker', ticker: 'SPY' },
      channels: { desktop: false, inApp: true, webhookIds: ['discord'] },
      severity: 'critical',
      cooldownMinutes: 15,
      quietHours: null,
    });
  });
});

describe('draftFromRule round-trips', () => {
  const base: Omit<AlertRule, 'condition'> = {
    id: 1,
    name: 'Rule',
    enabled: false,
    scope: { kind: 'watchlist', watchlistId: 4 },
    cooldownMinutes: 30,
    quietHours: { start: '22:00', end: '06:30' },
    snoozeUntil: null,
    severity: 'warning',
    channels: { desktop: true, inApp: false, webhookIds: ['slack'] },
    createdAt: '2026-03-02T15:00:00Z',
    updatedAt: '2026-03-02T15:00:00Z',
  };
  it.each<AlertRule['condition']>([
    { kind: 'regime_change', to: ['range_bound'] },
    { kind: 'tier_change', direction: 'to', tier: 'moderate' },
    { kind: 'income_tier_change', direction: 'any', strategy: 'cc' },
    { kind: 'screener_exit', screener: 'highvol_breakdown' },
    { kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.4, hysteresis: 0.02 },
    { kind: 'level_cross', level: 'gamma_flip', direction: 'down' },
    { kind: 'earnings_approaching', days: 7 },
  ])('%o', (condition) => {
    const rule: AlertRule = { ...base, condition };
    const result = draftToInput(draftFromRule(rule));
    expect(result.ok).toBe(true);
    if (result.ok) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...input } = rule;
      expect(result.value).toEqual(input);
    }
  });
});

describe('describeCondition', () => {
  it.each<[AlertRule['condition'], string]>([
    [{ kind: 'regime_change' }, 'Regime label changes'],
    [{ kind: 'regime_change', to: ['flush_panic'] }, 'Regime changes to Flush panic'],
    [{ kind: 'gamma_regime_change', to: ['negative'] }, 'Gamma regime turns negative'],
    [{ kind: 'tier_change', direction: 'upgrade' }, 'Opportunity tier upgrades'],
    [{ kind: 'tier_change', direction: 'to', tier: 'high' }, 'Opportunity tier becomes high'],
    [{ kind: 'income_tier_change', direction: 'any', strategy: 'csp' }, 'CSP income tier changes'],
    [{ kind: 'screener_enter', screener: 'momentum_breakout' }, 'Enters Momentum breakout'],
    [
      { kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 80, hysteresis: 5 },
      'iv_rank crosses above 80 (±5)',
    ],
    [{ kind: 'level_cross', level: 'plus_1sigma_1d', direction: 'up' }, 'Price crosses Plus 1σ 1d going up'],
    [{ kind: 'earnings_approaching', days: 1 }, 'Earnings within 1 day'],
  ])('%o → %s', (condition, text) => {
    expect(describeCondition(condition)).toBe(text);
  });
});
