import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  settingsSchema,
  type Settings,
  type Webhook,
} from '../../../../src/shared/bridge/settings.ts';
import {
  placeIssue,
  placeIssues,
  sectionLabel,
} from '../../../../src/renderer/features/settings/settings-messages.ts';
import { addWebhook } from '../../../../src/renderer/features/settings/webhook-row.ts';

const hook = (id: string, url: string): Webhook => ({
  id,
  url,
  preset: 'generic',
  enabled: true,
  digestMinutes: 0,
  headers: [],
  bodyTemplate: null,
});

const EMAIL = {
  enabled: true,
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls',
  user: '',
  from: 'alerts@example.com',
  to: ['me@example.com'],
  digestMinutes: 0,
};
const notify = (patch: Record<string, unknown>) => ({ ...defaultSettings.notifications, ...patch });

/** The messages the form shows for a section's value, as the form checks it before saving. */
function messagesFor<K extends keyof Settings>(section: K, value: unknown) {
  const parsed = settingsSchema.shape[section].safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return placeIssues(section, parsed.error.issues);
}

describe('settings messages: what the form checks', () => {
  it.each([
    ['retentionDays', 0, 'retentionDays', 'Keep history for must be at least 1 day'],
    ['retentionDays', 5000, 'retentionDays', 'Keep history for must be at most 3650 days'],
    ['retentionDays', 2.5, 'retentionDays', 'Keep history for must be a whole number of days'],
    ['retentionDays', null, 'retentionDays', 'Keep history for must be a whole number of days'],
    [
      'retention',
      { fullDays: 0, quarterHourDays: 180 },
      'retention.fullDays',
      'Keep every snapshot for must be at least 1 day',
    ],
    [
      'retention',
      { fullDays: 30, quarterHourDays: 4000 },
      'retention.quarterHourDays',
      'Then one per 15 minutes until must be at most 3650 days',
    ],
    [
      'retention',
      { fullDays: 30.5, quarterHourDays: 180 },
      'retention.fullDays',
      'Keep every snapshot for must be a whole number of days',
    ],
    [
      'retention',
      { fullDays: 60, quarterHourDays: 30 },
      'retention.quarterHourDays',
      'Then one per 15 minutes until must be at least as many days as every snapshot is kept',
    ],
    [
      'notifications',
      { desktop: true, webhooks: [hook('ok', 'https://a.example'), hook('ops', 'hooks.example.com')] },
      'notifications.webhooks.1.url',
      'Webhook 2 URL must start with https:// or http:// and name a host, e.g. https://hooks.example.com/…',
    ],
    [
      'notifications',
      { desktop: true, webhooks: [hook('ok', 'https://a.example'), hook('ops', 'https://u:p@b.example/x')] },
      'notifications.webhooks.1.url',
      "Webhook 2 URL cannot hold user:password@ (deliveries would fail and the password would show in errors): put the secret in the URL's path or token, or in a header (the webhook's Options, Add header)",
    ],
    [
      'notifications',
      { desktop: true, webhooks: [hook('Bad Id', 'https://a.example')] },
      'notifications.webhooks.0.id',
      'Webhook 1 id must be 1 to 40 lower-case letters, digits, - or _, starting with a letter or digit',
    ],
    [
      'notifications',
      { desktop: true, webhooks: [hook('a', 'https://a.example'), hook('a', 'https://b.example')] },
      'notifications',
      'Each webhook needs an id of its own',
    ],
    [
      'schedules',
      { ...defaultSettings.schedules, market_structure: 'every minute' },
      'schedules.market_structure',
      'Market structure schedule must be a cron expression of 5 or 6 fields, e.g. */5 * * * *',
    ],
    [
      'quietHours',
      { enabled: true, start: '25:00', end: '07:00' },
      'quietHours.start',
      'Quiet hours from must be a time like 22:00',
    ],
    [
      'notifications',
      notify({ telegram: { enabled: true, chatId: 'my chat', digestMinutes: 0 } }),
      'notifications.telegram.chatId',
      'Telegram chat id: a chat id is a number such as -1001234567890, or @channelname',
    ],
    [
      'notifications',
      notify({ telegram: { enabled: true, chatId: '-100123', digestMinutes: 7.5 } }),
      'notifications.telegram.digestMinutes',
      'Telegram digest must be Off or a whole number of minutes up to 240',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, host: '' } }),
      'notifications.email.host',
      'SMTP server: the SMTP server, e.g. smtp.example.com',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, host: 'smtp example' } }),
      'notifications.email.host',
      'SMTP server: a host name such as smtp.example.com',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, port: 0 } }),
      'notifications.email.port',
      'SMTP port must be a whole number from 1 to 65535 (usually 465 or 587)',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, port: null } }),
      'notifications.email.port',
      'SMTP port must be a whole number from 1 to 65535 (usually 465 or 587)',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, from: 'alerts' } }),
      'notifications.email.from',
      'From address: an e-mail address such as trader@example.com',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, to: [] } }),
      'notifications.email.to',
      'Recipients: at least one recipient',
    ],
    [
      'notifications',
      notify({ email: { ...EMAIL, to: ['me@example.com', 'desk'] } }),
      'notifications.email.to',
      'Recipient 2: an e-mail address such as trader@example.com',
    ],
    [
      'notifications',
      notify({ pushover: { enabled: true, digestMinutes: 500 } }),
      'notifications.pushover.digestMinutes',
      'Pushover digest must be Off or a whole number of minutes up to 240',
    ],
    [
      'notifications',
      notify({ desktopDigestMinutes: -5 }),
      'notifications.desktopDigestMinutes',
      'Desktop grouping must be Off or a whole number of minutes up to 240',
    ],
    [
      'notifications',
      notify({ webhooks: [{ ...hook('ops', 'https://a.example'), digestMinutes: 1000 }] }),
      'notifications.webhooks.0.digestMinutes',
      'Webhook 1 digest must be Off or a whole number of minutes up to 240',
    ],
    [
      'notifications',
      notify({
        webhooks: [
          hook('a', 'https://a.example'),
          { ...hook('ops', 'https://b.example'), headers: [{ name: 'X-Ok', value: 'a\nb' }] },
        ],
      }),
      'notifications.webhooks.1.headers.0',
      'Webhook 2 header 1: a header value is one line: no line breaks',
    ],
    [
      'notifications',
      notify({
        webhooks: [{ ...hook('ops', 'https://a.example'), headers: [{ name: 'Host', value: 'x' }] }],
      }),
      'notifications.webhooks.0.headers.0',
      'Webhook 1 header 1: Gammawatch sets this header itself: choose another name',
    ],
    [
      'notifications',
      notify({
        webhooks: [{ ...hook('ops', 'https://a.example'), headers: [{ name: 'X-A', value: 1 }] }],
      }),
      'notifications.webhooks.0.headers.0',
      'Webhook 1 header 1: is not valid',
    ],
    [
      'notifications',
      notify({ webhooks: [{ ...hook('ops', 'https://a.example'), bodyTemplate: '{{ticker}} {{close}}' }] }),
      'notifications.webhooks.0.bodyTemplate',
      'Webhook 1 body template: unknown placeholder {{close}}: use {{ticker}}, {{title}}, {{price}}, {{flip}}, {{regime}}, {{tier}}, {{severity}}, {{time}}, {{message}}, {{kind}}, {{value}}, {{previous}}, {{level}}, {{level_value}}, {{simulated}}, {{source}}, {{occurred_at}}, {{event_id}}, {{idempotency_key}}',
    ],
    [
      'notifications',
      notify({
        webhooks: [{ ...hook('chat', 'https://a.example'), preset: 'slack', bodyTemplate: '{{ticker}}' }],
      }),
      'notifications.webhooks.0.bodyTemplate',
      'Webhook 1 body template: only a Generic JSON webhook takes a body template: Discord, Slack and ntfy read their own',
    ],
  ] as const)('%s %j → %s: %s', (section, value, key, message) => {
    expect(messagesFor(section, value)).toEqual([{ key, message }]);
  });

  it('never shows a schema path or zod wording', () => {
    const cases: [keyof Settings, unknown][] = [
      ['retentionDays', 0],
      ['notifications', { desktop: true, webhooks: [hook('x', 'ftp://x')] }],
      ['schedules', { ...defaultSettings.schedules, signals: '' }],
    ];
    for (const [section, value] of cases)
      for (const { message } of messagesFor(section, value)) {
        expect(message).not.toMatch(/retentionDays|webhooks\.\d|Too small|Invalid|expected/);
        expect(message[0]).toBe(message[0]?.toUpperCase());
      }
  });
});

