// Signed webhook requests: X-Gammawatch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">, checked here with HMAC code of the test's own; each attempt signed at its own
// time; unsigned without a key; a body template signed as the text it makes. And the keys: made by the app, one per webhook, kept as one
// secret, never shown again in full, each known to the redactor.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { secretsOf } from '../../../../src/core/app/app-secrets.ts';
import { postJson } from '../../../../src/core/notify/webhook.ts';
import { requestFor } from '../../../../src/core/notify/webhook-request.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { webhookSignature } from '../../../../src/core/notify/webhook-signature.ts';
import { memorySecretStore } from '../../../../src/core/secrets/secret-store.ts';
import { secretValues, SIGNING_KEY_PREFIX, webhookKeys } from '../../../../src/core/secrets/webhook-keys.ts';

const sampleEvent: AlertEvent = {
  id: 7,
  ruleId: 2,
  ruleName: 'IV rank',
  ticker: 'SPY',
  kind: 'metric_threshold',
  severity: 'warning',
  title: 'SPY IV rank above 70 "fast"',
  message: 'IV rank is 72 (above 70; was 68).',
  transition: { from: '68', to: '72' },
  asof: '2026-03-02T15:00:00.000Z',
  endpoint: 'signals',
  source: { id: 'simulator:42:real', label: 'Local simulator (seed 42)', simulated: true },
  createdAt: '2026-03-02T15:00:01.000Z',
  read: false,
  deliveries: [],
};

/** The receiver's side, written apart from the app's: HMAC-SHA256 over "<t>.<body>", hex. */
const expected = (key: string, t: number, body: string) =>
  `t=${t},v1=${createHmac('sha256', Buffer.from(key, 'utf8')).update(`${t}.${body}`).digest('hex')}`;

describe('the signature header', () => {
  it.each([
    ['whsec_key', '{"a":1}', 1_741_619_100],
    ['gwhsec_Zm9vYmFy0123456789', '{"event":{"title":"SPY \u2192 flip \u00e9"}}', 1_700_000_000],
    ['k', '', 0],
  ])('key %j, body %j, at %i', (key, body, t) => {
    expect(webhookSignature(key, body, t)).toBe(expected(key, t, body));
  });
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A receiver answering the statuses in turn, keeping each request's signature header and raw body. */
async function receiver(statuses: number[]) {
  const seen: { signature: string | undefined; raw: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ signature: req.headers['x-gammawatch-signature'] as string | undefined, raw });
      res.writeHead(statuses[seen.length - 1] ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('a signed delivery', () => {
  it('signs the bytes it sends, each attempt at its own time', async () => {
    const { url, seen } = await receiver([503, 200]);
    let now = 1_741_619_100_250;
    const result = await postJson(
      { url, body: { ticker: 'SPY', note: 'é → "q"' }, signingKey: 'gwhsec_test-key-0123456789' },
      {
        sleep: async (ms) => void (now += ms),
        backoffBaseMs: 2_000,
        now: () => now,
      },
    );
    expect(result).toMatchObject({ delivered: true, attempts: 2 });
    expect(seen.map((s) => s.signature)).toEqual([
      expected('gwhsec_test-key-0123456789', 1_741_619_100, seen[0]?.raw ?? ''),
      expected('gwhsec_test-key-0123456789', 1_741_619_102, seen[1]?.raw ?? ''),
    ]);
    expect(seen[0]?.raw).toBe(JSON.stringify({ ticker: 'SPY', note: 'é → "q"' }));
  });

  it('a body template is sent, and signed, as the text it makes', async () => {
    const { url, seen } = await receiver([200]);
    const got: { type: string | undefined }[] = [];
    const server = servers.at(-1);
    server?.prependListener('request', (req: http.IncomingMessage) =>
      got.push({ type: req.headers['content-type'] }),
    );
    const event = {
      ...sampleEvent,
      facts: { level: null, value: 72, previous: 68, metric: 'iv_rank', threshold: 70, price: 598.2 },
    };
    const hook = {
      id: 'bot',
      url,
      preset: 'generic' as const,
      bodyTemplate: '{"ticker":"{{ticker}}","value":{{value}},"simulated":{{simulated}},"title":"{{title}}"}',
    };
    const result = await postJson(
      { ...requestFor(hook, event), signingKey: 'k-0123456789' },
      { now: () => 5_000 },
    );
    expect(result.delivered).toBe(true);
    const raw = seen[0]?.raw ?? '';
    expect(JSON.parse(raw)).toEqual({
      ticker: 'SPY',
      value: 72,
      simulated: true,
      title: '[Simulated] SPY IV rank above 70 "fast"',
    });
    expect(got[0]?.type).toBe('application/json');
    expect(seen[0]?.signature).toBe(expected('k-0123456789', 5, raw));
  });

  it.each([null, ''])('without a key (%j) there is no signature', async (signingKey) => {
    const { url, seen } = await receiver([200]);
    await postJson({ url, body: {}, signingKey }, {});
    expect(seen[0]?.signature).toBeUndefined();
  });
});

describe('signing keys', () => {
  it('one per webhook, made by the app, shown later only as a hint', () => {
    const store = memorySecretStore();
    const keys = webhookKeys(store);
    expect(keys.status()).toEqual({});
    const desk = keys.generate('desk');
    const ops = keys.generate('ops');
    expect(desk).toMatch(new RegExp(`^${SIGNING_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(ops).not.toBe(desk);
    expect(keys.get('desk')).toBe(desk);
    expect(keys.status()).toEqual({
      desk: { set: true, hint: `…${desk.slice(-4)}` },
      ops: { set: true, hint: `…${ops.slice(-4)}` },
    });
    // Replacing makes a new one; forgetting leaves the other.
    const again = keys.generate('desk');
    expect(again).not.toBe(desk);
    keys.forget('desk');
    expect(keys.get('desk')).toBeNull();
    expect(keys.get('ops')).toBe(ops);
    keys.forget('ops');
    expect(store.get('webhookSigningKeys')).toBeNull();
    // Nothing the renderer reads names them.
    expect(JSON.stringify(store.status())).not.toMatch(/webhook|gwhsec/);
  });

  it('a store whose map cannot be read signs nothing, and says nothing of it', () => {
    const keys = webhookKeys(memorySecretStore({ webhookSigningKeys: 'not json' }));
    expect(keys.get('desk')).toBeNull();
    expect(keys.status()).toEqual({});
    expect(secretValues('webhookSigningKeys', '{"a":"k1","b":2}')).toEqual(['k1']);
  });

  it('the app’s redactor knows each key: at start, and as soon as one is made', () => {
    const base = memorySecretStore();
    const early = webhookKeys(base).generate('early');
    const { secrets, redactor } = secretsOf(base, {}, () => undefined);
    const late = webhookKeys(secrets).generate('late');
    expect(redactor.redact(`signed with ${early} and ${late}.`)).toBe(
      'signed with [redacted] and [redacted].',
    );
  });
});
