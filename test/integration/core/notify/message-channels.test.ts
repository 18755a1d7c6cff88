// Telegram, e-mail and Pushover end to end on the main side: real HTTP and SMTP to local stand-ins
// (test/support/stand-ins), a real SQLite file, events queued as ingest queues them (planned by
// planDeliveries, with quiet hours), delivered by the dispatcher on manual timers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import type { SecretName } from '../../../../src/shared/bridge/data-source.ts';
import { outgoingFromStore } from '../../../../src/core/notify/outgoing-event.ts';
import { planDeliveries, type ChannelSettings } from '../../../../src/core/alerts/policy.ts';
import { channelResolver, digestMinutesOf } from '../../../../src/core/notify/channel-lookup.ts';
import { NotificationDispatcher } from '../../../../src/core/notify/dispatcher.ts';
import { sendTestMessage } from '../../../../src/core/notify/test-message.ts';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { loadBridgeEvent } from '../../../../src/core/queries/alerts.ts';
import type { Settings } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import {
  startPushoverStandIn,
  startSmtpStandIn,
  startTelegramStandIn,
  testCert,
  type PushoverStandIn,
  type SmtpStandIn,
  type TelegramStandIn,
} from '../../../support/stand-ins/index.ts';
import { tempDir } from '../../../support/store-factory.ts';

const BOT_TOKEN = '123456789:AAH-secret-bot-token-value_0123456789';
const SMTP_PASSWORD = 'smtp-pa55word-secret';
const APP_TOKEN = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';
const USER_KEY = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const SECRETS: Record<string, string> = {
  telegramBotToken: BOT_TOKEN,
  smtpPassword: SMTP_PASSWORD,
  pushoverAppToken: APP_TOKEN,
  pushoverUserKey: USER_KEY,
};
const NOON = nyToEpoch('2025-03-10', 12 * 60);
const MIDNIGHT = nyToEpoch('2025-03-10', 23 * 60 + 30);

let tmp: ReturnType<typeof tempDir>;
let store: Store<AlertRuleBody>;
let telegram: TelegramStandIn;
let pushover: PushoverStandIn;
let smtp: SmtpStandIn;
let settings: Settings;
let timers: ManualTimers;
let logs: string[];
let seq = 0;

beforeEach(async () => {
  tmp = tempDir('gammawatch-messages-');
  store = openDatabase<AlertRuleBody>(tmp.file('gammawatch.db'), { ruleSchema: alertRuleBodySchema });
  telegram = await startTelegramStandIn({ token: BOT_TOKEN, chatId: '-100200300' });
  pushover = await startPushoverStandIn({ token: APP_TOKEN, user: USER_KEY });
  smtp = await startSmtpStandIn({ security: 'starttls', user: 'trader', password: SMTP_PASSWORD });
  timers = new ManualTimers(NOON);
  logs = [];
  seq = 0;
  settings = {
    ...defaultSettings,
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
    notifications: {
      ...defaultSettings.notifications,
      telegram: { enabled: true, chatId: '-100200300', digestMinutes: 0 },
      pushover: { enabled: true, digestMinutes: 0 },
      email: {
        enabled: true,
        host: '127.0.0.1',
        port: smtp.port,
        security: 'starttls',
        user: 'trader',
        from: 'alerts@example.com',
        to: ['trader@example.com'],
        digestMinutes: 0,
      },
    },
  } as Settings;
});

afterEach(async () => {
  await Promise.all([telegram.close(), pushover.close(), smtp.close()]);
  if (store.isOpen) store.close();
  tmp.cleanup();
});

const env = () => ({
  GAMMAWATCH_TELEGRAM_API_ORIGIN: telegram.url,
  GAMMAWATCH_PUSHOVER_API_ORIGIN: pushover.url,
});

function dispatcher(timeoutMs = 5_000): NotificationDispatcher {
  return new NotificationDispatcher({
    deliveries: store.deliveries,
    loadEvent: (id) => loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id),
    channel: channelResolver({
      settings: () => settings,
      desktop: {
        name: 'none',
        notify: async () => ({ state: 'skipped', attempts: 0, reason: 'no desktop' }),
      },
      emitInApp: () => undefined,
      secret: (name: SecretName) => SECRETS[name] ?? null,
      env: env(),
      messages: {
        telegram: { timeoutMs, sleep: async () => undefined },
        pushover: { timeoutMs, sleep: async () => undefined },
        email: { tlsCa: testCert().cert, timeoutMs },
      },
    }),
    outgoing: outgoingFromStore(store),
    digestMinutes: (channel) => digestMinutesOf(settings, channel),
    timers,
    log: (line) => logs.push(line),
  });
}

