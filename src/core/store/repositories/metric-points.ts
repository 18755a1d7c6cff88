// Metric points extracted from snapshots for charts. Two tables: every point (metric_points) and
// one point per NYSE session (metric_daily, by sessionDateOf, kept up to date on every write), so a
// two-year daily chart reads about 500 rows per metric instead of every intraday poll. A session's
// daily row comes from the snapshot standing for its close (shared/session-close.ts: complete before
// partial, not pre-market before pre-market, then the latest): each row keeps that preference
// (`pref`), a write replaces it only when it stands at least as well, and a snapshot that stands
// better but lacks a figure removes the day's figure of a lesser snapshot, so every figure of a
// day comes from one snapshot.
//
// A daily series reads metric_daily's primary key (ticker, metric, day) only: a WITHOUT ROWID
// table is its own covering index, so no other index would serve it better. For 504 days x 8
// metrics SQLite finds the 4,032 rows in a fraction of a millisecond; handing them to JavaScript
// one by one is what costs (better-sqlite3 builds every row and value through V8's API). So one
// query aggregates them into three JSON arrays (a packed day-and-metric number, the time, the
// value), which cross over as three strings and are parsed natively, then laid out in columns in
// one pass. The three aggregates see the rows in the same order, so element i of each array
// describes the same row whatever order SQLite reads them in. SQLite writes REAL values in JSON
// with as many digits as they need to read back exactly.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  addDays,
  epochToNy,
  isoDate,
  nyToEpoch,
  sessionDateOf,
  type IsoDate,
} from '../../../shared/market-calendar.ts';
import { closePreference } from '../../../shared/session-close.ts';
import type { SourceScope } from '../source-scope.ts';
import { tickerSchema } from '../ticker.ts';
import { timeInputSchema, type EpochMs, type TimeInput } from '../time.ts';
import { parseInput } from '../validate.ts';

/** call_regime is a label; every other catalog metric is a number. */
export type MetricValue = number | string;

export interface MetricPointInput {
  ticker: string;
  metric: string;
  ts: TimeInput;
  /** null and undefined are skipped: a missing figure is a gap, not a point. */
  value: MetricValue | null | undefined;
  /**
   * How well the point's snapshot stands for its session's close (closePreference). Default: its
   * time's, as a complete snapshot. A point with a preference and no value is a gap of that
   * snapshot: where it stands better than the day's row, the row goes.
   */
  pref?: number;
}

export type SeriesResolution = 'daily' | 'raw';

export interface SeriesQuery {
  /** Inclusive. Epoch ms, ISO timestamp, or a YYYY-MM-DD New York date. */
  from?: TimeInput | IsoDate;
  to?: TimeInput | IsoDate;
  /** daily (default): the latest point per New York date; raw: every point. */
  resolution?: SeriesResolution;
}

/** Column-oriented, as charts (uPlot) want it: row i is dates[i], ts[i], columns[m][i]. */
export interface SeriesTable {
  ticker: string;
  resolution: SeriesResolution;
  metrics: string[];
  /** The New York date of each row (YYYY-MM-DD). */
  dates: IsoDate[];
  /** Daily: the time of the row's latest point across its metrics. Raw: the points' time. */
  ts: EpochMs[];
  /** One array per metric, null where that metric has no point in the row. */
  columns: Record<string, (MetricValue | null)[]>;
}

export interface MetricPointRepository {
  /** Upserts points (same ticker, metric and ts: the new value wins); returns how many were stored. */
  put(points: readonly MetricPointInput[]): number;
  series(ticker: string, metrics: readonly string[], query?: SeriesQuery): SeriesTable;
  latest(ticker: string, metric: string): { ts: EpochMs; value: MetricValue } | undefined;
  /** The metrics a ticker has points for. */
  metrics(ticker: string): string[];
}

export const metricNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'a metric name is lower-case letters, digits and _ (a catalog key)');

const pointSchema = z.object({
  ticker: tickerSchema,
  metric: metricNameSchema,
  ts: timeInputSchema,
  value: z
    .union([z.number().refine(Number.isFinite, 'a metric value must be finite'), z.string().max(200)])
    .nullish(),
  pref: z.number().int().nonnegative().optional(),
});

