// Thinning: the retention a trader sets (settings `retention` and `retentionDays`), applied in
// small steps. A run is a generator: each next() does one bounded piece of work and says what it
// did, so the caller (retention-schedule.ts) can give the event loop back between pieces and no
// bridge call waits behind a long delete. The pieces, in order:
// 1. snapshots older than `retentionDays` go, with the bodies no other snapshot shares, the
//    intraday metric points, poll runs and cached responses of that age, one batch per step;
// 2. each older session is thinned (thinning-plan.ts), oldest first: its snapshots are read a page
//    at a time, then deleted `batchRows` at a time, each batch its own short transaction with the
//    bodies it orphaned; then its intraday metric points by the same rule (one per 15 minutes, or
//    the close, per ticker and metric), read about `readRows` at a time (a series' session is
//    never split) and deleted `batchRows` at a time: kept whole they were 14 % of a year under
//    the default retention (the year benchmark); the last one records the session as thinned
//    (migration 011);
// 3. the free pages go back to the disk, `vacuumPages` at a time (PRAGMA incremental_vacuum), in a
//    database created with auto_vacuum = INCREMENTAL (database.ts); an older one keeps its free
//    pages for the snapshots to come.
// metric_daily (the daily series) and the alert history (alert_events, alert_deliveries) are never
// touched. A session thinned before its points were (an older version) keeps its points.
//
// A dry run walks the same sessions without deleting, and counts: what thinning would free now.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { nextTradingDay, sessionDateOf, type IsoDate } from '../../../shared/market-calendar.ts';
import { sessionClosePreference } from '../../../shared/session-close.ts';
import { DAY_MS, type EpochMs } from '../time.ts';
import {
  atLeast,
  levelOfSession,
  sessionBounds,
  thinCutoffs,
  thinSession,
  thinTimes,
  type ThinLevel,
} from '../thinning-plan.ts';
import { parseInput } from '../validate.ts';

/** A snapshot row's share of the file besides its body: the row and its five index entries. */
export const SNAPSHOT_ROW_BYTES = 160;
/** An intraday metric point's share of the file (dbstat on a generated store: 54.5 B). */
export const POINT_ROW_BYTES = 55;

export interface ThinningOptions {
  /** Every snapshot is kept this many days. */
  fullDays: number;
  /** Then one per 15 minutes until this many days; older sessions keep their close only. */
  quarterHourDays: number;
  /** Older snapshots are deleted (not thinned). */
  retentionDays: number;
  now?: EpochMs;
  /** Snapshots read per step (default 1000). */
  readRows?: number;
  /** Snapshots deleted per transaction (default 100). */
  batchRows?: number;
  /** Pages given back per step (default 128). */
  vacuumPages?: number;
  /** Count, do not delete (and give nothing back). */
  dryRun?: boolean;
}

export type ThinningPhase = 'prune' | 'check' | 'read' | 'delete' | 'vacuum';

/** One step of a run: what it did. */
export interface ThinningStep {
  phase: ThinningPhase;
  /** The session it worked on (check, read, delete). */
  day?: IsoDate;
  /** Rows read (read, check) or deleted (prune, delete); pages given back (vacuum). */
  rows: number;
}

export interface ThinningReport {
  at: EpochMs;
  dryRun: boolean;
  /** Snapshots older than retentionDays deleted (or that would be). */
  expired: number;
  /** Snapshots thinned out of older sessions (or that would be). */
  thinned: number;
  /** Intraday metric points thinned out of older sessions (or that would be). */
  points: number;
  /** Payload bodies no snapshot used any more, deleted (or that would be). */
  payloads: number;
  /** Their bytes (a dry run's estimate includes the snapshot rows, SNAPSHOT_ROW_BYTES each). */
  bytes: number;
  /** Sessions thinned (or that would be). */
  days: number;
  /** Pages given back to the disk. */
  pagesReturned: number;
  steps: number;
  /** A dry run stopped at its `maxRows`: the counts are a lower bound. */
  complete: boolean;
}

export interface ThinnedDay {
  day: IsoDate;
  level: ThinLevel;
  /** Snapshots of the ticker thinned out of the session, every series together. */
  removed: number;
}

/** The last run the schedule finished, as Settings shows it. */
export const lastRunSchema = z.object({
  at: z.number(),
  durationMs: z.number(),
  longestStepMs: z.number(),
  steps: z.number().int(),
  expired: z.number().int(),
  thinned: z.number().int(),
  payloads: z.number().int(),
  days: z.number().int(),
  pagesReturned: z.number().int(),
});
export type ThinningLastRun = z.infer<typeof lastRunSchema>;