const channelSettings = (): ChannelSettings => ({
  desktop: false,
  inApp: true,
  webhooks: [],
  quietHours: { start: settings.quietHours.start, end: settings.quietHours.end },
  messages: { telegram: 'on', email: 'on', pushover: 'on' },
});

function rule(overrides: Partial<AlertRuleBody> = {}) {
  const body = alertRuleBodySchema.parse({
    condition: { kind: 'regime_change' },
    scope: { kind: 'all' },
    severity: 'warning',
    channels: { desktop: false, inApp: true, webhookIds: [], telegram: true, email: true, pushover: true },
    template: {
      title: '{{ticker}} is now {{regime}}',
      body: '{{title}} at {{price}} (flip {{flip}}), {{time}}',
    },
    ...overrides,
  });
  return store.alertRules.create({ name: 'Regime', rule: body });
}

/** An event of `ruleId` stored and queued as ingest does it, with its signals snapshot. */
function fire(
  ruleId: number,
  wallNow: number,
  severity: 'info' | 'warning' | 'critical' = 'warning',
): number {
  seq += 1;
  const asof = wallNow - 1000;
  store.snapshots.ingest([
    {
      endpoint: 'signals',
      ticker: 'SPY',
      asof,
      data: { price: 500 + seq, gex_flip: 495.5, regime_label: 'range_bound', opportunity_tier: 'high' },
    },
  ]);
  const r = store.alertRules.get(ruleId);
  if (!r) throw new Error('no rule');
  const { event } = store.alertEvents.insertIfNew({
    ruleId,
    ticker: 'SPY',
    kind: 'regime_change',
    severity,
    asof,
    payload: {
      ruleName: r.name,
      title: `SPY regime change ${seq}`,
      message: 'Trending → Range bound',
      endpoint: 'signals',
      details: {},
    },
    idempotencyKey: `k${seq}-${wallNow}`,
  });
  const plans = planDeliveries(r.rule, channelSettings(), wallNow, severity);
  const name = (p: (typeof plans)[number]) => (p.channel === 'webhook' ? `webhook:${p.target}` : p.channel);
  store.deliveries.queue(
    event.id,
    plans.map((p) => ({ channel: name(p), quietHours: p.quietHours })),
  );
  for (const p of plans)
    if (p.state === 'skipped')
      store.deliveries.record(event.id, name(p), { state: 'skipped', error: p.reason ?? '' });
  return event.id;
}

const stored = (eventId: number) =>
  Object.fromEntries(store.deliveries.forEvent(eventId).map((d) => [d.channel, d]));

