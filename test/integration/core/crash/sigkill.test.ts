// Crash safety: a child watcher (`gammawatch watch --once`, a real process on a real SQLite file)
// is killed with SIGKILL while it polls and ingests, ten times over, with market time moving so
// every run has new snapshots and alerts to write. After each kill the database must pass
// integrity_check, still hold every snapshot committed before, and hold no alert event without
// the snapshot that raised it (they commit together) nor any event without its delivery rows.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../../src/core/store/canonical-json.ts';
import { PENDING_CODEC, decodeBody } from '../../../../src/core/store/payload-codec.ts';
import { fastClock } from '../../../../src/service/market/clock.ts';
import type { RunningService } from '../../../../src/service/index.ts';
import { at, startTestService, tempDataDir } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = path.join(repo, 'src/host/gammawatch.mjs');
const KEY = 'crash-test-key-0123456789';
const KILLS = 10;

interface Observed {
  integrity: string;
  snapshots: Map<number, string>;
  orphanEvents: number;
  eventsWithoutDeliveries: number;
  events: number;
  /** Bodies still uncompressed (a run compacts on its way out, unless killed first). */
  pending: number;
  /** Bodies whose bytes no longer hash to their content hash (compacted or not). */
  corruptBodies: number;
}

function observe(file: string): Observed {
  const db = new Database(file);
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join(',');
    const rows = db
      .prepare('SELECT s.id, p.hash FROM snapshots s JOIN payloads p ON p.id = s.payload_id')
      .all() as {
      id: number;
      hash: Buffer;
    }[];
    const snapshots = new Map(rows.map((r) => [r.id, r.hash.toString('hex')]));
    const orphanEvents = db
      .prepare(
        `SELECT COUNT(*) FROM alert_events e WHERE NOT EXISTS
           (SELECT 1 FROM snapshots s WHERE s.ticker = e.ticker AND s.asof = e.asof)`,
      )
      .pluck()
      .get() as number;
    const eventsWithoutDeliveries = db
      .prepare(
        'SELECT COUNT(*) FROM alert_events e WHERE NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.event_id = e.id)',
      )
      .pluck()
      .get() as number;
    const events = db.prepare('SELECT COUNT(*) FROM alert_events').pluck().get() as number;
    const pending = db
      .prepare(`SELECT COUNT(*) FROM payloads WHERE codec = ${PENDING_CODEC}`)
      .pluck()
      .get() as number;
    const bodies = db.prepare('SELECT hash, codec, body FROM payloads').all() as {
      hash: Buffer;
      codec: number;
      body: Buffer;
    }[];
    const corruptBodies = bodies.filter((b) => !sha256(decodeBody(b.codec, b.body)).equals(b.hash)).length;
    return { integrity, snapshots, orphanEvents, eventsWithoutDeliveries, events, pending, corruptBodies };
  } finally {
    db.close();
  }
}

function snapshotCount(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM snapshots').pluck().get() as number;
  } finally {
    db.close();
  }
}

/**
 * Runs a child watcher. With `killAfterWrite`, it is killed `killAfterWrite` ms after its first
 * commit is seen in the database (so later commits of the same run are in flight), or after 20 s.
 */
function runChild(
  args: string[],
  kill: { file: string; afterWriteMs: number } | null,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'watch', ...args], {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timers: NodeJS.Timeout[] = [];
    if (kill) {
      const start = snapshotCount(kill.file);
      const watch = setInterval(() => {
        if (snapshotCount(kill.file) === start) return;
        clearInterval(watch);
        timers.push(setTimeout(() => child.kill('SIGKILL'), kill.afterWriteMs));
      }, 15);
      timers.push(
        watch,
        setTimeout(() => child.kill('SIGKILL'), 20_000),
      );
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const t of timers) clearTimeout(t);
      resolve({ code, signal, stderr });
    });
  });
}

describe('crash safety under SIGKILL', () => {
  const tmp = tempDataDir('gw-crash-');
  const dbFile = path.join(tmp.dir, 'watch.db');
  let service: RunningService;

  beforeAll(async () => {
    // 100×: a 5-minute snapshot interval passes every 3 s, so each run meets new snapshots, and the
    // session (from 09:35) lasts the whole test.
    const clock = fastClock({ start: at('2025-03-04', '09:35'), speed: 100 });
    service = await startTestService({ clock, seed: 5, apiKey: KEY, dataDir: path.join(tmp.dir, 'service') });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    tmp.cleanup();
  });

  it('loses no committed snapshot and writes no half alert, kill after kill', async () => {
    const args = [
      '--base-url',
      service.baseUrl,
      '--api-key',
      KEY,
      '--db',
      dbFile,
      '--tickers',
      'SPY,QQQ,AAPL,TSLA,NVDA,AMD,MSFT,IWM',
      '--once',
    ];
    // Warm-up run, not killed: creates the database and the first snapshots.
    const first = await runChild([...args, '--jobs', 'signals'], null);
    expect(first.code, first.stderr).toBe(0);
    let previous = observe(dbFile);
    expect(previous.snapshots.size).toBeGreaterThan(0);

    let killed = 0;
    let killedAfterWriting = 0;
    let seed = 12345;
    for (let i = 0; i < KILLS; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const run = await runChild(args, { file: dbFile, afterWriteMs: seed % 120 });
      if (run.signal === 'SIGKILL') killed++;
      const now = observe(dbFile);
      // Killed with some of the run committed and the rest in flight: the case that matters.
      if (run.signal === 'SIGKILL' && now.snapshots.size > previous.snapshots.size) killedAfterWriting++;
      expect(now.integrity).toBe('ok');
      for (const [id, hash] of previous.snapshots) expect(now.snapshots.get(id), `snapshot ${id}`).toBe(hash);
      expect(now.orphanEvents).toBe(0);
      expect(now.eventsWithoutDeliveries).toBe(0);
      expect(now.corruptBodies).toBe(0);
      expect(now.events).toBeGreaterThanOrEqual(previous.events);
      previous = now;
    }
    expect(killed).toBeGreaterThanOrEqual(KILLS / 2);
    expect(killedAfterWriting).toBeGreaterThanOrEqual(3);

    // And a run allowed to finish completes normally on the crashed-into database.
    const last = await runChild([...args, '--json'], null);
    expect(last.code, last.stderr).toBe(0);
    const final = observe(dbFile);
    expect(final.integrity).toBe('ok');
    expect(final.snapshots.size).toBeGreaterThan(previous.snapshots.size);
    for (const [id, hash] of previous.snapshots) expect(final.snapshots.get(id), `snapshot ${id}`).toBe(hash);
    // It compacted on its way out, the bodies earlier runs left pending when killed included.
    expect(final.pending).toBe(0);
    expect(final.corruptBodies).toBe(0);
  }, 300_000);
});