export interface StorageFacts {
  pageSize: number;
  pageCount: number;
  freePages: number;
  /** PRAGMA auto_vacuum: only 'incremental' gives free pages back to the disk. */
  autoVacuum: 'none' | 'full' | 'incremental';
}

export interface ThinningRepository {
  /** A run, step by step (see the file's head). Call it outside store.transaction(). */
  run(options: ThinningOptions): Generator<ThinningStep, ThinningReport>;
  /** A dry run all at once, reading at most `maxRows` snapshots (default 20,000; stops after the session that crosses it). */
  preview(options: ThinningOptions & { maxRows?: number }): ThinningReport;
  /** The sessions in [from, to] thinned for a ticker of a source, oldest first. */
  thinnedDays(query: { source: string; ticker: string; from: IsoDate; to: IsoDate }): ThinnedDay[];
  lastRun(): ThinningLastRun | null;
  recordRun(run: ThinningLastRun): void;
  facts(): StorageFacts;
}

const optionsSchema = z.object({
  fullDays: z.number().int().min(0).max(36_500),
  quarterHourDays: z.number().int().min(0).max(36_500),
  retentionDays: z.number().int().min(1).max(36_500),
  now: z.number().int().min(0).optional(),
  readRows: z.number().int().min(1).max(1_000_000).default(1000),
  batchRows: z.number().int().min(1).max(1_000_000).default(100),
  vacuumPages: z.number().int().min(1).max(1_000_000).default(128),
  dryRun: z.boolean().default(false),
});
type Parsed = z.output<typeof optionsSchema>;

/** One ticker's metric of one source: a series of intraday points. */
interface PointSeries {
  source: string;
  ticker: string;
  metric: string;
}

interface PointRow extends PointSeries {
  ts: number;
}

interface Row {
  id: number;
  source: string;
  endpoint: string;
  ticker: string;
  params_key: string;
  asof: number;
  payload_id: number;
  series: string;
}

const LAST_RUN_KEY = 'flag:thinningLastRun';
/** The largest snapshot id a complete run had seen: sessions with rows above it are looked at again. */
const CHECKED_KEY = 'flag:thinningCheckedThrough';
const AUTO_VACUUM = ['none', 'full', 'incremental'] as const;

