// The chain folder's on-disk index: for each chain file, identified by (name, size, mtime), what
// parsing it gave (ticker, snapshot time, spot, ATM IV, OI ratio, how many expirations it lists) or
// why it could not be read. A
// restart re-parses only new or changed files. The index is a cache, never the data: a schema or
// parser change simply drops it, and when no place for it is writable it lives in memory.
//
// Where it lives: `<folder>/.gammawatch/chain-index.db` (beside the files, shared by every
// service reading the folder), else `<dataDir>/chain-index/<hash of the folder>.db`, else memory.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { INDEX_DIR } from './file-names.ts';
import { messageOf } from '../../../shared/message-of.ts';

/**
 * Bump when the schema or what a row means changes (the importers, or the figures computed at
 * indexing time): an index of another version is dropped and rebuilt.
 */
export const INDEX_VERSION = 2;

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
  };
}

export type IndexLocation =
  { kind: 'folder' | 'data_dir'; path: string } | { kind: 'memory'; reason: string };

export class ChainIndex {
  readonly #db: Database.Database;
  readonly location: IndexLocation;
  readonly #upsert: Database.Statement;
  readonly #delete: Database.Statement;

  private constructor(db: Database.Database, location: IndexLocation) {
    this.#db = db;
    this.location = location;
    db.pragma('busy_timeout = 5000');
    if (location.kind !== 'memory') db.pragma('journal_mode = WAL');
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
      problem TEXT
    )`);
    this.#upsert = db.prepare(`INSERT OR REPLACE INTO chain_files
      (name, size, mtime_ms, ticker, asof, spot, atm_iv, pcr_oi, stated_name, expirations, last_expiration, problem)
      VALUES (@name, @size, @mtime_ms, @ticker, @asof, @spot, @atm_iv, @pcr_oi, @stated_name, @expirations,
        @last_expiration, @problem)`);
    this.#delete = db.prepare('DELETE FROM chain_files WHERE name = ?');
  }

  /**
   * Opens the index at the first place that works: the folder, the data dir, memory. Never
   * throws: the folder must be served even when nothing about it can be written.
   */
  static open(dir: string, dataDir?: string): ChainIndex {
    const reasons: string[] = [];
    const candidates: { kind: 'folder' | 'data_dir'; path: string }[] = [
      { kind: 'folder', path: join(dir, INDEX_DIR, 'chain-index.db') },
    ];
    if (dataDir !== undefined) {
      const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
      candidates.push({ kind: 'data_dir', path: join(dataDir, 'chain-index', `${id}.db`) });
    }
    for (const candidate of candidates) {
      try {
        if (candidate.kind === 'folder' && markedReadOnly(dir))
          throw new Error('the folder is marked read-only');
        mkdirSync(join(candidate.path, '..'), { recursive: true });
        return new ChainIndex(new Database(candidate.path), candidate);
      } catch (error) {
        reasons.push(`${candidate.path}: ${messageOf(error)}`);
      }
    }
    return new ChainIndex(new Database(':memory:'), { kind: 'memory', reason: reasons.join('; ') });
  }

  /** The folder's index when one exists already (read and updated), else one in memory: for probes, which create nothing. */
  static existing(dir: string): ChainIndex {
    const path = join(dir, INDEX_DIR, 'chain-index.db');
    if (existsSync(path)) {
      try {
        return new ChainIndex(new Database(path, { fileMustExist: true }), { kind: 'folder', path });
      } catch {
        // Unreadable or locked: a probe can do without it.
      }
    }
    return ChainIndex.inMemory();
  }

  static inMemory(): ChainIndex {
    return new ChainIndex(new Database(':memory:'), { kind: 'memory', reason: 'asked for' });
  }

  all(): IndexRow[] {
    const rows: IndexRow[] = [];
    for (const raw of this.#db.prepare('SELECT * FROM chain_files').all()) {
      const row = toRow(raw);
      if (row) rows.push(row);
    }
    return rows;
  }

  put(row: IndexRow): void {
    const chain = row.kind === 'chain' ? row : null;
    this.#upsert.run({
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
      problem: row.kind === 'failure' ? row.problem : null,
    });
  }

  /** Writes many rows in one transaction (a cold start indexes thousands). */
  putMany(rows: readonly IndexRow[]): void {
    this.#db.transaction((list: readonly IndexRow[]) => {
      for (const row of list) this.put(row);
    })(rows);
  }

  remove(names: readonly string[]): void {
    this.#db.transaction((list: readonly string[]) => {
      for (const name of list) this.#delete.run(name);
    })(names);
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}

/**
 * A folder without any write permission bit is left alone even by a user who could write there
 * anyway (root): someone marked it read-only on purpose.
 */
function markedReadOnly(dir: string): boolean {
  try {
    return (statSync(dir).mode & 0o222) === 0;
  } catch {
    return false;
  }
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
