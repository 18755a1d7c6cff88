import { afterEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { ApiError, NotFoundError } from '../../../../src/client/errors.ts';
import { Poller, type PollerOptions } from '../../../../src/core/poller/poller.ts';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { defaultSettings, type Settings } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { BackfillProgress } from '../../../../src/shared/bridge/poll.ts';
import { at, fakePollClient } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function setup(options: {
  market: number;
  payload?: (m: string, t: string | null) => unknown;
  settings?: Partial<Settings>;
}) {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  store.watchlists.create('Main', ['SPY', 'QQQ']);
  let market = options.market;
  const client = fakePollClient({
    asof: () => market,
    ...(options.payload ? { payload: options.payload } : {}),
  });
  const progress: BackfillProgress[] = [];
  const settings: Settings = { ...defaultSettings, ...options.settings };
  const make = (extra: Partial<PollerOptions> = {}) =>
    new Poller({
      client,
      store,
      settings: () => settings,
      channels: () => ({ desktop: true, inApp: true, webhooks: [], quietHours: null }),
      marketClock: { now: () => market },
      trigger: 'manual',
      timers: new ManualTimers(1_000_000),
      jitterMs: 0,
      backoffBaseMs: 0,
      onBackfill: (p) => progress.push(p),
      ...extra,
    });
  return { store, client, poller: make(), make, progress, setMarket: (ms: number) => (market = ms) };
}

const idle = (p: Poller) => Promise.all([p.queue.onIdle(), ...p.runningJobs().map((j) => p.runJob(j))]);

describe('Poller', () => {
  it('runs a job: one request per watchlist ticker, logged with its counts and market time', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    const summary = await s.poller.runJob('signals');
    expect(summary).toMatchObject({ job: 'signals', requests: 2, errors: 0, snapshotsNew: 2 });
    // Every ticker of every watchlist, once, in symbol order.
    expect(s.client.calls.map((c) => [c.method, c.ticker])).toEqual([
      ['signals', 'QQQ'],
      ['signals', 'SPY'],
    ]);
    const [run] = s.store.pollRuns.recent({ job: 'signals' });
    expect(run).toMatchObject({
      requests: 2,
      errors: 0,
      detail: { marketAt: at('2025-03-10', '11:00'), snapshotsNew: 2 },
    });
  });

  it.each([
    ['market open', at('2025-03-10', '11:00'), at('2025-03-10', '10:55'), false, 1],
    ['closed, already ran after the close', at('2025-03-10', '20:00'), at('2025-03-10', '16:05'), false, 0],
    ['closed, not yet after the close', at('2025-03-10', '20:00'), at('2025-03-10', '15:55'), false, 1],
    ['closed, polling outside hours on', at('2025-03-10', '20:00'), at('2025-03-10', '16:05'), true, 1],
  ])('tick gate: %s', async (_name, now, lastRun, outside, runs) => {
    const s = setup({ market: lastRun, settings: { polling: { outsideMarketHours: outside } } });
    await s.poller.runJob('signals');
    s.setMarket(now);
    s.client.calls.length = 0;
    s.poller.tick({ job: 'signals', at: now, missed: 0 });
    await idle(s.poller);
    expect(s.client.calls.length / 2).toBe(runs);
    expect(s.poller.marketClosedSkip).toBe(runs === 0);
  });

  it.each([
    ['a chain folder (its own clock) after a later run of another source', false, 1],
    ['the simulator, same times', true, 0],
  ])('tick gate off for %s', async (_name, hoursOnly, runs) => {
    // The last run happened at a later market time (another source's clock): a gated poller would
    // wait for a close after it forever; a folder's poller polls whenever its schedule fires.
    const s = setup({ market: at('2026-03-10', '11:00') });
    const poller = s.make({ marketHoursOnly: hoursOnly });
    await poller.runJob('signals');
    const sunday = at('2023-08-20', '22:38');
    s.setMarket(sunday);
    s.client.calls.length = 0;
    poller.tick({ job: 'signals', at: sunday, missed: 0 });
    await idle(poller);
    expect(s.client.calls.length / 2).toBe(runs);
    await poller.stop();
  });

  it('remembers the last run across restarts (the after-close run happens once)', async () => {
    const s = setup({ market: at('2025-03-10', '16:05') });
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '16:05'), missed: 0 });
    await idle(s.poller);
    const restarted = s.make();
    s.client.calls.length = 0;
    restarted.tick({ job: 'signals', at: at('2025-03-10', '18:00'), missed: 0 });
    await idle(restarted);
    expect(s.client.calls).toHaveLength(0);
  });

  it('a tick while the job runs joins it instead of starting another', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    const first = s.poller.runJob('signals');
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '11:00'), missed: 3 });
    expect(s.poller.runJob('signals')).toBe(first);
    await first;
    expect(s.client.calls).toHaveLength(2);
  });

  it('a tick that finds a run begun before it runs the job once more when that run ends', async () => {
    // A refresh at 09:29 still in flight when the 09:30 schedule fires fetched the pre-open data:
    // the open's run must follow it, not wait for 09:45.
    const s = setup({ market: at('2025-03-10', '09:29') });
    const first = s.poller.runJob('signals');
    s.setMarket(at('2025-03-10', '09:30'));
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '09:30'), missed: 0 });
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '09:30'), missed: 0 });
    await first;
    const follow = s.poller.runningJobs().includes('signals') ? s.poller.runJob('signals') : null;
    expect(follow).not.toBeNull();
    await follow;
    // Two tickers, two runs: the second tick folded into the same follow-up.
    expect(s.client.calls).toHaveLength(4);
    const runs = s.store.pollRuns.recent({ job: 'signals' });
    expect(runs.map((r) => (r.detail as { marketAt: number }).marketAt)).toEqual([
      at('2025-03-10', '09:30'),
      at('2025-03-10', '09:29'),
    ]);
  });

  it('no follow-up after a pause', async () => {
    const s = setup({ market: at('2025-03-10', '09:29') });
    const first = s.poller.runJob('signals');
    s.setMarket(at('2025-03-10', '09:30'));
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '09:30'), missed: 0 });
    s.poller.pause();
    await first;
    expect(s.poller.runningJobs()).toEqual([]);
    expect(s.client.calls).toHaveLength(2);
  });

  it('pause skips ticks; resume lets them through', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    s.poller.pause();
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '11:00'), missed: 0 });
    expect(s.poller.runningJobs()).toEqual([]);
    s.poller.resume();
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '11:00'), missed: 0 });
    await idle(s.poller);
    expect(s.client.calls).toHaveLength(2);
  });

  it('an unknown ticker fails once (no retry), is counted, and marks the ticker', async () => {
    const s = setup({
      market: at('2025-03-10', '11:00'),
      payload: (_m, t) => {
        if (t === 'QQQ') throw new NotFoundError('unknown ticker QQQ', null, { status: 404 });
        return { ticker: t, price: 1 };
      },
    });
    const summary = await s.poller.runJob('signals');
    expect(summary).toMatchObject({ requests: 2, errors: 1, snapshotsNew: 1 });
    expect(summary.errorMessages[0]).toMatch(/signals QQQ: not_found \(HTTP 404\)/);
    expect(s.client.calls.filter((c) => c.ticker === 'QQQ')).toHaveLength(1);
    expect(s.poller.tickerError('QQQ')?.kind).toBe('not_found');
    expect(s.poller.tickerError('SPY')).toBeNull();
  });

  it('a ticker the source lacks is asked once per run, not once per view, and is no error', async () => {
    const s = setup({
      market: at('2025-03-10', '11:00'),
      payload: (_m, t) => {
        if (t === 'QQQ')
          throw new NotFoundError('no data for ticker QQQ', null, { status: 404 }, 'unknown_ticker');
        return { ticker: t, price: 1 };
      },
    });
    const poller = s.make({ tickerAbsence: 'folder', backoffBaseMs: 60_000 });
    const summary = await poller.runJob('market_structure');
    const views = s.client.calls.filter((c) => c.ticker === 'SPY').length;
    expect(views).toBeGreaterThan(1);
    expect(s.client.calls.filter((c) => c.ticker === 'QQQ')).toHaveLength(1);
    expect(summary).toMatchObject({ errors: 0, requests: views + 1, absent: ['QQQ'] });
    expect(summary.notes).toEqual(['1 watched ticker has no files in the folder: QQQ']);
    expect(poller.queue.stats().backoff).toEqual({});
    expect(poller.tickerError('QQQ')?.kind).toBe('not_found');
    const [run] = s.store.pollRuns.recent({ job: 'market_structure' });
    expect(run).toMatchObject({ errors: 0 });
  });

  it("names the next run on the wall clock, not a chain folder's files' clock", () => {
    const s = setup({ market: at('2023-05-14', '18:00') });
    // The wall clock of ManualTimers: 1970-01-01 00:16:40 UTC; cron fires on it every 5 minutes.
    const poller = s.make({
      trigger: 'cron',
      marketClock: { now: () => at('2023-05-14', '18:00'), rate: 0 },
    });
    expect(poller.nextRunAt('*/5 * * * *')).toBe(1_200_000);
  });

  it('retries a transient failure once through the queue', async () => {
    let failures = 1;
    const s = setup({
      market: at('2025-03-10', '11:00'),
      payload: (_m, t) => {
        if (t === 'SPY' && failures-- > 0)
          throw new (class extends ApiError {
            readonly kind = 'server' as const;
          })('boom', { status: 500 });
        return { ticker: t, price: 1 };
      },
    });
    const summary = await s.poller.runJob('signals');
    expect(summary.errors).toBe(0);
    expect(s.client.calls.filter((c) => c.ticker === 'SPY')).toHaveLength(2);
  });

  it('refresh-now forces past the cache; routine runs do not', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    await s.poller.runJob('top_setups');
    await s.poller.refreshNow('top_setups');
    expect(s.client.calls.map((c) => c.force)).toEqual([false, true]);
  });

  it('backfills a new ticker with progress events', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    await s.poller.backfill(['nvda']);
    expect(s.progress.map((p) => [p.phase, p.ticker, p.done, p.total])).toEqual([
      ['started', null, 0, 1],
      ['running', 'NVDA', 1, 1],
      ['finished', null, 1, 1],
    ]);
    expect(s.client.calls.map((c) => c.method)).toEqual(
      expect.arrayContaining([
        'series',
        'signals',
        'marketStructure',
        'tradeSetup',
        'explain',
        'levels',
        'tickerState',
      ]),
    );
  });

  it("reports a ticker's row as in before its long series is asked for", async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    const seenAtProgress: string[][] = [];
    const poller = s.make({
      onBackfill: (p) => {
        if (p.phase === 'running') seenAtProgress.push(s.client.calls.map((c) => c.method));
      },
    });
    await poller.backfill(['nvda']);
    expect(seenAtProgress).toHaveLength(1);
    expect(seenAtProgress[0]).toEqual(expect.arrayContaining(['signals', 'marketStructure']));
    expect(seenAtProgress[0]).not.toContain('series');
    expect(s.client.calls.map((c) => c.method)).toContain('series');
  });

  it('stop waits for the run in flight', async () => {
    const s = setup({ market: at('2025-03-10', '11:00') });
    s.poller.tick({ job: 'signals', at: at('2025-03-10', '11:00'), missed: 0 });
    await s.poller.stop();
    expect(s.store.pollRuns.recent({ job: 'signals' })[0]?.finishedAt).not.toBeNull();
  });
});
