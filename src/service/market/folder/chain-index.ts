// The chain folder's on-disk index: for each chain file, identified by (name, size, mtime), what
// parsing it gave (ticker, snapshot time, spot, ATM IV, OI ratio, how many expirations it lists) or
// why it could not be read. A restart re-parses only new or changed files. The index is a cache,
// never the data: a schema or parser change simply drops it, a damaged one is deleted and rebuilt
// from the files, and when no place for it is writable it lives in memory.
//
// Where it lives: `<dataDir>/chain-index/<first 16 hex of sha256(resolved folder path)>.db`, in the
// app's data folder, never in the folder it describes (the user's folder is only ever read).
// Without a data folder (`gammawatch service --chains DIR` without --data-dir) it lives in memory:
// every start parses the folder again, and nothing is written anywhere.
//
// Damage (a page overwritten, a truncated file, garbage where the database should be) is looked
// for with `PRAGMA quick_check` on open, and caught on any later read or write as SQLite reports
// it (isDamage: a corrupt page, not a database, an I/O error, or a table gone because its -wal or
// -shm was overwritten under the open connection): either way the files are deleted, an empty
// index takes their place, `damaged` says so (the folder lists it as a problem), the operation is
// tried once more on the fresh index, and the folder re-indexes what it knows.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { messageOf } from '../../../shared/message-of.ts';

/**
 * Bump when the schema or what a row means changes (the importers, or the figures computed at
 * indexing time): an index of another version is dropped and rebuilt.
 */
export const INDEX_VERSION = 5;

export interface FileIdentity {
  readonly name: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export interface IndexedChain extends FileIdentity {
  readonly ticker: string;
  readonly asof: number;
  readonly spot: number;
  readonly atmIv: number | null;
  readonly pcrOi: number | null;
  /** The underlying's name as the file states it, if it does. */
  readonly statedName: string | null;
  /**
   * Live expirations the file lists, and the last one: a partial download (only the near months)
   * is told apart by comparing with the ticker's other files (engine/quality.ts).
   */
  readonly expirations: number;
  readonly lastExpiration: string | null;
  /** The nearest live expiration: a daily lister's file dated days before it has a wrong Date line. */
  readonly firstExpiration: string | null;
}

export interface IndexedFailure extends FileIdentity {
  readonly problem: string;
}

export type IndexRow = ({ kind: 'chain' } & IndexedChain) | ({ kind: 'failure' } & IndexedFailure);

const rowSchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  mtime_ms: z.number().finite(),
  ticker: z.string().min(1).nullable(),
  asof: z.number().int().nullable(),
  spot: z.number().nullable(),
  atm_iv: z.number().nullable(),
  pcr_oi: z.number().nullable(),
  stated_name: z.string().nullable(),
  expirations: z.number().int().nonnegative().nullable(),
  last_expiration: z.string().nullable(),
  first_expiration: z.string().nullable(),
  problem: z.string().nullable(),
});

function toRow(raw: unknown): IndexRow | null {
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  const identity = { name: r.name, size: r.size, mtimeMs: r.mtime_ms };
  if (r.problem !== null) return { kind: 'failure', ...identity, problem: r.problem };
  if (r.ticker === null || r.asof === null || r.spot === null) return null;
  return {
    kind: 'chain',
    ...identity,
    ticker: r.ticker,
    asof: r.asof,
    spot: r.spot,
    atmIv: r.atm_iv,
    pcrOi: r.pcr_oi,
    statedName: r.stated_name,
    expirations: r.expirations ?? 0,
    lastExpiration: r.last_expiration,
    firstExpiration: r.first_expiration,
  };
}

export type IndexLocation = { kind: 'data_dir'; path: string } | { kind: 'memory'; reason: string };

/** Where the index of `dir` goes inside `dataDir`: one file per folder, named for its resolved path. */
export function indexPath(dir: string, dataDir: string): string {
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
  return join(dataDir, 'chain-index', `${id}.db`);
}

