import { describe, expect, it } from 'vitest';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import {
  inCooldown,
  inQuietHours,
  inScope,
  isSnoozed,
  planDeliveries,
  type ChannelSettings,
} from '../../../../src/core/alerts/policy.ts';
import { at } from '../../../support/ny-time.ts';

const MIN = 60_000;

describe('quiet hours (New York time)', () => {
  it.each([
    ['22:00', '07:00', '2025-01-15', '23:30', true],
    ['22:00', '07:00', '2025-01-15', '03:00', true],
    ['22:00', '07:00', '2025-01-15', '07:00', false],
    ['22:00', '07:00', '2025-01-15', '21:59', false],
    ['22:00', '07:00', '2025-07-15', '22:00', true], // summer (EDT) too
    ['12:00', '13:00', '2025-07-15', '12:30', true],
    ['12:00', '13:00', '2025-07-15', '13:30', false],
    ['09:00', '09:00', '2025-07-15', '09:00', false], // empty window
  ])('%s-%s on %s at %s → %s', (start, end, date, time, expected) => {
    expect(inQuietHours({ start, end }, at(date, time))).toBe(expected);
  });

  it('no window, never quiet', () => {
    expect(inQuietHours(null, Date.now())).toBe(false);
  });
});

describe('cooldown (market time)', () => {
  const t = Date.UTC(2025, 0, 2, 15);
  it.each([
    [60, null, t, false],
    [60, t, t + 30 * MIN, true],
    [60, t, t + 60 * MIN, false],
    [0, t, t + 1, false],
    [60, t + MIN, t, false], // an older snapshot arriving late is not held by a newer firing
  ])('cooldown %i min, last %s, now %s → %s', (minutes, last, now, expected) => {
    expect(inCooldown(minutes, last, now)).toBe(expected);
  });
});

describe('snooze and scope', () => {
  it.each([
    [null, false],
    ['2030-01-01T00:00:00Z', true],
    ['2020-01-01T00:00:00Z', false],
  ])('snoozed until %s → %s', (until, expected) => {
    expect(isSnoozed(until, Date.UTC(2025, 0, 1))).toBe(expected);
  });

  const lists = (id: number) => new Set(id === 1 ? ['SPY', 'QQQ'] : []);
  it.each([
    [{ kind: 'all' } as const, 'ZZZ', true],
    [{ kind: 'ticker', ticker: 'SPY' } as const, 'SPY', true],
    [{ kind: 'ticker', ticker: 'SPY' } as const, 'QQQ', false],
    [{ kind: 'watchlist', watchlistId: 1 } as const, 'QQQ', true],
    [{ kind: 'watchlist', watchlistId: 2 } as const, 'QQQ', false],
  ])('scope %j for %s → %s', (scope, ticker, expected) => {
    expect(inScope(scope, ticker, lists)).toBe(expected);
  });
});

describe('delivery plan', () => {
  const settings: ChannelSettings = {
    desktop: true,
    inApp: true,
    webhooks: [
      { id: 'ops', enabled: true },
      { id: 'off', enabled: false },
    ],
    quietHours: null,
  };
  const noon = nyToEpoch('2025-01-15', 12 * 60);
  const rule = (webhookIds: string[], quietHours: { start: string; end: string } | null = null) => ({
    channels: { desktop: true, inApp: true, webhookIds, telegram: false, email: false, pushover: false },
    quietHours,
  });

  it('one row per channel, pending when deliverable', () => {
    expect(planDeliveries(rule(['ops']), settings, noon).map((p) => [p.channel, p.target, p.state])).toEqual([
      ['in_app', null, 'pending'],
      ['desktop', null, 'pending'],
      ['webhook', 'ops', 'pending'],
    ]);
  });

  it('quiet hours hold back desktop and webhooks but not in-app', () => {
    const plans = planDeliveries(rule(['ops'], { start: '11:00', end: '13:00' }), settings, noon);
    expect(plans.map((p) => [p.channel, p.state, p.reason])).toEqual([
      ['in_app', 'pending', null],
      ['desktop', 'skipped', 'quiet hours'],
      ['webhook', 'skipped', 'quiet hours'],
    ]);
  });

  it('global quiet hours apply as well', () => {
    const plans = planDeliveries(
      rule([]),
      { ...settings, quietHours: { start: '11:59', end: '12:01' } },
      noon,
    );
    expect(plans.find((p) => p.channel === 'desktop')?.state).toBe('skipped');
  });

  it('disabled or unknown webhooks and channels turned off are skipped with a reason', () => {
    const plans = planDeliveries(rule(['off', 'gone']), { ...settings, desktop: false }, noon);
    expect(plans.map((p) => [p.channel, p.state, p.reason])).toEqual([
      ['in_app', 'pending', null],
      ['desktop', 'skipped', 'desktop notifications are off'],
      ['webhook', 'skipped', 'webhook disabled'],
      ['webhook', 'skipped', "no webhook 'gone' in settings"],
    ]);
  });
});
