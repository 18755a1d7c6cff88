import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { postJson, webhookChannel } from '../../../../src/core/notify/webhook.ts';
import { webhookRequest } from '../../../../src/core/notify/webhook-request.ts';

export const sampleEvent: AlertEvent = {
  id: 42,
  ruleId: 3,
  ruleName: 'Regime changes',
  ticker: 'SPY',
  kind: 'regime_change',
  severity: 'warning',
  title: 'SPY regime: range_bound → flush_panic',
  message: 'regime changed from range_bound to flush_panic at 480.00.',
  transition: { from: 'range_bound', to: 'flush_panic' },
  asof: '2025-03-10T15:05:00.000Z',
  endpoint: 'signals',
  source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
  createdAt: '2025-03-10T15:05:02.000Z',
  read: false,
  deliveries: [],
};

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A receiver answering each request with the next scripted status (the last one repeats). */
async function receiver(statuses: (number | { status: number; headers: Record<string, string> })[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      const next = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      res.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { url, received };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const noSleep = { sleep: async () => undefined, backoffBaseMs: 1 };

describe('webhook presets', () => {
  it.each([
    [
      'generic',
      (b: Record<string, unknown>) =>
        (b['event'] as { ticker: string }).ticker === 'SPY' && b['source'] === 'gammawatch',
    ],
    [
      'discord',
      (b: Record<string, unknown>) => typeof b['content'] === 'string' && Array.isArray(b['embeds']),
    ],
    [
      'slack',
      (b: Record<string, unknown>) => String(b['text']).includes('SPY regime') && Array.isArray(b['blocks']),
    ],
    [
      'ntfy',
      (b: Record<string, unknown>) =>
        b['topic'] === 'alerts' && b['priority'] === 4 && b['title'] === sampleEvent.title,
    ],
  ] as const)('%s body', (preset, check) => {
    const req = webhookRequest(preset, 'https://hooks.example.com/alerts', sampleEvent);
    expect(check(req.body as Record<string, unknown>)).toBe(true);
  });

  it.each([
    ['2025-03-10T15:05:00.000Z', 1741619100, '2025-03-10 11:05 ET'],
    // Winter: New York is UTC−5.
    ['2026-01-15T20:30:00.000Z', 1768509000, '2026-01-15 15:30 ET'],
  ])('Slack and Discord show %s as a time in the reader’s zone, not as ISO', (asof, unix, fallback) => {
    const e = { ...sampleEvent, asof };
    const slack = webhookRequest('slack', 'https://hooks.slack.com/x', e).body as {
      blocks: { type: string; elements?: { text: string }[] }[];
    };
    const context = slack.blocks.find((b) => b.type === 'context')?.elements?.[0]?.text;
    expect(context).toBe(`Regime changes · warning · <!date^${unix}^{date_short_pretty} {time}|${fallback}>`);
    const discord = webhookRequest('discord', 'https://discord.com/api/webhooks/1/x', e).body as {
      embeds: { description: string; timestamp: string }[];
    };
    expect(discord.embeds[0]?.description).toBe(`${e.message}\n<t:${unix}:f> (<t:${unix}:R>)`);
    // Discord renders the embed's own timestamp field itself: it stays ISO, as its API asks.
    expect(discord.embeds[0]?.timestamp).toBe(asof);
    for (const text of [context, discord.embeds[0]?.description]) expect(text).not.toContain(asof);
  });

  it('ntfy posts JSON to the server root with the topic in the body', () => {
    expect(webhookRequest('ntfy', 'https://ntfy.sh/alerts', sampleEvent).url).toBe('https://ntfy.sh/');
  });
});

describe('webhook delivery over HTTP', () => {
  it('posts JSON and reports sent', async () => {
    const { url, received } = await receiver([204]);
    const outcome = await webhookChannel({ id: 'ops', url: `${url}/hook`, preset: 'slack' }, noSleep).deliver(
      sampleEvent,
    );
    expect(outcome).toMatchObject({ state: 'sent', attempts: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/hook');
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends the webhook’s own headers beside the app’s', async () => {
    const { url, received } = await receiver([200]);
    const headers = [
      { name: 'Authorization', value: 'Bearer desk-token-0123456789' },
      { name: 'X-Desk', value: 'options' },
      { name: 'User-Agent', value: 'desk-router/2' },
    ];
    const outcome = await webhookChannel({ id: 'desk', url, preset: 'generic', headers }, noSleep).deliver(
      sampleEvent,
    );
    expect(outcome.state).toBe('sent');
    expect(received[0]?.headers).toMatchObject({
      authorization: 'Bearer desk-token-0123456789',
      'x-desk': 'options',
      'user-agent': 'desk-router/2',
      'content-type': 'application/json',
      'idempotency-key': `gammawatch-42-${Date.parse(sampleEvent.createdAt)}`,
    });
  });

  it('the app’s own headers win over a list that names them (one stored before the rule)', async () => {
    const { url, received } = await receiver([200]);
    await postJson(
      {
        url,
        body: { a: 1 },
        idempotencyKey: 'key-1',
        headers: [
          { name: 'Content-Type', value: 'text/plain' },
          { name: 'Idempotency-Key', value: 'forged' },
        ],
      },
      noSleep,
    );
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers['idempotency-key']).toBe('key-1');
  });

  it('a header value a receiver echoes back is not kept in the error', async () => {
    const server = http.createServer((req, res) =>
      res.writeHead(401).end(`token ${String(req.headers['authorization'])} is not valid`),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outcome = await webhookChannel(
      {
        id: 'desk',
        url,
        preset: 'generic',
        headers: [{ name: 'Authorization', value: 'Bearer s3cr3t-desk' }],
      },
      noSleep,
    ).deliver(sampleEvent);
    expect(outcome).toEqual({ state: 'failed', attempts: 1, error: 'HTTP 401: token *** is not valid' });
  });

  it('retries 5xx and 429 (honouring Retry-After) then succeeds', async () => {
    const waits: number[] = [];
    const { url, received } = await receiver([503, { status: 429, headers: { 'retry-after': '2' } }, 200]);
    const result = await postJson(
      { url, body: { a: 1 } },
      { sleep: async (ms) => void waits.push(ms), backoffBaseMs: 100, maxAttempts: 3 },
    );
    expect(result).toMatchObject({ delivered: true, attempts: 3, status: 200 });
    expect(received).toHaveLength(3);
    expect(waits).toEqual([100, 2000]);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { url } = await receiver([500]);
    const outcome = await webhookChannel(
      { id: 'x', url, preset: 'generic' },
      { ...noSleep, maxAttempts: 2 },
    ).deliver(sampleEvent);
    // The receiver's answer ('ok') follows the status, as a user reading the error needs it.
    expect(outcome).toEqual({ state: 'failed', attempts: 2, error: 'HTTP 500: ok' });
  });

  it('does not retry a 4xx refusal', async () => {
    const { url, received } = await receiver([404]);
    const result = await postJson({ url, body: {} }, { ...noSleep, maxAttempts: 3 });
    expect(result).toMatchObject({ delivered: false, attempts: 1, error: 'HTTP 404: ok' });
    expect(received).toHaveLength(1);
  });

  it('a receiver that never answers times out', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await postJson({ url, body: {} }, { ...noSleep, maxAttempts: 1, timeoutMs: 100 });
    expect(result).toMatchObject({ delivered: false, error: 'timed out after 100 ms' });
    server.closeAllConnections();
  });

  it('a refused connection fails without throwing', async () => {
    const { url } = await receiver([200]);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const outcome = await webhookChannel(
      { id: 'x', url, preset: 'discord' },
      { ...noSleep, maxAttempts: 2 },
    ).deliver(sampleEvent);
    expect(outcome.state).toBe('failed');
  });
});