/**
 * A plain SQLITE_ERROR that only a broken file gives an index whose schema `prepare` created: the
 * table gone (its -wal and -shm overwritten, so the connection sees the bare main file), or the
 * malformed-image text some builds attach to another code.
 */
const DAMAGE_MESSAGE = /^no such table\b|database disk image is malformed/;

/**
 * SQLite's word for "this is not (or no longer) a sound database": the cache is rebuilt. Only
 * SQLite's own errors count (a code SQLITE_*), so a bug of ours is never taken for damage.
 */
export function isDamage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return false;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_IOERR'))
    return true;
  return typeof message === 'string' && DAMAGE_MESSAGE.test(message);
}

class IndexDamaged extends Error {}

/** A database file and the journal files beside it. */
function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

interface Statements {
  readonly db: Database.Database;
  readonly upsert: Database.Statement;
  readonly delete: Database.Statement;
  readonly all: Database.Statement;
}

/** Opens (creating) the schema on `db`, after checking the pages are sound. Throws IndexDamaged. */
function prepare(db: Database.Database, onDisk: boolean): Statements {
  try {
    db.pragma('busy_timeout = 5000');
    if (onDisk) {
      // quick_check reads every page (a few ms for thousands of rows); 'ok' is its only good answer.
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new IndexDamaged(`quick_check: ${String(check)}`);
      db.pragma('journal_mode = WAL');
    }
    const version = db.pragma('user_version', { simple: true });
    if (version !== INDEX_VERSION) {
      db.exec('DROP TABLE IF EXISTS chain_files');
      db.pragma(`user_version = ${INDEX_VERSION}`);
    }
    db.exec(`CREATE TABLE IF NOT EXISTS chain_files (
      name TEXT PRIMARY KEY,
      size INTEGER NOT NULL,
      mtime_ms REAL NOT NULL,
      ticker TEXT,
      asof INTEGER,
      spot REAL,
      atm_iv REAL,
      pcr_oi REAL,
      stated_name TEXT,
      expirations INTEGER,
      last_expiration TEXT,
      first_expiration TEXT,
      problem TEXT
    )`);
    return {
      db,
      upsert: db.prepare(`INSERT OR REPLACE INTO chain_files
      (name, size, mtime_ms, ticker, asof, spot, atm_iv, pcr_oi, stated_name, expirations, last_expiration,
        first_expiration, problem)
      VALUES (@name, @size, @mtime_ms, @ticker, @asof, @spot, @atm_iv, @pcr_oi, @stated_name, @expirations,
        @last_expiration, @first_expiration, @problem)`),
      delete: db.prepare('DELETE FROM chain_files WHERE name = ?'),
      all: db.prepare('SELECT * FROM chain_files'),
    };
  } catch (error) {
    db.close();
    throw isDamage(error) ? new IndexDamaged(messageOf(error), { cause: error }) : error;
  }
}

const memoryStatements = (): Statements => prepare(new Database(':memory:'), false);

export class ChainIndex {
  #s: Statements;
  #location: IndexLocation;
  #damaged = false;
  /** Bumped by every rebuild: the folder re-puts the rows it knows when it sees it move. */
  #generation = 0;

  private constructor(statements: Statements, location: IndexLocation, damaged = false) {
    this.#s = statements;
    this.#location = location;
    this.#damaged = damaged;
  }

  get location(): IndexLocation {
    return this.#location;
  }

  /** True once a damaged index was found (on open or later) and replaced by an empty one. */
  get damaged(): boolean {
    return this.#damaged;
  }

  /** Changes whenever the index was emptied by a rebuild. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Opens the index of `dir` in `dataDir`, or in memory without one. Never throws: the folder must
   * be served even when nothing about it can be written, and a damaged index is rebuilt.
   */
  static open(dir: string, dataDir?: string): ChainIndex {
    if (dataDir === undefined)
      return new ChainIndex(memoryStatements(), { kind: 'memory', reason: 'no data folder given' });
    const path = indexPath(dir, dataDir);
    try {
      mkdirSync(join(path, '..'), { recursive: true });
      const { statements, damaged } = openOnDisk(path);
      return new ChainIndex(statements, { kind: 'data_dir', path }, damaged);
    } catch (error) {
      return new ChainIndex(memoryStatements(), { kind: 'memory', reason: `${path}: ${messageOf(error)}` });
    }
  }

