// The fake bridge the UI tests run against must answer inside the contract, or the UI would be
// tested against shapes the real core never sends.
import { describe, expect, it } from 'vitest';
import { bridgeMethods, type BridgeMethod } from '../../../../src/shared/bridge.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { BRIDGE_SAMPLE_INPUTS } from '../../../support/bridge-samples.ts';
import { FakeBridge } from '../../../support/fake-bridge.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';

const methods = Object.keys(bridgeMethods) as BridgeMethod[];
const CHANNELS = {
  desktop: true,
  inApp: true,
  webhookIds: [],
  telegram: false,
  email: false,
  pushover: false,
};

describe('the fake bridge honours the contract', () => {
  it.each(methods)('%s', async (method) => {
    const fake = new FakeBridge({ seeded: true });
    fake.tick();
    const errors: unknown[] = [];
    // A rule and an alert exist so the list/update/delete methods have something to act on.
    await fake.handlers['rules:create']({
      name: 'x',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'info',
      channels: CHANNELS,
      passQuietHours: false,
      template: null,
    });
    const result = await dispatch(fake.handlers, method, BRIDGE_SAMPLE_INPUTS[method], {
      validateOutput: true,
      onUnexpectedError: (_m, e) => errors.push(e),
    });
    expect(errors).toEqual([]);
    expect(result).toMatchObject({ ok: true });
  });

  it('raises an alert when a rule matches a new snapshot', async () => {
    const fake = new FakeBridge({ seeded: true });
    const seen: string[] = [];
    fake.subscribe((m) => {
      if (m.event === 'alert:new') seen.push(m.payload.title);
    });
    await fake.handlers['rules:create']({
      name: 'flips',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'warning',
      channels: CHANNELS,
      passQuietHours: false,
      template: null,
    });
    for (let i = 0; i < 40 && seen.length === 0; i += 1) fake.tick();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/gamma regime: (positive|negative) → (positive|negative)/);
  });
});

describe('the fake bridge: message channels', () => {
  const telegram = { enabled: true, chatId: '-100123', digestMinutes: 0 };
  const email = {
    enabled: true,
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls' as const,
    user: '',
    from: 'alerts@example.com',
    to: ['me@example.com'],
    digestMinutes: 0,
  };
  const pushover = { enabled: true, digestMinutes: 0 };

  it.each([
    ['telegram', telegram, ['telegramBotToken'], /^Telegram accepted message \d+ for chat -100123$/],
    ['email', email, [], /accepted the message for me@example\.com/],
    ['pushover', pushover, ['pushoverAppToken', 'pushoverUserKey'], /^Pushover accepted/],
  ] as const)(
    'notify:test %s: refused without its secrets, delivered with them',
    async (channel, config, secrets, detail) => {
      const fake = new FakeBridge({ seeded: true });
      const test = () =>
        dispatch(fake.handlers, 'notify:test', { channel, config }, { validateOutput: true });
      if (secrets.length > 0) {
        const before = await test();
        expect(before).toMatchObject({
          ok: true,
          value: { delivered: false, error: expect.stringMatching(/^No .+ stored$/) },
        });
      }
      for (const name of secrets) await fake.handlers['secrets:set']({ name, value: `secret-${name}` });
      const after = await test();
      expect(after).toMatchObject({ ok: true, value: { delivered: true, error: null } });
      expect(after.ok && (after.value as { detail: string }).detail).toMatch(detail);
    },
  );

  it('says a channel that is not set up is not set up', async () => {
    const fake = new FakeBridge({ seeded: true });
    const result = await dispatch(
      fake.handlers,
      'notify:test',
      { channel: 'email' },
      { validateOutput: true },
    );
    expect(result).toMatchObject({
      ok: true,
      value: { delivered: false, error: expect.stringMatching(/^Not set up/) },
    });
  });

  it.each([
    ['critical, marked to pass', 'critical', true, 'passed', 'sent'],
    ['critical, not marked', 'critical', false, 'held', 'skipped'],
    ['info', 'info', false, 'held', 'skipped'],
  ] as const)('in quiet hours, a %s rule: %s', async (_label, severity, passQuietHours, quiet, state) => {
    const fake = new FakeBridge({ seeded: true });
    await fake.handlers['settings:update']({
      quietHours: { enabled: true, start: '00:00', end: '23:59' },
      notifications: { ...defaultSettings.notifications, telegram: { ...telegram, digestMinutes: 0 } },
    });
    const fired: AlertEvent[] = [];
    fake.subscribe((m) => {
      if (m.event === 'alert:new') fired.push(m.payload);
    });
    await fake.handlers['rules:create']({
      name: 'flips',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity,
      channels: { ...CHANNELS, telegram: true },
      passQuietHours,
      template: null,
    });
    for (let i = 0; i < 40 && fired.length === 0; i += 1) fake.tick();
    const tg = fired[0]?.deliveries.find((d) => d.channel === 'telegram');
    expect(tg).toMatchObject({ quietHours: quiet, state });
    expect(fired[0]?.deliveries.find((d) => d.channel === 'in_app')).toMatchObject({ quietHours: null });
  });

  it('puts a delivery to a channel with a digest window into a digest', async () => {
    const fake = new FakeBridge({ seeded: true });
    await fake.handlers['settings:update']({
      notifications: { ...defaultSettings.notifications, pushover: { enabled: true, digestMinutes: 15 } },
    });
    const fired: AlertEvent[] = [];
    fake.subscribe((m) => {
      if (m.event === 'alert:new') fired.push(m.payload);
    });
    await fake.handlers['rules:create']({
      name: 'flips',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'info',
      channels: { ...CHANNELS, pushover: true },
      passQuietHours: false,
      template: null,
    });
    for (let i = 0; i < 40 && fired.length === 0; i += 1) fake.tick();
    const event = fired[0];
    const po = event?.deliveries.find((d) => d.channel === 'pushover');
    expect(po?.state).toBe('pending');
    expect(Date.parse(po?.digestUntil ?? '') - Date.parse(event?.createdAt ?? '')).toBe(15 * 60_000);
  });
});