describe('settings messages: what the main side sends back', () => {
  it.each([
    [
      'retentionDays',
      { path: 'retentionDays', message: 'Too small: expected number to be >=1' },
      'retentionDays',
      'Keep history for must be at least 1 day',
    ],
    [
      'notifications',
      { path: 'notifications.webhooks.1.url', message: 'an http:// or https:// address' },
      'notifications.webhooks.1.url',
      'Webhook 2 URL must start with https:// or http:// and name a host, e.g. https://hooks.example.com/…',
    ],
    [
      'schedules',
      { path: 'schedules.signals', message: 'not a valid cron expression (node-cron syntax)' },
      'schedules.signals',
      'Signals schedule must be a cron expression of 5 or 6 fields, e.g. */5 * * * *',
    ],
    [
      'notifications',
      {
        path: 'notifications.telegram.chatId',
        message: 'a chat id is a number such as -1001234567890, or @channelname',
      },
      'notifications.telegram.chatId',
      'Telegram chat id: a chat id is a number such as -1001234567890, or @channelname',
    ],
    [
      'notifications',
      { path: 'notifications.email.to.0', message: 'an e-mail address such as trader@example.com' },
      'notifications.email.to',
      'Recipient 1: an e-mail address such as trader@example.com',
    ],
    [
      'notifications',
      { path: 'notifications.email.user', message: 'Too big: expected string to have <=200 characters' },
      'notifications.email.user',
      'User name must be at most 200 characters',
    ],
    [
      'notifications',
      { path: 'notifications.email.somethingNew', message: 'Invalid input' },
      'notifications.email',
      'E-mail settings are incomplete',
    ],
    [
      'polling',
      { path: 'polling.somethingNew', message: 'Invalid input' },
      'polling',
      'Polling could not be saved: check its fields',
    ],
  ] as const)('%s: %j', (section, issue, key, message) => {
    expect(placeIssue(section, issue)).toEqual({ key, message });
  });

  it('names sections as their headings do', () => {
    expect(sectionLabel('quietHours')).toBe('Quiet hours');
    expect(sectionLabel('retentionDays')).toBe('History retention');
  });
});