  /**
   * The folder's index when one exists already in `dataDir` (read and updated), else one in memory:
   * for probes, which create nothing. A damaged one is left for the service to rebuild.
   */
  static existing(dir: string, dataDir?: string): ChainIndex {
    if (dataDir !== undefined) {
      const path = indexPath(dir, dataDir);
      if (existsSync(path)) {
        try {
          const statements = prepare(new Database(path, { fileMustExist: true }), true);
          return new ChainIndex(statements, { kind: 'data_dir', path });
        } catch {
          // Unreadable, damaged or locked: a probe can do without it.
        }
      }
    }
    return ChainIndex.inMemory();
  }

  static inMemory(): ChainIndex {
    return new ChainIndex(memoryStatements(), { kind: 'memory', reason: 'asked for' });
  }

  all(): IndexRow[] {
    return this.#guard(() => {
      const rows: IndexRow[] = [];
      for (const raw of this.#s.all.all()) {
        const row = toRow(raw);
        if (row) rows.push(row);
      }
      return rows;
    });
  }

  put(row: IndexRow): void {
    this.putMany([row]);
  }

  /** Writes many rows in one transaction (a cold start indexes thousands). */
  putMany(rows: readonly IndexRow[]): void {
    // After a rebuild the write goes to the fresh index (the folder then re-puts the rest).
    this.#guard(() =>
      this.#s.db.transaction((list: readonly IndexRow[]) => {
        for (const row of list) this.#s.upsert.run(columnsOf(row));
      })(rows),
    );
  }

  remove(names: readonly string[]): void {
    this.#guard(() =>
      this.#s.db.transaction((list: readonly string[]) => {
        for (const name of list) this.#s.delete.run(name);
      })(names),
    );
  }

  close(): void {
    if (this.#s.db.open) this.#s.db.close();
  }

  /**
   * Runs `work`; when the database turns out damaged, rebuilds it and runs `work` once more on the
   * fresh index (a read then finds it empty, a write lands in it). Damage again is thrown.
   */
  #guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (!isDamage(error)) throw error;
      this.#rebuild();
      return work();
    }
  }

  #rebuild(): void {
    try {
      this.close();
    } catch {
      // Closing checkpoints the log into the damaged file, which may fail: it is deleted anyway.
    }
    this.#damaged = true;
    this.#generation++;
    const location = this.#location;
    if (location.kind === 'data_dir') {
      try {
        removeDatabase(location.path);
        this.#s = prepare(new Database(location.path), true);
        return;
      } catch (error) {
        this.#location = { kind: 'memory', reason: `${location.path}: ${messageOf(error)}` };
      }
    }
    this.#s = memoryStatements();
  }
}

/** Opens the database at `path`; a damaged one is deleted and created afresh (once). */
function openOnDisk(path: string): { statements: Statements; damaged: boolean } {
  try {
    return { statements: prepare(new Database(path), true), damaged: false };
  } catch (error) {
    if (!(error instanceof IndexDamaged) && !isDamage(error)) throw error;
    removeDatabase(path);
    return { statements: prepare(new Database(path), true), damaged: true };
  }
}

function columnsOf(row: IndexRow): Record<string, unknown> {
  const chain = row.kind === 'chain' ? row : null;
  return {
    name: row.name,
    size: row.size,
    mtime_ms: row.mtimeMs,
    ticker: chain?.ticker ?? null,
    asof: chain?.asof ?? null,
    spot: chain?.spot ?? null,
    atm_iv: chain?.atmIv ?? null,
    pcr_oi: chain?.pcrOi ?? null,
    stated_name: chain?.statedName ?? null,
    expirations: chain?.expirations ?? null,
    last_expiration: chain?.lastExpiration ?? null,
    first_expiration: chain?.firstExpiration ?? null,
    problem: row.kind === 'failure' ? row.problem : null,
  };
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
