// Backups and restoring them. A backup is SQLite's online backup of the live database (a
// consistent copy while the poller keeps writing), written beside its destination and renamed
// into place, so a backup file is either complete or absent. Restoring checks the file is a
// sound Gammawatch database this version can read, of the shape its schema version has (tables,
// columns, indexes: schema-shape.ts), migrates a copy beside the live database forward and checks
// the copy again; only then is the live database touched: the copy is renamed over it, keeping
// the replaced database beside it (importBackup, store closed), or copied over the open database
// in one SQLite transaction (restoreIntoOpenDatabase, the running app's backup:import). Any
// failure before that leaves the live file as it was.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseTooNewError, SchemaMismatchError, StoreError, toStoreError } from './errors.ts';
import { APPLICATION_ID, CURRENT_SCHEMA_VERSION, migrate, schemaVersion } from './migrations/index.ts';
import { expectedShape, foreignCode, schemaDifferences } from './schema-shape.ts';

export interface BackupReport {
  destination: string;
  bytes: number;
  pages: number;
  /** Times SQLite started the copy over because another connection wrote meanwhile. */
  restarts: number;
  durationMs: number;
}

/** Pages copied per step at first: small enough to keep the event loop responsive. */
const FIRST_STEP_PAGES = 256;

export interface BackupInfo {
  file: string;
  schemaVersion: number;
  bytes: number;
  snapshots: number;
  /** Newest snapshot asof in the file, epoch ms; null when it holds none. */
  newestAsof: number | null;
}

export interface ImportReport {
  source: string;
  target: string;
  /** The schema the backup was written with, and the one it has now. */
  fromVersion: number;
  toVersion: number;
  applied: string[];
  /** Where the database that was replaced was kept; null when there was none. */
  previous: string | null;
}

