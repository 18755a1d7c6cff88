// The poll-run log: one row per run of a scheduled job, begun when it starts and finished with
// its counts, so a run that never finished (a crash, a hang) is visible as such.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { redactDeep } from '../../secrets/redact.ts';
import { canonicalJson, type JsonValue } from '../canonical-json.ts';
import { notFound } from '../errors.ts';
import type { SourceScope } from '../source-scope.ts';
import { timeInputSchema, type EpochMs, type TimeInput } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface PollRunCounts {
  requests: number;
  /** Responses that were 304 Not Modified. */
  notModified: number;
  /** Response body bytes received. */
  bytes: number;
  errors: number;
}

export interface PollRun extends PollRunCounts {
  id: number;
  job: string;
  startedAt: EpochMs;
  /** null while running (or if the app stopped mid-run). */
  finishedAt: EpochMs | null;
  durationMs: number | null;
  detail: JsonValue | null;
}

export interface PollRunAggregate extends PollRunCounts {
  runs: number;
  unfinished: number;
  /** Runs with at least one error. */
  failedRuns: number;
  /** notModified / requests, 0 when there were no requests. */
  notModifiedShare: number;
  meanDurationMs: number | null;
}

export interface PollRunRepository {
  begin(job: string, startedAt?: TimeInput): number;
  finish(id: number, counts: Partial<PollRunCounts> & { finishedAt?: TimeInput; detail?: unknown }): PollRun;
  /** A run recorded in one go, after the fact. */
  record(
    run: {
      job: string;
      startedAt: TimeInput;
      finishedAt: TimeInput;
      detail?: unknown;
    } & Partial<PollRunCounts>,
  ): PollRun;
  get(id: number): PollRun | undefined;
  /** Newest first. */
  recent(options?: { job?: string; limit?: number }): PollRun[];
  /** Totals over runs started in [from, to]. */
  aggregate(window: { from: TimeInput; to?: TimeInput; job?: string }): PollRunAggregate;
}

const jobSchema = z.string().trim().min(1).max(100);
const count = z.number().int().min(0).default(0);
const countsSchema = z.object({ requests: count, notModified: count, bytes: count, errors: count });

interface RunRow {
  id: number;
  job: string;
  started_at: number;
  finished_at: number | null;
  requests: number;
  not_modified: number;
  bytes: number;
  errors: number;
  duration_ms: number | null;
  detail: string | null;
}

function toRun(row: RunRow): PollRun {
  return {
    id: row.id,
    job: row.job,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms,
    requests: row.requests,
    notModified: row.not_modified,
    bytes: row.bytes,
    errors: row.errors,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as JsonValue),
  };
}

export function createPollRunRepository(
  db: Database.Database,
  now: () => EpochMs,
  scope: SourceScope,
  redactText: (text: string) => string,
): PollRunRepository {
  // A run records the data source it polled; the status shows the active source's runs.
  const q = {
    begin: db.prepare('INSERT INTO poll_runs (job, started_at, source) VALUES (?, ?, ?)'),
    finish: db.prepare(
      `UPDATE poll_runs SET finished_at = ?, duration_ms = ? - started_at, requests = ?, not_modified = ?, bytes = ?,
         errors = ?, detail = ? WHERE id = ? RETURNING *`,
    ),
    get: db.prepare('SELECT * FROM poll_runs WHERE id = ?'),
    recent: db.prepare('SELECT * FROM poll_runs WHERE source = ? ORDER BY started_at DESC, id DESC LIMIT ?'),
    recentJob: db.prepare(
      'SELECT * FROM poll_runs WHERE source = ? AND job = ? ORDER BY started_at DESC, id DESC LIMIT ?',
    ),
  };

  const aggregateSql = (byJob: boolean): string => `
    SELECT COUNT(*) AS runs, SUM(finished_at IS NULL) AS unfinished, SUM(errors > 0) AS failedRuns,
      TOTAL(requests) AS requests, TOTAL(not_modified) AS notModified, TOTAL(bytes) AS bytes, TOTAL(errors) AS errors,
      AVG(duration_ms) AS meanDurationMs
    FROM poll_runs WHERE source = ? AND started_at >= ? AND started_at <= ? ${byJob ? 'AND job = ?' : ''}`;
  const aggregateAll = db.prepare(aggregateSql(false));
  const aggregateJob = db.prepare(aggregateSql(true));

  function finish(id: number, raw: Parameters<PollRunRepository['finish']>[1]): PollRun {
    const runId = parseInput(z.number().int().positive(), id, 'run id');
    const c = parseInput(countsSchema, raw, 'run counts');
    const finishedAt =
      raw.finishedAt === undefined ? now() : parseInput(timeInputSchema, raw.finishedAt, 'finishedAt');
    // The detail holds the run's error messages: what a remote said, possibly echoing the key.
    const detail = raw.detail === undefined ? null : canonicalJson(redactDeep(raw.detail, redactText));
    const row = q.finish.get(
      finishedAt,
      finishedAt,
      c.requests,
      c.notModified,
      c.bytes,
      c.errors,
      detail,
      runId,
    ) as RunRow | undefined;
    if (!row) throw notFound(`no poll run with id ${id}`);
    return toRun(row);
  }

  return {
    begin(job, startedAt) {
      const at = startedAt === undefined ? now() : parseInput(timeInputSchema, startedAt, 'startedAt');
      return Number(q.begin.run(parseInput(jobSchema, job, 'job'), at, scope.id).lastInsertRowid);
    },

    finish,

    record(run) {
      return db.transaction(() => {
        const id = Number(
          q.begin.run(
            parseInput(jobSchema, run.job, 'job'),
            parseInput(timeInputSchema, run.startedAt, 'startedAt'),
            scope.id,
          ).lastInsertRowid,
        );
        return finish(id, run);
      })();
    },

    get(id) {
      const row = q.get.get(parseInput(z.number().int().positive(), id, 'run id')) as RunRow | undefined;
      return row ? toRun(row) : undefined;
    },

    recent(options = {}) {
      const limit = parseInput(z.number().int().min(1).max(10_000).default(50), options.limit, 'limit');
      const rows =
        options.job === undefined
          ? q.recent.all(scope.id, limit)
          : q.recentJob.all(scope.id, parseInput(jobSchema, options.job, 'job'), limit);
      return (rows as RunRow[]).map(toRun);
    },

    aggregate(window) {
      const from = parseInput(timeInputSchema, window.from, 'from');
      const to =
        window.to === undefined ? Number.MAX_SAFE_INTEGER : parseInput(timeInputSchema, window.to, 'to');
      const row = (
        window.job === undefined
          ? aggregateAll.get(scope.id, from, to)
          : aggregateJob.get(scope.id, from, to, parseInput(jobSchema, window.job, 'job'))
      ) as Omit<PollRunAggregate, 'notModifiedShare'> & {
        unfinished: number | null;
        failedRuns: number | null;
      };
      return {
        runs: row.runs,
        unfinished: row.unfinished ?? 0,
        failedRuns: row.failedRuns ?? 0,
        requests: row.requests,
        notModified: row.notModified,
        bytes: row.bytes,
        errors: row.errors,
        notModifiedShare: row.requests > 0 ? row.notModified / row.requests : 0,
        meanDurationMs: row.meanDurationMs,
      };
    },
  };
}
