import { describe, expect, it } from 'vitest';
import {
  cronSchema,
  dataSourceSchema,
  defaultSettings,
  notificationsSchema,
  quietHoursSchema,
  settingsSchema,
} from '../../../../src/core/settings/schema.ts';
import * as bridge from '../../../../src/shared/bridge/settings.ts';

const { POLL_JOBS } = bridge;

describe('default settings', () => {
  it('are valid as they stand', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings);
  });

  it('need no setup: the local simulated market, no key, no webhook', () => {
    expect(defaultSettings.dataSource.kind).toBe('local');
    expect(defaultSettings.notifications.webhooks).toEqual([]);
    // The data folder is chosen at start-up (--data-dir, GAMMAWATCH_HOME), not stored in itself.
    expect('dataFolder' in defaultSettings).toBe(false);
  });

  it('schedule every job', () => {
    expect(Object.keys(defaultSettings.schedules).sort()).toEqual([...POLL_JOBS].sort());
  });
});

describe('cron expressions', () => {
  it.each([
    ['every 5 minutes', '*/5 * * * *', true],
    ['weekdays after the close', '30 16 * * 1-5', true],
    ['with seconds (6 fields)', '0 */10 * * * *', true],
    ['trimmed', '  0 * * * *  ', true],
    ['minute out of range', '61 * * * *', false],
    ['words', 'every five minutes', false],
    ['empty', '', false],
    ['too many fields', '* * * * * * *', false],
  ])('%s: %s', (_name, expression, valid) => {
    expect(cronSchema.safeParse(expression).success).toBe(valid);
  });

  it('a bad one in the settings names the job', () => {
    const result = settingsSchema.safeParse({
      ...defaultSettings,
      schedules: { ...defaultSettings.schedules, income: 'hourly' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['schedules', 'income']);
  });
});

describe('data source', () => {
  it.each([
    ['local', { kind: 'local', seed: 1, clock: 'fast' }, true],
    // The folder moved to its own kind; old rows are upgraded when read (settings/legacy.ts).
    [
      'local with a chains folder (the old shape)',
      { kind: 'local', seed: 1, clock: 'real', chainsDir: '/data/chains' },
      false,
    ],
    ['a chain folder on the data clock', { kind: 'chains', dir: '/data/chains', clock: 'data' }, true],
    ['a chain folder on the real clock', { kind: 'chains', dir: '/data/chains', clock: 'real' }, true],
    ['a chain folder with no folder', { kind: 'chains', dir: '  ', clock: 'data' }, false],
    ['a chain folder on the fast clock', { kind: 'chains', dir: '/d', clock: 'fast' }, false],
    [
      'tradier, sandbox, default folder',
      { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null },
      true,
    ],
    ['tradier with no ticker', { kind: 'tradier', environment: 'sandbox', tickers: [], dir: null }, false],
    [
      'tradier with a ticker twice',
      { kind: 'tradier', environment: 'production', tickers: ['SPY', 'SPY'], dir: '/d' },
      false,
    ],
    [
      'tradier with a token in the setting',
      { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null, token: 'x' },
      false,
    ],
    ['local with a negative seed', { kind: 'local', seed: -1, clock: 'real' }, false],
    ['local with an unknown clock', { kind: 'local', seed: 1, clock: 'slow' }, false],
    ['remote', { kind: 'remote', baseUrl: 'https://api.example.com/api/v2', demo: false }, true],
    [
      'remote with a key reference',
      {
        kind: 'remote',
        baseUrl: 'http://127.0.0.1:8080/api/v2',
        apiKeyRef: 'gammawatch.remote',
        demo: false,
      },
      true,
    ],
    ['remote on ftp', { kind: 'remote', baseUrl: 'ftp://example.com/api/v2', demo: false }, false],
    ['remote without a URL', { kind: 'remote', demo: true }, false],
    [
      'remote with a local-only field',
      { kind: 'remote', baseUrl: 'https://a.example', demo: true, seed: 3 },
      false,
    ],
    ['an unknown kind', { kind: 'file' }, false],
  ])('%s', (_name, value, valid) => {
    expect(dataSourceSchema.safeParse(value).success).toBe(valid);
  });

  it('drops a trailing slash from the base URL', () => {
    const parsed = dataSourceSchema.parse({
      kind: 'remote',
      baseUrl: 'https://api.example.com/api/v2/',
      demo: true,
    });
    expect(parsed).toMatchObject({ baseUrl: 'https://api.example.com/api/v2' });
  });
});

describe('notifications', () => {
  const hook = {
    id: 'desk',
    url: 'https://discord.com/api/webhooks/1/abc',
    preset: 'discord',
    enabled: true,
  };
  it.each([
    ['one webhook', [hook], true],
    [
      'every preset',
      ['generic', 'discord', 'slack', 'ntfy'].map((preset, i) => ({ ...hook, id: `h${i}`, preset })),
      true,
    ],
    ['duplicate ids', [hook, { ...hook }], false],
    ['an unknown preset', [{ ...hook, preset: 'teams' }], false],
    ['a non-http URL', [{ ...hook, url: 'javascript:alert(1)' }], false],
    ['an id with spaces', [{ ...hook, id: 'my hook' }], false],
  ])('%s', (_name, webhooks, valid) => {
    expect(notificationsSchema.safeParse({ desktop: true, webhooks }).success).toBe(valid);
  });
});

describe('quiet hours', () => {
  it.each([
    ['overnight', '22:00', '07:00', true],
    ['daytime', '12:30', '13:30', true],
    ['midnight', '00:00', '23:59', true],
    ['hour 24', '24:00', '07:00', false],
    ['no leading zero', '7:00', '22:00', false],
    ['minutes 60', '07:60', '22:00', false],
  ])('%s', (_name, start, end, valid) => {
    expect(quietHoursSchema.safeParse({ enabled: true, start, end }).success).toBe(valid);
  });
});

describe('the whole schema', () => {
  it.each([
    ['an unknown section', { ...defaultSettings, colour: 'blue' }],
    ['an unknown theme', { ...defaultSettings, theme: 'solarized' }],
    ['retention of 0 days', { ...defaultSettings, retentionDays: 0 }],
    ['fractional retention', { ...defaultSettings, retentionDays: 1.5 }],
    [
      'a screener twice',
      { ...defaultSettings, screeners: { enabled: ['trend_pullback', 'trend_pullback'] } },
    ],
    ['an unknown screener', { ...defaultSettings, screeners: { enabled: ['moonshot'] } }],
  ])('refuses %s', (_name, value) => {
    expect(settingsSchema.safeParse(value).success).toBe(false);
  });
});

describe('one definition: the core extends the bridge schema', () => {
  it('has the bridge’s sections, each the bridge’s own schema except the schedules', () => {
    expect(Object.keys(settingsSchema.shape)).toEqual(Object.keys(bridge.settingsSchema.shape));
    for (const section of Object.keys(
      bridge.settingsSchema.shape,
    ) as (keyof typeof bridge.settingsSchema.shape)[]) {
      if (section === 'schedules') continue;
      expect(settingsSchema.shape[section], section).toBe(bridge.settingsSchema.shape[section]);
    }
  });

  it.each([
    ['valid', '*/5 * * * *', true, true],
    ['well shaped, minute out of range', '61 * * * *', true, false],
    ['well shaped, unknown weekday name', '0 9 * * funday', true, false],
    ['one field', 'hourly', false, false],
  ])('a schedule %s: bridge %s, core %s', (_name, expression, bridgeValid, coreValid) => {
    const value = { ...defaultSettings, schedules: { ...defaultSettings.schedules, curves: expression } };
    expect(bridge.settingsSchema.safeParse(value).success).toBe(bridgeValid);
    expect(settingsSchema.safeParse(value).success).toBe(coreValid);
  });

  it('keeps the schedules strict: an unknown job is refused by both', () => {
    const value = { ...defaultSettings, schedules: { ...defaultSettings.schedules, hourly: '0 * * * *' } };
    expect(bridge.settingsSchema.safeParse(value).success).toBe(false);
    expect(settingsSchema.safeParse(value).success).toBe(false);
  });

  it('names one problem once: a malformed schedule is not also reported by node-cron', () => {
    const result = settingsSchema.safeParse({
      ...defaultSettings,
      schedules: { ...defaultSettings.schedules, income: 'hourly' },
    });
    expect(result.error?.issues).toHaveLength(1);
  });
});
