// backup:import of a Gammawatch backup whose schema is not the one of its version (indexes
// dropped, a table rebuilt with other columns) or is newer than this build: refused with a
// message naming what differs, before anything is written, so the live database file keeps its
// bytes and the app keeps answering. A backup of an older schema still imports, migrated.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { CURRENT_SCHEMA_VERSION, migrate } from '../../../../src/core/store/migrations/index.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe('backup:import checks the shape of the backup', () => {
  const tmp = tempDataDir('gw-backup-shape-');
  let w: TestWatcher;
  /** A sound backup of the live database, taken once; each case spoils a copy of it. */
  let sound: string;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00') });
    // Straight into the store: a watchlist made over the bridge starts a backfill, which would
    // keep writing while the cases compare the live file's bytes.
    w.app.store.watchlists.create('Live', ['SPY']);
    await w.app.poller.runJob('signals');
    sound = (await w.invoke('backup:create')).path;
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  /** A copy of the sound backup in the backups folder, changed by `spoil`; returns its name. */
  function spoiltBackup(name: string, spoil: (db: Database.Database) => void): string {
    const file = path.join(path.dirname(sound), name);
    fs.copyFileSync(sound, file);
    const db = new Database(file);
    try {
      spoil(db);
    } finally {
      db.close();
    }
    return name;
  }

  /** The live database's bytes (file and WAL), after its WAL was moved into the file. */
  function liveHash(): string {
    const hash = createHash('sha256');
    for (const f of [w.app.store.file, `${w.app.store.file}-wal`])
      if (fs.existsSync(f)) hash.update(fs.readFileSync(f));
    return hash.digest('hex');
  }

  async function spyPrice(): Promise<number | null | undefined> {
    const { rows } = await w.invoke('tickers:latest', { tickers: ['SPY'] });
    return rows[0]?.price;
  }

  it.each([
    [
      'three indexes dropped',
      'dropped-indexes.db',
      (db: Database.Database) =>
        db.exec('DROP INDEX snapshots_identity; DROP INDEX snapshots_asof; DROP INDEX poll_runs_started;'),
      /index snapshots_identity missing/,
    ],
    [
      'a table rebuilt with other columns',
      'rebuilt-table.db',
      (db: Database.Database) => {
        db.pragma('foreign_keys = OFF');
        db.exec(`
          CREATE TABLE watchlists_new (id INTEGER PRIMARY KEY, title TEXT NOT NULL, position INTEGER NOT NULL,
            created_at INTEGER NOT NULL, updated_at TEXT NOT NULL);
          INSERT INTO watchlists_new SELECT id, name, position, created_at, updated_at FROM watchlists;
          DROP TABLE watchlists;
          ALTER TABLE watchlists_new RENAME TO watchlists;`);
      },
      /table watchlists: column name missing/,
    ],
    [
      'a newer schema',
      'newer.db',
      (db: Database.Database) => db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 1}`),
      /newer Gammawatch/,
    ],
  ])(
    'refuses a backup with %s; the live file is unchanged and the app answers',
    async (_n, name, spoil, says) => {
      spoiltBackup(name, spoil);
      const before = await spyPrice();
      expect(before).toEqual(expect.any(Number));
      const lists = await w.invoke('watchlists:list');
      w.app.store.checkpoint();
      const hash = liveHash();
      const backupsBefore = fs.readdirSync(path.dirname(sound)).sort();

      const result = await dispatch(w.handlers, 'backup:import', { name });

      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const message = result.ok ? '' : result.error.message;
      expect(message).toMatch(says);
      expect(message).toMatch(new RegExp(`^${name.replace('.', '\\.')} was not imported: `));
      expect(message).not.toMatch(/SQLITE_|sqlite_master/);
      expect(liveHash()).toBe(hash);
      // No safety backup of a refused import, no scratch copy left behind.
      expect(fs.readdirSync(path.dirname(sound)).sort()).toEqual(backupsBefore);
      expect(fs.readdirSync(tmp.dir).filter((f) => f.includes('.import-'))).toEqual([]);
      expect(await spyPrice()).toBe(before);
      expect(await w.invoke('watchlists:list')).toEqual(lists);
    },
  );

  it('imports a backup of an older schema, migrated to this one', async () => {
    const file = path.join(path.dirname(sound), 'version-5.db');
    const old = new Database(file);
    migrate(old, 5);
    old
      .prepare("INSERT INTO watchlists (name, position, created_at, updated_at) VALUES ('From v5', 0, 0, 0)")
      .run();
    old.close();

    const report = await w.invoke('backup:import', { name: 'version-5.db' });

    expect(report).toMatchObject({ fromVersion: 5, toVersion: CURRENT_SCHEMA_VERSION });
    expect((await w.invoke('watchlists:list')).map((l) => l.name)).toEqual(['From v5']);
    expect((await w.invoke('tickers:latest', { tickers: ['SPY'] })).rows).toHaveLength(1);
  });
});
