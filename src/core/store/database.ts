// The one module that owns the SQLite connection. openDatabase() opens (or creates) the file,
// sets the connection up, brings the schema up to date and hands back a Store: the repositories
// plus transaction(), backup() and close(). Everything a Store method throws is a StoreError.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { backupDatabase, type BackupReport } from './backup.ts';
import type { JsonValue } from './canonical-json.ts';
import { DatabaseTooNewError, StoreError, guarded, invalidInput, toStoreError } from './errors.ts';
import {
  APPLICATION_ID,
  CURRENT_SCHEMA_VERSION,
  migrate,
  schemaVersion,
  type MigrationReport,
} from './migrations/index.ts';
import { Codec, DEFAULT_CODEC, type CodecId } from './payload-codec.ts';
import { sourceScope, type SourceScope } from './source-scope.ts';
import { parseInput } from './validate.ts';
import { createAppFlagRepository, type AppFlagRepository } from './repositories/app-flags.ts';
import { createAlertEventRepository, type AlertEventRepository } from './repositories/alert-events.ts';
import { createDeliveryRepository, type DeliveryRepository } from './repositories/alert-deliveries.ts';
import { createAlertRuleRepository, type AlertRuleRepository } from './repositories/alert-rules.ts';
import { createHttpCacheRepository, type HttpCacheRepository } from './repositories/http-cache.ts';
import { createMetricPointRepository, type MetricPointRepository } from './repositories/metric-points.ts';
import {
  createPayloadCompactor,
  type CompactOptions,
  type CompactReport,
} from './repositories/payload-compaction.ts';
import { createPollRunRepository, type PollRunRepository } from './repositories/poll-runs.ts';
import { createSavedViewRepository, type SavedViewRepository } from './repositories/saved-views.ts';
import {
  createScreenerMembershipRepository,
  type ScreenerMembershipRepository,
} from './repositories/screener-membership.ts';
import { createSettingsRepository, type SettingsRepository } from './repositories/settings.ts';
import { createSnapshotRepository, type SnapshotRepository } from './repositories/snapshots.ts';
import { createThinningRepository, type ThinningRepository } from './repositories/thinning.ts';
import { createWatchlistRepository, type WatchlistRepository } from './repositories/watchlists.ts';
import type { EpochMs } from './time.ts';

export interface OpenOptions<R = JsonValue> {
  /** Open without writing anything: no migration, no WAL switch; writes fail with kind 'read_only'. */
  readonly?: boolean;
  /** How long a write waits for another connection's lock before failing with kind 'busy'. Default 5 s. */
  busyTimeoutMs?: number;
  /** The alerts engine's schema for a rule; rules are validated by it in and out. Default: any JSON. */
  ruleSchema?: z.ZodType<R>;
  /** The clock for created_at / updated_at / fetched_at defaults. */
  now?: () => EpochMs;
  /**
   * How compactPayloads() compresses bodies (default brotli; stored rows keep their own codec).
   * Ingest stores new bodies uncompressed either way; with Codec.raw they are final at once.
   */
  codec?: CodecId;
  /**
   * Error text the store keeps (a poll run's detail, a delivery's last error) passes through this
   * first: the app's secret redactor, so no backup carries a key a remote echoed. Default: as is.
   */
  redactText?: (text: string) => string;
}

export interface StoreStats {
  file: string;
  /** The database file plus its WAL, bytes. */
  fileBytes: number;
  walBytes: number;
  pageSize: number;
  pageCount: number;
  freePages: number;
  snapshots: number;
  payloads: number;
  /** Stored payload bytes (compressed where compacted) and their canonical JSON size. */
  payloadBytes: number;
  rawBytes: number;
  /** Payload bodies ingest stored uncompressed that compactPayloads() has not reached yet. */
  pendingPayloads: number;
}

