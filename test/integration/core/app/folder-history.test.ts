// A chain folder as a trader's real data, through the bridge over a real app (real SQLite file, the
// local service over real HTTP): after switching from the simulator, every file is a snapshot in
// history, no screen reads a simulated figure, the price history file is the series, and back on
// the simulator nothing of the folder shows.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochToNy, isTradingDay } from '../../../../src/shared/market-calendar.ts';
import { chainFileText, priceHistoryCsv } from '../../../support/cboe-chain-file.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

/** The folder's SPY files: four sessions after the close, Labor Day, a Saturday morning. */
const FILES = [
  { date: '2025-09-01', time: '11:02 AM EDT', spot: 641.1 }, // Labor Day: the exchange was closed
  { date: '2025-09-08', time: '4:15 PM EDT', spot: 648.2 },
  { date: '2025-09-09', time: '4:15 PM EDT', spot: 650.35 },
  { date: '2025-09-10', time: '4:15 PM EDT', spot: 652.9 },
  { date: '2025-09-11', time: '4:15 PM EDT', spot: 657.6 },
  { date: '2025-09-13', time: '10:31 AM EDT', spot: 659.4 }, // a Saturday: Friday's close
];

describe('a chain folder as the data source', () => {
  const tmp = tempDataDir('gw-folder-history-');
  const chainsDir = path.join(tmp.dir, 'chains');
  // Sessions' closes before the files, as a charting site's "Historical data" download writes them.
  const history = priceHistoryCsv('2025-06-02', '2025-08-29', 600, 0.6);
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(path.join(chainsDir, 'history'), { recursive: true });
    for (const [i, f] of FILES.entries()) {
      const text = chainFileText({ ticker: 'SPY', seed: i, expirations: 10, strikes: 80, ...f });
      fs.writeFileSync(path.join(chainsDir, `spy_quotedata (${i}).csv`), text);
    }
    fs.writeFileSync(path.join(chainsDir, 'history', 'SPY.csv'), history.text);
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-09-12', '11:00'),
      // Six months hold the price history file (from 2025-06-02) and the files; the simulator's
      // series, polled twice here, costs CPU in proportion to its window.
      poller: { jitterMs: 0, seriesWindow: '6m' },
    });
    await w.invoke('watchlists:create', { name: 'Core', tickers: ['SPY', 'QQQ'] });
    await w.app.runOnce();
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  const simulatedSpy = async () => (await w.invoke('tickers:latest', { tickers: ['SPY'] })).rows[0];

  it('imports every file into history, one snapshot each, with every view a poll stores', async () => {
    const before = await simulatedSpy();
    expect(before?.status).toBe('ok');

    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    await w.app.historySettled();

    const timeline = await w.invoke('ticker:timeline', { ticker: 'SPY' });
    const times = timeline.entries.map((e) => e.asof).sort();
    expect(times).toHaveLength(FILES.length);
    // Every file's instant, and for each the views History, As of, Compare and Replay read.
    for (const entry of timeline.entries) {
      expect(entry.endpoints).toEqual(
        expect.arrayContaining([
          'signals',
          'market_structure',
          'levels',
          'state',
          'curve_gamma',
          'curve_gex_by_strike',
          'curve_gamma_expirations',
        ]),
      );
    }
    expect(times[0]).toBe('2025-09-01T15:02:00.000Z');
    expect(times.at(-1)).toBe('2025-09-13T14:31:00.000Z');
  });

  it('shows no figure of the simulator: a ticker the folder lacks has none', async () => {
    await w.app.runOnce();
    const rows = (await w.invoke('tickers:latest', { tickers: ['SPY', 'QQQ'] })).rows;
    expect(rows[0]).toMatchObject({ ticker: 'SPY', status: 'ok', price: 659.4 });
    expect(rows[1]).toMatchObject({ ticker: 'QQQ', price: null, expected_move_1d: null, asof: null });
    expect(rows[1]?.status).not.toBe('ok');
    // Its error is said once, not twice.
    expect(rows[1]?.error ?? '').not.toMatch(/HTTP 404\).*HTTP 404\)/);
  });

  it('draws the price history file and the files, one point per session, none on a closed day', async () => {
    const series = await w.invoke('ticker:series', { ticker: 'SPY', metrics: ['price'], window: '2y' });
    const prices = new Map(series.data.points.map((p) => [p.date, p.price]));
    // Every close of history/SPY.csv, but where a chain file gives the session: Labor Day's file
    // is Friday Aug 29's close (its figures go with its own price), Saturday's is Friday Sep 12's.
    for (const [date, close] of history.closes)
      if (date !== '2025-08-29') expect(prices.get(date), date).toBe(close);
    expect(prices.get('2025-08-29')).toBe(641.1);
    expect(prices.get('2025-09-12')).toBe(659.4);
    expect(prices.get('2025-09-11')).toBe(657.6);
    for (const { date } of series.data.points) expect(isTradingDay(date), date).toBe(true);
    // 30 days end on SPY's own newest file, whatever the clock.
    const month = await w.invoke('ticker:series', { ticker: 'SPY', metrics: ['price'], window: '30d' });
    expect(month.data.points.at(-1)?.date).toBe(epochToNy(Date.parse('2025-09-12T20:00:00Z')).date);
  });

  it('on the simulator none of the folder shows; back on the folder its history is intact', async () => {
    const fileTimes = (await w.invoke('ticker:timeline', { ticker: 'SPY' })).entries.map((e) => e.asof);
    await w.invoke('settings:update', { dataSource: { kind: 'local', seed: 7, clock: 'real' } });
    await w.app.runOnce();
    const timeline = await w.invoke('ticker:timeline', { ticker: 'SPY' });
    for (const e of timeline.entries) expect(fileTimes).not.toContain(e.asof);
    const series = await w.invoke('ticker:series', { ticker: 'SPY', metrics: ['price'], window: '2y' });
    expect(series.data.points.map((p) => p.price)).not.toContain(659.4);

    const rowsBefore = w.app.store.snapshots.count().snapshots;
    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    await w.app.historySettled();
    // Nothing to import again: the folder's snapshots were kept while the simulator ran.
    expect(w.app.store.snapshots.count().snapshots).toBe(rowsBefore);
    const again = await w.invoke('ticker:timeline', { ticker: 'SPY' });
    expect(again.entries.map((e) => e.asof)).toEqual(fileTimes);
    // Two switches, each polling two tickers and their six-month series (cold on the simulator).
  }, 90_000);
});
