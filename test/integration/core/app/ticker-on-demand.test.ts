// A ranked ticker on no watchlist, through createApp and the bridge handlers over a real API v2
// service on loopback and a real SQLite file: `ticker:fetch` fetches its views, stores them as
// snapshots (History has them) without touching any watchlist, answers "stored" while they are
// fresh, leaves a watched ticker to the poller, and says "unreachable" with the service gone.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/core/app/create-app.ts';
import { createBridgeHandlers } from '../../../../src/core/bridge/handlers.ts';
import type { RunningService } from '../../../../src/service/index.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import {
  at,
  bridgeInvoker,
  remoteTestApp,
  startTestService,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';

const KEY = 'on-demand-key-0123456789';
const VIEWS = ['signals', 'market_structure', 'trade_setup', 'explain', 'levels', 'state'] as const;

describe('a ticker on no watchlist, fetched on demand', () => {
  const tmp = tempDataDir('gw-on-demand-');
  const clock = manualClock(at('2025-03-10', '11:00'));
  let service: RunningService | null = null;
  let app: App;
  let call: TestWatcher['invoke'];

  beforeAll(async () => {
    service = await startTestService({ clock, seed: 5, apiKey: KEY, dataDir: path.join(tmp.dir, 'service') });
    app = await remoteTestApp({
      dataDir: path.join(tmp.dir, 'app'),
      baseUrl: service.baseUrl,
      apiKey: KEY,
      clock,
      timeoutMs: 5000,
    });
    call = bridgeInvoker(createBridgeHandlers(app));
    app.store.watchlists.create('Main', ['SPY']);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await service?.close();
    tmp.cleanup();
  });

  it('has nothing stored before: every view is empty', async () => {
    for (const view of VIEWS) {
      const result = await call('ticker:view', { ticker: 'QQQ', view });
      expect(result.data, view).toBeNull();
    }
  });

  it('fetches and stores every view, and adds QQQ to no list', async () => {
    const result = await call('ticker:fetch', { ticker: 'QQQ' });
    expect(result).toMatchObject({ ticker: 'QQQ', source: 'fetched', message: null });
    expect(result.asof).not.toBeNull();
    for (const view of VIEWS) {
      const stored = await call('ticker:view', { ticker: 'QQQ', view });
      expect(stored.data, view).not.toBeNull();
      expect(stored.snapshot?.asof).toBe(result.asof);
    }
    expect(app.store.watchlists.allTickers()).toEqual(['SPY']);
    // Stored like a polled snapshot: History's timeline lists it.
    const timeline = await call('ticker:timeline', { ticker: 'QQQ', limit: 10 });
    expect(timeline.entries[0]?.endpoints).toEqual(expect.arrayContaining([...VIEWS]));
  });

  it('does not ask again while what is stored is fresh', async () => {
    const before = app.store.snapshots.timeline('QQQ', { order: 'desc', limit: 100, offset: 0 }).length;
    const result = await call('ticker:fetch', { ticker: 'QQQ' });
    expect(['stored', 'fetched']).toContain(result.source);
    expect(app.store.snapshots.timeline('QQQ', { order: 'desc', limit: 100, offset: 0 }).length).toBe(before);
  });

  it('leaves a watched ticker to the poller', async () => {
    const result = await call('ticker:fetch', { ticker: 'SPY' });
    expect(result).toMatchObject({ source: 'watched', asof: null });
    expect(await call('ticker:view', { ticker: 'SPY', view: 'signals' })).toMatchObject({ data: null });
  });

  it('with the service gone: "unreachable" with the reason, or the stored views marked', async () => {
    await service?.close();
    service = null;
    clock.set(at('2025-03-11', '11:00'));
    const missing = await call('ticker:fetch', { ticker: 'IWM' });
    expect(missing.source).toBe('unreachable');
    expect(missing.message).toMatch(/network|ECONNREFUSED|fetch failed|connect/i);
    const stale = await call('ticker:fetch', { ticker: 'QQQ' });
    expect(stale.source).toBe('stored_fallback');
    expect(stale.asof).not.toBeNull();
  });
});
