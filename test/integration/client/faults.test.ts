// Retries, backoff, Retry-After, timeouts, cancellation, broken connections and concurrency, over
// real HTTP. Backoff waits go through a recording sleep, so nothing here actually waits for them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, NetworkError, RateLimitedError, TimeoutError } from '../../../src/client/errors.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY } from '../../../src/client/retry-policy.ts';
import { clientFor, recordingSleep, rejectionOf } from '../../support/client-harness.ts';
import * as p from '../../support/client-payloads.ts';
import { ScriptedServer, createGate, type ScriptedReply } from '../../support/scripted-server.ts';

let server: ScriptedServer;
beforeEach(async () => {
  server = await ScriptedServer.start();
});
afterEach(async () => {
  await server.close();
});

const ok = (): ScriptedReply => ({ body: p.topSetupsResponse() });

describe('retries', () => {
  it.each([502, 503, 504])('%i twice, then success', async (status) => {
    server.on('/top-setups', [{ status }, { status }, ok()]);
    const { client, sleeper } = clientFor(server);
    const result = await client.topSetups();
    expect(result.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(sleeper.waits).toEqual([1, 2].map((n) => backoffDelay(n, DEFAULT_RETRY_POLICY, () => 0.5)));
    expect(sleeper.waits[1]).toBeGreaterThan(sleeper.waits[0] as number);
  });

  it('gives up after maxAttempts with the last error', async () => {
    server.on('/top-setups', { status: 503, body: p.errorBody('unavailable', 'down for maintenance') });
    const { client, sleeper } = clientFor(server, { retry: { maxAttempts: 3 } });
    const err = await rejectionOf(client.topSetups());
    expect(err).toMatchObject({ kind: 'server', status: 503, attempts: 3 });
    expect(server.requests).toHaveLength(3);
    expect(sleeper.waits).toHaveLength(2);
  });

  it('stops when the next wait would pass the total-wait cap', async () => {
    server.on('/top-setups', { status: 502 });
    const { client, sleeper } = clientFor(server, {
      retry: { maxAttempts: 10, baseDelayMs: 1000, maxTotalWaitMs: 2500 },
    });
    const err = await rejectionOf(client.topSetups());
    expect(err).toMatchObject({ kind: 'server', status: 502 });
    const total = sleeper.waits.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(2500);
    expect(server.requests.length).toBe(sleeper.waits.length + 1);
    expect(server.requests.length).toBeLessThan(10);
  });

  it('429 with Retry-After in seconds waits exactly that long', async () => {
    server.on('/top-setups', [{ status: 429, headers: { 'retry-after': '3' } }, ok()]);
    const { client, sleeper } = clientFor(server);
    const result = await client.topSetups();
    expect(sleeper.waits).toEqual([3000]);
    expect(result.attempts).toBe(2);
  });

  it('429 with Retry-After as an HTTP date', async () => {
    const { client, sleeper, clock } = clientFor(server);
    server.on('/top-setups', [
      { status: 429, headers: { 'retry-after': new Date(clock.t + 5000).toUTCString() } },
      ok(),
    ]);
    await client.topSetups();
    expect(sleeper.waits).toEqual([5000]);
  });

  it('429 asking for longer than the client ever waits is reported at once, with the wait', async () => {
    server.on('/top-setups', { status: 429, headers: { 'retry-after': '3600' } });
    const { client, sleeper } = clientFor(server);
    const err = await rejectionOf(client.topSetups());
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000, attempts: 1 });
    expect(sleeper.waits).toEqual([]);
  });

  it('429 that persists ends as rate_limited', async () => {
    server.on('/top-setups', { status: 429, headers: { 'retry-after': '1' } });
    const err = await rejectionOf(clientFor(server, { retry: { maxAttempts: 2 } }).client.topSetups());
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000, attempts: 2 });
  });
});

describe('broken connections', () => {
  it('a connection reset is a network error, retried', async () => {
    server.on('/top-setups', [{ reset: true }, ok()]);
    const { client, sleeper } = clientFor(server);
    const result = await client.topSetups();
    expect(result.attempts).toBe(2);
    expect(sleeper.waits).toHaveLength(1);
  });

  it('resets every time: network error after the last attempt', async () => {
    server.on('/top-setups', { reset: true });
    const err = await rejectionOf(clientFor(server, { retry: { maxAttempts: 2 } }).client.topSetups());
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: 'network', attempts: 2 });
  });

  it('a body cut short (connection dropped mid-body) is a network error', async () => {
    server.on('/top-setups', { body: p.topSetupsResponse(), cutAfterBytes: 100 });
    const err = await rejectionOf(clientFor(server, { retry: { maxAttempts: 1 } }).client.topSetups());
    expect(err).toMatchObject({ kind: 'network' });
  });

  it('nothing listening: network error', async () => {
    const { client } = clientFor(server, { retry: { maxAttempts: 1 } });
    await server.close();
    const err = await rejectionOf(client.topSetups());
    expect(err).toMatchObject({ kind: 'network' });
    server = await ScriptedServer.start();
  });
});

