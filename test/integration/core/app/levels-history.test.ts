// Price with its levels, and the replay's 0DTE figures, over a real app (local simulated market,
// real SQLite, the validating bridge boundary): `ticker:levelsHistory` answers the stored
// market-structure snapshots of a window (each one's spot and levels as stored), the daily closes
// beside them, ends at a history-review time when given one, and refuses bad input; a replayed
// frame carries the record's 0DTE figures, null on a day no expiration ends, absent when the record
// predates them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import type { KeyLevels } from '../../../../src/shared/api/market-structure.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const MON = '2025-03-10';
const TUE = '2025-03-11';
const POLLS: [string, string][] = [
  [MON, '10:00'],
  [MON, '11:00'],
  [TUE, '10:00'],
  [TUE, '10:30'],
  [TUE, '11:00'],
];
const iso = (ms: number) => new Date(ms).toISOString();

describe('ticker:levelsHistory', () => {
  const tmp = tempDataDir('gw-levels-history-');
  let w: TestWatcher;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at(MON, '09:45') });
    w.app.store.watchlists.create('Main', ['SPY']);
    for (const [date, time] of POLLS) {
      w.clock.set(at(date, time));
      const runs = await w.app.poller.runAll({ jobs: ['signals', 'market_structure'] });
      expect(runs.reduce((n, r) => n + r.errors, 0)).toBe(0);
    }
  }, 120_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('answers the latest day by default: each snapshot with the levels it stored', async () => {
    const out = await w.invoke('ticker:levelsHistory', { ticker: 'spy' });
    expect(out).toMatchObject({ ticker: 'SPY', window: '1d', truncated: false, total: 3 });
    expect(out.points.map((p) => p.asof)).toEqual(
      POLLS.filter(([d]) => d === TUE).map(([d, t]) => iso(at(d, t))),
    );
    for (const point of out.points) {
      const view = await w.invoke('ticker:view', { ticker: 'SPY', view: 'market_structure', at: point.asof });
      const k = (view.data as { key_levels?: KeyLevels } | null)?.key_levels;
      expect(point).toEqual({
        asof: point.asof,
        spot: k?.spot,
        gamma_flip: k?.gamma_flip ?? null,
        call_wall: k?.call_wall ?? null,
        put_wall: k?.put_wall ?? null,
        plus_1sigma_1d: k?.plus_1sigma_1d ?? null,
        minus_1sigma_1d: k?.minus_1sigma_1d ?? null,
      });
    }
    // The levels moved with the market: not one snapshot repeated.
    expect(new Set(out.points.map((p) => p.spot)).size).toBeGreaterThan(1);
    expect(out.points.every((p) => p.call_wall !== null && p.put_wall !== null)).toBe(true);
  });

  it('covers five sessions, with a close for each day that has a price', async () => {
    const out = await w.invoke('ticker:levelsHistory', { ticker: 'SPY', window: '5d' });
    expect(out.points).toHaveLength(POLLS.length);
    expect(out.closes.map((c) => c.date)).toEqual(expect.arrayContaining([MON, TUE]));
    expect(out.closes.every((c) => c.price > 0)).toBe(true);
  });

  it('ends at a history-review time: nothing stored after it', async () => {
    const pinned = iso(at(TUE, '10:15'));
    const out = await w.invoke('ticker:levelsHistory', { ticker: 'SPY', window: '5d', at: pinned });
    expect(out.to).toBe(pinned);
    expect(out.points.map((p) => p.asof)).toEqual([
      iso(at(MON, '10:00')),
      iso(at(MON, '11:00')),
      iso(at(TUE, '10:00')),
    ]);
  });

  it('answers an empty window for a ticker with nothing stored', async () => {
    expect(await w.invoke('ticker:levelsHistory', { ticker: 'QQQ', window: '1m' })).toMatchObject({
      from: null,
      to: null,
      points: [],
      closes: [],
    });
  });

  it.each([
    ['an unknown window', { ticker: 'SPY', window: '2d' }, 'window'],
    ['a bad ticker', { ticker: '../etc', window: '1d' }, 'ticker'],
    ['a time without a zone', { ticker: 'SPY', at: '2025-03-11 10:00' }, 'at'],
    ['no ticker', { window: '1d' }, 'ticker'],
  ])('refuses %s', async (_name, input, path) => {
    expect(await dispatch(w.handlers, 'ticker:levelsHistory', input)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path }] },
    });
  });
});

describe('replay:frames 0DTE', () => {
  const tmp = tempDataDir('gw-replay-0dte-');
  let w: TestWatcher;
  const SUN = '2025-03-09';

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at(MON, '09:45') });
    w.app.store.watchlists.create('Main', ['SPY']);
    w.clock.set(at(MON, '10:00'));
    await w.app.poller.runAll({ jobs: ['market_structure'] });
    // A weekend record (no expiration ends on a Sunday), and one from before the figure existed.
    const latest = w.app.store.snapshots.latest({ endpoint: 'market_structure', ticker: 'SPY', params: {} });
    const body = latest?.data as Record<string, unknown>;
    const { zero_dte: _dropped, ...older } = body;
    w.app.store.snapshots.ingest([
      {
        endpoint: 'market_structure',
        ticker: 'SPY',
        params: {},
        asof: at(SUN, '12:00'),
        data: { ...body, zero_dte: null },
      },
      { endpoint: 'market_structure', ticker: 'SPY', params: {}, asof: at(SUN, '09:00'), data: older },
    ]);
  }, 120_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('gives a weekday frame its 0DTE expiration and figures', async () => {
    const { frames } = await w.invoke('replay:frames', { ticker: 'SPY', times: [iso(at(MON, '10:00'))] });
    const z = frames[0]?.zeroDte;
    expect(z?.expiration).toBe(MON);
    expect(Number.isFinite(z?.gex_usd_per_1_pct_move)).toBe(true);
    expect(z?.gamma_share_pct).toBeGreaterThan(0);
  });

  it('says null when no expiration ends that day, and nothing when the record predates the figure', async () => {
    const { frames } = await w.invoke('replay:frames', {
      ticker: 'SPY',
      times: [iso(at(SUN, '12:30')), iso(at(SUN, '09:30')), iso(at(SUN, '08:00'))],
    });
    expect(frames[0]?.zeroDte).toBeNull();
    expect(frames[1]).not.toHaveProperty('zeroDte');
    // Before any record: no key levels and no 0DTE line.
    expect(frames[2]).toMatchObject({ keyLevels: null });
    expect(frames[2]).not.toHaveProperty('zeroDte');
  });
});
