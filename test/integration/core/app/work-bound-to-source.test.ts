// Work outlives no source: a backtest filling history from the simulator when the data source
// switches to a chain folder stops, says so, and leaves no simulated row in the folder's history;
// an export reads the source it started on from its first row to its last; a store bound to a
// source keeps reading and writing it after the app serves another.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestResult } from '../../../../src/shared/bridge/backtest.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSLA_CSV = path.resolve(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');

describe('work bound to the source it started on', () => {
  const tmp = tempDataDir('gw-bound-');
  const chainsDir = path.join(tmp.dir, 'chains');
  let w: TestWatcher;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    fs.copyFileSync(TSLA_CSV, path.join(chainsDir, 'tsla_quotedata.csv'));
    w = await startWatcher({ dataDir: tmp.dir });
    await w.invoke('watchlists:create', { name: 'Real', tickers: ['TSLA'] });
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it('an export reads the source it started on, whatever the app serves meanwhile', async () => {
    await w.app.runOnce();
    const simulator = w.app.store.source;
    const stored = w.app.store.snapshots.range({ ticker: 'TSLA' }).length;
    expect(stored).toBeGreaterThan(0);
    // The moment a switch takes over (ActiveSource adopts the new source), mid-export: the first
    // progress event comes after the export's first page, before its last.
    let switched = false;
    const off = w.app.events.subscribe((m) => {
      if (m.event !== 'export:progress' || switched) return;
      switched = true;
      w.app.store.useSource('chains:elsewhere');
    });
    try {
      const out = await w.invoke('export:snapshots', { format: 'json', ticker: 'TSLA' });
      expect(switched).toBe(true);
      const body = JSON.parse('content' in out ? out.content : '{}') as { snapshots?: unknown[] };
      expect(body.snapshots).toHaveLength(stored);
    } finally {
      off();
      w.app.store.useSource(simulator);
    }
  });

  it('a backtest whose backfill runs when the source switches stops and writes nothing into the new one', async () => {
    const folderTimes = new Set<number>();
    const state: { switching: Promise<unknown> | null } = { switching: null };
    const off = w.app.events.subscribe((m) => {
      // The switch starts while the backtest fills its history from the simulator.
      if (m.event === 'backtest:progress' && m.payload.phase === 'history' && state.switching === null)
        state.switching = w.invoke('settings:update', {
          dataSource: { kind: 'chains', dir: chainsDir, clock: 'data' },
        });
    });
    let result: BacktestResult;
    try {
      result = await w.invoke('backtest:run', {
        runId: 'switched',
        rule: {
          name: 'TSLA crosses the flip',
          condition: { kind: 'level_cross', level: 'gamma_flip', direction: 'any' },
          scope: { kind: 'ticker', ticker: 'TSLA' },
          cooldownMinutes: 0,
        },
        window: '2y',
      });
      await state.switching;
    } finally {
      off();
    }
    expect(state.switching).not.toBeNull();
    expect(w.app.source.kind).toBe('chains');
    expect(result.cancelled).toBe(true);
    expect(result.stopReason).toMatch(/data source changed from Local simulator/);

    await w.app.historySettled();
    // The folder's history holds its one file's instant, and nothing of the simulator.
    for (const s of w.app.store.snapshots.range({ ticker: 'TSLA' })) folderTimes.add(s.asof);
    expect(folderTimes.size).toBe(1);
    const backfilled = w.app.store.snapshots
      .range({ ticker: 'TSLA', endpoint: 'signals' })
      .map((s) => w.app.store.snapshots.byId(s.id)?.meta);
    expect(JSON.stringify(backfilled)).not.toContain('"backtest"');
  }, 120_000);

  it('a store bound to a source keeps to it after the app serves another', () => {
    const folder = w.app.store.source;
    const simulator = w.app.store.forSource('simulator:7:custom');
    expect(simulator.source).toBe('simulator:7:custom');
    expect(simulator.snapshots.range({ ticker: 'TSLA' }).length).toBeGreaterThan(1);
    expect(w.app.store.snapshots.range({ ticker: 'TSLA' }).length).toBeLessThan(
      simulator.snapshots.range({ ticker: 'TSLA' }).length,
    );
    expect(() => simulator.useSource(folder)).toThrow(/bound to the source/);
    expect(w.app.store.forSource('simulator:7:custom')).toBe(simulator);
  });
});