describe('Telegram, e-mail and Pushover deliveries', () => {
  it('a rule fires: each service receives exactly one message in the rule’s words, carrying the event id', async () => {
    const d = dispatcher();
    const id = fire(rule().id, NOON);
    d.dispatch([id]);
    await d.idle();

    expect(telegram.received).toHaveLength(1);
    expect(pushover.received).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    const created = store.alertEvents.get(id)?.createdAt ?? 0;

    const tg = telegram.received[0];
    expect(tg?.chatId).toBe('-100200300');
    expect(tg?.text).toBe(
      `SPY is now Range-bound\nSPY regime change 1 at 501.00 (flip 495.50), 2025-03-10 11:59 ET\n\nGammawatch event ${id}`,
    );
    const po = pushover.received[0];
    expect(po?.title).toBe('SPY is now Range-bound');
    expect(po?.message).toContain(`Gammawatch event ${id}`);
    expect(po?.priority).toBe(0);
    const mail = smtp.received[0];
    expect(mail?.subject).toBe('SPY is now Range-bound');
    expect(mail?.text).toContain('SPY regime change 1 at 501.00 (flip 495.50)');
    expect(mail?.messageId).toBe(`<gammawatch-${id}-${created}@gammawatch>`);
    expect(mail?.headers['x-gammawatch-event']).toBe(String(id));
    expect(mail?.user).toBe('trader');
    expect(mail?.secure).toBe(true);

    const rows = stored(id);
    expect(['telegram', 'email', 'pushover'].map((c) => [rows[c]?.state, rows[c]?.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('five events inside a digest window go out as one message per channel, newest first', async () => {
    settings.notifications.telegram = { enabled: true, chatId: '-100200300', digestMinutes: 5 };
    settings.notifications.pushover = { enabled: true, digestMinutes: 5 };
    if (settings.notifications.email) settings.notifications.email.digestMinutes = 5;
    const d = dispatcher();
    const ruleId = rule({ template: null }).id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(fire(ruleId, timers.now()));
      d.dispatch([ids[i] as number]);
      await d.idle();
      timers.advance(30_000);
    }
    expect(telegram.received).toHaveLength(0);
    const until = NOON + 5 * 60_000;
    expect(stored(ids[0] as number).telegram?.digestUntil).toBe(until);
    expect(stored(ids[4] as number).telegram?.digestUntil).toBe(until);

    timers.advance(until - timers.now());
    await d.idle();
    expect(telegram.received).toHaveLength(1);
    expect(pushover.received).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    const lines = (telegram.received[0]?.text ?? '').split('\n');
    expect(lines[0]).toBe('Gammawatch: 5 alerts');
    expect(lines[1]).toBe('5 alerts');
    expect(lines.slice(2, 7).map((l) => l.replace(/^\d\d:\d\d /, ''))).toEqual([
      'SPY regime change 5',
      'SPY regime change 4',
      'SPY regime change 3',
      'SPY regime change 2',
      'SPY regime change 1',
    ]);
    expect(smtp.received[0]?.headers['x-gammawatch-event']).toBe([...ids].reverse().join(', '));
    for (const id of ids) expect(stored(id).telegram).toMatchObject({ state: 'sent', digestUntil: until });
  });

  it('a digest window survives a restart and goes out when due', async () => {
    settings.notifications.telegram = { enabled: true, chatId: '-100200300', digestMinutes: 15 };
    const first = dispatcher();
    const ruleId = rule({
      channels: {
        desktop: false,
        inApp: false,
        webhookIds: [],
        telegram: true,
        email: false,
        pushover: false,
      },
    }).id;
    const a = fire(ruleId, timers.now());
    const b = fire(ruleId, timers.now());
    first.dispatch([a, b]);
    await first.idle();
    await first.close();
    expect(telegram.received).toHaveLength(0);

    timers.advance(20 * 60_000); // the app was closed when the window ended
    const second = dispatcher();
    second.retryDue();
    await second.idle();
    expect(telegram.received).toHaveLength(1);
    expect(telegram.received[0]?.text).toContain(`Gammawatch events ${b}, ${a}`);
    expect([stored(a).telegram?.state, stored(b).telegram?.state]).toEqual(['sent', 'sent']);
  });

  it('inside quiet hours a critical rule marked to pass is delivered, an info rule is held', async () => {
    timers = new ManualTimers(MIDNIGHT);
    const d = dispatcher();
    const urgent = rule({ severity: 'critical', passQuietHours: true }).id;
    const calm = rule({ severity: 'info' }).id;
    const passed = fire(urgent, MIDNIGHT, 'critical');
    const held = fire(calm, MIDNIGHT, 'info');
    d.dispatch([passed, held]);
    await d.idle();

    expect(telegram.received).toHaveLength(1);
    expect(pushover.received.map((m) => m.priority)).toEqual([1]);
    expect(smtp.received).toHaveLength(1);
    for (const c of ['telegram', 'email', 'pushover']) {
      expect(stored(passed)[c]).toMatchObject({ state: 'sent', quietHours: 'passed' });
      expect(stored(held)[c]).toMatchObject({
        state: 'skipped',
        quietHours: 'held',
        lastError: 'quiet hours',
      });
    }
    const history = loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, held);
    expect(history?.deliveries.find((x) => x.channel === 'telegram')?.quietHours).toBe('held');
  });

  it('a delivery retried after a timeout is one row with its attempts counted', async () => {
    telegram.fail({ kind: 'hang' });
    pushover.fail({ kind: 'hang' });
    // Long enough for an answer on a loaded machine; the hung first attempts wait this long.
    const d = dispatcher(1500);
    const id = fire(rule().id, NOON);
    d.dispatch([id]);
    await d.idle();

    // The hung request reached the service too: both carry the same event id for it to drop one.
    expect(telegram.received).toHaveLength(2);
    expect(new Set(telegram.received.map((m) => m.text)).size).toBe(1);
    expect(pushover.received).toHaveLength(2);
    const rows = store.deliveries.forEvent(id);
    expect(rows.filter((r) => r.channel === 'telegram')).toMatchObject([{ state: 'sent', attempts: 2 }]);
    expect(rows.filter((r) => r.channel === 'pushover')).toMatchObject([{ state: 'sent', attempts: 2 }]);
    const history = loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id);
    expect(history?.deliveries.filter((x) => x.channel === 'telegram')).toHaveLength(1);
  });

  it('secrets never appear in stored errors, logs or test answers', async () => {
    const d = dispatcher(300);
    telegram.fail({ kind: 'error', status: 401, description: `Unauthorized for ${BOT_TOKEN}` });
    telegram.fail({ kind: 'redirect', location: `https://evil.example/bot${BOT_TOKEN}/x` });
    pushover.fail({ kind: 'error', status: 400, description: `bad token ${APP_TOKEN} for ${USER_KEY}` });
    smtp.refuseNext(2, 535, `Authentication failed for password ${SMTP_PASSWORD}`);
    const id = fire(rule().id, NOON);
    d.dispatch([id]);
    await d.idle();
    const rows = store.deliveries.forEvent(id);
    const errors = rows.map((r) => r.lastError ?? '').join('\n');
    expect(
      rows
        .filter((r) => r.state === 'failed')
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'pushover', 'telegram']);
    const answer = await sendTestMessage(
      {
        settings: () => settings,
        secret: (n) => SECRETS[n] ?? null,
        wallNow: () => NOON,
        source: () => ({ id: 'simulator:42:real', label: 'Local simulator (seed 42)', simulated: true }),
        env: env(),
        messages: { email: { tlsCa: testCert().cert } },
      },
      { channel: 'telegram' },
    );
    const all = [errors, ...logs, JSON.stringify(answer)].join('\n');
    for (const secret of [BOT_TOKEN, SMTP_PASSWORD, APP_TOKEN, USER_KEY]) expect(all).not.toContain(secret);
    expect(errors).toContain('Telegram refused the message (error 401)');
    expect(errors).toContain('Pushover refused the message (HTTP 400)');
    expect(answer.error).toMatch(/HTTP 302: redirect refused/);
  });

  it.each([
    ['telegram', /^Telegram accepted message \d+ for chat -100200300$/, 200],
    ['pushover', /^Pushover accepted the message \(request [0-9a-f-]{36}\)$/, 200],
    ['email', /^The SMTP server accepted the message: 250 /, 250],
  ] as const)('notify:test through %s answers what the service said', async (channel, detail, status) => {
    const answer = await sendTestMessage(
      {
        settings: () => settings,
        secret: (n) => SECRETS[n] ?? null,
        wallNow: () => NOON,
        source: () => ({ id: 'simulator:42:real', label: 'Local simulator (seed 42)', simulated: true }),
        env: env(),
        messages: { email: { tlsCa: testCert().cert } },
      },
      { channel },
    );
    expect(answer).toMatchObject({ delivered: true, status, error: null });
    expect(answer.detail).toMatch(detail);
  });

  it.each([
    [
      'telegram',
      { chatId: '-999' },
      /Telegram refused the message \(error 400\): Bad Request: chat not found/,
    ],
    ['email', { security: 'tls' }, /E-mail not sent/],
  ] as const)('notify:test through %s with a wrong setting says why', async (channel, change, error) => {
    const config = { ...(settings.notifications[channel] as object), ...change };
    const answer = await sendTestMessage(
      {
        settings: () => settings,
        secret: (n) => SECRETS[n] ?? null,
        wallNow: () => NOON,
        source: () => ({ id: 'simulator:42:real', label: 'Local simulator (seed 42)', simulated: true }),
        env: env(),
        messages: { email: { tlsCa: testCert().cert, timeoutMs: 2000 } },
      },
      { channel, config } as never,
    );
    expect(answer.delivered).toBe(false);
    expect(answer.error).toMatch(error);
  });
});
