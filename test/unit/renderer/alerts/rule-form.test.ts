import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, CROSS_LEVELS, type AlertRule } from '../../../../src/shared/alert-rules.ts';
import { NUMERIC_METRIC_KEYS } from '../../../../src/shared/bridge/api-payloads.ts';
import { labelOf } from '../../../../src/renderer/features/ticker/field-labels.ts';
import {
  KIND_LABELS,
  levelOptionLabel,
  snoozeText,
  describeCondition,
  bufferSentence,
  draftFromRule,
  draftToInput,
  emptyDraft,
  type RuleDraft,
} from '../../../../src/renderer/features/alerts/rule-form.ts';

const draft = (patch: Partial<RuleDraft>): RuleDraft => ({ ...emptyDraft(), name: 'r', ...patch });

describe('draftToInput', () => {
  it.each<[string, Partial<RuleDraft>, unknown]>([
    [
      'regime change to a label',
      { kind: 'regime_change', toLabels: ['flush_panic'] },
      { kind: 'regime_change', dwell: { snapshots: 2, minutes: 15 }, to: ['flush_panic'] },
    ],
    [
      'any gamma regime change',
      { kind: 'gamma_regime_change' },
      { kind: 'gamma_regime_change', dwell: { snapshots: 2, minutes: 15 }, buffer: { pct: 0.25 } },
    ],
    [
      'a dwell the user set',
      { kind: 'gamma_regime_change', dwellSnapshots: '3', dwellMinutes: '0', bufferPct: '0' },
      { kind: 'gamma_regime_change', dwell: { snapshots: 3, minutes: 0 } },
    ],
    [
      'tier upgrade',
      { kind: 'tier_change', tierDirection: 'upgrade' },
      { kind: 'tier_change', dwell: { snapshots: 2, minutes: 15 }, direction: 'upgrade' },
    ],
    [
      'tier becomes high',
      { kind: 'tier_change', tierDirection: 'to', tier: 'high' },
      { kind: 'tier_change', dwell: { snapshots: 2, minutes: 15 }, direction: 'to', tier: 'high' },
    ],
    [
      'csp income downgrade',
      { kind: 'income_tier_change', tierDirection: 'downgrade', incomeStrategy: 'csp' },
      {
        kind: 'income_tier_change',
        dwell: { snapshots: 2, minutes: 15 },
        direction: 'downgrade',
        strategy: 'csp',
      },
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
      // ATM IV reads "10.2%" on every screen: 11 typed means 11 %, stored as the API's 0.11.
      'an ATM IV threshold typed in percent',
      { kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: '11', hysteresis: '0.5' },
      { kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.11, hysteresis: 0.005 },
    ],
    [
      'level cross',
      { kind: 'level_cross', level: 'plus_1sigma_1w', crossDirection: 'up' },
      {
        kind: 'level_cross',
        level: 'plus_1sigma_1w',
        direction: 'up',
        buffer: { pct: 0.25, snapshots: 2 },
      },
    ],
    [
      'call wall cross',
      {
        kind: 'level_cross',
        level: 'call_wall',
        crossDirection: 'down',
        bufferPct: '0',
        bufferSnapshots: '1',
      },
      { kind: 'level_cross', level: 'call_wall', direction: 'down' },
    ],
    [
      'custom price',
      { kind: 'level_cross', level: 'custom', levelPrice: '604.5', bufferPct: '0.5', bufferSnapshots: '1' },
      {
        kind: 'level_cross',
        level: 'custom',
        price: 604.5,
        direction: 'any',
        buffer: { pct: 0.5, snapshots: 1 },
      },
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
    [
      'a custom level without a price',
      { kind: 'level_cross', level: 'custom', levelPrice: '' },
      'levelPrice',
    ],
    ['a custom level below zero', { kind: 'level_cross', level: 'custom', levelPrice: '-5' }, 'levelPrice'],
    ['a dwell of 0 snapshots', { kind: 'regime_change', dwellSnapshots: '0' }, 'dwellSnapshots'],
    ['a dwell in words', { kind: 'tier_change', dwellMinutes: 'long' }, 'dwellMinutes'],
    ['a negative buffer', { kind: 'level_cross', bufferPct: '-1' }, 'bufferPct'],
    ['a buffer of 0 snapshots', { kind: 'level_cross', bufferSnapshots: '0' }, 'bufferSnapshots'],
    ['a gamma buffer in words', { kind: 'gamma_regime_change', bufferPct: 'wide' }, 'bufferPct'],
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
    channels: {
      desktop: true,
      inApp: false,
      webhookIds: ['slack'],
      telegram: true,
      email: false,
      pushover: true,
    },
    passQuietHours: false,
    template: null,
    createdAt: '2026-03-02T15:00:00Z',
    updatedAt: '2026-03-02T15:00:00Z',
  };
  it.each<AlertRule['condition']>([
    { kind: 'regime_change', dwell: { snapshots: 3, minutes: 30 }, to: ['range_bound'] },
    { kind: 'tier_change', dwell: { snapshots: 1, minutes: 0 }, direction: 'to', tier: 'moderate' },
    { kind: 'income_tier_change', dwell: { snapshots: 2, minutes: 15 }, direction: 'any', strategy: 'cc' },
    { kind: 'screener_exit', screener: 'highvol_breakdown' },
    { kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.4, hysteresis: 0.02 },
    { kind: 'level_cross', level: 'gamma_flip', direction: 'down' },
    { kind: 'level_cross', level: 'custom', price: 612.25, direction: 'up' },
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

describe('channels, quiet hours and the message template', () => {
  it.each<[string, Partial<RuleDraft>, Record<string, unknown>]>([
    [
      'the new channels, chosen',
      { telegram: true, email: true, pushover: false },
      {
        channels: {
          desktop: true,
          inApp: true,
          webhookIds: [],
          telegram: true,
          email: true,
          pushover: false,
        },
      },
    ],
    [
      'a critical rule passing quiet hours',
      { severity: 'critical', passQuietHours: true },
      { passQuietHours: true },
    ],
    // The toggle is hidden for other severities: a value left from critical is never sent.
    [
      'a warning rule with the toggle left on',
      { severity: 'warning', passQuietHours: true },
      { passQuietHours: false },
    ],
    ['an info rule', { severity: 'info', passQuietHours: true }, { passQuietHours: false }],
    ['no template', { templateTitle: '', templateBody: '  ' }, { template: null }],
    [
      'a title only',
      { templateTitle: '{{ticker}} {{severity}}' },
      { template: { title: '{{ticker}} {{severity}}', body: '' } },
    ],
    [
      'a title and a body',
      { templateTitle: '{{ticker}}', templateBody: 'Spot {{price}}, flip {{flip}}' },
      { template: { title: '{{ticker}}', body: 'Spot {{price}}, flip {{flip}}' } },
    ],
  ])('%s', (_label, patch, expected) => {
    const result = draftToInput(draft(patch));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject(expected);
  });

  it.each<[string, Partial<RuleDraft>, string, RegExp]>([
    [
      'an unknown placeholder in the title',
      { templateTitle: '{{close}}' },
      'templateTitle',
      /unknown placeholder \{\{close\}\}/,
    ],
    [
      'an unknown placeholder in the body',
      { templateBody: 'at {{ last }}' },
      'templateBody',
      /unknown placeholder \{\{last\}\}/,
    ],
    ['a body over 2000 characters', { templateBody: 'x'.repeat(2001) }, 'templateBody', /2000/],
  ])('refuses %s under its field', (_label, patch, field, message) => {
    const result = draftToInput(draft(patch));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toMatch(message);
  });

  it('round-trips a critical rule with a template through the editor', () => {
    const rule: AlertRule = {
      id: 2,
      name: 'Flip',
      enabled: true,
      condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'down' },
      scope: { kind: 'ticker', ticker: 'SPY' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'critical',
      channels: { desktop: false, inApp: true, webhookIds: [], telegram: true, email: true, pushover: true },
      passQuietHours: true,
      template: { title: '{{ticker}} under the flip', body: 'Spot {{price}} < {{flip}}' },
      createdAt: '2026-03-02T15:00:00Z',
      updatedAt: '2026-03-02T15:00:00Z',
    };
    const d = draftFromRule(rule);
    expect(d).toMatchObject({
      telegram: true,
      email: true,
      pushover: true,
      passQuietHours: true,
      templateTitle: '{{ticker}} under the flip',
      templateBody: 'Spot {{price}} < {{flip}}',
    });
    const result = draftToInput(d);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = rule;
    expect(result).toEqual({ ok: true, value: input });
  });
});

describe('describeCondition', () => {
  const NO = { snapshots: 1, minutes: 0 };
  const DEF = { snapshots: 2, minutes: 15 };
  it.each<[AlertRule['condition'], string]>([
    [{ kind: 'regime_change', dwell: NO }, 'Regime changes'],
    [{ kind: 'regime_change', dwell: DEF }, 'Regime changes, held 2 snapshots / 15 min'],
    [
      { kind: 'regime_change', dwell: NO, to: ['trending_down_high_vol', 'flush_panic'] },
      'Regime changes to Trending down, high vol or Flush / panic',
    ],
    [{ kind: 'gamma_regime_change', dwell: NO, to: ['negative'] }, 'Gamma regime turns negative'],
    [{ kind: 'tier_change', dwell: NO, direction: 'upgrade' }, 'Opportunity tier upgrades'],
    [{ kind: 'tier_change', dwell: NO, direction: 'to', tier: 'high' }, 'Opportunity tier becomes high'],
    [
      { kind: 'income_tier_change', dwell: { snapshots: 3, minutes: 0 }, direction: 'any', strategy: 'csp' },
      'Cash-secured-put tier changes, held 3 snapshots',
    ],
    [{ kind: 'screener_enter', screener: 'highvol_breakdown' }, 'Enters High-vol breakdown'],
    [
      { kind: 'metric_threshold', metric: 'gex_usd_per_1_pct_move', op: 'below', value: 0, hysteresis: 0 },
      'Net GEX per 1% move crosses below $0',
    ],
    [
      { kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.105, hysteresis: 0.005 },
      'ATM IV (30d) crosses above 10.5% (±0.5%)',
    ],
    [
      { kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 80, hysteresis: 5 },
      'IV rank crosses above 80 (±5)',
    ],
    [{ kind: 'level_cross', level: 'plus_1sigma_1d', direction: 'up' }, 'Spot crosses the +1σ (1D) going up'],
    [{ kind: 'level_cross', level: 'call_wall', direction: 'any' }, 'Spot crosses the call wall'],
    [{ kind: 'level_cross', level: 'put_wall', direction: 'down' }, 'Spot crosses the put wall going down'],
    [{ kind: 'level_cross', level: 'max_pain', direction: 'any' }, 'Spot crosses the max pain'],
    [{ kind: 'level_cross', level: 'custom', price: 604.5, direction: 'up' }, 'Spot crosses 604.50 going up'],
    [{ kind: 'earnings_approaching', days: 1 }, 'Earnings within 1 day'],
  ])('%o → %s', (condition, text) => {
    expect(describeCondition(condition)).toBe(text);
  });
});

describe('editor labels', () => {
  it.each(NUMERIC_METRIC_KEYS.map((k) => [k]))('metric %s shows a label, not its API key', (key) => {
    const label = labelOf(key);
    expect(label).not.toContain('_');
    expect(label).not.toBe(key);
  });

  it('names the metric the trader complained about as the rest of the UI does', () => {
    expect(labelOf('gex_usd_per_1_pct_move')).toBe('Net GEX per 1% move');
  });

  it.each(CROSS_LEVELS.map((l) => [l]))('level %s has a Sentence-case option', (level) => {
    const text = levelOptionLabel(level);
    expect(text).not.toContain('_');
    expect(text.charAt(0)).toBe(text.charAt(0).toUpperCase());
  });

  it.each(ALERT_KINDS.map((k) => [k]))('kind %s has a label', (kind) => {
    expect(KIND_LABELS[kind]).not.toContain('_');
  });
});

describe('snoozeText', () => {
  // Local times: the test runs in whatever zone the machine has, like the app.
  const now = new Date(2026, 2, 10, 11, 5);
  it.each<[string, string | null, string | null]>([
    ['later today', new Date(2026, 2, 10, 14, 30).toISOString(), 'Snoozed until 14:30'],
    ['tomorrow', new Date(2026, 2, 11, 9, 0).toISOString(), 'Snoozed until Mar 11, 09:00'],
    ['next year', new Date(2027, 0, 2, 8, 15).toISOString(), 'Snoozed until Jan 2, 2027, 08:15'],
    ['already over', new Date(2026, 2, 10, 10, 0).toISOString(), null],
    ['not snoozed', null, null],
    ['unreadable', 'soon', null],
  ])('%s', (_label, until, expected) => {
    expect(snoozeText(until, now)).toBe(expected);
  });
});

describe('the buffer sentence under the fields', () => {
  it.each<[string, Partial<RuleDraft>, string | null]>([
    [
      'a new flip rule',
      { kind: 'level_cross' },
      'Fires only when spot is 0.25% beyond the gamma flip for 2 snapshots in a row; crossing back must clear the same band.',
    ],
    [
      'a call wall, percent only',
      { kind: 'level_cross', level: 'call_wall', bufferPct: '0.5', bufferSnapshots: '1' },
      'Fires only when spot is 0.5% beyond the call wall; crossing back must clear the same band.',
    ],
    [
      'snapshots only',
      { kind: 'level_cross', bufferPct: '0', bufferSnapshots: '3' },
      'Fires only when spot is beyond the gamma flip for 3 snapshots in a row; crossing back must clear the same band.',
    ],
    [
      'no buffer',
      { kind: 'level_cross', bufferPct: '0', bufferSnapshots: '1' },
      'No buffer: fires as soon as spot changes sides of the gamma flip.',
    ],
    [
      'a gamma regime rule',
      { kind: 'gamma_regime_change' },
      'Fires only when spot is 0.25% beyond the flip for 2 snapshots in a row (and 15 min); snapshots closer to the flip do not count either way, so a whipsaw across it fires nothing.',
    ],
    ['a regime rule has none', { kind: 'regime_change' }, null],
  ])('%s', (_name, patch, sentence) => {
    expect(bufferSentence(draft(patch))).toBe(sentence);
  });

  it('a rule saved before buffers opens with none, and saves back without one', () => {
    const d = draftFromRule({
      id: 1,
      name: 'Flip',
      enabled: true,
      condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'any' },
      scope: { kind: 'all' },
      cooldownMinutes: 60,
      quietHours: null,
      snoozeUntil: null,
      severity: 'info',
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
      createdAt: '2026-03-02T15:00:00.000Z',
      updatedAt: '2026-03-02T15:00:00.000Z',
    });
    expect([d.bufferPct, d.bufferSnapshots]).toEqual(['0', '1']);
    const result = draftToInput(d);
    expect(result.ok && result.value.condition).toEqual({
      kind: 'level_cross',
      level: 'gamma_flip',
      direction: 'any',
    });
  });
});
