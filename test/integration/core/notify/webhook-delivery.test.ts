// Alerts through a real app to a webhook receiver on loopback, signed with the key Settings made
// and sent with the webhook's own headers. The receiver checks the signature with HMAC code of its
// own, as a user's would, and refuses a tampered body and a stale timestamp. An alert raised on the
// simulator arrives marked simulated (a field, and "[Simulated]" in the title; the desktop
// notification too), and still does when its delivery is retried after the app switched to a
// folder of real chain files; an alert raised from that folder arrives unmarked. Each carries its
// figures as fields (level, value, previous, price, occurred_at, source).
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../../../src/shared/bridge/contract.ts';
import { addDays, nyToEpoch, type IsoDate } from '../../../../src/shared/market-calendar.ts';
import { chainFileText } from '../../../support/cboe-chain-file.ts';
import { crossRule } from '../../../support/level-rule.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown> & { event: Record<string, unknown> };
  /** What the receiver's own check said: 'ok', or why it refused. */
  verdict: string;
}

/** How far a signature's time may be from the receiver's clock. */
const TOLERANCE_S = 300;

/**
 * A receiver's check, written as a user of the docs would (not the app's code): the header is
 * `t=<unix seconds>,v1=<hex>`; the HMAC-SHA256 of "<t>.<raw body>" under the key must match, and
 * t must be within the tolerance of the receiver's clock.
 */
function verify(key: string, header: string | undefined, raw: string, nowMs: number): string {
  if (!header) return 'no signature';
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts['t']);
  const given = Buffer.from(parts['v1'] ?? '', 'hex');
  if (!Number.isInteger(t)) return 'no timestamp';
  const mac = createHmac('sha256', key).update(`${t}.${raw}`).digest();
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) return 'bad signature';
  if (Math.abs(nowMs / 1000 - t) > TOLERANCE_S) return 'stale';
  return 'ok';
}

