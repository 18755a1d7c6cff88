// Payload compaction as the watcher runs it, over real HTTP against the local service and a real
// SQLite file: ingest stores bodies uncompressed, and after a poll cycle plus idle time none is
// left pending; every body reads back as it was stored; a backup holds no pending body.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { realTimers } from '../../../../src/core/lib/timers.ts';
import { CompactionSchedule } from '../../../../src/core/store/compaction-schedule.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { PENDING_CODEC } from '../../../../src/core/store/payload-codec.ts';
import { marketStructurePayload } from '../../../support/store-factory.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const TICKERS = ['SPY', 'QQQ', 'IWM', 'AAPL', 'NVDA', 'TSLA', 'AMD', 'MSFT'];

function codecs(file: string): Map<number, number> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT codec, COUNT(*) AS n FROM payloads GROUP BY codec').all() as {
      codec: number;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.codec, r.n]));
  } finally {
    db.close();
  }
}

describe('the watcher compacts what it ingests', () => {
  const tmp = tempDataDir('gw-compaction-');
  let w: TestWatcher;
  /** Resolves at the next compaction slice that finds nothing left. */
  let drained: Promise<void> = Promise.resolve();
  let onDrained: (() => void) | null = null;
  const slices: { rows: number; remaining: boolean }[] = [];
  const nextDrain = (): Promise<void> => (drained = new Promise((resolve) => (onDrained = resolve)));

  beforeAll(async () => {
    w = await startWatcher({
      dataDir: tmp.dir,
      start: at('2025-03-10', '11:00'),
      // Small slices, so that a cycle leaves work for idle time (a real cycle's slice takes it all).
      poller: {
        jitterMs: 0,
        backfillWindow: '30d',
        seriesWindow: '10d',
        compaction: { sliceRows: 3, idleMs: 5 },
        onCompacted: (r) => {
          slices.push(r);
          if (!r.remaining) onDrained?.();
        },
      },
    });
    w.app.store.watchlists.create('Main', TICKERS);
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('leaves no pending body after a cycle and idle time, and reads give the same data', async () => {
    void nextDrain();
    const runs = await w.app.poller.runAll({ jobs: ['signals', 'market_structure'] });
    expect(runs.map((r) => r.errors)).toEqual([0, 0]);
    const stored = runs.reduce((n, r) => n + r.snapshotsNew, 0);
    // signals: one per ticker; market_structure: five views per ticker.
    expect(stored).toBe(6 * TICKERS.length);
    // Each run's slice took 3 bodies; the rest waited for idle slices.
    expect(slices).toEqual([
      { rows: 3, remaining: true },
      { rows: 3, remaining: true },
    ]);
    expect(w.app.store.stats().pendingPayloads).toBeGreaterThan(0);
    await drained;
    expect(w.app.store.stats().pendingPayloads).toBe(0);
    const inFile = codecs(w.app.store.file);
    expect(inFile.get(PENDING_CODEC)).toBeUndefined();
    // The market-structure bodies are large enough to be compressed, not left raw.
    expect([...inFile.keys()].some((c) => c !== 0)).toBe(true);
    for (const ticker of TICKERS) {
      const snap = w.app.store.snapshots.latest({ endpoint: 'market_structure', ticker });
      const fresh = await w.app.client.marketStructure(ticker, {}, { force: true });
      expect(snap?.data, ticker).toEqual(fresh.body.data);
    }
  });

  it('a backup holds no pending body, even taken before idle time came', async () => {
    w.clock.set(at('2025-03-10', '11:30'));
    const file = path.join(tmp.dir, 'backup.db');
    void nextDrain();
    // No await between the run's end and the backup: only the run's own slice has run.
    const [run] = await w.app.poller.refreshNow('market_structure');
    expect(run?.snapshotsNew).toBe(5 * TICKERS.length);
    expect(w.app.store.stats().pendingPayloads).toBeGreaterThan(0);
    await w.app.store.backup(file);
    expect(codecs(file).get(PENDING_CODEC)).toBeUndefined();
    await drained;
  });
});

describe('a crash with bodies still pending', () => {
  it('loses nothing: the bodies read back, and the next start compacts them', async () => {
    const tmp = tempDataDir('gw-compaction-crash-');
    try {
      const file = path.join(tmp.dir, 'crash.db');
      // A child process ingests 40 snapshots (committed, bodies pending) and is SIGKILLed before
      // any compaction could run.
      const script = `
        import { openDatabase } from ${JSON.stringify(path.join(repo, 'src/core/store/database.ts'))};
        import { marketStructurePayload } from ${JSON.stringify(path.join(repo, 'test/support/store-factory.ts'))};
        const store = openDatabase(${JSON.stringify(file)});
        store.snapshots.ingest(Array.from({ length: 40 }, (_, i) => ({
          endpoint: 'market_structure', ticker: 'SPY', asof: 1741600000000 + i * 60000,
          data: marketStructurePayload(i + 1, 'SPY'),
        })));
        process.kill(process.pid, 'SIGKILL');
      `;
      const signal = await new Promise<string | null>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: repo,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child.on('error', reject);
        child.on('exit', (_code, sig) => resolve(sig));
      });
      expect(signal).toBe('SIGKILL');
      expect(codecs(file).get(PENDING_CODEC)).toBe(40);

      const store = openDatabase<AlertRuleBody>(file, { ruleSchema: alertRuleBodySchema });
      try {
        const read = () =>
          [...store.snapshots.iterate({ endpoint: 'market_structure', ticker: 'SPY', order: 'asc' })].map(
            (snap) => snap.data,
          );
        const expected = Array.from({ length: 40 }, (_, i) => marketStructurePayload(i + 1, 'SPY'));
        expect(read()).toEqual(expected);
        // The next watcher start finishes them in idle time.
        let drained!: () => void;
        const done = new Promise<void>((resolve) => (drained = resolve));
        const schedule = new CompactionSchedule({
          store,
          timers: realTimers,
          compaction: { sliceRows: 16, idleMs: 1 },
          busy: () => false,
          onCompacted: (r) => {
            if (!r.remaining) drained();
          },
        });
        schedule.start();
        await done;
        schedule.finish();
        expect(store.stats().pendingPayloads).toBe(0);
        expect(read()).toEqual(expected);
      } finally {
        store.close();
      }
    } finally {
      tmp.cleanup();
    }
  }, 60_000);
});
