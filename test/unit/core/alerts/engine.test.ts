import { describe, expect, it } from 'vitest';
import { alertRuleBodySchema } from '../../../../src/shared/alert-rules.ts';
import type { AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { DEFAULT_RULES } from '../../../../src/core/alerts/default-rules.ts';
import {
  evaluateSnapshot,
  rulesWatch,
  severityOf,
  type ActiveRule,
  type AlertContext,
} from '../../../../src/core/alerts/engine.ts';

const T0 = Date.UTC(2025, 2, 10, 15, 0);
const MIN = 60_000;

function rule(id: number, body: unknown, enabled = true): ActiveRule {
  return { id, name: `rule ${id}`, enabled, body: alertRuleBodySchema.parse(body) };
}

function snap(regime: string, minutes: number, ticker = 'SPY'): AlertSnapshot {
  return {
    endpoint: 'signals',
    ticker,
    params: {},
    asof: T0 + minutes * MIN,
    payload: { ticker, price: 500, gamma_regime: 'positive', regime_label: regime, opportunity_tier: 'low' },
  };
}

/** A context whose "store" is an array of the events evaluateSnapshot produced so far. */
function context(rules: ActiveRule[], overrides: Partial<AlertContext> = {}) {
  const events: { ruleId: number; ticker: string; asof: number }[] = [];
  const ctx: AlertContext = {
    rules,
    watchlistTickers: (id) => new Set(id === 1 ? ['SPY'] : []),
    lastFiredAsof: (ruleId, ticker) =>
      events
        .filter((e) => e.ruleId === ruleId && e.ticker === ticker)
        .reduce<number | null>((m, e) => Math.max(m ?? 0, e.asof), null),
    sawValue: () => false,
    channels: { desktop: true, inApp: true, webhooks: [], quietHours: null },
    wallNow: T0,
    ...overrides,
  };
  const feed = (prev: AlertSnapshot | null, curr: AlertSnapshot) => {
    const out = evaluateSnapshot(ctx, prev, curr);
    events.push(...out);
    return out;
  };
  return { ctx, feed, events };
}

/** Dwell off: these cases test the engine around one transition (dwell.test.ts tests the dwell). */
const NO_DWELL = { snapshots: 1, minutes: 0 };
const regimeRule = {
  condition: { kind: 'regime_change', dwell: NO_DWELL },
  scope: { kind: 'all' },
  cooldownMinutes: 0,
};

describe('evaluateSnapshot', () => {
  it('fires once per transition with a stable idempotency key', () => {
    const { feed } = context([rule(7, regimeRule)]);
    const a = feed(snap('range_bound', 0), snap('flush_panic', 5));
    const b = feed(snap('range_bound', 0), snap('flush_panic', 5));
    expect(a).toHaveLength(1);
    expect(a[0]?.idempotencyKey).toBe(b[0]?.idempotencyKey);
    expect(a[0]?.idempotencyKey).toBe(
      'rule:7|SPY|regime_change||range_bound->flush_panic|2025-03-10T15:05:00.000Z',
    );
    expect(a[0]).toMatchObject({
      ruleId: 7,
      ticker: 'SPY',
      kind: 'regime_change',
      severity: 'info',
      asof: T0 + 5 * MIN,
    });
  });

  it('keys differ by asof, so the same transition later is a new event', () => {
    const { feed } = context([rule(1, regimeRule)]);
    const [a] = feed(snap('range_bound', 0), snap('flush_panic', 5));
    feed(snap('flush_panic', 5), snap('range_bound', 10));
    const [c] = feed(snap('range_bound', 10), snap('flush_panic', 15));
    expect(a?.idempotencyKey).not.toBe(c?.idempotencyKey);
  });

  it('cooldown per rule and ticker, in market time', () => {
    const { feed } = context([rule(1, { ...regimeRule, cooldownMinutes: 30 })]);
    expect(feed(snap('range_bound', 0), snap('flush_panic', 5))).toHaveLength(1);
    expect(feed(snap('flush_panic', 5), snap('range_bound', 10))).toHaveLength(0);
    expect(feed(snap('range_bound', 0, 'QQQ'), snap('flush_panic', 10, 'QQQ'))).toHaveLength(1);
    expect(feed(snap('range_bound', 30), snap('flush_panic', 35))).toHaveLength(1);
  });

  it('scope limits the tickers', () => {
    const { feed } = context([rule(1, { ...regimeRule, scope: { kind: 'watchlist', watchlistId: 1 } })]);
    expect(feed(snap('range_bound', 0, 'QQQ'), snap('flush_panic', 5, 'QQQ'))).toHaveLength(0);
    expect(feed(snap('range_bound', 0, 'SPY'), snap('flush_panic', 5, 'SPY'))).toHaveLength(1);
  });

  it('a snoozed or disabled rule records nothing', () => {
    const snoozed = rule(1, { ...regimeRule, snoozeUntil: '2030-01-01T00:00:00Z' });
    const disabled = rule(2, regimeRule, false);
    const { feed } = context([snoozed, disabled]);
    expect(feed(snap('range_bound', 0), snap('flush_panic', 5))).toHaveLength(0);
  });

  it('quiet hours still record the event, with outward deliveries skipped', () => {
    const quiet = rule(1, { ...regimeRule, quietHours: { start: '00:00', end: '23:59' } });
    const [event] = context([quiet]).feed(snap('range_bound', 0), snap('flush_panic', 5));
    expect(event?.deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['in_app', 'pending'],
      ['desktop', 'skipped'],
    ]);
  });

  it('rulesWatch tells which endpoints need evaluation', () => {
    const rules = [
      rule(1, regimeRule),
      rule(2, { condition: { kind: 'level_cross', level: 'gamma_flip' }, scope: { kind: 'all' } }, false),
    ];
    expect(rulesWatch(rules, 'signals')).toBe(true);
    expect(rulesWatch(rules, 'market_structure')).toBe(false);
    expect(rulesWatch(rules, 'screener')).toBe(false);
  });

  it('default rules watch regime and tier changes, once the change has held (default dwell)', () => {
    const rules = DEFAULT_RULES.map((r, i) => rule(i + 1, r));
    const changed = (minutes: number): AlertSnapshot => ({
      ...snap('trending_low_vol', minutes),
      payload: { ...(snap('trending_low_vol', minutes).payload as object), opportunity_tier: 'high' },
    });
    const before = snap('range_bound', 0);
    // Seen once, 5 minutes old: not yet.
    expect(context(rules).feed(before, changed(5))).toEqual([]);
    // Seen at 5 and at 20: two snapshots over 15 minutes, so both changes confirm.
    const { feed } = context(rules, { history: () => [before] });
    expect(feed(changed(5), changed(20)).map((e) => e.kind)).toEqual(['regime_change', 'tier_change']);
  });
});

describe('severity of unknown', () => {
  const gammaRule = (severity: string) =>
    rule(1, {
      condition: { kind: 'gamma_regime_change', dwell: NO_DWELL },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      severity,
    });
  const gamma = (value: string, minutes: number): AlertSnapshot => ({
    ...snap('range_bound', minutes),
    payload: { ticker: 'SPY', price: 500, gamma_regime: value },
  });
  it.each([
    ['positive', 'unknown', 'critical', 'info'],
    ['unknown', 'negative', 'critical', 'info'],
    ['unknown', 'positive', 'warning', 'info'],
    ['positive', 'negative', 'critical', 'critical'],
    ['negative', 'neutral', 'warning', 'warning'],
    ['positive', 'unknown', 'info', 'info'],
  ])('%s → %s on a %s rule is %s', (from, to, ruleSeverity, expected) => {
    const [event] = context([gammaRule(ruleSeverity)]).feed(gamma(from, 0), gamma(to, 5));
    expect(event?.severity).toBe(expected);
  });

  it('severityOf caps only transitions touching unknown', () => {
    expect(severityOf('critical', { from: 'above', to: 'below' })).toBe('critical');
    expect(severityOf('critical', { from: null, to: 'unknown' })).toBe('info');
  });
});
