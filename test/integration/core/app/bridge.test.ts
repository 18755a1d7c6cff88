// The bridge on the main side, method by method, over a real app (local service, real SQLite):
// what the UI does on a first day, through the same validating boundary the transports use.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import type { BridgeEventMessage } from '../../../../src/shared/bridge/contract.ts';
import { nextTradingDay } from '../../../../src/shared/market-calendar.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe('bridge handlers over a real app', () => {
  const tmp = tempDataDir('gw-bridge-');
  let w: TestWatcher;
  const events: BridgeEventMessage[] = [];

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00') });
    w.app.events.subscribe((m) => events.push(m));
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('starts as a first run with the default rules and nothing stored', async () => {
    const info = await w.invoke('app:info');
    expect(info).toMatchObject({
      firstRun: true,
      simulated: true,
      clock: 'fast',
      dataSource: { kind: 'local' },
    });
    expect(info.market.open).toBe(true);
    const rules = await w.invoke('rules:list');
    expect(rules.map((r) => r.condition.kind)).toEqual(['regime_change', 'tier_change']);
  });

  it('rejects bad input and unknown methods with the envelope, never a throw', async () => {
    expect(await dispatch(w.handlers, 'watchlists:create', { name: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'name' }] },
    });
    expect(
      await dispatch(w.handlers, 'watchlist:addTicker', { watchlistId: 1, ticker: '../etc' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await dispatch(w.handlers, 'nope:nothing', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    expect(await dispatch(w.handlers, 'watchlists:rename', { id: 999, name: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('creates a watchlist, validates tickers against the universe, and backfills what is added', async () => {
    const list = await w.invoke('watchlists:create', { name: 'Core', tickers: ['spy', 'QQQ'] });
    expect(list.tickers).toEqual(['SPY', 'QQQ']);
    await expect(w.invoke('watchlist:addTicker', { watchlistId: list.id, ticker: 'ZZZZ' })).rejects.toThrow(
      /not_found/,
    );
    const suggestions = await w.invoke('universe:search', { query: 'NV' });
    expect(suggestions.suggestions[0]?.ticker).toBe('NVDA');
    await w.invoke('watchlist:addTicker', { watchlistId: list.id, ticker: 'nvda' });
    const moved = await w.invoke('watchlist:moveTicker', {
      watchlistId: list.id,
      ticker: 'NVDA',
      toIndex: 0,
    });
    expect(moved.tickers).toEqual(['NVDA', 'SPY', 'QQQ']);
    await expect(w.invoke('watchlists:create', { name: 'core' })).rejects.toThrow(/conflict/);

    // Backfills run in the background: wait for their progress events to say they finished.
    const finished = () =>
      events.filter(
        (e) =>
          e.event === 'backfill:progress' && (e.payload.phase === 'finished' || e.payload.phase === 'failed'),
      );
    await until(w, () => finished().length >= 2);
    expect(finished().map((e) => e.event === 'backfill:progress' && e.payload.phase)).toEqual([
      'finished',
      'finished',
    ]);
    const series = await w.invoke('ticker:series', {
      ticker: 'SPY',
      metrics: ['price', 'iv_rank'],
      window: '30d',
    });
    expect(series.data.points.length).toBeGreaterThan(10);
    expect(series.data.points.at(-1)?.['price']).toEqual(expect.any(Number));
  }, 120_000);

  it('answers the watchlist table, ticker views, curves and rankings from the store', async () => {
    await w.app.runOnce();
    const table = await w.invoke('tickers:latest', { watchlistId: 1 });
    expect(table.rows.map((r) => [r.ticker, r.status])).toEqual([
      ['NVDA', 'ok'],
      ['SPY', 'ok'],
      ['QQQ', 'ok'],
    ]);
    const spy = table.rows.find((r) => r.ticker === 'SPY');
    expect(spy).toMatchObject({ price: expect.any(Number), gamma_regime: expect.any(String), stale: false });
    expect(spy?.expected_move_1d).toBeGreaterThan(0);

    for (const view of [
      'market_structure',
      'signals',
      'explain',
      'trade_setup',
      'state',
      'levels',
    ] as const) {
      const v = await w.invoke('ticker:view', { ticker: 'SPY', view });
      expect(v.data, view).not.toBeNull();
      expect(v.snapshot?.endpoint).toBe(view);
    }
    const curve = await w.invoke('ticker:curve', { ticker: 'SPY', kind: 'gex_by_strike' });
    expect(curve.data).not.toBeNull();
    const volume = await w.invoke('ticker:optionsVolume', { ticker: 'SPY', exp: 'nearest' });
    expect(volume.data).not.toBeNull();
    const levels = await w.invoke('ticker:levelsText', { ticker: 'SPY', format: 'tradingview' });
    expect(levels.text).toMatch(/^\/\/@version=5/);
    expect(levels.text).toContain('gwLevel(');

    const top = await w.invoke('rankings:topSetups', { limit: 5 });
    expect(top.items.length).toBeGreaterThan(0);
    expect(top.items.length).toBeLessThanOrEqual(5);
    const scores = top.items.map((i) => Number((i as { opportunity_score: number }).opportunity_score));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const screener = await w.invoke('rankings:screener', {
      name: 'range_premium_seller',
      overrides: { min_score: 0 },
    });
    expect(screener.meta).toMatchObject({ extra: { screener: 'range_premium_seller' }, min_score: 0 });
    const income = await w.invoke('rankings:income', { type: 'csp', limit: 3 });
    expect(income.items.every((i) => (i as { strategy: string }).strategy === 'csp')).toBe(true);
  }, 120_000);

  it('looks back: the view as of an earlier time, the timeline, and a diff of two snapshots', async () => {
    const firstAsof = (await w.invoke('ticker:view', { ticker: 'SPY', view: 'signals' })).snapshot
      ?.asof as string;
    w.clock.set(at(nextTradingDay('2025-03-10'), '11:00'));
    await w.app.poller.runAll({ jobs: ['signals'] });
    const latest = await w.invoke('ticker:view', { ticker: 'SPY', view: 'signals' });
    expect(latest.snapshot?.asof).not.toBe(firstAsof);
    const then = await w.invoke('ticker:view', { ticker: 'SPY', view: 'signals', at: firstAsof });
    expect(then.snapshot?.asof).toBe(firstAsof);

    const timeline = await w.invoke('ticker:timeline', { ticker: 'SPY', endpoints: ['signals'] });
    expect(timeline.entries.map((e) => e.asof)).toEqual([latest.snapshot?.asof, firstAsof]);

    const diff = await w.invoke('snapshots:diff', {
      ticker: 'SPY',
      endpoint: 'signals',
      a: firstAsof,
      b: latest.snapshot?.asof as string,
    });
    expect(diff.changes.length).toBeGreaterThan(0);
    expect(diff.changes.some((c) => c.path === 'price')).toBe(true);
    const changed = (await w.invoke('tickers:latest', { tickers: ['SPY'] })).rows[0]?.changed;
    expect(changed).toContain('price');
  }, 120_000);

  it('manages rules and reads alert history', async () => {
    const rule = await w.invoke('rules:create', {
      name: 'SPY flip',
      condition: { kind: 'level_cross', level: 'gamma_flip' },
      scope: { kind: 'ticker', ticker: 'SPY' },
    });
    expect(rule).toMatchObject({ enabled: true, cooldownMinutes: 60, severity: 'info' });
    const updated = await w.invoke('rules:update', {
      id: rule.id,
      patch: { severity: 'critical', enabled: false },
    });
    expect(updated).toMatchObject({
      severity: 'critical',
      enabled: false,
      name: 'SPY flip',
      scope: { kind: 'ticker' },
    });
    expect(await w.invoke('rules:delete', { id: rule.id })).toEqual({ id: rule.id });
    await expect(w.invoke('rules:delete', { id: rule.id })).rejects.toThrow(/not_found/);

    const page = await w.invoke('alerts:list', {});
    expect(page.total).toBe(page.items.length);
    const marked = await w.invoke('alerts:markRead', { all: true });
    expect(marked.updated).toBe(page.unread);
    expect((await w.invoke('alerts:list', {})).unread).toBe(0);
  });

  it('reports, pauses and resumes polling', async () => {
    const status = await w.invoke('poll:status');
    expect(status.jobs.map((j) => j.job)).toContain('signals');
    expect(status.recentRuns.length).toBeGreaterThan(0);
    expect(status.jobs.find((j) => j.job === 'signals')?.nextRunAt).toEqual(expect.any(String));
    expect((await w.invoke('poll:pause')).paused).toBe(true);
    expect((await w.invoke('poll:resume')).paused).toBe(false);
    const runsBefore = status.window.runs;
    await w.invoke('poll:refreshNow', { job: 'income' });
    // The refresh is running now; joining it waits for its end.
    expect(w.app.poller.runningJobs()).toContain('income');
    await w.app.poller.runJob('income');
    expect((await w.invoke('poll:status')).window.runs).toBe(runsBefore + 1);
  });

  it('changes settings, and exports and backs up what is stored', async () => {
    const before = await w.invoke('settings:get');
    const after = await w.invoke('settings:update', { polling: { outsideMarketHours: true }, theme: 'dark' });
    expect(after.polling.outsideMarketHours).toBe(true);
    expect(after.theme).toBe('dark');
    expect(after.schedules).toEqual(before.schedules);
    expect(events.some((e) => e.event === 'settings:changed')).toBe(true);
    await expect(
      w.invoke('settings:update', { schedules: { ...before.schedules, signals: '61 * * * *' } }),
    ).rejects.toThrow(/invalid_input/);

    const csv = await w.invoke('export:series', {
      ticker: 'SPY',
      metrics: ['price'],
      window: '30d',
      format: 'csv',
    });
    expect(csv.content.split(/\r?\n/)[0]).toBe('date,price');
    const json = await w.invoke('export:snapshots', { ticker: 'SPY', endpoint: 'signals', format: 'json' });
    // Small: answered as content (large exports are saved to a file: snapshot-export.test.ts).
    if (!('content' in json)) throw new Error('expected the export inline');
    expect(JSON.parse(json.content).snapshots.length).toBe(2);
    const backup = await w.invoke('backup:create');
    expect(fs.statSync(backup.path).size).toBe(backup.bytes);
  });

  it('announced new snapshots on the event hub', () => {
    expect(events.filter((e) => e.event === 'snapshot:new').length).toBeGreaterThan(10);
  });
});

/** Resolves once `check` holds, re-checking on every event the app emits (no polling, no sleeps). */
function until(w: TestWatcher, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const off = w.app.events.subscribe(() => {
      if (!check()) return;
      off();
      resolve();
    });
  });
}
