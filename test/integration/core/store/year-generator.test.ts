// The year benchmark's generator (test/bench/year/generate.ts) at a tiny scale: the store it makes
// is what the poller would have stored (a snapshot per ticker and view at each of its jobs' ticks
// on the default schedules), deduplicated where content repeats, and the app's bridge answers on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_CODEC } from '../../../../src/core/store/payload-codec.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { SCREENER_PRESETS } from '../../../../src/shared/api/enums.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { generateYear, yearMarket, YEAR_WATCHLIST, type YearStats } from '../../../bench/year/generate.ts';
import { startWatcher } from '../../../support/watcher-factory.ts';

const SCALE = { days: 2, tickers: 2 };
// A regular session polled on the default schedules, open (9:30) to close (16:00) inclusive:
// every 5 minutes, every 15, every 30, and hourly (10:00 to 15:00, then the after-close run).
const PER_SESSION = { every5: 79, every15: 27, every30: 14, hourly: 7 };

let dir: string;
let file: string;
let stats: YearStats;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-year-gen-'));
  file = path.join(dir, 'gammawatch.db');
  stats = generateYear(file, SCALE, manualClock(0));
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the year generator', () => {
  it('stores one snapshot per ticker, view and tick of each job on the default schedules', () => {
    const days = SCALE.days;
    expect(stats.sessions).toHaveLength(days);
    expect(stats.runs).toEqual({
      signals: PER_SESSION.every5 * days,
      market_structure: PER_SESSION.every15 * days,
      screeners: PER_SESSION.every15 * days,
      top_setups: PER_SESSION.every15 * days,
      curves: PER_SESSION.every30 * days,
      income: PER_SESSION.hourly * days,
    });
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT endpoint, COUNT(*) AS n FROM snapshots GROUP BY endpoint').all() as {
        endpoint: string;
        n: number;
      }[];
      const counts = Object.fromEntries(rows.map((r) => [r.endpoint, r.n]));
      const perTicker = (n: number): number => n * days * SCALE.tickers;
      expect(counts).toEqual({
        signals: perTicker(PER_SESSION.every5),
        market_structure: perTicker(PER_SESSION.every15),
        trade_setup: perTicker(PER_SESSION.every15),
        explain: perTicker(PER_SESSION.every15),
        levels: perTicker(PER_SESSION.every15),
        state: perTicker(PER_SESSION.every15),
        curve_gamma: perTicker(PER_SESSION.every30),
        curve_gamma_expirations: perTicker(PER_SESSION.every30),
        curve_gex_by_strike: perTicker(PER_SESSION.every30),
        options_volume: perTicker(PER_SESSION.every30),
        top_setups: PER_SESSION.every15 * days,
        screener: PER_SESSION.every15 * days * SCREENER_PRESETS.length,
        income_setups: PER_SESSION.hourly * days,
      });
      // Content repeats (a screener's list unchanged from one tick to the next, the same
      // explanation): those snapshots share a stored payload.
      const { payloads } = db.prepare('SELECT COUNT(*) AS payloads FROM payloads').get() as {
        payloads: number;
      };
      const snapshots = rows.reduce((sum, r) => sum + r.n, 0);
      expect(payloads).toBeGreaterThan(0);
      expect(payloads).toBeLessThan(snapshots);
      // Metric points from the signals and the ticker states, and every body compacted.
      expect(stats.metricPoints).toBeGreaterThan(0);
      const pending = db.prepare('SELECT COUNT(*) AS n FROM payloads WHERE codec = ?').get(PENDING_CODEC) as {
        n: number;
      };
      expect(pending.n).toBe(0);
    } finally {
      db.close();
    }
  });

  it('stores nothing when the same session is polled again: every response is a duplicate', () => {
    const again = generateYear(file, { days: 1, tickers: SCALE.tickers }, manualClock(0));
    expect(Object.values(again.responses).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(again.stored).toEqual({});
  }, 120_000);

  it('is the app’s own history: the bridge answers the watchlist and a ticker page from it', async () => {
    const clock = manualClock(nyToEpoch(stats.sessions.at(-1) as string, 16 * 60 + 30));
    const w = await startWatcher({
      dataDir: dir,
      clock,
      service: { warm: false, source: yearMarket(clock, SCALE.tickers) },
    });
    try {
      const list = (await w.invoke('watchlists:list')).find((l) => l.name === YEAR_WATCHLIST);
      expect(list?.tickers).toEqual(stats.tickers);
      const { rows } = await w.invoke('tickers:latest', { watchlistId: list?.id as number });
      expect(rows.map((r) => [r.ticker, r.status])).toEqual(stats.tickers.map((t) => [t, 'ok']));
      expect(rows.every((r) => typeof r.price === 'number')).toBe(true);
      const view = await w.invoke('ticker:view', { ticker: stats.tickers[0] as string, view: 'levels' });
      expect(view.snapshot?.asof).toBe(
        new Date(nyToEpoch(stats.sessions.at(-1) as string, 16 * 60)).toISOString(),
      );
      const replay = await w.invoke('replay:times', {
        ticker: stats.tickers[0] as string,
        span: 'day',
        date: stats.sessions[0] as string,
      });
      expect(replay.total).toBe(PER_SESSION.every15);
    } finally {
      await w.app.stop();
    }
  });
});