/**
 * A receiver on 127.0.0.1: refuses (401) what fails its check once it has a key, else answers the
 * queued statuses first, then 200; each request resolves a waiter.
 */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  key: string | null = null;
  /** The receiver's clock, which a test moves to replay an old request. */
  now = (): number => Date.now();
  #waiters: { count: number; resolve: () => void }[] = [];
  #server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = req.headers['x-gammawatch-signature'] as string | undefined;
      const verdict = this.key === null ? 'ok' : verify(this.key, signature, raw, this.now());
      this.received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received['body'], verdict });
      res.writeHead(verdict === 'ok' ? (this.statuses.shift() ?? 200) : 401).end(verdict);
      this.#waiters = this.#waiters.filter((w) =>
        w.count <= this.received.length ? (w.resolve(), false) : true,
      );
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/gammawatch`;
  }

  /** Resolves once `count` requests in all have arrived. */
  arrived(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const WEBHOOK = 'desk';
const HEADERS = [
  { name: 'Authorization', value: 'Bearer desk-receiver-token-0123' },
  { name: 'X-Desk-Route', value: 'options/alerts' },
];
const channels = { desktop: true, inApp: true, webhookIds: [WEBHOOK] };

/** The folder's level and sessions: the first file sets the baseline below it, the second crosses. */
const LEVEL = 640;
const DAY: IsoDate = '2025-09-10';
const fileOf = (date: IsoDate, spot: number) =>
  chainFileText({ ticker: 'SPY', date, spot, seed: 3, expirations: 4, strikes: 40 });

describe('webhook deliveries say where their figures come from', () => {
  const tmp = tempDataDir('gw-webhook-delivery-');
  const chainsDir = path.join(tmp.dir, 'chains');
  const receiver = new Receiver();
  let w: TestWatcher;
  let key = '';

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    fs.writeFileSync(path.join(chainsDir, `spy_quotedata_${DAY}.csv`), fileOf(DAY, LEVEL - 10));
    await receiver.start();
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-03-10', '11:00'),
      pollOnStart: false,
      // One attempt per delivery, so a refused one is left for the retry loop at once.
      webhook: { maxAttempts: 1 },
      service: { warm: false },
    });
    const { notifications } = await w.invoke('settings:get');
    await w.invoke('settings:update', {
      notifications: {
        ...notifications,
        webhooks: [
          {
            id: WEBHOOK,
            url: receiver.url,
            preset: 'generic',
            enabled: true,
            digestMinutes: 0,
            headers: HEADERS,
          },
        ],
      },
    });
    await w.invoke('watchlists:create', { name: 'Desk', tickers: ['SPY'] });
    // The key Settings' "Generate signing key" makes, which the user pastes into the receiver.
    const made = await w.invoke('webhooks:signingKey', { webhookId: WEBHOOK, action: 'generate' });
    key = made.key ?? '';
    receiver.key = key;
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    await receiver.close();
    tmp.cleanup();
  });

  it('an alert raised on the simulator is marked, desktop and webhook alike', async () => {
    await w.app.runOnce();
    const spot = (
      w.app.store.snapshots.latest({ endpoint: 'market_structure', ticker: 'SPY' })?.data as {
        key_levels: { spot: number };
      }
    ).key_levels.spot;
    // A level a cent either side of spot: whichever way the next session's spot goes, one is crossed.
    for (const price of [spot - 0.01, spot + 0.01])
      await w.invoke('rules:create', { name: `SPY ${price}`, ...crossRule('SPY', price), channels });
    receiver.statuses.push(503);
    w.clock.set(at('2025-03-11', '11:00'));
    await w.app.runOnce();
    await w.app.dispatcher.idle();

    const raised = w.app.store.alertEvents.list({ kind: 'level_cross' });
    expect(raised).toHaveLength(1);
    const shown = w.notifier.shown.filter((n) => n.tag === String(raised[0]?.id));
    expect(shown.map((n) => n.title)).toEqual([expect.stringMatching(/^\[Simulated\] SPY spot /)]);
    // Signed, and the receiver's check passed; then it answered 503: the delivery stays failed.
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.verdict).toBe('ok');
    expect(receiver.received[0]?.headers['x-gammawatch-signature']).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(receiver.received[0]?.headers).toMatchObject({
      authorization: 'Bearer desk-receiver-token-0123',
      'x-desk-route': 'options/alerts',
      'content-type': 'application/json',
    });
    const rows = w.app.store.deliveries.forEvent(raised[0]?.id as number);
    expect(rows.find((r) => r.channel === `webhook:${WEBHOOK}`)?.state).toBe('failed');
  }, 120_000);

  it('retried after a switch to a chain folder, it still says simulated', async () => {
    for (const rule of await w.invoke('rules:list'))
      if (rule.name.startsWith('SPY ')) await w.invoke('rules:delete', { id: rule.id });
    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    expect((await w.invoke('app:info')).simulated).toBe(false);

    w.app.dispatcher.retryDue();
    await receiver.arrived(2);
    await w.app.dispatcher.idle();
    const simulated = receiver.received[1] as Received;
    expect(simulated.body.simulated).toBe(true);
    expect(simulated.body.event).toMatchObject({
      ticker: 'SPY',
      kind: 'level_cross',
      simulated: true,
      source: { id: 'simulator:7:custom', label: 'Local simulator (seed 7)' },
      title: expect.stringMatching(/^\[Simulated\] SPY spot /),
      level: { name: 'custom', label: expect.stringMatching(/^\d+\.\d\d$/) },
      value: expect.any(Number),
      previous: expect.any(Number),
      price: expect.any(Number),
    });
    // Its figures are the simulator's, read where it raised them, not in the folder now in use.
    const { event } = simulated.body as { event: { value: number; previous: number; price: number } };
    expect(event.price).toBe(event.value);
    expect(event.value).not.toBe(event.previous);
    // The same event as the refused request, signed again at its own time.
    expect(simulated.verdict).toBe('ok');
    expect(simulated.body.idempotency_key).toBe(receiver.received[0]?.body.idempotency_key);
  }, 120_000);

  it('the receiver’s own check refuses a tampered body and a stale timestamp', async () => {
    const signed = receiver.received[1] as Received;
    const resend = async (raw: string) => {
      const response = await fetch(receiver.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-gammawatch-signature': String(signed.headers['x-gammawatch-signature']),
        },
        body: raw,
      });
      return { status: response.status, verdict: await response.text() };
    };
    const count = receiver.received.length;
    expect(await resend(signed.raw.replace('"simulated":true', '"simulated":false'))).toEqual({
      status: 401,
      verdict: 'bad signature',
    });
    // The same request, bytes and signature, replayed ten minutes later.
    const real = receiver.now;
    receiver.now = () => real() + 10 * 60_000;
    try {
      expect(await resend(signed.raw)).toEqual({ status: 401, verdict: 'stale' });
    } finally {
      receiver.now = real;
    }
    expect(receiver.received.length).toBe(count + 2);
  });

  it('the key is never answered again in full, nor logged', async () => {
    const seen = JSON.stringify([
      await w.invoke('webhooks:signingKeys'),
      await w.invoke('settings:get'),
      await w.invoke('secrets:status'),
      await w.invoke('app:info'),
      await w.invoke('alerts:list', {}),
      w.logs,
    ]);
    expect(key).toMatch(/^gwhsec_/);
    expect(seen).not.toContain(key);
    expect((await w.invoke('webhooks:signingKeys'))[WEBHOOK]).toEqual({
      set: true,
      hint: `…${key.slice(-4)}`,
    });
    expect(w.app.redact(`a receiver echoed ${key}`)).toBe('a receiver echoed [redacted]');
  });

  it('an alert raised from the folder is not marked', async () => {
    await w.app.historySettled();
    await w.invoke('rules:create', { name: `SPY crosses ${LEVEL}`, ...crossRule('SPY', LEVEL), channels });
    const date = addDays(DAY, 1);
    const asof = nyToEpoch(date, 16 * 60 + 15);
    const announced = new Promise<void>((resolve) => {
      const off = w.app.events.subscribe((m: BridgeEventMessage) => {
        if (m.event === 'alert:new' && Date.parse(m.payload.asof) === asof) {
          off();
          resolve();
        }
      });
    });
    const before = receiver.received.length;
    fs.writeFileSync(path.join(chainsDir, `spy_quotedata_${date}.csv`), fileOf(date, LEVEL + 10));
    await announced;
    await receiver.arrived(before + 1);
    await w.app.dispatcher.idle();

    const real = receiver.received.at(-1) as Received;
    expect(real.verdict).toBe('ok');
    expect(real.body.simulated).toBe(false);
    expect(real.body.event).toMatchObject({
      ticker: 'SPY',
      simulated: false,
      source: { id: `folder:${chainsDir}`, label: `Chain folder (${chainsDir})` },
      title: expect.stringMatching(/^SPY spot rose above \$640\.00/),
      occurred_at: new Date(asof).toISOString(),
      level: { name: 'custom', label: '640.00', value: LEVEL, previous: LEVEL },
      value: LEVEL + 10,
      previous: LEVEL - 10,
      price: LEVEL + 10,
    });
    expect(real.raw).not.toMatch(/\[Simulated\]/);
    const shown = w.notifier.shown.at(-1);
    expect(shown?.title).toMatch(/^SPY spot rose above/);
  }, 120_000);

  it('a webhook removed from the settings takes its key with it', async () => {
    const { notifications } = await w.invoke('settings:get');
    await w.invoke('settings:update', { notifications: { ...notifications, webhooks: [] } });
    expect(await w.invoke('webhooks:signingKeys')).toEqual({});
  });
});
