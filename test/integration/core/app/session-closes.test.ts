// A session's close on real files, through a real app on a chain folder (real SQLite file, the
// local service over real HTTP, the folder's import and the poll's series):
// - SPY's Apr 30 close is its 20:35 file, not the May 1 08:28 pre-market print that came after;
//   a session with only a pre-market file takes it, marked "pre_market";
// - SPX's Apr 30 has a full file and, later, a partial download of two expirations: every figure
//   of the day (price, GEX, flip) comes from the full file, as its stored state says;
// - a ticker whose days come from its files alone (no series polled) has its GEX beside its flip.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFileText } from '../../../support/cboe-chain-file.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const FILES = [
  { ticker: 'SPY', date: '2025-04-29', time: '4:15 PM EDT', spot: 550.02 },
  { ticker: 'SPY', date: '2025-04-30', time: '4:15 PM EDT', spot: 554.1 },
  { ticker: 'SPY', date: '2025-04-30', time: '8:35 PM EDT', spot: 554.54 }, // Apr 30's close
  { ticker: 'SPY', date: '2025-05-01', time: '8:28 AM EDT', spot: 560.36 }, // pre-market print
  { ticker: 'SPY', date: '2025-05-02', time: '8:30 AM EDT', spot: 561.2 }, // May 1 has no other file
  { ticker: 'SPX', date: '2025-04-29', time: '4:15 PM EDT', spot: 5560.83 },
  { ticker: 'SPX', date: '2025-04-30', time: '4:15 PM EDT', spot: 5569.06 },
  // A partial download after the full one: two expirations of a few strikes.
  { ticker: 'SPX', date: '2025-04-30', time: '5:02 PM EDT', spot: 5571.5, expirations: 2, strikes: 12 },
  // Not on the watchlist: no series is polled for it, its days come from its files alone.
  { ticker: 'AMD', date: '2025-04-29', time: '4:15 PM EDT', spot: 97.1 },
  { ticker: 'AMD', date: '2025-04-30', time: '4:15 PM EDT', spot: 97.6 },
];

describe('a session’s close on a chain folder', () => {
  const tmp = tempDataDir('gw-session-closes-');
  const chainsDir = path.join(tmp.dir, 'chains');
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir, { recursive: true });
    for (const [i, f] of FILES.entries()) {
      const text = chainFileText({ seed: i, expirations: 10, strikes: 80, ...f });
      fs.writeFileSync(path.join(chainsDir, `${f.ticker.toLowerCase()}_quotedata (${i}).csv`), text);
    }
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-05-02', '09:00'),
      poller: { jitterMs: 0, seriesWindow: '2y' },
    });
    await w.invoke('watchlists:create', { name: 'Core', tickers: ['SPY', 'SPX'] });
    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    await w.app.historySettled();
    // A poll stores the service's own daily series too (the backfill path).
    await w.app.runOnce();
  }, 90_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  const METRICS = ['price', 'gex_flip', 'gex_usd_per_1_pct_move', 'atm_iv'] as const;

  async function days(ticker: string) {
    const series = await w.invoke('ticker:series', { ticker, metrics: [...METRICS], window: '30d' });
    return new Map(series.data.points.map((p) => [p.date, p]));
  }

  /** The stored ticker state of one file, by its time. */
  function stateAt(ticker: string, asof: number): Record<string, unknown> {
    const rows = [
      ...w.app.store.snapshots.iterate({
        endpoint: 'state',
        ticker,
        params: {},
        from: asof,
        to: asof,
        order: 'asc',
      }),
    ];
    expect(rows, `${ticker} state at ${new Date(asof).toISOString()}`).toHaveLength(1);
    return rows[0]?.data as Record<string, unknown>;
  }

  it('takes SPY’s close from the evening file, not the next morning’s pre-market print', async () => {
    const spy = await days('SPY');
    expect([...spy.keys()]).toEqual(['2025-04-29', '2025-04-30', '2025-05-01']);
    expect(spy.get('2025-04-29')?.price).toBe(550.02);
    expect(spy.get('2025-04-30')?.price).toBe(554.54);
    expect(spy.get('2025-04-30')?.['price_basis']).toBeUndefined();
    // Every figure of Apr 30 is the 20:35 file's.
    const close = stateAt('SPY', at('2025-04-30', '20:35'));
    for (const metric of METRICS) expect(spy.get('2025-04-30')?.[metric], metric).toBe(close[metric]);
  });

  it('uses a pre-market file when the session has no other, and says so', async () => {
    const may1 = (await days('SPY')).get('2025-05-01');
    expect(may1?.price).toBe(561.2);
    expect(may1?.['price_basis']).toBe('pre_market');
  });

  it('takes every figure of SPX’s day from its full file, not from a later partial download', async () => {
    const spx = await days('SPX');
    const full = stateAt('SPX', at('2025-04-30', '16:15'));
    const partial = stateAt('SPX', at('2025-04-30', '17:02'));
    expect(partial['partial_chain']).toBe(true);
    expect(full['partial_chain']).toBeUndefined();
    // The two files disagree, so the test can tell which one the day took.
    expect(partial['gex_usd_per_1_pct_move']).not.toBe(full['gex_usd_per_1_pct_move']);
    const day = spx.get('2025-04-30');
    expect(day?.price).toBe(5569.06);
    for (const metric of METRICS) expect(day?.[metric], metric).toBe(full[metric]);
    // An index has no pre-market print: nothing to mark.
    for (const point of spx.values()) expect(point['price_basis']).toBeUndefined();
  });

  it('gives every day of a file its GEX beside its flip, from the file alone', async () => {
    const amd = await days('AMD');
    expect([...amd.keys()]).toEqual(['2025-04-29', '2025-04-30']);
    for (const [date, point] of amd) {
      const state = stateAt('AMD', at(date, '16:15'));
      expect(point.gex_usd_per_1_pct_move, date).toEqual(expect.any(Number));
      for (const metric of METRICS) expect(point[metric], `${date} ${metric}`).toBe(state[metric]);
    }
  });

  it('says what an IV rank still waits for, in the watchlist row', async () => {
    const [spy] = (await w.invoke('tickers:latest', { tickers: ['SPY'] })).rows;
    expect(spy?.iv_rank).toBeNull();
    // Apr 29 and Apr 30 stored before the newest file's session, and that file itself.
    expect(spy?.ivRankPending).toEqual({ stored: 3, needed: 20 });
  });
});
