// `watch --once` used to exit 0 when the database refused its writes (a full disk: 0 stored, 427
// errors; a damaged database: 63 "database file is damaged" errors). Now it exits 1 and says why on
// stderr. The damaged database is a real file with garbage over a page that only writes reach, run
// through the real command in a child process; the full disk is the same command in-process with
// every write refused as SQLite refuses it on a full disk.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../../../src/core/app/create-app.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { runWatch } from '../../../../src/host/commands/watch.ts';
import { tempDataDir } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function watch(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repo, 'src/host/gammawatch.mjs'), 'watch', ...args],
      { cwd: repo, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const ONCE = ['--once', '--json', '--clock', 'frozen', '--market-time', '2025-03-10T15:00:00Z'];

let tmp: ReturnType<typeof tempDataDir> | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  tmp?.cleanup();
});

/**
 * Damage that reads do not see and writes do: a table's worth of pages is freed (onto SQLite's
 * freelist), then the freelist's first page is overwritten with garbage. Opening, reading the
 * settings and watchlists work; every write that needs a new page meets the damaged one.
 */
function damageFreelist(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE filler (b BLOB)');
  const insert = db.prepare('INSERT INTO filler VALUES (?)');
  for (let i = 0; i < 200; i++) insert.run(Buffer.alloc(8192, i));
  db.exec('DROP TABLE filler');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = fs.openSync(file, 'r+');
  try {
    const header = Buffer.alloc(100);
    fs.readSync(fd, header, 0, 100, 0);
    const trunk = header.readUInt32BE(32); // the first freelist trunk page
    expect(trunk).toBeGreaterThan(1);
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (trunk - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}

describe('watch --once when the database refuses writes', () => {
  it('a damaged database: exit 1, and stderr says the file is damaged', async () => {
    tmp = tempDataDir('gw-watch-damaged-');
    const file = path.join(tmp.dir, 'gammawatch.db');
    const store = openDatabase(file);
    // Enough responses that writes need new pages (a few fit in the pages the file already has).
    store.watchlists.create('Command line', ['SPY', 'QQQ', 'AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'IWM']);
    store.close(); // the last connection: the WAL is folded into the file
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    damageFreelist(file);

    const run = await watch(['--db', file, ...ONCE, '--jobs', 'signals,market_structure']);
    const summary = JSON.parse(run.stdout) as {
      requests: number;
      snapshots_new: number;
      store_errors: number;
    };
    expect(summary.requests).toBeGreaterThan(0);
    expect(summary.store_errors).toBeGreaterThan(0);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /the database refused \d+ writes \(\d+ new snapshots stored\): storing.*damaged/,
    );
  }, 180_000);

  it('a full disk (one snapshot stored, the rest refused): exit 1 with the reason', async () => {
    tmp = tempDataDir('gw-watch-full-');
    const fullDisk = async (options: Parameters<typeof createApp>[0]): Promise<App> => {
      const app = await createApp(options);
      // As SQLite answers on a nearly full disk: the batch fails, one snapshot still fits, then
      // every write fails; reads still work.
      const original = app.store.transaction.bind(app.store);
      let calls = 0;
      app.store.transaction = <T>(fn: () => T): T => {
        calls++;
        if (calls === 2) return original(fn);
        throw new StoreError(
          'disk_full',
          'transaction: the disk is full (SQLITE_FULL: database or disk is full)',
        );
      };
      return app;
    };
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const code = await runWatch(
      ['--data-dir', tmp.dir, '--tickers', 'SPY,AAPL,QQQ,MSFT', ...ONCE, '--jobs', 'signals'],
      process,
      fullDisk,
    );
    const printed = stdout.mock.calls.map((c) => String(c[0])).join('');
    const said = stderr.mock.calls.map((c) => String(c[0])).join('');
    stdout.mockRestore();
    stderr.mockRestore();
    const summary = JSON.parse(printed) as { requests: number; snapshots_new: number; store_errors: number };
    // Before: 3 errors of 4 requests read as a partial success, exit 0.
    expect(summary).toMatchObject({ requests: 4, snapshots_new: 1, store_errors: 3 });
    expect(code).toBe(1);
    expect(said).toMatch(/the database refused \d+ writes \(1 new snapshots stored\): storing.*disk is full/);
  }, 120_000);
});
