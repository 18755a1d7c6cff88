// Watched tickers a chain folder has no files for: over a real app (real SQLite file, the local
// service over real HTTP), a market-structure run asks once per missing ticker, not once per view
// with the endpoint backing off after each 404 (50 requests and 8 minutes for one run), and the
// poll status says which tickers the folder lacks instead of reading "Error".
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../src/client/index.ts';
import { storedViewsOf } from '../../../../src/shared/stored-views.ts';
import { chainFileText } from '../../../support/cboe-chain-file.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const MISSING = ['AAPL', 'IWM', 'QQQ'];

describe('a chain folder lacking watched tickers', () => {
  const tmp = tempDataDir('gw-folder-absent-');
  const chainsDir = path.join(tmp.dir, 'chains');
  /** Paths asked of the local service, over real HTTP. */
  const asked: string[] = [];
  const counting: FetchLike = (input, init) => {
    asked.push(new URL(input).pathname);
    return fetch(input, init);
  };
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    const text = chainFileText({
      ticker: 'SPY',
      date: '2025-09-10',
      spot: 650,
      seed: 1,
      expirations: 4,
      strikes: 40,
    });
    fs.writeFileSync(path.join(chainsDir, 'spy_quotedata_2025-09-10.csv'), text);
    // Watched on the simulator, as a trader's lists are, then the folder becomes the source.
    w = await startWatcher({
      dataDir: tmp.dir,
      // Backoff as the app has it: a run that backed off per 404 would take far longer than this test.
      poller: { jitterMs: 0, seriesWindow: '10d' },
      client: { fetch: counting },
    });
    await w.invoke('watchlists:create', { name: 'Core', tickers: ['SPY', ...MISSING] });
    await w.invoke('settings:update', { dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' } });
    await w.app.historySettled();
    await w.app.poller.queue.onIdle();
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it('asks once per missing ticker in a market-structure run, quickly, without an error', async () => {
    asked.length = 0;
    const started = performance.now();
    const run = await w.app.poller.runJob('market_structure');
    const views = storedViewsOf('market_structure').length;
    expect(views).toBeGreaterThan(1);

    for (const ticker of MISSING) expect(asked.filter((p) => p.includes(`/${ticker}`))).toHaveLength(1);
    expect(asked.filter((p) => p.includes('/SPY'))).toHaveLength(views);
    expect(run).toMatchObject({
      errors: 0,
      requests: views + MISSING.length,
      absent: expect.arrayContaining(MISSING),
    });
    expect(run.notes[0]).toBe('3 watched tickers have no files in the folder: AAPL, IWM, QQQ');
    // No endpoint backoff after the 404s: the run is a matter of milliseconds, not minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(w.app.poller.queue.stats().backoff).toEqual({});
  }, 30_000);

  it('the poll status does not read "Error"; the Settings panel says what the folder lacks', async () => {
    const status = await w.invoke('poll:status');
    expect(status.state).not.toBe('error');
    expect(status.lastError).toBeNull();
    const job = status.jobs.find((j) => j.job === 'market_structure');
    expect(job?.lastRun).toMatchObject({
      errors: 0,
      note: '3 watched tickers have no files in the folder: AAPL, IWM, QQQ',
    });
    // The watchlist's rows still say the symbol is unknown to this source.
    const rows = (await w.invoke('tickers:latest', { tickers: ['SPY', 'QQQ'] })).rows;
    expect(rows.map((r) => [r.ticker, r.status])).toEqual([
      ['SPY', 'ok'],
      ['QQQ', 'unknown_ticker'],
    ]);
  }, 30_000);
});
