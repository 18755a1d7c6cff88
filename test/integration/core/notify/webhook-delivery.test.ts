// Alerts through a real app to a webhook receiver on loopback, with the webhook's own headers: an
// alert raised on the simulator arrives marked simulated (a field, and "[Simulated]" in the title;
// the desktop notification too), and still does when its delivery is retried after the app
// switched to a folder of real chain files; an alert raised from that folder arrives unmarked. Each
// carries its figures as fields (level, value, previous, price, occurred_at, source).
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
}

/** A receiver on 127.0.0.1 that answers the queued statuses first, then 200; each request resolves a waiter. */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  #waiters: { count: number; resolve: () => void }[] = [];
  #server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      this.received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] });
      res.writeHead(this.statuses.shift() ?? 200).end();
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
    // The receiver refused it: it stays failed, to be retried.
    expect(receiver.received).toHaveLength(1);
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
    // The same event as the refused request.
    expect(simulated.body.idempotency_key).toBe(receiver.received[0]?.body.idempotency_key);
  }, 120_000);

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
    fs.writeFileSync(path.join(chainsDir, `spy_quotedata_${date}.csv`), fileOf(date, LEVEL + 10));
    await announced;
    await receiver.arrived(3);
    await w.app.dispatcher.idle();

    const real = receiver.received[2] as Received;
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
});