export interface Store<R = JsonValue> {
  readonly file: string;
  readonly readonly: boolean;
  /** What opening did to the schema. */
  readonly migration: MigrationReport;
  readonly isOpen: boolean;
  readonly watchlists: WatchlistRepository;
  readonly snapshots: SnapshotRepository;
  readonly metrics: MetricPointRepository;
  readonly httpCache: HttpCacheRepository;
  readonly alertRules: AlertRuleRepository<R>;
  readonly alertEvents: AlertEventRepository;
  readonly deliveries: DeliveryRepository;
  readonly settings: SettingsRepository;
  readonly pollRuns: PollRunRepository;
  /** Thinning of old sessions, step by step, and the file's free pages given back (thinning.ts). */
  readonly thinning: ThinningRepository;
  /** App facts outside the settings schema (onboarding done). */
  readonly flags: AppFlagRepository;
  /** Saved rankings views and user screeners. */
  readonly savedViews: SavedViewRepository;
  /** Which tickers each screener lists, as the alerts last applied it (per source). */
  readonly screenerMembership: ScreenerMembershipRepository;
  /** The data source being served (see source-scope.ts); '' until one is named. */
  readonly source: string;
  /**
   * Serves `sourceId` from now on: snapshots, metric points, alert events, poll runs and cached
   * responses are written as its and read only as its. Watchlists, rules, saved views and
   * settings are shared by every source.
   */
  useSource(sourceId: string): void;
  /**
   * The same database bound to one source for good: its snapshots, metric points, alert events,
   * poll runs, cached responses and screener memberships are `sourceId`'s, whatever the app serves
   * later. A unit of work (a poll, an import, a backfill, an export, a fetch) takes its source's
   * store when it starts, so a switch of source can never make it read or write another's rows.
   * Everything else (watchlists, rules, settings, transactions) is the one database's. Its
   * `useSource` refuses: the binding is fixed.
   */
  forSource(sourceId: string): Store<R>;
  /**
   * Runs `fn` in one transaction: everything it writes through the repositories commits together
   * or, if it throws, not at all. `fn` must be synchronous. Nested calls become savepoints.
   */
  transaction<T>(fn: () => T): T;
  /**
   * A consistent copy of the database at `destination`, taken while the app keeps running.
   * Pending payload bodies are compacted first (see compactPayloads).
   */
  backup(destination: string): Promise<BackupReport>;
  /**
   * Compresses payload bodies that ingest stored uncompressed, oldest first, in small batches
   * (each its own short transaction) until `maxRows` bodies are done or `maxMs` has passed.
   * Meant for idle time: the watcher is to call it after each poll cycle, and again while the
   * report says `remaining`. Safe to call at any time and any number of times; reads never depend
   * on it. Call it outside store.transaction(), or its batches join the caller's transaction.
   */
  compactPayloads(options?: CompactOptions): CompactReport;
  /**
   * Replaces every row of every table with those of the Gammawatch database `file`, whose schema
   * must be this one's (a checked, migrated copy: backup.ts restoreIntoOpenDatabase), in one
   * synchronous transaction on this connection: nothing of the app runs in between, so no write of
   * the app waits on another connection's lock or lands half in the old content.
   */
  replaceContentFrom(file: string): void;
  /** Moves the WAL into the database file and truncates it. */
  checkpoint(): void;
  stats(): StoreStats;
  close(): void;
}

/** How long a backup may spend compressing pending bodies before it copies the file. */
const BACKUP_COMPACTION_MS = 10_000;
const sourceIdSchema = z.string().max(2000);

const optionsSchema = z.object({
  readonly: z.boolean().default(false),
  busyTimeoutMs: z.number().int().min(0).max(600_000).default(5000),
  codec: z
    .union([z.literal(Codec.raw), z.literal(Codec.deflateRaw), z.literal(Codec.brotli)])
    .default(DEFAULT_CODEC),
});

/** Opens (creating if needed) a Gammawatch database: a file path, or ':memory:'. */
export function openDatabase<R = JsonValue>(file: string, options: OpenOptions<R> = {}): Store<R> {
  if (typeof file !== 'string' || file.length === 0)
    throw invalidInput('openDatabase needs a file path or ":memory:"');
  const o = optionsSchema.safeParse(options);
  if (!o.success) throw invalidInput(`invalid open options: ${o.error.message}`);
  const now = options.now ?? Date.now;
  const ruleSchema = (options.ruleSchema ?? z.json()) as z.ZodType<R>;

  let db: Database.Database | undefined;
  try {
    if (!o.data.readonly) assertWritable(file);
    db = new Database(file, { readonly: o.data.readonly, fileMustExist: o.data.readonly });
    const migration = prepare(db, file, o.data.readonly, o.data.busyTimeoutMs);
    const redactText = options.redactText ?? ((text: string) => text);
    return makeStore(db, file, o.data.readonly, migration, now, ruleSchema, o.data.codec, redactText);
  } catch (error) {
    if (db?.open) db.close();
    throw toStoreError(error, `opening ${file}`);
  }
}

