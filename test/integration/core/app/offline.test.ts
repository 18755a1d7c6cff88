// With the network gone (the remote service stopped), everything the UI asks is still answered
// from the database, and the poll status says offline instead of failing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/core/app/create-app.ts';
import { createBridgeHandlers } from '../../../../src/core/bridge/handlers.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type { RunningService } from '../../../../src/service/index.ts';
import {
  at,
  bridgeInvoker,
  remoteTestApp,
  startTestService,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';

describe('offline', () => {
  const tmp = tempDataDir('gw-offline-');
  const clock = manualClock(at('2025-03-10', '11:00'));
  let service: RunningService | null;
  let app: App;
  let call: TestWatcher['invoke'];

  beforeAll(async () => {
    const apiKey = 'offline-key-0123456789';
    service = await startTestService({ clock, seed: 3, apiKey, dataDir: path.join(tmp.dir, 'service') });
    app = await remoteTestApp({
      dataDir: path.join(tmp.dir, 'app'),
      baseUrl: service.baseUrl,
      apiKey,
      clock,
      timeoutMs: 2000,
    });
    call = bridgeInvoker(createBridgeHandlers(app));
    app.store.watchlists.create('Main', ['SPY', 'AAPL']);
    const runs = await app.poller.runAll({ jobs: ['signals', 'market_structure', 'top_setups'] });
    expect(
      runs.reduce((n, r) => n + r.errors, 0),
      runs.flatMap((r) => r.errorMessages).join('; '),
    ).toBe(0);
    await service.close();
    service = null;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await service?.close();
    tmp.cleanup();
  }, 60_000);

  it('keeps the simulated badge for data a remote simulator served, offline too', async () => {
    const info = await call('app:info');
    expect(info.dataSource.kind).toBe('remote');
    expect(info.simulated).toBe(true);
  });

  it('answers from the database with the service gone', async () => {
    const [signals] = await app.poller.runAll({ jobs: ['signals'] });
    expect(signals?.errors).toBe(signals?.requests);
    expect(signals?.errorMessages[0]).toMatch(/network/);

    const rows = (await call('tickers:latest', { watchlistId: 1 })).rows;
    expect(rows.map((r) => [r.ticker, r.status, r.price !== null])).toEqual([
      ['SPY', 'ok', true],
      ['AAPL', 'ok', true],
    ]);
    expect(rows[0]?.error).toMatch(/network/);
    expect((await call('ticker:view', { ticker: 'AAPL', view: 'market_structure' })).data).not.toBeNull();
    expect((await call('rankings:topSetups', {})).items.length).toBeGreaterThan(0);
    expect((await call('poll:status')).state).toBe('offline');
  });
});