describe('timeouts', () => {
  it('no answer within the timeout', async () => {
    server.on('/top-setups', { hang: true });
    const err = await rejectionOf(clientFor(server, { timeoutMs: 150 }).client.topSetups());
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ kind: 'timeout', timeoutMs: 150, attempts: 1 });
  });

  it('headers in time but the body stalls', async () => {
    server.on('/top-setups', { body: p.topSetupsResponse(), stallBody: true });
    const err = await rejectionOf(clientFor(server).client.topSetups({}, { timeoutMs: 150 }));
    expect(err).toMatchObject({ kind: 'timeout', timeoutMs: 150 });
  });

  it('retried when the policy says so', async () => {
    server.on('/top-setups', [{ hang: true }, ok()]);
    const { client } = clientFor(server, { timeoutMs: 150, retry: { retryOnTimeout: true } });
    const result = await client.topSetups();
    expect(result.attempts).toBe(2);
  });
});

describe('cancellation', () => {
  it('aborting an in-flight request', async () => {
    server.on('/top-setups', { hang: true });
    const ctrl = new AbortController();
    const call = clientFor(server).client.topSetups({}, { signal: ctrl.signal });
    await server.waitForRequests(1);
    ctrl.abort();
    const err = await rejectionOf(call);
    expect(err).toBeInstanceOf(AbortedError);
    expect(err).toMatchObject({ kind: 'aborted' });
  });

  it('an already-aborted signal sends nothing', async () => {
    server.on('/top-setups', ok());
    const err = await rejectionOf(clientFor(server).client.topSetups({}, { signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(server.requests).toHaveLength(0);
  });

  it('aborting during a backoff wait stops the retries', async () => {
    server.on('/top-setups', { status: 503 });
    const ctrl = new AbortController();
    const sleeper = recordingSleep(() => ctrl.abort());
    const { client } = clientFor(server, { sleep: sleeper.sleep });
    const err = await rejectionOf(client.topSetups({}, { signal: ctrl.signal }));
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('per-endpoint concurrency', () => {
  it('options volume runs one request at a time by default', async () => {
    const gate = createGate();
    server.on('/tickers/SPY/options/volume', (_req, n) =>
      n === 1 ? { body: p.optionsVolumeResponse(), gate: gate.promise } : { body: p.optionsVolumeResponse() },
    );
    const { client } = clientFor(server);
    const first = client.optionsVolume('SPY', { exp: '2025-03-21' });
    const second = client.optionsVolume('SPY', { exp: '2025-03-28' });
    await server.waitForRequests(1);
    const limiter = client.limiter('optionsVolume');
    expect([limiter.active, limiter.pending]).toEqual([1, 1]);
    expect(server.requests).toHaveLength(1);
    gate.open();
    await Promise.all([first, second]);
    expect(server.requests.map((r) => r.query.exp)).toEqual(['2025-03-21', '2025-03-28']);
    expect([limiter.active, limiter.pending]).toEqual([0, 0]);
  });

  it('other endpoints run side by side up to their limit', async () => {
    const gate = createGate();
    server.on('/tickers/SPY/signals', { body: p.signalsResponse(), gate: gate.promise });
    server.on('/tickers/QQQ/signals', {
      body: { ...p.signalsResponse(), meta: { ticker: 'QQQ' } },
      gate: gate.promise,
    });
    server.on('/tickers/IWM/signals', { body: { ...p.signalsResponse(), meta: { ticker: 'IWM' } } });
    const { client } = clientFor(server, { concurrency: { signals: 2 } });
    const calls = ['SPY', 'QQQ', 'IWM'].map((t) => client.signals(t));
    await server.waitForRequests(2);
    expect(client.limiter('signals')).toMatchObject({ active: 2, pending: 1 });
    gate.open();
    await Promise.all(calls);
    expect(server.requests).toHaveLength(3);
  });
});