/**
 * SQLite opens a file it cannot write read-only without saying so, and only the first write
 * fails; the app should learn at start-up instead. The folder must be writable too, for the WAL.
 */
function assertWritable(file: string): void {
  if (file === ':memory:' || !fs.existsSync(file)) return;
  for (const target of [file, path.dirname(path.resolve(file))]) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (error) {
      throw new StoreError(
        'read_only',
        `${target} is not writable; open the database read-only or fix its permissions`,
        {
          cause: error,
        },
      );
    }
  }
}

/**
 * The page size of a new store: 8 KiB (SQLite's default is 4 KiB). A snapshot's body (about 2.7 KB
 * of JSON until compaction) took a 4 KiB page of its own, so every stored snapshot wrote one or two
 * log frames, which a checkpoint then copied again; in 8 KiB pages two or three bodies share one.
 * Measured on bare payload + snapshot inserts (store.bench.ts's floor, 2 cores, load 7): 27,600-29,000
 * rows per CPU-second against 20,200-25,200 with 4 KiB pages. (16 KiB measured faster still, but
 * then every small table and index takes 16 KiB, which a small store's size shows.) The log keeps
 * SQLite's checkpoint every 1,000 pages (8 MiB now): a checkpoint runs inside a commit on the
 * app's one thread, and a larger one would stall the screens for longer.
 */
const PAGE_SIZE = 8192;

function prepare(
  db: Database.Database,
  file: string,
  readonly: boolean,
  busyTimeoutMs: number,
): MigrationReport {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  if (!readonly) beginWritesImmediately(db);
  db.pragma('foreign_keys = ON');
  // 32 MiB of page cache (SQLite's default is 2 MiB): a 500-snapshot ingest batch dirties a few
  // MiB of pages, and with the default cache SQLite spills and re-reads them mid-transaction.
  // Measured on bare payload + snapshot inserts: about 30 % less CPU per row. It is an upper
  // bound, filled only as pages are used.
  db.pragma('cache_size = -32768');
  if (readonly) {
    checkOurs(db, file);
    const version = schemaVersion(db);
    if (version > CURRENT_SCHEMA_VERSION) throw new DatabaseTooNewError(version, CURRENT_SCHEMA_VERSION);
    if (version < CURRENT_SCHEMA_VERSION) {
      throw new StoreError(
        'read_only',
        `${file} has schema ${version} and needs upgrading to ${CURRENT_SCHEMA_VERSION}, which a read-only open cannot do`,
      );
    }
    return { from: version, to: version, applied: [] };
  }
  // Before anything is written: a file that is not ours is left exactly as it was.
  checkOurs(db, file);
  // A new file gives the pages thinning frees back to the disk, a few at a time at idle
  // (PRAGMA incremental_vacuum, repositories/thinning.ts); the mode can only be chosen before the
  // first table. An older file keeps auto_vacuum NONE: turning it on needs a VACUUM, a rewrite
  // of the whole file holding the write lock for minutes on a year's store, which the app never
  // does on its own; its free pages are reused by the snapshots to come.
  // It also gets PAGE_SIZE pages; a file made with another size keeps it (a WAL database cannot
  // change it in place; a backup imported into a live store brings its rows, not its pages).
  // The page size first: SQLite ignores a page_size set after auto_vacuum on an empty file.
  if (isEmpty(db)) {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('auto_vacuum = INCREMENTAL');
  }
  // WAL lets the UI read while the poller writes; NORMAL is durable at every checkpoint and
  // never corrupts in WAL mode, at a fraction of FULL's fsyncs.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return migrate(db);
}

/**
 * Every transaction on this connection begins IMMEDIATE (takes the write lock at BEGIN) instead of
 * better-sqlite3's DEFERRED default. Another process may write to the same file (a second watcher,
 * the CLI next to the app). A deferred transaction that reads before it writes fails at its first
 * write with SQLITE_BUSY_SNAPSHOT, at once, whenever the other committed in between: busy_timeout
 * cannot help, and the poll's batch was lost. An immediate one waits for the other's commit (up to
 * busy_timeout) at BEGIN, before it has read anything, so it never sees a stale snapshot. Our
 * transactions are short writes; nested ones stay savepoints. The repositories call
 * db.transaction() themselves, so the connection's method is replaced rather than each call site.
 */
