import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importBackup, inspectBackup } from '../../../../src/core/store/backup.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { DatabaseTooNewError, StoreError } from '../../../../src/core/store/errors.ts';
import { CURRENT_SCHEMA_VERSION, migrate } from '../../../../src/core/store/migrations/index.ts';
import { snapshotInput, tempDir } from '../../../support/store-factory.ts';

let tmp: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(() => {
  tmp = tempDir();
  store = openDatabase(tmp.file('live.db'));
  store.snapshots.ingest(Array.from({ length: 400 }, (_, i) => snapshotInput(i)));
  store.watchlists.create('Core', ['AAPL', 'MSFT']);
});
afterEach(() => {
  if (store.isOpen) store.close();
  tmp.cleanup();
});

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function rejection(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw new Error(`expected a StoreError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection');
}

/** The asof minute indexes of the snapshots in a database file. */
function minutesIn(file: string): number[] {
  const s = openDatabase(file, { readonly: true });
  try {
    const base = Date.UTC(2025, 0, 2, 15);
    return [...s.snapshots.iterate({ order: 'asc' })].map((x) => (x.asof - base) / 60_000);
  } finally {
    s.close();
  }
}

describe('backup', () => {
  it('makes a complete, self-contained copy', async () => {
    const report = await store.backup(tmp.file('copy.db'));
    expect(report.bytes).toBe(fs.statSync(tmp.file('copy.db')).size);
    expect(fs.existsSync(tmp.file('copy.db-wal'))).toBe(false);
    expect(inspectBackup(tmp.file('copy.db'))).toMatchObject({
      schemaVersion: CURRENT_SCHEMA_VERSION,
      snapshots: 400,
    });
    expect(fs.readdirSync(tmp.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('is consistent while another connection keeps writing', async () => {
    // Several steps' worth of pages, so the writer's commits land between steps.
    store.snapshots.ingest(Array.from({ length: 1200 }, (_, i) => snapshotInput(400 + i)));
    const writer = openDatabase(tmp.file('live.db'));
    let next = 1600;
    let finished = false;
    const backup = store.backup(tmp.file('copy.db')).finally(() => {
      finished = true;
    });
    while (!finished) {
      writer.snapshots.ingest([snapshotInput(next++)]);
      await turn();
    }
    const report = await backup;
    writer.close();
    expect(next).toBeGreaterThan(1601); // the writer really ran during the backup
    const minutes = minutesIn(tmp.file('copy.db'));
    // A consistent copy is a prefix of what was written: all 1600, then an unbroken run.
    expect(minutes).toEqual(Array.from({ length: minutes.length }, (_, i) => i));
    expect(minutes.length).toBeGreaterThanOrEqual(1600);
    expect(minutes.length).toBeLessThanOrEqual(next);
    // The other connection's writes made SQLite restart the copy, and it still finished.
    expect(report.restarts).toBeGreaterThanOrEqual(1);
  });

  it('is consistent while the same connection keeps writing', async () => {
    let next = 400;
    let finished = false;
    const backup = store.backup(tmp.file('copy.db')).finally(() => {
      finished = true;
    });
    while (!finished) {
      store.snapshots.ingest([snapshotInput(next++)]);
      await turn();
    }
    await backup;
    const minutes = minutesIn(tmp.file('copy.db'));
    expect(minutes).toEqual(Array.from({ length: minutes.length }, (_, i) => i));
  });

  it('refuses to overwrite the live database', async () => {
    expect((await rejection(store.backup(tmp.file('live.db')))).kind).toBe('invalid_input');
  });

  it('into a missing folder fails with cannot_open and leaves nothing', async () => {
    expect((await rejection(store.backup(tmp.file('nope/copy.db')))).kind).toBe('cannot_open');
  });
});

describe('import', () => {
  it('replaces the database with a backup, keeping the replaced one', async () => {
    await store.backup(tmp.file('copy.db'));
    store.watchlists.create('Made after the backup');
    store.close();

    const report = await importBackup(tmp.file('copy.db'), tmp.file('live.db'), {
      now: () => Date.UTC(2025, 0, 3),
    });
    expect(report).toMatchObject({
      fromVersion: CURRENT_SCHEMA_VERSION,
      toVersion: CURRENT_SCHEMA_VERSION,
      applied: [],
    });
    expect(report.previous).toMatch(/live\.db\.before-import-2025-01-03T00-00-00-000Z$/);

    store = openDatabase(tmp.file('live.db'));
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['Core']);
    expect(store.snapshots.count().snapshots).toBe(400);
    const kept = openDatabase(report.previous as string, { readonly: true });
    expect(kept.watchlists.list().map((w) => w.name)).toEqual(['Core', 'Made after the backup']);
    kept.close();
    expect(fs.readdirSync(tmp.dir).filter((f) => /\.import-\d+-/.test(f))).toEqual([]);
  });

  it('migrates a backup from an older schema forward', async () => {
    const old = new Database(tmp.file('old.db'));
    migrate(old, 1);
    old
      .prepare("INSERT INTO watchlists (name, position, created_at, updated_at) VALUES ('From v1', 0, 0, 0)")
      .run();
    old.close();
    store.close();

    const report = await importBackup(tmp.file('old.db'), tmp.file('live.db'));
    expect(report.fromVersion).toBe(1);
    expect(report.toVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(report.applied).toHaveLength(CURRENT_SCHEMA_VERSION - 1);
    store = openDatabase(tmp.file('live.db'));
    expect(store.migration.applied).toEqual([]);
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['From v1']);
    // The backup itself is untouched.
    expect(inspectBackup(tmp.file('old.db')).schemaVersion).toBe(1);
  });

  it('into a place with no database yet', async () => {
    await store.backup(tmp.file('copy.db'));
    const report = await importBackup(tmp.file('copy.db'), tmp.file('fresh.db'));
    expect(report.previous).toBeNull();
    expect(inspectBackup(tmp.file('fresh.db')).snapshots).toBe(400);
  });

  it('refuses while the target is still open, changing nothing', async () => {
    await store.backup(tmp.file('copy.db'));
    store.watchlists.create('Still here');
    const error = await rejection(importBackup(tmp.file('copy.db'), tmp.file('live.db')));
    expect(error.kind).toBe('busy');
    expect(store.watchlists.list().map((w) => w.name)).toContain('Still here');
    expect(
      fs.readdirSync(tmp.dir).filter((f) => f.includes('import-') || f.includes('before-import')),
    ).toEqual([]);
  });

  it.each([
    [
      'a database from a newer Gammawatch',
      (file: string) => {
        const db = new Database(file);
        migrate(db);
        db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 1}`);
        db.close();
      },
      'too_new',
      /written by a newer Gammawatch/,
    ],
    [
      "another program's database",
      (file: string) => {
        const db = new Database(file);
        db.exec('CREATE TABLE x (y)');
        db.close();
      },
      'not_gammawatch',
      /is not a Gammawatch database/,
    ],
    [
      'a file that is not a database',
      (file: string) => fs.writeFileSync(file, 'PK\u0003\u0004 a zip, maybe'.repeat(100)),
      'corrupt',
      /not a SQLite database/,
    ],
    [
      'a Gammawatch file missing a table',
      (file: string) => {
        const db = new Database(file);
        migrate(db);
        db.exec('DROP TABLE poll_runs');
        db.close();
      },
      'corrupt',
      /schema \d+: table poll_runs missing$/,
    ],
    [
      'a Gammawatch file with three indexes dropped',
      (file: string) => {
        fs.copyFileSync(tmp.file('live.db'), file);
        const db = new Database(file);
        db.exec('DROP INDEX snapshots_identity; DROP INDEX snapshots_asof; DROP INDEX alert_events_unread');
        db.close();
      },
      'corrupt',
      /: index alert_events_unread missing; index snapshots_identity missing; index snapshots_asof missing$/,
    ],
    [
      'a Gammawatch file whose snapshots table was rebuilt with other columns',
      (file: string) => {
        fs.copyFileSync(tmp.file('live.db'), file);
        const db = new Database(file);
        db.pragma('foreign_keys = OFF');
        db.exec(`CREATE TABLE s2 (id INTEGER PRIMARY KEY, endpoint TEXT, ticker TEXT, at TEXT, payload_id INTEGER);
                 INSERT INTO s2 SELECT id, endpoint, ticker, asof, payload_id FROM snapshots;
                 DROP TABLE snapshots; ALTER TABLE s2 RENAME TO snapshots;`);
        db.close();
      },
      'corrupt',
      /: table snapshots: column endpoint is TEXT, expected TEXT NOT NULL; .*column asof missing;.* and \d+ more$/,
    ],
    ['a missing file', () => undefined, 'cannot_open', /does not exist/],
  ])('refuses %s and leaves the live database alone', async (_name, make, kind, says) => {
    store.close(); // first: a case may start from a copy of the live file, WAL checkpointed
    make(tmp.file('bad.db'));
    const before = fs.readFileSync(tmp.file('live.db'));
    const error = await rejection(importBackup(tmp.file('bad.db'), tmp.file('live.db')));
    expect(error.kind).toBe(kind);
    if (kind === 'too_new') expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect(error.message).toMatch(says);
    expect(fs.readFileSync(tmp.file('live.db')).equals(before)).toBe(true);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.includes('import'))).toEqual([]);
  });

  it('refuses to import a file onto itself', async () => {
    store.close();
    expect((await rejection(importBackup(tmp.file('live.db'), tmp.file('live.db')))).kind).toBe(
      'invalid_input',
    );
  });
});
