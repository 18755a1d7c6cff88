// backup:import from the running app: the database the store has open is replaced by a checked,
// migrated copy of the backup, and the store reads the imported content at once. A foreign file,
// a newer schema or a file carrying its own triggers is refused and changes nothing.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreIntoOpenDatabase } from '../../../../src/core/store/backup.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { CURRENT_SCHEMA_VERSION } from '../../../../src/core/store/migrations/index.ts';
import { snapshotInput, tempStore } from '../../../support/store-factory.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function live(): { store: Store; dir: string } {
  const ctx = tempStore();
  cleanups.push(ctx.cleanup);
  ctx.store.watchlists.create('Live list', ['SPY']);
  ctx.store.snapshots.ingest([snapshotInput(0)]);
  return { store: ctx.store, dir: ctx.dir };
}

const swapInto =
  (store: Store) =>
  (copy: string): void =>
    store.replaceContentFrom(copy);

/** A backup of another database: two watchlists and three snapshots. */
async function otherBackup(dir: string): Promise<string> {
  const other = openDatabase(`${dir}/other.db`);
  try {
    other.watchlists.create('Imported A', ['AAPL']);
    other.watchlists.create('Imported B', ['MSFT']);
    other.snapshots.ingest([snapshotInput(10), snapshotInput(11), snapshotInput(12)]);
    await other.backup(`${dir}/other-backup.db`);
  } finally {
    other.close();
  }
  return `${dir}/other-backup.db`;
}

describe('importing into the open database', () => {
  it('replaces the content; the open store reads the imported data and keeps writing', async () => {
    const { store, dir } = live();
    const backup = await otherBackup(dir);
    // What runs just before the swap (the app's safety backup) still sees the live content.
    let seenBeforeSwap: string[] = [];
    const report = await restoreIntoOpenDatabase(backup, store.file, swapInto(store), async () => {
      seenBeforeSwap = store.watchlists.list().map((w) => w.name);
    });
    expect(seenBeforeSwap).toEqual(['Live list']);
    expect(report).toMatchObject({ toVersion: CURRENT_SCHEMA_VERSION, snapshots: 3 });
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['Imported A', 'Imported B']);
    expect(store.snapshots.count().snapshots).toBe(3);
    store.watchlists.create('After import', ['QQQ']);
    expect(store.watchlists.list()).toHaveLength(3);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.import-'))).toEqual([]);
  });

  it('lets the app write on every turn of the event loop meanwhile: no write waits or fails', async () => {
    const { store, dir } = live();
    const backup = await otherBackup(dir);
    const failures: unknown[] = [];
    let writes = 0;
    let importing = true;
    // A poll's ingest arriving while the import runs, as a history fill's do.
    const writeAgain = (): void => {
      if (!importing) return;
      try {
        store.snapshots.ingest([snapshotInput(100 + writes)]);
        writes++;
      } catch (error) {
        failures.push(error);
      }
      setImmediate(writeAgain);
    };
    setImmediate(writeAgain);
    const report = await restoreIntoOpenDatabase(backup, store.file, swapInto(store), async () => {});
    importing = false;
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(0);
    expect(report.snapshots).toBe(3);
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['Imported A', 'Imported B']);
    // The imported snapshots, and those written after the swap (none written before it survive).
    const after = store.snapshots.count().snapshots;
    expect(after).toBeGreaterThanOrEqual(3);
    expect(after).toBeLessThanOrEqual(3 + writes);
  });

  it.each([
    [
      'a database of another application',
      (file: string) => {
        fs.rmSync(file);
        const db = new Database(file);
        db.exec('CREATE TABLE notes (x TEXT)');
        db.close();
      },
      'not_gammawatch',
    ],
    [
      'a newer schema',
      (file: string) => {
        const db = new Database(file);
        db.pragma(`user_version = ${CURRENT_SCHEMA_VERSION + 5}`);
        db.close();
      },
      'too_new',
    ],
    [
      'a Gammawatch file carrying its own trigger',
      (file: string) => {
        const db = new Database(file);
        db.exec(
          "CREATE TRIGGER evil AFTER INSERT ON watchlists BEGIN UPDATE watchlists SET name = 'pwned'; END",
        );
        db.close();
      },
      'not_gammawatch',
    ],
    [
      'a Gammawatch file with an index dropped',
      (file: string) => {
        const db = new Database(file);
        db.exec('DROP INDEX snapshots_identity');
        db.close();
      },
      'corrupt',
    ],
    [
      'a damaged file',
      (file: string) => {
        const bytes = fs.readFileSync(file);
        bytes.fill(0x41, 4096, Math.min(bytes.length, 4096 * 3));
        fs.writeFileSync(file, bytes);
      },
      null,
    ],
  ])('refuses %s and changes nothing', async (_name, spoil, kind) => {
    const { store, dir } = live();
    const backup = await otherBackup(dir);
    spoil(backup);
    store.checkpoint();
    const before = fs.readFileSync(store.file);
    let swapPrepared = false;
    const error = await restoreIntoOpenDatabase(backup, store.file, swapInto(store), async () => {
      swapPrepared = true;
    }).then(
      () => null,
      (e: unknown) => e as { kind: string },
    );
    expect(error).not.toBeNull();
    if (kind) expect(error?.kind).toBe(kind);
    expect(swapPrepared).toBe(false);
    expect(fs.readFileSync(store.file).equals(before)).toBe(true);
    expect(fs.statSync(`${store.file}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['Live list']);
    expect(store.snapshots.count().snapshots).toBe(1);
  });
});
