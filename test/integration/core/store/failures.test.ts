// A full disk, a read-only file, a damaged file: a typed StoreError, never a crash, never a
// half-written transaction.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { StoreError, guarded, type StoreErrorKind } from '../../../../src/core/store/errors.ts';
import { migrate } from '../../../../src/core/store/migrations/index.ts';
import { Codec } from '../../../../src/core/store/payload-codec.ts';
import { createSnapshotRepository } from '../../../../src/core/store/repositories/snapshots.ts';
import { sourceScope } from '../../../../src/core/store/source-scope.ts';
import { snapshotInput, tempDir } from '../../../support/store-factory.ts';

let tmp: ReturnType<typeof tempDir> | undefined;
afterEach(() => {
  tmp?.cleanup();
  tmp = undefined;
});

function failure(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw new Error(`expected a StoreError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a failure');
}

function expectKind(fn: () => unknown, kind: StoreErrorKind): StoreError {
  const error = failure(fn);
  expect(error.kind).toBe(kind);
  return error;
}

describe('a full disk', () => {
  it('fails the batch with disk_full and leaves none of it behind', () => {
    tmp = tempDir();
    const db = new Database(tmp.file('small.db'));
    db.pragma('journal_mode = WAL');
    migrate(db);
    // SQLite reports SQLITE_FULL when the file would pass max_page_count, exactly as when the
    // device is full; raw bodies make each snapshot take real space.
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 12}`);
    const snapshots = guarded('snapshots', createSnapshotRepository(db, Date.now, sourceScope(), Codec.raw));
    snapshots.ingest([snapshotInput(1)]);
    const batch = Array.from({ length: 200 }, (_, i) => snapshotInput(100 + i));
    const error = expectKind(() => snapshots.ingest(batch), 'disk_full');
    expect(error.message).toMatch(/disk is full/);
    expect(snapshots.count().snapshots).toBe(1);
    expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    // And the store keeps working once there is room again.
    db.pragma(`max_page_count = ${pages + 10_000}`);
    expect(snapshots.ingest(batch).every((r) => r.isNew)).toBe(true);
    db.close();
  });
});

describe('read-only', () => {
  it('a store opened read-only reads, and refuses writes with read_only', () => {
    tmp = tempDir();
    const file = tmp.file('ro.db');
    const writer = openDatabase(file);
    writer.snapshots.ingest([snapshotInput(1)]);
    writer.close();

    const reader = openDatabase(file, { readonly: true });
    expect(reader.snapshots.count().snapshots).toBe(1);
    expectKind(() => reader.snapshots.ingest([snapshotInput(2)]), 'read_only');
    expectKind(() => reader.watchlists.create('Nope'), 'read_only');
    expectKind(() => reader.settings.updateSettings({ theme: 'dark' }), 'read_only');
    expect(reader.snapshots.count().snapshots).toBe(1);
    reader.close();
  });

  it('a read-only open of a missing file fails with cannot_open', () => {
    tmp = tempDir();
    expectKind(() => openDatabase(tmp!.file('missing.db'), { readonly: true }), 'cannot_open');
  });

  it('a read-only open of an older schema says it cannot upgrade', () => {
    tmp = tempDir();
    const db = new Database(tmp.file('old.db'));
    migrate(db, 1);
    db.close();
    const error = expectKind(() => openDatabase(tmp!.file('old.db'), { readonly: true }), 'read_only');
    expect(error.message).toMatch(/needs upgrading/);
  });

  it.skipIf(process.getuid?.() === 0)('a file without write permission fails to open with read_only', () => {
    tmp = tempDir();
    const file = tmp.file('locked.db');
    openDatabase(file).close();
    fs.chmodSync(file, 0o444);
    expectKind(() => openDatabase(file), 'read_only');
  });
});

describe('damaged and foreign files', () => {
  it('a file that is not SQLite fails with corrupt', () => {
    tmp = tempDir();
    fs.writeFileSync(tmp.file('junk.db'), 'this is not a database, just text. '.repeat(200));
    const error = expectKind(() => openDatabase(tmp!.file('junk.db')), 'corrupt');
    expect(error.message).toMatch(/not a SQLite database/);
  });

  it('a truncated database fails with corrupt on use, and the process carries on', () => {
    tmp = tempDir();
    const file = tmp.file('cut.db');
    const store = openDatabase(file);
    store.snapshots.ingest(Array.from({ length: 300 }, (_, i) => snapshotInput(i)));
    store.close();
    const size = fs.statSync(file).size;
    fs.truncateSync(file, Math.floor(size / 3));
    let error: StoreError | undefined;
    try {
      const damaged = openDatabase(file);
      try {
        for (const snapshot of damaged.snapshots.iterate({})) expect(snapshot.id).toBeGreaterThan(0);
        damaged.snapshots.count();
      } finally {
        damaged.close();
      }
    } catch (e) {
      error = e as StoreError;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect(error?.kind).toBe('corrupt');
  });

  it('a SQLite database of another program fails with not_gammawatch and is left alone', () => {
    tmp = tempDir();
    const file = tmp.file('other.db');
    const db = new Database(file);
    db.exec('CREATE TABLE contacts (name TEXT)');
    db.close();
    const before = fs.readFileSync(file);
    expectKind(() => openDatabase(file), 'not_gammawatch');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('a folder that does not exist fails with cannot_open', () => {
    tmp = tempDir();
    expectKind(() => openDatabase(tmp!.file('no/such/folder/g.db')), 'cannot_open');
  });

  it('an empty path is invalid input', () => {
    expectKind(() => openDatabase(''), 'invalid_input');
  });
});

describe('a closed store', () => {
  it('fails with closed, and close() twice is harmless', () => {
    const store = openDatabase(':memory:');
    store.close();
    store.close();
    expect(store.isOpen).toBe(false);
    expectKind(() => store.snapshots.count(), 'closed');
    expectKind(() => store.transaction(() => 1), 'closed');
  });
});

describe('busy', () => {
  it('a write blocked by another connection past the busy timeout fails with busy', () => {
    tmp = tempDir();
    const file = tmp.file('busy.db');
    const store = openDatabase(file, { busyTimeoutMs: 50 });
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      expectKind(() => store.snapshots.ingest([snapshotInput(1)]), 'busy');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(store.snapshots.ingest([snapshotInput(1)])[0]?.isNew).toBe(true);
    store.close();
  });
});
