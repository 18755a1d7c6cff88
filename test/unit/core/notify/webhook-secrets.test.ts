// A webhook URL with user:password@ is refused where it is entered, one stored
// before is kept without its credentials (and disabled), and no error text that is stored or
// logged ever holds credentials or query values.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationChannel } from '../../../../src/core/notify/channel.ts';
import { NotificationDispatcher } from '../../../../src/core/notify/dispatcher.ts';
import { redactSecrets } from '../../../../src/core/notify/url-redaction.ts';
import { postJson, webhookChannel } from '../../../../src/core/notify/webhook.ts';
import { loadBridgeEvent } from '../../../../src/core/queries/alerts.ts';
import { upgradeStoredSection } from '../../../../src/core/settings/legacy.ts';
import { settingsSchema } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { testWebhookInputSchema } from '../../../../src/shared/bridge/alerts.ts';
import { defaultSettings, webhookSchema } from '../../../../src/shared/bridge/settings.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';

const PASSWORD = 'hunter2-secret';

const event: AlertEvent = {
  id: 5,
  ruleId: null,
  ruleName: 'Regime changes',
  ticker: 'SPY',
  kind: 'regime_change',
  severity: 'info',
  title: 'SPY regime changed',
  message: 'm',
  transition: null,
  asof: '2025-03-10T15:05:00.000Z',
  endpoint: 'signals',
  source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
  createdAt: '2025-03-10T15:05:02.000Z',
  read: false,
  deliveries: [],
};

describe('a webhook address with credentials is refused at input', () => {
  it.each([
    ['user and password', `https://alice:${PASSWORD}@hooks.example.com/alerts`, false],
    ['a user name alone', 'https://alice@hooks.example.com/alerts', false],
    ['a token in the path', 'https://hooks.example.com/services/T000/B000/XXXX', true],
    ['a token in the query', 'https://hooks.example.com/alerts?token=abc', true],
  ])('%s (settings and rules:testWebhook)', (_name, url, accepted) => {
    const hook = webhookSchema.safeParse({ id: 'ops', url, preset: 'generic', enabled: true });
    const test = testWebhookInputSchema.safeParse({ url, preset: 'generic' });
    expect(hook.success).toBe(accepted);
    expect(test.success).toBe(accepted);
    if (!hook.success)
      expect(hook.error.issues[0]?.message).toBe(
        "a webhook address cannot hold user:password@: put credentials in the URL's path/token or a header, not user:password@",
      );
  });

  it('one stored before the rule is kept without credentials, disabled, next to the others', () => {
    const stored = {
      desktop: true,
      webhooks: [
        {
          id: 'old',
          url: `https://alice:${PASSWORD}@hooks.example.com/alerts`,
          preset: 'slack',
          enabled: true,
        },
        { id: 'ok', url: 'https://ntfy.sh/topic', preset: 'ntfy', enabled: true },
      ],
    };
    const upgraded = upgradeStoredSection('notifications', stored);
    expect(upgraded).toEqual({
      desktop: true,
      webhooks: [
        { id: 'old', url: 'https://hooks.example.com/alerts', preset: 'slack', enabled: false },
        stored.webhooks[1],
      ],
    });
    expect(settingsSchema.shape.notifications.safeParse(upgraded).success).toBe(true);
    expect(defaultSettings.notifications.webhooks).toEqual([]);
  });
});

describe('error text never holds credentials', () => {
  it.each([
    [
      'userinfo',
      `Request cannot be constructed from a URL that includes credentials: https://alice:${PASSWORD}@h.example/x`,
      'Request cannot be constructed from a URL that includes credentials: https://***@h.example/x',
    ],
    [
      'query values',
      'fetch failed for http://h.example:8080/hook?token=abc123&topic=x',
      'fetch failed for http://h.example:8080/hook?token=***&topic=***',
    ],
    ['no URL', 'HTTP 500: upstream down', 'HTTP 500: upstream down'],
    ['an unparsable URL', `see http://bob:${PASSWORD}@[bad/x?k=v`, 'see http://***@[bad/x?k=***'],
  ])('%s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('posting to a URL with credentials fails without quoting them', async () => {
    const server = http.createServer((_req, res) => res.end());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const result = await postJson(
      { url: `http://alice:${PASSWORD}@127.0.0.1:${port}/hook`, body: {} },
      { maxAttempts: 1, sleep: async () => undefined },
    );
    expect(result.delivered).toBe(false);
    expect(result.error).toBeTruthy();
    expect(result.error).not.toContain(PASSWORD);
    expect(result.error).not.toContain('alice');
  });

  it('a stored webhook with credentials is not sent, and says why', async () => {
    const outcome = await webhookChannel({
      id: 'old',
      url: `https://alice:${PASSWORD}@hooks.example.com/alerts`,
      preset: 'generic',
    }).deliver(event);
    expect(outcome).toEqual({
      state: 'failed',
      attempts: 0,
      error: expect.stringContaining('not user:password@') as string,
    });
  });

  it('the dispatcher stores and logs only redacted text, whatever a channel reports', async () => {
    const store: Store<unknown> = openDatabase(':memory:');
    try {
      const { event: stored } = store.alertEvents.insertIfNew({
        ticker: 'SPY',
        kind: 'regime_change',
        severity: 'warning',
        asof: Date.UTC(2025, 2, 10, 15),
        payload: { ruleName: 'r', title: 't', message: 'm', endpoint: 'signals', details: {} },
        idempotencyKey: 'k1',
      });
      store.deliveries.queue(stored.id, ['webhook:leaky']);
      const leaky: NotificationChannel = {
        id: 'webhook:leaky',
        kind: 'webhook',
        deliver: async () => ({
          state: 'failed',
          attempts: 1,
          error: `connect ECONNREFUSED https://alice:${PASSWORD}@h.example/x?key=${PASSWORD}`,
        }),
      };
      const logs: string[] = [];
      const dispatcher = new NotificationDispatcher({
        deliveries: store.deliveries,
        loadEvent: (id) => loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id),
        channel: (name) => (name === 'webhook:leaky' ? leaky : null),
        log: (m) => logs.push(m),
      });
      dispatcher.dispatch([stored.id]);
      await dispatcher.idle();
      const [delivery] = store.deliveries.forEvent(stored.id);
      expect(delivery?.lastError).toBe('connect ECONNREFUSED https://***@h.example/x?key=***');
      expect(logs.join('\n')).not.toContain(PASSWORD);
    } finally {
      store.close();
    }
  });
});