function beginWritesImmediately(db: Database.Database): void {
  const transaction = db.transaction.bind(db);
  const immediate: typeof db.transaction = (fn) => {
    const t = transaction(fn);
    return Object.assign((...args: Parameters<typeof t>) => t.immediate(...args), {
      default: t.immediate,
      deferred: t.deferred,
      immediate: t.immediate,
      exclusive: t.exclusive,
    });
  };
  db.transaction = immediate;
}

/**
 * Every table's rows replaced by those of `from` (same schema), in one transaction; columns named,
 * so their order in either file does not matter. Foreign keys are checked at the commit, when
 * every table holds its new rows; SQLite's AUTOINCREMENT counters come along.
 */
function replaceContent(db: Database.Database, from: string): void {
  db.prepare('ATTACH DATABASE ? AS incoming').run(from);
  try {
    const tables = db
      .prepare(
        "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
    const columns = (table: string): string =>
      (db.prepare(`PRAGMA main.table_info(${quote(table)})`).all() as { name: string }[])
        .map((c) => quote(c.name))
        .join(', ');
    const sequence = (schema: string): boolean =>
      db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined;
    db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      for (const table of tables) db.prepare(`DELETE FROM main.${quote(table)}`).run();
      for (const table of tables) {
        const list = columns(table);
        db.prepare(
          `INSERT INTO main.${quote(table)} (${list}) SELECT ${list} FROM incoming.${quote(table)}`,
        ).run();
      }
      if (sequence('main')) {
        db.prepare('DELETE FROM main.sqlite_sequence').run();
        if (sequence('incoming'))
          db.prepare(
            'INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM incoming.sqlite_sequence',
          ).run();
      }
    })();
  } finally {
    db.prepare('DETACH DATABASE incoming').run();
  }
}

/** A file with no schema yet: new, or created empty. */
function isEmpty(db: Database.Database): boolean {
  const tables = db
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .get() as number;
  return schemaVersion(db) === 0 && tables === 0;
}

/** Refuses a SQLite file some other program wrote. */
function checkOurs(db: Database.Database, file: string): void {
  const appId = db.pragma('application_id', { simple: true }) as number;
  if (!isEmpty(db) && appId !== APPLICATION_ID) {
    throw new StoreError('not_gammawatch', `${file} is a SQLite database, but not a Gammawatch one`);
  }
}

