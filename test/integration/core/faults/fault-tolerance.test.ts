// The watcher behind a fault-injecting proxy (500s, 503s, hangs, truncated bodies, 429 with
// Retry-After, resets, HTML pages) keeps running, records the failures, and recovers once the
// faults stop; what it stored is exactly what a watcher without faults stores for the same market
// instants: nothing corrupt, nothing lost, nothing twice.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../../src/core/app/create-app.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { startService, type RunningService } from '../../../../src/service/index.ts';
import { nextTradingDay } from '../../../../src/shared/market-calendar.ts';
import { FAULTS, startFaultProxy, type FaultProxy } from '../../../support/fault-proxy.ts';
import { at, recordingNotifier, tempDataDir } from '../../../support/watcher-factory.ts';

const TICKERS = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'XLU'];
const JOBS = ['signals', 'market_structure', 'top_setups', 'screeners'] as const;

function watcher(
  dataDir: string,
  baseUrl: string,
  apiKey: string,
  clock: { now(): number },
  timeoutMs: number,
): Promise<App> {
  return createApp({
    dataDir,
    dataSource: { kind: 'remote', baseUrl, apiKey, marketClock: clock },
    trigger: 'manual',
    desktopNotifier: recordingNotifier(),
    // Short waits so the test spends its time on faults, not on sleeping.
    client: { timeoutMs, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 100, maxTotalWaitMs: 1500 } },
    poller: { jitterMs: 0, backoffBaseMs: 20, backoffMaxMs: 200, maxAttempts: 2, concurrency: 4 },
    log: () => undefined,
  });
}

/** (endpoint, ticker, params, asof, content hash) of every stored snapshot. */
function contents(app: App): string[] {
  return app.store.snapshots
    .range({ limit: 100_000, order: 'asc' })
    .map((s) => `${s.endpoint}|${s.ticker ?? ''}|${s.paramsKey}|${s.asof}|${s.contentHash}`)
    .sort();
}

describe('fault tolerance', () => {
  const tmp = tempDataDir('gw-faults-');
  const clock = manualClock(at('2025-03-03', '11:00'));
  let service: RunningService;
  let proxy: FaultProxy;
  let faulty: App;
  let control: App;

  beforeAll(async () => {
    service = await startService({
      port: 0,
      clock,
      seed: 11,
      log: 'quiet',
      warm: false,
      apiKeys: ['test-key-0123456789'],
      dataDir: path.join(tmp.dir, 'service'),
    });
    const origin = new URL(service.baseUrl).origin;
    proxy = await startFaultProxy({
      target: origin,
      retryAfterSeconds: 1,
      random: { seed: 20250303, rate: 0.35, faults: FAULTS.filter((f) => f !== 'pass') },
    });
    // A hang costs the faulty watcher its timeout; the control never waits on one.
    faulty = await watcher(
      path.join(tmp.dir, 'faulty'),
      `${proxy.url}/api/v2`,
      'test-key-0123456789',
      clock,
      1500,
    );
    control = await watcher(
      path.join(tmp.dir, 'control'),
      service.baseUrl,
      'test-key-0123456789',
      clock,
      30_000,
    );
    for (const app of [faulty, control]) app.store.watchlists.create('Main', TICKERS);
  }, 60_000);

  afterAll(async () => {
    await faulty?.stop();
    await control?.stop();
    await proxy?.close();
    await service?.close();
    tmp.cleanup();
  });

  it('keeps running through faults and converges once they stop', async () => {
    let day = '2025-03-03';
    let faultyErrors = 0;
    for (let step = 0; step < 4; step++) {
      // The clean watcher first: the service has then computed this instant, so only injected
      // faults (not a cold computation) can make the faulty watcher's requests slow.
      const clean = await control.poller.runAll({ jobs: [...JOBS] });
      const runs = await faulty.poller.runAll({ jobs: [...JOBS] });
      faultyErrors += runs.reduce((n, r) => n + r.errors, 0);
      expect(clean.reduce((n, r) => n + r.errors, 0)).toBe(0);
      // Whatever the faulty watcher stored is exactly what the clean one stored.
      expect(contents(control)).toEqual(expect.arrayContaining(contents(faulty)));
      if (step < 3) {
        day = nextTradingDay(day);
        clock.set(at(day, '11:00'));
      }
    }
    // Every kind of fault happened, and the watcher noticed failures without falling over.
    for (const fault of FAULTS) expect(proxy.counts[fault], fault).toBeGreaterThan(0);
    expect(faultyErrors).toBeGreaterThan(0);

    proxy.setPassThrough(true);
    const recovered = await faulty.poller.runAll({ jobs: [...JOBS], force: true });
    expect(recovered.reduce((n, r) => n + r.errors, 0)).toBe(0);
    const faultySet = contents(faulty);
    expect(contents(control)).toEqual(expect.arrayContaining(faultySet));
    // The latest snapshot of every series agrees with the clean watcher's.
    for (const ticker of TICKERS) {
      for (const endpoint of ['signals', 'market_structure'] as const) {
        expect(faulty.store.snapshots.latest({ endpoint, ticker })?.contentHash).toBe(
          control.store.snapshots.latest({ endpoint, ticker })?.contentHash,
        );
      }
    }
    // Alerts: never two events for one transition.
    const keys = faulty.store.alertEvents
      .list({ limit: 10_000 })
      .map((e) => `${e.ticker}|${e.kind}|${e.asof}|${e.transition?.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The poll log tells the story: failed runs recorded, the last ones clean.
    const status = faulty.store.pollRuns.aggregate({ from: 0 });
    expect(status.errors).toBe(faultyErrors);
  }, 240_000);
});
