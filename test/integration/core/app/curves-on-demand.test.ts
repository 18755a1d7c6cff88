// Curves the watcher does not poll, through createApp and the bridge handlers over a real API v2
// service on loopback and a real SQLite file: another expiration, the naive view and option volume
// for a date are fetched when asked for and stored; history times answer what was stored then
// (never the latest); with the service gone, the stored one or a plain "unreachable". Also the
// onboarding flag, which survives a restart.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/core/app/create-app.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { createBridgeHandlers } from '../../../../src/core/bridge/handlers.ts';
import type { RunningService } from '../../../../src/service/index.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import type {
  BridgeEventMessage,
  BridgeInput,
  BridgeOutput,
} from '../../../../src/shared/bridge/contract.ts';
import { listedExpirations } from '../../../../src/renderer/features/charts/curves/curve-data.ts';
import {
  at,
  bridgeInvoker,
  remoteTestApp,
  startTestService,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';

const KEY = 'curves-key-0123456789';

describe('curves on demand', () => {
  const tmp = tempDataDir('gw-curves-');
  const clock = manualClock(at('2025-03-10', '11:00'));
  let service: RunningService | null = null;
  let app: App;
  let call: TestWatcher['invoke'];
  const events: BridgeEventMessage[] = [];
  const dataDir = path.join(tmp.dir, 'app');

  const open = async (): Promise<void> => {
    if (!service) throw new Error('no service');
    app = await remoteTestApp({ dataDir, baseUrl: service.baseUrl, apiKey: KEY, clock, timeoutMs: 5000 });
    const handlers = createBridgeHandlers(app);
    call = bridgeInvoker(handlers);
    app.events.subscribe((m) => events.push(m));
  };
  const curve = (input: Omit<Extract<BridgeInput<'ticker:curve'>, { kind: 'gamma' }>, 'ticker' | 'kind'>) =>
    call('ticker:curve', { ticker: 'SPY', kind: 'gamma', ...input }) as Promise<
      Extract<BridgeOutput<'ticker:curve'>, { kind: 'gamma' }>
    >;

  let firstPoll = '';
  let dates: string[] = [];

  beforeAll(async () => {
    service = await startTestService({ clock, seed: 5, apiKey: KEY, dataDir: path.join(tmp.dir, 'service') });
    await open();
    app.store.watchlists.create('Main', ['SPY']);
    const [run] = await app.poller.runAll({ jobs: ['curves'] });
    expect(run?.errors, run?.errorMessages.join('; ')).toBe(0);
    firstPoll = new Date(clock.now()).toISOString();
    const byExp = await call('ticker:curve', { ticker: 'SPY', kind: 'gamma_expirations' });
    dates = listedExpirations(byExp.kind === 'gamma_expirations' ? byExp.data?.expiries : null);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await service?.close();
    tmp.cleanup();
  }, 60_000);

  it('lists expirations from the stored gamma by expiration', () => {
    expect(dates.length).toBeGreaterThan(3);
  });

  it('fetches a non-nearest expiration when asked, stores it, announces it, then answers from the store', async () => {
    const date = dates[2] as string;
    const before = events.length;
    const first = await curve({ exp: date });
    expect(first.origin?.source).toBe('fetched');
    expect(first.data?.expiry).toBe(date);
    expect(first.data?.points.length).toBeGreaterThan(10);
    expect(first.snapshot?.endpoint).toBe('curve_gamma');
    const announced = events.slice(before).filter((e) => e.event === 'snapshot:new');
    expect(announced.map((e) => e.event === 'snapshot:new' && e.payload.snapshotId)).toEqual([
      first.snapshot?.id,
    ]);

    const again = await curve({ exp: date });
    expect(again.origin?.source).toBe('stored');
    expect(again.snapshot?.id).toBe(first.snapshot?.id);
  });

  it('fetches the naive view as its own series: every gamma unsigned', async () => {
    const signed = await curve({ exp: 'combined' });
    const naive = await curve({ exp: 'combined', view: 'naive' });
    expect(signed.origin?.source).toBe('stored');
    expect(naive.origin?.source).toBe('fetched');
    expect(naive.snapshot?.id).not.toBe(signed.snapshot?.id);
    expect(naive.data?.points.every((p) => p.gamma >= 0)).toBe(true);
    expect(signed.data?.points.some((p) => p.gamma < 0)).toBe(true);
  });

  it.each([
    ['a listed date', 3],
    ['first monthly', null],
  ])('fetches option volume for %s', async (_name, index) => {
    const exp = index === null ? 'first_monthly' : (dates[index] as string);
    const out = await call('ticker:optionsVolume', { ticker: 'SPY', exp });
    expect(out.origin?.source).toBe('fetched');
    expect(out.data?.points.length).toBeGreaterThan(0);
  });

  it('says an unlisted expiration is not available instead of failing', async () => {
    const out = await curve({ exp: '2031-01-17' });
    expect(out.origin?.source).toBe('unavailable');
    expect(out.data).toBeNull();
  });

  it('answers a history time with what was stored then, never the latest', async () => {
    clock.advance(60 * 60_000);
    const later = await curve({ exp: dates[4] as string });
    expect(later.origin?.source).toBe('fetched');
    // That expiration was first stored after the first poll: at the first poll there is none.
    const then = await curve({ exp: dates[4] as string, at: firstPoll });
    expect(then).toMatchObject({ data: null, snapshot: null, origin: { source: 'none_at_time' } });
    // The combined curve was polled then: that one, not a newer one.
    const combined = await curve({ exp: 'combined', at: firstPoll });
    expect(combined.origin?.source).toBe('stored');
    expect(Date.parse(combined.snapshot?.asof ?? '')).toBeLessThanOrEqual(Date.parse(firstPoll));
    const volume = await call('ticker:optionsVolume', { ticker: 'SPY', exp: 'nearest', at: firstPoll });
    expect(volume.origin?.source).toBe('stored');
    const early = await call('ticker:optionsVolume', {
      ticker: 'SPY',
      exp: 'nearest',
      at: new Date(at('2025-03-07', '11:00')).toISOString(),
    });
    expect(early.origin?.source).toBe('none_at_time');
  });

  it('ends series at a history time', async () => {
    app.store.metrics.put(
      ['2025-03-03', '2025-03-05', '2025-03-07'].map((d, i) => ({
        ticker: 'SPY',
        metric: 'price',
        ts: Date.parse(`${d}T21:00:00Z`),
        value: 500 + i,
      })),
    );
    const series = await call('ticker:series', {
      ticker: 'SPY',
      metrics: ['price'],
      window: '30d',
      at: new Date(at('2025-03-05', '12:00')).toISOString(),
    });
    expect(series.data.points.map((p) => p.date)).toEqual(['2025-03-03', '2025-03-05']);
  });

  it('with the service gone: the stored curve, marked, or "unreachable" when none is stored', async () => {
    await service?.close();
    service = null;
    // Next day: everything stored is now stale, so each ask tries the source first.
    clock.set(at('2025-03-11', '11:00'));
    const stored = await curve({ exp: dates[2] as string });
    expect(stored.origin?.source).toBe('stored_fallback');
    expect(stored.origin?.message).toMatch(/network|ECONNREFUSED|fetch failed/i);
    expect(stored.data?.points.length).toBeGreaterThan(0);
    const missing = await curve({ exp: dates[5] as string });
    expect(missing).toMatchObject({ data: null, snapshot: null, origin: { source: 'unreachable' } });
  });

  it('keeps onboarding as a stored flag, not inferred from stored data', async () => {
    expect(app.store.flags.get('onboarded')).toBeUndefined();
    const info = await call('app:completeOnboarding', {});
    expect(app.store.flags.get('onboarded')).toBe(true);
    expect(info.firstRun).toBe(false);
    expect((await call('rules:list')).map((r) => [r.name, r.scope.kind])).toEqual([
      ['Regime changes, all tickers', 'all'],
      ['Opportunity tier changes, all tickers', 'all'],
    ]);
    await app.stop();
    service = await startTestService({
      clock,
      seed: 5,
      apiKey: KEY,
      dataDir: path.join(tmp.dir, 'service-2'),
    });
    await open();
    expect((await call('app:info')).firstRun).toBe(false);
  }, 60_000);

  it('is still a first run after rankings were stored, until onboarding completes', async () => {
    const other = await remoteTestApp({
      dataDir: path.join(tmp.dir, 'fresh'),
      baseUrl: service?.baseUrl ?? '',
      apiKey: KEY,
      clock,
      timeoutMs: 5000,
    });
    try {
      const [run] = await other.poller.runAll({ jobs: ['top_setups'] });
      expect(run?.snapshotsNew).toBeGreaterThan(0);
      const h = createBridgeHandlers(other);
      const info = await dispatch(h, 'app:info', undefined);
      expect(info).toMatchObject({ ok: true, value: { firstRun: true } });
      const heard: BridgeEventMessage[] = [];
      const unsubscribe = other.events.subscribe((m) => heard.push(m));
      const done = await dispatch(h, 'app:completeOnboarding', { tickers: ['SPY'] });
      unsubscribe();
      expect(done).toMatchObject({ ok: true, value: { firstRun: false } });
      // The stream's last word on the app is the onboarded one, whatever it said before.
      const infos = heard.filter((m) => m.event === 'app:changed');
      expect(infos.at(-1)).toMatchObject({ payload: { firstRun: false } });
    } finally {
      await other.stop();
    }
  }, 60_000);
});