function makeStore<R>(
  db: Database.Database,
  file: string,
  readonly: boolean,
  migration: MigrationReport,
  now: () => EpochMs,
  ruleSchema: z.ZodType<R>,
  codec: CodecId,
  redactText: (text: string) => string,
): Store<R> {
  const compactor = createPayloadCompactor(db, codec);
  // The repositories whose rows belong to a data source, built for one scope.
  const scoped = (scope: SourceScope) => ({
    snapshots: guarded('snapshots', createSnapshotRepository(db, now, scope, codec)),
    metrics: guarded('metrics', createMetricPointRepository(db, scope)),
    httpCache: guarded('httpCache', createHttpCacheRepository(db, scope)),
    alertEvents: guarded('alertEvents', createAlertEventRepository(db, now, scope)),
    pollRuns: guarded('pollRuns', createPollRunRepository(db, now, scope, redactText)),
    screenerMembership: guarded('screenerMembership', createScreenerMembershipRepository(db, now, scope)),
  });
  const scope = sourceScope();
  /** Stores bound to one source, made once per source (their statements are prepared once). */
  const bound = new Map<string, Store<R>>();
  const store: Store<R> = {
    file,
    readonly,
    migration,
    get isOpen() {
      return db.open;
    },
    watchlists: guarded('watchlists', createWatchlistRepository(db, now)),
    alertRules: guarded('alertRules', createAlertRuleRepository(db, ruleSchema, now)),
    deliveries: guarded('deliveries', createDeliveryRepository(db, now, redactText)),
    settings: guarded('settings', createSettingsRepository(db, now)),
    thinning: guarded('thinning', createThinningRepository(db, now)),
    flags: guarded('flags', createAppFlagRepository(db, now)),
    savedViews: guarded('savedViews', createSavedViewRepository(db, now)),
    ...scoped(scope),

    get source() {
      return scope.id;
    },

    useSource(sourceId: string): void {
      scope.id = parseInput(sourceIdSchema, sourceId, 'source id');
    },

    forSource(sourceId: string): Store<R> {
      const id = parseInput(sourceIdSchema, sourceId, 'source id');
      let found = bound.get(id);
      if (!found) {
        const fixed: SourceScope = Object.freeze({ id });
        found = Object.freeze({
          ...store,
          // A spread copies a getter's value of the moment: this one must stay live.
          get isOpen() {
            return db.open;
          },
          ...scoped(fixed),
          // The database's own operations, looked up on it at each call.
          transaction: (fn) => store.transaction(fn),
          backup: (destination) => store.backup(destination),
          compactPayloads: (options) => store.compactPayloads(options),
          checkpoint: () => store.checkpoint(),
          replaceContentFrom: (from: string) => store.replaceContentFrom(from),
          stats: () => store.stats(),
          close: () => store.close(),
          source: id,
          useSource(): void {
            throw invalidInput(`this store is bound to the source ${id}; useSource the app's store instead`);
          },
          forSource: (other: string) => store.forSource(other),
        } satisfies Store<R>);
        bound.set(id, found);
      }
      return found;
    },

    transaction<T>(fn: () => T): T {
      if (typeof fn !== 'function') throw invalidInput('transaction takes a function');
      try {
        return db.transaction(() => {
          const result = fn();
          if (result instanceof Promise) {
            throw invalidInput(
              'a transaction function must be synchronous (it returned a promise); nothing was written',
            );
          }
          return result;
        })();
      } catch (error) {
        // The store's own failures arrive as StoreErrors; the caller's own errors come back as
        // they were thrown, so the caller can still recognise them.
        const converted = toStoreError(error, 'transaction');
        throw converted.kind === 'unknown' && !(error instanceof Database.SqliteError) ? error : converted;
      }
    },

    async backup(destination) {
      try {
        // A backup holds bodies compressed, as the live file will: pending ones are finished
        // first, in slices between which other work (a poll's ingest) gets the event loop.
        if (!readonly) {
          const deadline = performance.now() + BACKUP_COMPACTION_MS;
          while (compactor.compact({ maxRows: 100_000, maxMs: 50 }).remaining) {
            if (performance.now() > deadline) break;
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        }
        return await backupDatabase(db, destination);
      } catch (error) {
        throw toStoreError(error, `backup to ${destination}`);
      }
    },

    compactPayloads(options) {
      if (readonly) throw new StoreError('read_only', 'compactPayloads: the store was opened read-only');
      try {
        return compactor.compact(options);
      } catch (error) {
        throw toStoreError(error, 'compactPayloads');
      }
    },

    replaceContentFrom(from) {
      if (readonly) throw new StoreError('read_only', 'replaceContentFrom: the store was opened read-only');
      try {
        replaceContent(db, from);
      } catch (error) {
        throw toStoreError(error, `replacing the content from ${from}`);
      }
    },

    checkpoint() {
      try {
        if (!readonly) db.pragma('wal_checkpoint(TRUNCATE)');
      } catch (error) {
        throw toStoreError(error, 'checkpoint');
      }
    },

    stats() {
      try {
        const counts = store.snapshots.count();
        const size = (path: string): number => (fs.existsSync(path) ? fs.statSync(path).size : 0);
        const walBytes = file === ':memory:' ? 0 : size(`${file}-wal`);
        return {
          file,
          fileBytes: (file === ':memory:' ? 0 : size(file)) + walBytes,
          walBytes,
          pageSize: db.pragma('page_size', { simple: true }) as number,
          pageCount: db.pragma('page_count', { simple: true }) as number,
          freePages: db.pragma('freelist_count', { simple: true }) as number,
          ...counts,
        };
      } catch (error) {
        throw toStoreError(error, 'stats');
      }
    },

    close() {
      if (!db.open) return;
      try {
        // Lets SQLite refresh the statistics its query planner uses, cheaply, as it recommends.
        if (!readonly) db.pragma('optimize');
      } catch {
        // Closing matters more than fresher statistics.
      } finally {
        db.close();
      }
    },
  };
  return store;
}