/** A sibling path nobody else will pick: the final name plus a random suffix. */
function scratchPath(finalPath: string, label: string): string {
  return `${finalPath}.${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

function removeQuietly(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}

/** Copies the open database `db` to `destination` (replacing it) without stopping writers. */
export async function backupDatabase(db: Database.Database, destination: string): Promise<BackupReport> {
  const target = path.resolve(destination);
  if (db.name !== ':memory:' && path.resolve(db.name) === target) {
    throw new StoreError('invalid_input', 'a backup cannot overwrite the database it copies');
  }
  const started = performance.now();
  const scratch = scratchPath(target, 'partial');
  try {
    // A write from another connection restarts SQLite's copy at its next step; under a steady
    // writer, fixed small steps might never finish. Each restart makes the steps 4x larger, up
    // to the whole database in one step, which always completes.
    let step = FIRST_STEP_PAGES;
    let lastRemaining = Number.POSITIVE_INFINITY;
    let restarts = 0;
    const { totalPages } = await db.backup(scratch, {
      progress({ totalPages: total, remainingPages }) {
        // No progress since the last step means the copy started over.
        if (remainingPages >= lastRemaining) {
          restarts++;
          step = Math.min(step * 4, Math.max(total, FIRST_STEP_PAGES));
        }
        lastRemaining = remainingPages;
        return step;
      },
    });
    // The copy carries the WAL flag of its source; a single self-contained file travels better.
    const copy = new Database(scratch);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fs.renameSync(scratch, target);
    return {
      destination: target,
      bytes: fs.statSync(target).size,
      pages: totalPages,
      restarts,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    removeQuietly(scratch);
    throw toStoreError(error, `backup to ${target}`);
  }
}

/** Checks that `file` is a sound Gammawatch database this version can read. Throws a StoreError if not. */
export function inspectBackup(file: string): BackupInfo {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) {
    throw new StoreError('cannot_open', `${source} does not exist or is not a file`);
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true });
    return inspectOpen(db, source);
  } catch (error) {
    throw toStoreError(error, `checking ${source}`);
  } finally {
    db?.close();
  }
}

/**
 * Refuses a database not of the shape the migrations give `version`. A database from elsewhere
 * can carry its own triggers and views, which would then run inside the app on every write: any
 * the schema does not define make it refused as not a Gammawatch database.
 */
function assertShape(db: Database.Database, source: string, version: number): void {
  const expected = expectedShape(version);
  const foreign = foreignCode(db, expected);
  if (foreign.length > 0) {
    throw new StoreError(
      'not_gammawatch',
      `${source} defines what a Gammawatch database does not (${foreign.slice(0, 5).join(', ')}); not imported`,
    );
  }
  const differences = schemaDifferences(db, expected);
  if (differences.length > 0) throw new SchemaMismatchError(source, version, differences);
}

/** Checks the open database at `source`; `label` names it in errors (the backup, for a scratch copy). */
function inspectOpen(db: Database.Database, source: string, label = source): BackupInfo {
  const appId = db.pragma('application_id', { simple: true }) as number;
  if (appId !== APPLICATION_ID)
    throw new StoreError('not_gammawatch', `${label} is not a Gammawatch database`);
  const version = schemaVersion(db);
  if (version > CURRENT_SCHEMA_VERSION) throw new DatabaseTooNewError(version, CURRENT_SCHEMA_VERSION);
  if (version < 1) throw new StoreError('not_gammawatch', `${label} has no Gammawatch schema`);
  const problems = db.prepare('PRAGMA integrity_check').pluck().all() as string[];
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new StoreError(
      'corrupt',
      `${label} failed SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`,
    );
  }
  assertShape(db, label, version);
  const s = db.prepare('SELECT COUNT(*) AS n, MAX(asof) AS newest FROM snapshots').get() as {
    n: number;
    newest: number | null;
  };
  return {
    file: source,
    schemaVersion: version,
    bytes: fs.statSync(source).size,
    snapshots: s.n,
    newestAsof: s.newest,
  };
}

/**
 * Replaces the database at `target` with the backup at `source`. The store on `target` must be
 * closed first (kind 'busy' otherwise). The replaced database is kept as `<target>.before-import-<time>`.
 */
export async function importBackup(
  source: string,
  target: string,
  options: { now?: () => number } = {},
): Promise<ImportReport> {
  const { from, into, info, scratch } = importPaths(source, target);
  try {
    const { applied, toVersion } = await migratedCopy(from, scratch);
    const previous = setAside(into, options.now ?? Date.now);
    fs.renameSync(scratch, into);
    return { source: from, target: into, fromVersion: info.schemaVersion, toVersion, applied, previous };
  } catch (error) {
    removeQuietly(scratch);
    throw toStoreError(error, `importing ${from}`);
  }
}

/** Both imports' first step: the two files resolved and told apart, the backup checked. */
function importPaths(source: string, target: string) {
  const from = path.resolve(source);
  const into = path.resolve(target);
  if (from === into)
    throw new StoreError('invalid_input', 'the backup and the database it replaces are the same file');
  return { from, into, info: inspectBackup(from), scratch: scratchPath(into, 'import') };
}

/** A copy of the backup at `scratch` (SQLite's backup API), brought to this version (migrateCopy). */
async function migratedCopy(
  from: string,
  scratch: string,
): Promise<{ applied: string[]; toVersion: number }> {
  const src = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await src.backup(scratch);
  } finally {
    src.close();
  }
  return migrateCopy(scratch, from);
}

/**
 * Brings the scratch copy of the backup `from` to this version's schema and checks it again
 * (inspectOpen): a migration that went wrong on it is found here, not by the app.
 */
function migrateCopy(scratch: string, from: string): { applied: string[]; toVersion: number } {
  const copy = new Database(scratch);
  try {
    copy.pragma('journal_mode = DELETE');
    const report = migrate(copy);
    inspectOpen(copy, scratch, `${from} (upgraded to schema ${report.to})`);
    return { applied: report.applied, toVersion: report.to };
  } finally {
    copy.close();
  }
}

export interface RestoreReport {
  source: string;
  fromVersion: number;
  toVersion: number;
  applied: string[];
  snapshots: number;
}

/**
 * Replaces the content of the database `target` while the app keeps it open, for an import from
 * the running app (importBackup needs the store closed). The backup is checked (Gammawatch's
 * application_id, a schema not newer than this version's, SQLite's integrity check, the tables,
 * columns and indexes of its version), copied and migrated aside and checked again, then `swap`
 * (the open store's replaceContentFrom) copies its rows over the live ones in one transaction on
 * the app's own connection. (SQLite's backup API into the open file held the write lock of a
 * second connection between its steps; a write of the app in that gap waited its whole busy
 * timeout on the app's one thread, then failed: imports right after adding tickers took 10–50 s.)
 * Nothing of the replaced content is kept here: `beforeSwap` runs once the copy is ready, for the
 * caller's safety backup, so a refused backup leaves no trace.
 */
export async function restoreIntoOpenDatabase(
  source: string,
  target: string,
  swap: (checkedCopy: string) => void,
  beforeSwap?: () => Promise<void>,
): Promise<RestoreReport> {
  const { from, info, scratch } = importPaths(source, target);
  try {
    const { applied, toVersion } = await migratedCopy(from, scratch);
    await beforeSwap?.();
    swap(scratch);
    return { source: from, fromVersion: info.schemaVersion, toVersion, applied, snapshots: info.snapshots };
  } catch (error) {
    throw toStoreError(error, `importing ${from}`);
  } finally {
    removeQuietly(scratch);
  }
}

/**
 * Makes room for the imported file: settles the old database's WAL (a stale -wal beside a new
 * file would be replayed into it), refuses if another connection still has it open, and copies
 * it aside. Returns the copy's path, or null when there was no database.
 */
function setAside(target: string, now: () => number): string | null {
  if (!fs.existsSync(target)) {
    removeQuietly(target);
    return null;
  }
  const old = new Database(target, { fileMustExist: true });
  old.close(); // the last connection to close checkpoints and removes the WAL
  if (fs.existsSync(`${target}-wal`)) {
    throw new StoreError(
      'busy',
      `${target} is still open (its write-ahead log is in use); close the store before importing`,
    );
  }
  const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
  const kept = `${target}.before-import-${stamp}`;
  fs.copyFileSync(target, kept);
  fs.rmSync(`${target}-shm`, { force: true });
  return kept;
}
