// Two watchers on one database. A transaction that reads before it writes used to
// begin DEFERRED, and when the other process committed in between, its write failed at once with
// SQLITE_BUSY_SNAPSHOT (busy_timeout cannot help there): one cycle stored 82 of 84 snapshots. Write
// transactions now begin IMMEDIATE, so the second writer waits its turn and nothing is skipped.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { tempDir } from '../../../support/store-factory.ts';

const writerScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../support/store-writer.mjs',
);

let tmp: ReturnType<typeof tempDir> | undefined;
afterEach(() => tmp?.cleanup());

interface WriterReport {
  committed: number;
  failed: number;
  first: string | null;
}

/** A writer process; `ready` resolves at its "ready" line, `report` at its JSON line. */
function writer(file: string, label: string, count: number) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [writerScript, file, label, String(count)],
    {
      stdio: 'pipe',
    },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = readline.createInterface({ input: child.stdout });
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const report = new Promise<WriterReport>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') onReady();
      else resolve(JSON.parse(line) as WriterReport);
    });
    child.on('exit', (code) => reject(new Error(`writer ${label} exited ${code}: ${stderr}`)));
  });
  return { ready, report, go: () => child.stdin.write('go\n') };
}

describe('two writers on one database file', () => {
  it('two processes, each reading then writing 200 times at once: every transaction commits', async () => {
    tmp = tempDir('gw-two-writers-');
    const file = tmp.file('gammawatch.db');
    openDatabase(file).close(); // created and migrated once, as the first watcher does
    const writers = [writer(file, 'A', 200), writer(file, 'B', 200)];
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.go();
    const reports = await Promise.all(writers.map((w) => w.report));
    for (const r of reports) expect(r, r.first ?? '').toEqual({ committed: 200, failed: 0, first: null });
    const store = openDatabase(file);
    try {
      expect(store.watchlists.list()).toHaveLength(200); // 100 from each
    } finally {
      store.close();
    }
  }, 120_000);

  it('a write that lands between our read and our write: ours still commits (two connections)', () => {
    tmp = tempDir('gw-two-writers-');
    const file = tmp.file('gammawatch.db');
    const ours = openDatabase(file);
    // The other watcher, as a plain connection that gives up at once rather than waiting.
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    let otherError: unknown = null;
    try {
      const created = ours.transaction(() => {
        const before = ours.watchlists.list().length; // our read snapshot starts here
        try {
          other.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('flag:probe', '1', 0)").run();
        } catch (error) {
          otherError = error; // it must wait for us: it cannot slip in under our snapshot
        }
        return ours.watchlists.create(`after ${before}`, ['SPY']);
      });
      expect(created.tickers).toEqual(['SPY']);
      expect((otherError as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      // Once we are done, the other writes as usual.
      other.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('flag:probe', '1', 0)").run();
    } finally {
      other.close();
      ours.close();
    }
  });
});