/** Points per multi-row statement (SQLite allows 32,766 bound values; 7 per daily row). */
const PUT_ROWS = 64;

const CANONICAL_TICKER = /^[A-Z][A-Z0-9]{0,9}([.-][A-Z0-9]{1,4})?$/;
const METRIC_NAME = /^[a-z][a-z0-9_]{0,63}$/;

interface CheckedPoint {
  ticker: string;
  metric: string;
  ts: EpochMs;
  /** null: a gap of a snapshot with a stated preference. */
  value: MetricValue | null;
  pref: number;
}

/**
 * A point as pointSchema would give it back, or null for a gap without a preference (nothing to
 * do). Points already in canonical form (what the poller extracts) are checked by hand; anything
 * else goes through pointSchema, which normalises it (a lower-case ticker, an ISO time) or refuses
 * it with the usual message.
 */
function checkPoint(raw: MetricPointInput): CheckedPoint | null {
  const { ticker, metric, ts, value, pref } = raw;
  if (
    typeof ticker === 'string' &&
    CANONICAL_TICKER.test(ticker) &&
    typeof metric === 'string' &&
    METRIC_NAME.test(metric) &&
    typeof ts === 'number' &&
    Number.isInteger(ts) &&
    ts >= 0 &&
    ts <= 8.64e15 &&
    (pref === undefined || (Number.isSafeInteger(pref) && pref >= 0))
  ) {
    if (value === null || value === undefined)
      return pref === undefined ? null : { ticker, metric, ts, value: null, pref };
    if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.length <= 200)
      return { ticker, metric, ts, value, pref: pref ?? closePreference(ts) };
  }
  const p = parseInput(pointSchema, raw, 'metric point');
  const gap = p.value === null || p.value === undefined;
  if (gap && p.pref === undefined) return null;
  return { ...p, value: gap ? null : (p.value as MetricValue), pref: p.pref ?? closePreference(p.ts) };
}

const isoDateSchema = z.iso.date();
const boundSchema = z.union([isoDateSchema, timeInputSchema]);

const seriesSchema = z.object({
  metrics: z.array(metricNameSchema).min(1).max(64),
  from: boundSchema.optional(),
  to: boundSchema.optional(),
  resolution: z.enum(['daily', 'raw']).default('daily'),
});

interface PointRow {
  ts: number;
  value: MetricValue;
}

/** Room for the metric's position beside the day in a daily series key; the schema allows 64 metrics. */
const METRIC_SLOTS = 64;