describe('adding a webhook row', () => {
  const saved = [hook('discord', 'https://discord.example/hook')];

  it.each([
    [
      'an address without a scheme',
      hook('ops', 'hooks.example.com'),
      'newHook.url',
      /^Webhook URL must start/,
    ],
    ['another protocol', hook('ops', 'ftp://hooks.example.com'), 'newHook.url', /^Webhook URL must start/],
    [
      'user:password@ in the address',
      hook('ops', 'https://me:secret@hooks.example.com/x'),
      'newHook.url',
      /^Webhook URL cannot hold user:password@ .+ \(the webhook.s Options, Add header\)$/,
    ],
    ['no id', hook('', 'https://hooks.example.com'), 'newHook.id', /^Webhook id must be 1 to 40/],
    ['an id already used', hook('discord', 'https://other.example'), 'newHook.id', /already in the table/],
  ])('refuses %s and leaves the table as it was', (_, candidate, key, message) => {
    const result = addWebhook(saved, candidate);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.key)).toContain(key);
    expect(result.errors.find((e) => e.key === key)?.message).toMatch(message);
    expect(saved).toHaveLength(1);
  });

  it('adds a valid row (trimmed) after the saved ones', () => {
    const result = addWebhook(saved, hook(' ops ', ' https://hooks.example.com/x '));
    expect(result).toEqual({
      ok: true,
      webhooks: [...saved, hook('ops', 'https://hooks.example.com/x')],
    });
  });
});
