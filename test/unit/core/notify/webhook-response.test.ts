// A receiver's answer is read only as far as a small prefix, and one timeout covers
// the whole exchange. Item "also seen": every request carries the event's idempotency key, the same
// on each retry. Local HTTP stand-ins; no sleeps (every wait is on a server or stream event).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson, webhookChannel } from '../../../../src/core/notify/webhook.ts';
import {
  eventIdempotencyKey,
  testMessageKey,
  webhookRequest,
  type WebhookPreset,
} from '../../../../src/core/notify/webhook-request.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';

const event: AlertEvent = {
  id: 7,
  ruleId: 2,
  ruleName: 'Gamma flips',
  ticker: 'QQQ',
  kind: 'gamma_regime_change',
  severity: 'critical',
  title: 'QQQ: spot fell below the gamma flip',
  message: 'Spot 480.10 is below the flip at 481.00.',
  transition: { from: 'positive', to: 'negative' },
  asof: '2025-03-10T15:05:00.000Z',
  endpoint: 'signals',
  source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
  createdAt: '2025-03-10T15:05:02.000Z',
  read: false,
  deliveries: [],
};

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/**
 * A receiver answering `status` with a body of `totalBytes` (64 KB chunks, honouring backpressure,
 * so `written` is what the client let through). `closed` resolves when the response's connection
 * ends, by its finishing or by the client hanging up.
 */
async function flood(status: number, totalBytes: number) {
  const state = { written: 0, finished: false };
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const url = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.on('close', resolveClosed);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = (): void => {
        while (state.written < totalBytes) {
          state.written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        state.finished = true;
        res.end();
      };
      pump();
    });
  });
  return { url, state, closed };
}

const MB = 1024 * 1024;
const noSleep = { sleep: async () => undefined, backoffBaseMs: 1 };

describe('a receiver that answers too much or too slowly', () => {
  it('a 64 MB answer: delivered with its status, reading a prefix and hanging up on the rest', async () => {
    const { url, state, closed } = await flood(200, 64 * MB);
    const result = await postJson({ url, body: { a: 1 } }, { ...noSleep, maxAttempts: 1, timeoutMs: 5_000 });
    await closed;
    expect(result).toMatchObject({ delivered: true, status: 200, attempts: 1, error: null });
    // Before: the whole body was downloaded (finished, 64 MB). Now: a few KB plus what the
    // sockets' buffers held when the client hung up.
    expect(state.finished).toBe(false);
    expect(state.written).toBeLessThan(16 * MB);
  });

  it('a 64 MB error page: the error holds the status and a clipped first line', async () => {
    const { url, state, closed } = await flood(500, 64 * MB);
    const result = await postJson({ url, body: {} }, { ...noSleep, maxAttempts: 1, timeoutMs: 5_000 });
    await closed;
    expect(result.delivered).toBe(false);
    expect(result.error).toMatch(/^HTTP 500: x{200}…$/);
    expect(state.finished).toBe(false);
  });

  it('headers, then silence: a failure at the timeout, not a delivery', async () => {
    const url = await listen((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial answer…'); // and nothing more, ever
      });
    });
    const result = await postJson({ url, body: {} }, { ...noSleep, maxAttempts: 1, timeoutMs: 200 });
    expect(result).toMatchObject({ delivered: false, status: 200, error: 'timed out after 200 ms' });
  });

  it('a receiver that never reads the request: the same timeout covers connecting and sending', async () => {
    const url = await listen(() => undefined);
    const result = await postJson({ url, body: {} }, { ...noSleep, maxAttempts: 1, timeoutMs: 200 });
    expect(result).toMatchObject({ delivered: false, status: null, error: 'timed out after 200 ms' });
  });

  it("the caller's abort ends a stalled read at once", async () => {
    const url = await listen((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200);
        res.write('x');
        controller.abort();
      });
    });
    const controller = new AbortController();
    const result = await postJson({ url, body: {} }, { ...noSleep, timeoutMs: 60_000 }, controller.signal);
    expect(result).toMatchObject({ delivered: false, error: 'aborted' });
  });
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Answers 503 to the first request and 200 after, recording each. */
async function flakyReceiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const url = await listen((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(received.length === 1 ? 503 : 200).end();
    });
  });
  return { url, received };
}

describe('idempotency key', () => {
  const key = eventIdempotencyKey(event);

  it('is the event id with its creation time', () => {
    expect(key).toBe(`gammawatch-7-${Date.parse(event.createdAt)}`);
  });

  it.each(['generic', 'discord', 'slack', 'ntfy'] as const)(
    '%s: the same Idempotency-Key header on the first attempt and the retry',
    async (preset: WebhookPreset) => {
      const { url, received } = await flakyReceiver();
      const outcome = await webhookChannel({ id: 'ops', url, preset }, noSleep).deliver(event);
      expect(outcome).toMatchObject({ state: 'sent', attempts: 2 });
      expect(received.map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
    },
  );

  it.each([
    ['generic', (b: Record<string, unknown>) => b['idempotency_key']],
    ['slack', (b: Record<string, unknown>) => (b['blocks'] as { block_id?: string }[])[0]?.block_id],
  ] as const)('%s: the body carries it too', (preset, read) => {
    expect(
      read(webhookRequest(preset, 'https://hooks.example.com/x', event).body as Record<string, unknown>),
    ).toBe(key);
  });

  it('a test message gets a new key each time, so a receiver dropping repeats shows every test', () => {
    const a = webhookRequest('generic', 'https://hooks.example.com/x', event, testMessageKey());
    const b = webhookRequest('generic', 'https://hooks.example.com/x', event, testMessageKey());
    expect(a.idempotencyKey).toMatch(/^gammawatch-test-/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect((a.body as Record<string, unknown>)['idempotency_key']).toBe(a.idempotencyKey);
  });
});