export function createThinningRepository(db: Database.Database, clock: () => EpochMs): ThinningRepository {
  const q = {
    oldest: db.prepare('SELECT MIN(asof) FROM snapshots').pluck(),
    maxId: db.prepare('SELECT MAX(id) FROM snapshots').pluck(),
    // By the rowid (NOT INDEXED keeps the planner off the asof index): only the rows stored since.
    storedSince: db.prepare('SELECT asof FROM snapshots NOT INDEXED WHERE id > ? AND asof < ?').pluck(),
    progress: db.prepare('SELECT day, level, high_id FROM thinning_progress'),
    newer: db
      .prepare('SELECT EXISTS (SELECT 1 FROM snapshots WHERE asof >= ? AND asof < ? AND id > ?)')
      .pluck(),
    page: db.prepare(
      `SELECT id, source, endpoint, ticker, params_key, asof, payload_id FROM snapshots
       WHERE asof >= ? AND asof < ? AND (asof > ? OR (asof = ? AND id > ?)) ORDER BY asof, id LIMIT ?`,
    ),
    expiredBatch: db
      .prepare(
        'DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE asof < ? LIMIT ?) RETURNING payload_id',
      )
      .pluck(),
    countExpired: db.prepare('SELECT COUNT(*) FROM (SELECT 1 FROM snapshots WHERE asof < ? LIMIT ?)').pluck(),
    deleteOne: db.prepare('DELETE FROM snapshots WHERE id = ? RETURNING payload_id').pluck(),
    orphan: db
      .prepare(
        'DELETE FROM payloads WHERE id = ? AND NOT EXISTS (SELECT 1 FROM snapshots WHERE payload_id = ?) RETURNING length(body)',
      )
      .pluck(),
    uses: db.prepare('SELECT COUNT(*) FROM snapshots WHERE payload_id = ?').pluck(),
    bodyBytes: db.prepare('SELECT length(body) FROM payloads WHERE id = ?').pluck(),
    pointSeries: db.prepare('SELECT DISTINCT source, ticker, metric FROM metric_daily'),
    oldPoints: db.prepare(
      'DELETE FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? AND ts < ?',
    ),
    sessionPoints: db
      .prepare(
        'SELECT ts FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? AND ts >= ? AND ts < ? ORDER BY ts',
      )
      .pluck(),
    deletePoint: db.prepare(
      'DELETE FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? AND ts = ?',
    ),
    oldRuns: db.prepare('DELETE FROM poll_runs WHERE started_at < ?'),
    oldCache: db.prepare('DELETE FROM http_cache WHERE stored_at < ?'),
    markDay: db.prepare(
      `INSERT INTO thinned_days (source, ticker, day, endpoint, params_key, level, removed, thinned_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source, ticker, day, endpoint, params_key) DO UPDATE SET
         level = CASE WHEN thinned_days.level = 'close' THEN 'close' ELSE excluded.level END,
         removed = thinned_days.removed + excluded.removed, thinned_at = excluded.thinned_at`,
    ),
    markProgress: db.prepare(
      `INSERT INTO thinning_progress (day, level, high_id, thinned_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (day) DO UPDATE SET level = excluded.level, high_id = excluded.high_id, thinned_at = excluded.thinned_at`,
    ),
    thinnedDays: db.prepare(
      `SELECT day, CASE WHEN MAX(level = 'close') THEN 'close' ELSE 'quarter-hour' END AS level,
         SUM(removed) AS removed FROM thinned_days
       WHERE source = ? AND ticker = ? AND day >= ? AND day <= ? GROUP BY day ORDER BY day`,
    ),
    getFlag: db.prepare('SELECT value FROM settings WHERE key = ?').pluck(),
    putFlag: db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    ),
  };

  /** Deletes snapshots by id and the bodies they leave unused: one transaction. */
  const deleteBatch = db.transaction((ids: readonly number[]) => {
    const payloadIds = new Set<number>();
    let snapshots = 0;
    for (const id of ids) {
      const payloadId = q.deleteOne.get(id) as number | undefined;
      if (payloadId === undefined) continue; // gone meanwhile
      snapshots++;
      payloadIds.add(payloadId);
    }
    return { snapshots, ...dropOrphans(payloadIds) };
  });

  function dropOrphans(payloadIds: Iterable<number>): { payloads: number; bytes: number } {
    let payloads = 0;
    let bytes = 0;
    for (const id of payloadIds) {
      const length = q.orphan.get(id, id) as number | undefined;
      if (length === undefined) continue;
      payloads++;
      bytes += length;
    }
    return { payloads, bytes };
  }

  /** The points that go, deleted in one transaction. */
  const deletePoints = db.transaction((points: readonly PointRow[]) => {
    for (const { source, ticker, metric, ts } of points) q.deletePoint.run(source, ticker, metric, ts);
  });

  const expiredBatch = db.transaction((cutoff: number, limit: number) => {
    const payloadIds = q.expiredBatch.all(cutoff, limit) as number[];
    return { snapshots: payloadIds.length, ...dropOrphans(new Set(payloadIds)) };
  });

  const markSession = db.transaction(
    (
      day: IsoDate,
      level: ThinLevel,
      highId: number,
      removedBySeries: Map<string, { row: Row; n: number }>,
    ) => {
      const at = clock();
      for (const { row, n } of removedBySeries.values())
        q.markDay.run(row.source, row.ticker, day, row.endpoint, row.params_key, level, n, at);
      q.markProgress.run(day, level, highId, at);
    },
  );

  /**
   * Copies what a step wrote from the WAL into the file at once (PASSIVE: never waits for a
   * reader). Left to SQLite's auto-checkpoint, a commit that crosses its 1,000 pages copies all of
   * them in one go, hundreds of milliseconds on a busy disk: a step's few dozen pages are quick.
   */
  function settle(): void {
    db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** What deleting `rows` would free: the bodies only they use, and their rows. */
  function estimate(rows: readonly Row[]): { payloads: number; bytes: number } {
    const refs = new Map<number, number>();
    for (const row of rows) refs.set(row.payload_id, (refs.get(row.payload_id) ?? 0) + 1);
    let payloads = 0;
    let bytes = rows.length * SNAPSHOT_ROW_BYTES;
    for (const [id, n] of refs) {
      if ((q.uses.get(id) as number) > n) continue;
      payloads++;
      bytes += (q.bodyBytes.get(id) as number | undefined) ?? 0;
    }
    return { payloads, bytes };
  }

  function* run(o: Parsed, maxRows = Infinity): Generator<ThinningStep, ThinningReport> {
    const now = o.now ?? clock();
    let everySeries: PointSeries[] | null = null;
    /** Every ticker's metric with points (read once a run, when first needed). */
    const pointSeries = (): PointSeries[] => (everySeries ??= q.pointSeries.all() as PointSeries[]);
    const report: ThinningReport = {
      at: now,
      dryRun: o.dryRun,
      expired: 0,
      thinned: 0,
      points: 0,
      payloads: 0,
      bytes: 0,
      days: 0,
      pagesReturned: 0,
      steps: 0,
      complete: true,
    };
    let read = 0;
    const step = (s: ThinningStep): ThinningStep => {
      report.steps++;
      return s;
    };

    // 1. What retentionDays no longer keeps.
    const cutoff = now - o.retentionDays * DAY_MS;
    if (o.dryRun) {
      const limit = Number.isFinite(maxRows) ? maxRows : 1_000_000_000;
      report.expired = q.countExpired.get(cutoff, limit) as number;
      read += report.expired;
      if (report.expired >= limit) report.complete = false;
      report.bytes += report.expired * SNAPSHOT_ROW_BYTES;
      yield step({ phase: 'prune', rows: report.expired });
    } else {
      for (;;) {
        const done = expiredBatch(cutoff, o.batchRows);
        report.expired += done.snapshots;
        report.payloads += done.payloads;
        report.bytes += done.bytes;
        yield step({ phase: 'prune', rows: done.snapshots });
        if (done.snapshots < o.batchRows) break;
      }
      for (const { source, ticker, metric } of pointSeries()) {
        yield step({ phase: 'prune', rows: q.oldPoints.run(source, ticker, metric, cutoff).changes });
      }
      yield step({ phase: 'prune', rows: q.oldRuns.run(cutoff).changes + q.oldCache.run(cutoff).changes });
    }

    // 2. Thinning, session by session, oldest first.
    const cutoffs = thinCutoffs(now, Math.min(o.fullDays, o.retentionDays), o.quarterHourDays);
    const oldest = q.oldest.get() as number | null;
    let highestAtStart = 0;
    if (oldest !== null) {
      const progress = new Map(
        (q.progress.all() as { day: IsoDate; level: ThinLevel; high_id: number }[]).map((p) => [p.day, p]),
      );
      // Sessions that took new snapshots since the last complete run (an import of old files):
      // found from the rows stored since, by id, not by reading every old session again.
      const checkedThrough = Number(q.getFlag.get(CHECKED_KEY) ?? 0);
      highestAtStart = (q.maxId.get() as number | null) ?? 0;
      let touched: Set<IsoDate> | null = null;
      if (checkedThrough > 0) {
        const limit = sessionBounds(cutoffs.quarterHourBefore).from;
        const asofs = q.storedSince.all(checkedThrough, limit) as number[];
        touched = new Set(asofs.map((asof) => sessionDateOf(asof)));
        yield step({ phase: 'check', rows: asofs.length });
      }
      const first = sessionDateOf(Math.max(oldest, cutoff));
      for (let day = first; day < cutoffs.quarterHourBefore; day = nextTradingDay(day)) {
        if (read >= maxRows) {
          report.complete = false;
          break;
        }
        const level = levelOfSession(day, cutoffs);
        if (level === null) break;
        const { from, to } = sessionBounds(day);
        const done = progress.get(day);
        if (done && atLeast(done.level, level)) {
          if (touched && !touched.has(day)) continue;
          // No complete run recorded what it checked (one was stopped): this session's own check.
          if (!touched && (q.newer.get(from, to, done.high_id) as number) === 0) {
            yield step({ phase: 'check', day, rows: 0 });
            continue;
          }
        }
        // Read the session a page at a time.
        const rows: Row[] = [];
        let after = { asof: -1, id: -1 };
        for (;;) {
          const page = q.page.all(from, to, after.asof, after.asof, after.id, o.readRows) as Row[];
          for (const row of page) {
            row.series = `${row.source}\u0000${row.endpoint}\u0000${row.ticker}\u0000${row.params_key}`;
            rows.push(row);
          }
          read += page.length;
          yield step({ phase: 'read', day, rows: page.length });
          const last = page.at(-1);
          if (!last || page.length < o.readRows) break;
          after = { asof: last.asof, id: last.id };
        }
        const removed = thinSession(rows, level);
        const highId = rows.reduce((max, row) => Math.max(max, row.id), done?.high_id ?? 0);
        if (removed.length > 0) report.days++;
        report.thinned += removed.length;
        // The session's intraday points, by the same rule: read a few series at a time (about
        // readRows points, a series' session never split), deleted batchRows at a time.
        const gone: PointRow[] = [];
        let pointsRead = 0;
        const preference = sessionClosePreference(day);
        const flush = function* (all: boolean): Generator<ThinningStep> {
          while (gone.length >= (all ? 1 : o.batchRows)) {
            const batch = gone.splice(0, o.batchRows);
            deletePoints(batch);
            settle();
            yield step({ phase: 'delete', day, rows: batch.length });
          }
        };
        // Points are written with snapshots: only the tickers that lost snapshots here can have
        // points to lose (a session of one snapshot per series, such as daily fills, has none).
        const thinnedTickers = new Set(removed.map((row) => `${row.source}\u0000${row.ticker}`));
        const series = pointSeries().filter((p) => thinnedTickers.has(`${p.source}\u0000${p.ticker}`));
        for (const { source, ticker, metric } of series) {
          const times = q.sessionPoints.all(source, ticker, metric, from, to) as number[];
          pointsRead += times.length;
          const thinned = thinTimes(times, level, preference);
          report.points += thinned.length;
          report.bytes += thinned.length * POINT_ROW_BYTES;
          if (!o.dryRun) for (const ts of thinned) gone.push({ source, ticker, metric, ts });
          if (pointsRead >= o.readRows) {
            yield step({ phase: 'read', day, rows: pointsRead });
            pointsRead = 0;
          }
          yield* flush(false);
        }
        if (pointsRead > 0) yield step({ phase: 'read', day, rows: pointsRead });
        yield* flush(true);
        if (o.dryRun) {
          const freed = estimate(removed);
          report.payloads += freed.payloads;
          report.bytes += freed.bytes;
          continue;
        }
        for (let i = 0; i < removed.length; i += o.batchRows) {
          const ids = removed.slice(i, i + o.batchRows).map((row) => row.id);
          const freed = deleteBatch(ids);
          report.payloads += freed.payloads;
          report.bytes += freed.bytes;
          settle();
          yield step({ phase: 'delete', day, rows: freed.snapshots });
        }
        const bySeries = new Map<string, { row: Row; n: number }>();
        for (const row of removed) {
          const held = bySeries.get(row.series);
          if (held) held.n++;
          else bySeries.set(row.series, { row, n: 1 });
        }
        markSession(day, level, highId, bySeries);
      }
    }

    if (!o.dryRun && oldest !== null) q.putFlag.run(CHECKED_KEY, String(highestAtStart), clock());

    // 3. The free pages back to the disk, a few at a time.
    if (!o.dryRun && facts().autoVacuum === 'incremental') {
      for (;;) {
        const before = db.pragma('freelist_count', { simple: true }) as number;
        if (before === 0) break;
        db.pragma(`incremental_vacuum(${o.vacuumPages})`);
        const after = db.pragma('freelist_count', { simple: true }) as number;
        report.pagesReturned += before - after;
        settle();
        yield step({ phase: 'vacuum', rows: before - after });
        if (after >= before) break;
      }
      // In WAL mode the file shrinks when the WAL is copied back; the WAL holds at most what
      // the auto-checkpoint lets it (about 1,000 pages), so this is as short as a vacuum step.
      if (report.pagesReturned > 0) {
        db.pragma('wal_checkpoint(TRUNCATE)');
        yield step({ phase: 'vacuum', rows: 0 });
      }
    }
    return report;
  }

  function facts(): StorageFacts {
    const mode = db.pragma('auto_vacuum', { simple: true }) as number;
    return {
      pageSize: db.pragma('page_size', { simple: true }) as number,
      pageCount: db.pragma('page_count', { simple: true }) as number,
      freePages: db.pragma('freelist_count', { simple: true }) as number,
      autoVacuum: AUTO_VACUUM[mode] ?? 'none',
    };
  }

  return {
    run(options) {
      return run(parseInput(optionsSchema, options, 'thinning options'));
    },
    preview(options) {
      const { maxRows = 20_000, ...rest } = options;
      const it = run(parseInput(optionsSchema, { ...rest, dryRun: true }, 'thinning options'), maxRows);
      for (;;) {
        const next = it.next();
        if (next.done) return next.value;
      }
    },
    thinnedDays({ source, ticker, from, to }) {
      return q.thinnedDays.all(source, ticker, from, to) as ThinnedDay[];
    },
    lastRun() {
      const value = q.getFlag.get(LAST_RUN_KEY) as string | undefined;
      if (value === undefined) return null;
      try {
        const parsed = lastRunSchema.safeParse(JSON.parse(value));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    recordRun(last) {
      q.putFlag.run(LAST_RUN_KEY, JSON.stringify(lastRunSchema.parse(last)), clock());
    },
    facts,
  };
}
