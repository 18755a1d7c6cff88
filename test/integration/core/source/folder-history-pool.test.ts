// A chain folder's history import analysed in worker threads stores exactly what the same import
// stores on one thread (a real SQLite file each), reports its progress to completion, and a thread
// that dies only sends its snapshot back to the main thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { addDays, isTradingDay, type IsoDate } from '../../../../src/shared/market-calendar.ts';
import { FolderHistory, type ImportProgress } from '../../../../src/core/source/folder-history.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { ChainFolder } from '../../../../src/service/index.ts';
import { STORED_VIEWS } from '../../../../src/shared/stored-views.ts';
import { chainFileText, priceHistoryCsv } from '../../../support/cboe-chain-file.ts';

const FAILING_WORKER = new URL(
  '../../../unit/service/market/folder/failing-parse-worker.mjs',
  import.meta.url,
);
const SOURCE = 'chains:test';
const TICKERS = ['SPY', 'QQQ', 'IWM'];

let root: string;
let chainsDir: string;
const closing: (() => Promise<void> | void)[] = [];

function sessions(from: IsoDate, n: number): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; out.length < n; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
  return out;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-history-pool-'));
  chainsDir = path.join(root, 'chains');
  fs.mkdirSync(path.join(chainsDir, 'history'), { recursive: true });
  for (const [t, ticker] of TICKERS.entries()) {
    for (const [s, date] of sessions('2025-09-02', 5).entries()) {
      const text = chainFileText({
        ticker,
        date,
        spot: 100 + 50 * t + s,
        seed: t * 10 + s,
        expirations: 6,
        strikes: 40,
      });
      fs.writeFileSync(path.join(chainsDir, `${ticker.toLowerCase()}_${date}.csv`), text);
    }
  }
  fs.writeFileSync(
    path.join(chainsDir, 'history', 'SPY.csv'),
    priceHistoryCsv('2025-06-02', '2025-08-29', 600, 0.5).text,
  );
  fs.writeFileSync(path.join(chainsDir, 'junk.csv'), 'not a chain\n');
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Run {
  folder: ChainFolder;
  store: Store<AlertRuleBody>;
  progress: ImportProgress[];
  log: string[];
  imported: number;
}

/** Opens the folder and a fresh store, and imports the folder into it. */
async function importWith(name: string, options: Parameters<typeof ChainFolder.open>[1]): Promise<Run> {
  const log: string[] = [];
  const folder = await ChainFolder.open(chainsDir, {
    watch: false,
    index: 'memory',
    log: (m) => log.push(m),
    ...options,
  });
  closing.push(() => folder.close());
  const store = openDatabase(path.join(root, `${name}.db`), { ruleSchema: alertRuleBodySchema });
  closing.push(() => store.close());
  store.useSource(SOURCE);
  const run: Run = { folder, store, progress: [], log, imported: 0 };
  const history = new FolderHistory({
    ingest: {
      store,
      channels: () => ({ desktop: false, inApp: true, webhooks: [], quietHours: null }),
      wallNow: () => Date.now(),
      marketNow: () => Date.now(),
    },
    source: folder,
    inUse: () => true,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    onProgress: (p) => run.progress.push(p),
    onImported: (n) => (run.imported = n),
    log: (m) => log.push(m),
  });
  closing.push(() => history.stop());
  await history.start();
  return run;
}

/** Every view of every snapshot of the folder, as the store holds it. */
function storedViews(run: Run): unknown[] {
  const out: unknown[] = [];
  for (const { ticker } of run.folder.universe()) {
    for (const at of run.folder.snapshotTimes(ticker, 0, Infinity)) {
      for (const { endpoint, params } of STORED_VIEWS) {
        const s = run.store.snapshots.latestAtOrBefore({ endpoint, ticker, params }, at);
        out.push({ ticker, at, endpoint, asof: s?.asof, data: s?.data ?? null });
      }
    }
  }
  return out;
}

describe('FolderHistory with the parse pool', () => {
  it('stores the same snapshots as one thread and reports progress to completion', async () => {
    const one = await importWith('one', { parseThreads: 1 });
    const pool = await importWith('pool', { parseThreads: 2 });
    const views = storedViews(pool);
    expect(views).toHaveLength(TICKERS.length * 5 * STORED_VIEWS.length);
    expect(views.filter((v) => (v as { data: unknown }).data === null)).toEqual([]);
    expect(views).toEqual(storedViews(one));
    expect(pool.imported).toBe(one.imported);
    expect(pool.imported).toBeGreaterThanOrEqual(15 * (STORED_VIEWS.length - 1));
    expect(pool.store.snapshots.count()).toEqual(one.store.snapshots.count());

    // The analyses ran in the threads: nothing was parsed into this thread's cache.
    expect(pool.folder.cachedChains).toBe(0);
    expect(one.folder.cachedChains).toBeGreaterThan(0);
    expect(pool.log).toEqual([]);

    const last = pool.progress.at(-1);
    expect(last).toEqual({ done: 15, total: 15, running: false, failed: 0 });
    const done = pool.progress.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(pool.progress.length).toBeGreaterThan(2);
  });

  it('analyses on the main thread the snapshot whose thread died, and stores the same', async () => {
    fs.writeFileSync(
      path.join(chainsDir, 'spy_crash.csv'),
      chainFileText({ ticker: 'SPY', date: '2025-09-09', spot: 612, seed: 99, expirations: 6, strikes: 40 }),
    );
    const one = await importWith('one', { parseThreads: 1 });
    const pool = await importWith('pool', { parseThreads: 2, parseWorker: FAILING_WORKER });
    expect(storedViews(pool)).toEqual(storedViews(one));
    expect(pool.progress.at(-1)).toEqual({ done: 16, total: 16, running: false, failed: 0 });
    // Once parsing it for the index, once analysing it for the history.
    expect(pool.log.filter((m) => m.includes('spy_crash.csv'))).toEqual([
      expect.stringMatching(
        /^chain folder: parsing spy_crash\.csv in a worker thread failed .*main thread instead$/,
      ),
      expect.stringMatching(
        /^chain history: analysing spy_crash\.csv in a worker thread failed .*main thread instead$/,
      ),
    ]);
  });
});
