// Retention: old snapshots go, and with them the payload bodies no other snapshot shares.
// Intraday metric points older than the cut-off go too; the daily points behind the history
// charts are kept. Deletion runs in bounded batches, each its own transaction, so a large first
// prune neither holds the write lock for long nor grows the WAL without bound.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { DAY_MS, type EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface PruneReport {
  cutoff: EpochMs;
  snapshots: number;
  payloads: number;
  metricPoints: number;
  pollRuns: number;
  httpCache: number;
}

export interface RetentionRepository {
  /** Deletes what is older than `olderThanDays` days before `now`. */
  prune(options: { olderThanDays: number; now?: EpochMs; batchSize?: number }): PruneReport;
}

const optionsSchema = z.object({
  olderThanDays: z.number().min(0).max(36_500),
  now: z.number().int().min(0).optional(),
  batchSize: z.number().int().min(1).max(1_000_000).default(5000),
});

export function createRetentionRepository(db: Database.Database, clock: () => EpochMs): RetentionRepository {
  const q = {
    oldSnapshots: db
      .prepare(
        'DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE asof < ? LIMIT ?) RETURNING payload_id',
      )
      .pluck(),
    orphan: db.prepare(
      'DELETE FROM payloads WHERE id = ? AND NOT EXISTS (SELECT 1 FROM snapshots WHERE payload_id = ?)',
    ),
    series: db.prepare('SELECT DISTINCT source, ticker, metric FROM metric_daily'),
    oldPoints: db.prepare(
      'DELETE FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? AND ts < ?',
    ),
    oldRuns: db.prepare('DELETE FROM poll_runs WHERE started_at < ?'),
    oldCache: db.prepare('DELETE FROM http_cache WHERE stored_at < ?'),
  };

  const snapshotBatch = db.transaction((cutoff: number, limit: number) => {
    const payloadIds = q.oldSnapshots.all(cutoff, limit) as number[];
    let payloads = 0;
    for (const id of new Set(payloadIds)) payloads += q.orphan.run(id, id).changes;
    return { snapshots: payloadIds.length, payloads };
  });

  // Every source's rows alike. Per (source, ticker, metric) so that each delete is a range of the
  // primary key, not a table scan.
  const pointsBefore = db.transaction((cutoff: number) => {
    let n = 0;
    const series = q.series.all() as { source: string; ticker: string; metric: string }[];
    for (const { source, ticker, metric } of series) {
      n += q.oldPoints.run(source, ticker, metric, cutoff).changes;
    }
    return n;
  });

  return {
    prune(options) {
      const o = parseInput(optionsSchema, options, 'retention options');
      const cutoff = (o.now ?? clock()) - o.olderThanDays * DAY_MS;
      const report: PruneReport = {
        cutoff,
        snapshots: 0,
        payloads: 0,
        metricPoints: 0,
        pollRuns: 0,
        httpCache: 0,
      };
      for (;;) {
        const deleted = snapshotBatch(cutoff, o.batchSize);
        report.snapshots += deleted.snapshots;
        report.payloads += deleted.payloads;
        if (deleted.snapshots < o.batchSize) break;
      }
      report.metricPoints = pointsBefore(cutoff);
      report.pollRuns = q.oldRuns.run(cutoff).changes;
      report.httpCache = q.oldCache.run(cutoff).changes;
      return report;
    },
  };
}