export function createMetricPointRepository(
  db: Database.Database,
  scope: SourceScope,
): MetricPointRepository {
  // Every read is the active source's (see source-scope.ts); its id leads every key.
  const q = {
    raw: db.prepare(
      'SELECT ts, value FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? AND ts >= ? AND ts <= ? ORDER BY ts',
    ),
    latest: db.prepare(
      'SELECT ts, value FROM metric_points WHERE source = ? AND ticker = ? AND metric = ? ORDER BY ts DESC LIMIT 1',
    ),
    metrics: db
      .prepare('SELECT DISTINCT metric FROM metric_daily WHERE source = ? AND ticker = ? ORDER BY metric')
      .pluck(),
  };

  // Writing is the ingest hot path (a 500-ticker signals poll puts about 4,000 points). Each point
  // is checked without zod when it is already in canonical form (zod only for the rest, which
  // normalises or explains the refusal), points sharing a time share one New York day lookup, and
  // rows go to SQLite in multi-row statements: per statement, better-sqlite3's binding and
  // SQLite's statement set-up cost about as much as a row's b-tree work. Of a batch's points for
  // one day and metric only the one standing best for the close (the last of equals) reaches
  // metric_daily.
  const points4: unknown[] = [];
  const daily7: unknown[] = [];
  const clearLesser = db.prepare(
    'DELETE FROM metric_daily WHERE source = ? AND ticker = ? AND metric = ? AND day = ? AND pref < ?',
  );
  const putAll = db.transaction((points: readonly MetricPointInput[]) => {
    const days = new Map<number, IsoDate>();
    const best = new Map<string, { p: CheckedPoint; day: IsoDate }>();
    points4.length = 0;
    daily7.length = 0;
    let stored = 0;
    for (const raw of points) {
      const p = checkPoint(raw);
      if (p === null) continue;
      let day = days.get(p.ts);
      if (day === undefined) {
        day = sessionDateOf(p.ts);
        days.set(p.ts, day);
      }
      const key = `${p.ticker}\u0000${p.metric}\u0000${day}`;
      const held = best.get(key);
      if (!held || p.pref >= held.p.pref) best.set(key, { p, day });
      if (p.value === null) continue;
      points4.push(scope.id, p.ticker, p.metric, p.ts, p.value);
      stored++;
      if (stored % PUT_ROWS === 0) flushPoints(PUT_ROWS);
    }
    flushPoints(stored % PUT_ROWS);
    let rows = 0;
    for (const { p, day } of best.values()) {
      if (p.value === null) {
        clearLesser.run(scope.id, p.ticker, p.metric, day, p.pref);
        continue;
      }
      daily7.push(scope.id, p.ticker, p.metric, day, p.ts, p.value, p.pref);
      rows++;
      if (rows % PUT_ROWS === 0) flushDaily(PUT_ROWS);
    }
    flushDaily(rows % PUT_ROWS);
    return stored;
  });

  /** Writes the `rows` points gathered in points4, in input order. */
  function flushPoints(rows: number): void {
    if (rows === 0) return;
    putStatements(rows).points.run(points4);
    points4.length = 0;
  }

  /** Writes the `rows` daily rows gathered in daily7. */
  function flushDaily(rows: number): void {
    if (rows === 0) return;
    putStatements(rows).daily.run(daily7);
    daily7.length = 0;
  }

  // Statements for a number of rows; a batch uses the full size and one for its remainder.
  const putByRows = new Map<number, { points: Database.Statement; daily: Database.Statement }>();
  function putStatements(rows: number): { points: Database.Statement; daily: Database.Statement } {
    let statements = putByRows.get(rows);
    if (!statements) {
      const values = (marks: string): string => Array.from({ length: rows }, () => marks).join(', ');
      statements = {
        // Rows of one statement are upserted one after the other, as separate statements would
        // be: a later point with the same key wins.
        points: db.prepare(
          `INSERT INTO metric_points (source, ticker, metric, ts, value) VALUES ${values('(?, ?, ?, ?, ?)')}
           ON CONFLICT (source, ticker, metric, ts) DO UPDATE SET value = excluded.value`,
        ),
        daily: db.prepare(
          `INSERT INTO metric_daily (source, ticker, metric, day, ts, value, pref) VALUES ${values('(?, ?, ?, ?, ?, ?, ?)')}
           ON CONFLICT (source, ticker, metric, day) DO UPDATE SET ts = excluded.ts, value = excluded.value, pref = excluded.pref
           WHERE excluded.pref >= metric_daily.pref`,
        ),
      };
      putByRows.set(rows, statements);
    }
    return statements;
  }

  // One statement per query shape (number of distinct metrics).
  const dailyByCount = new Map<number, Database.Statement>();
  function dailyStatement(count: number): Database.Statement {
    let statement = dailyByCount.get(count);
    if (!statement) {
      const marks = Array.from({ length: count }, () => '?').join(', ');
      // The day as the number YYYYMMDD and the metric's position in the request, in one integer.
      const position = Array.from({ length: count }, (_, i) => `WHEN ? THEN ${i}`).join(' ');
      const key = `CAST(replace(day, '-', '') AS INTEGER) * ${METRIC_SLOTS} + CASE metric ${position} END`;
      statement = db
        .prepare(
          `SELECT json_group_array(${key}), json_group_array(ts), json_group_array(value) FROM metric_daily
           WHERE source = ? AND ticker = ? AND metric IN (${marks}) AND day >= ? AND day <= ?`,
        )
        .raw();
      dailyByCount.set(count, statement);
    }
    return statement;
  }

  function dailySeries(ticker: string, requested: string[], from: IsoDate, to: IsoDate): SeriesTable {
    const metrics = [...new Set(requested)];
    const [keysJson, timesJson, valuesJson] = dailyStatement(metrics.length).get(
      ...metrics,
      scope.id,
      ticker,
      ...metrics,
      from,
      to,
    ) as [string, string, string];
    const keys = JSON.parse(keysJson) as number[];
    const times = JSON.parse(timesJson) as number[];
    const values = JSON.parse(valuesJson) as MetricValue[];
    // The table's rows are the days any of the metrics has, in order.
    const row = new Map<number, number>();
    for (const key of keys) row.set(Math.floor(key / METRIC_SLOTS), 0);
    const days = [...row.keys()].sort((a, b) => a - b);
    days.forEach((day, i) => row.set(day, i));
    const ts = new Array<number>(days.length).fill(Number.NEGATIVE_INFINITY);
    const columns: (MetricValue | null)[][] = metrics.map(() =>
      new Array<MetricValue | null>(days.length).fill(null),
    );
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as number;
      const slot = key % METRIC_SLOTS;
      const r = row.get((key - slot) / METRIC_SLOTS) as number;
      (columns[slot] as (MetricValue | null)[])[r] = values[i] as MetricValue;
      const time = times[i] as number;
      if (time > (ts[r] as number)) ts[r] = time;
    }
    const byName: Record<string, (MetricValue | null)[]> = {};
    metrics.forEach((m, i) => (byName[m] = columns[i] as (MetricValue | null)[]));
    const dates = days.map((d) => isoDate(Math.floor(d / 10_000), Math.floor(d / 100) % 100, d % 100));
    return { ticker, resolution: 'daily', metrics: requested, dates, ts, columns: byName };
  }

  function rawSeries(ticker: string, metrics: string[], from: EpochMs, to: EpochMs): SeriesTable {
    const perMetric = metrics.map((m) => q.raw.all(scope.id, ticker, m, from, to) as PointRow[]);
    const times = [...new Set(perMetric.flatMap((rows) => rows.map((r) => r.ts)))].sort((a, b) => a - b);
    const index = new Map(times.map((t, i) => [t, i]));
    const columns: Record<string, (MetricValue | null)[]> = {};
    metrics.forEach((metric, m) => {
      const column = new Array<MetricValue | null>(times.length).fill(null);
      for (const row of perMetric[m] ?? []) column[index.get(row.ts) as number] = row.value;
      columns[metric] = column;
    });
    return {
      ticker,
      resolution: 'raw',
      metrics,
      dates: times.map((t) => epochToNy(t).date),
      ts: times,
      columns,
    };
  }

  return {
    put(points) {
      return putAll(points);
    },

    series(ticker, metrics, query = {}) {
      const symbol = parseInput(tickerSchema, ticker, 'ticker');
      const s = parseInput(seriesSchema, { ...query, metrics }, 'series query');
      return s.resolution === 'daily'
        ? dailySeries(symbol, s.metrics, dayBound(s.from, '0000-01-01'), dayBound(s.to, '9999-12-31'))
        : rawSeries(symbol, s.metrics, msBound(s.from, 'from'), msBound(s.to, 'to'));
    },

    latest(ticker, metric) {
      const row = q.latest.get(
        scope.id,
        parseInput(tickerSchema, ticker, 'ticker'),
        parseInput(metricNameSchema, metric, 'metric'),
      ) as PointRow | undefined;
      return row ? { ts: row.ts, value: row.value } : undefined;
    },

    metrics(ticker) {
      return q.metrics.all(scope.id, parseInput(tickerSchema, ticker, 'ticker')) as string[];
    },
  };
}

function dayBound(bound: string | number | undefined, fallback: IsoDate): IsoDate {
  if (bound === undefined) return fallback;
  return typeof bound === 'string' ? bound : epochToNy(bound).date;
}

/** A date bound covers its whole New York day: from its midnight to the next midnight. */
function msBound(bound: string | number | undefined, side: 'from' | 'to'): EpochMs {
  if (bound === undefined) return side === 'from' ? 0 : Number.MAX_SAFE_INTEGER;
  if (typeof bound === 'number') return bound;
  return side === 'from' ? nyToEpoch(bound, 0) : nyToEpoch(addDays(bound, 1), 0) - 1;
}
