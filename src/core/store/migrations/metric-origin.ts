// Which data source a metric point stored before step 8 came from. Points had no source column;
// the snapshots they were taken from have one since step 5. A point is matched, in this order:
//
// 1. to the snapshots of the same ticker at the same time (a signals or state snapshot's figures
//    are points at its asof): their source, when they name one;
// 2. to the stored series (a /series answer's points are points on their session): the source
//    whose series states this value for this metric on the point's session, when only one does;
// 3. otherwise to the fallback: the one source the snapshots name, or, when they name several,
//    UNKNOWN_SOURCE_ID, which no setting selects, so the point is kept but never shown as any
//    source's figure.
//
// A series body is read once per distinct payload: the same answer polled again adds nothing.
import type Database from 'better-sqlite3';
import { decodeBody } from '../payload-codec.ts';

/** The source of points whose origin no snapshot accounts for, in a database that served several. */
export const UNKNOWN_SOURCE_ID = 'unknown:before-source-recorded';

type Db = Database.Database;

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Each figure a series body states: metric, session and value (numbers and labels, as ingest keeps). */
function seriesFigures(text: string): { metric: string; day: string; value: number | string }[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const points = record(data)?.['points'];
  if (!Array.isArray(points)) return [];
  const out: { metric: string; day: string; value: number | string }[] = [];
  for (const point of points) {
    const p = record(point);
    const day = p?.['date'];
    if (!p || typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    for (const [metric, value] of Object.entries(p)) {
      if (metric === 'date' || metric === 'asof') continue;
      if (
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && value !== '')
      )
        out.push({ metric, day, value });
    }
  }
  return out;
}

/**
 * Fills `temp.series_origin (source, ticker, metric, day, value)` with every figure of the stored
 * series snapshots. Drop it when done.
 */
export function collectSeriesOrigins(db: Db): void {
  db.exec(`
    CREATE TEMP TABLE series_origin (
      source TEXT NOT NULL, ticker TEXT NOT NULL, metric TEXT NOT NULL, day TEXT NOT NULL, value,
      PRIMARY KEY (ticker, metric, day, source, value)
    ) WITHOUT ROWID;
  `);
  const bodies = db.prepare(
    `SELECT DISTINCT s.source, s.ticker, p.codec, p.body FROM snapshots s JOIN payloads p ON p.id = s.payload_id
     WHERE s.endpoint = 'series' AND s.ticker IS NOT NULL AND s.source != ''`,
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO temp.series_origin (source, ticker, metric, day, value) VALUES (?, ?, ?, ?, ?)',
  );
  // Read whole before writing: one connection cannot write while a statement iterates.
  const rows = bodies.all() as { source: string; ticker: string; codec: number; body: Buffer }[];
  for (const row of rows) {
    let text: string;
    try {
      text = decodeBody(row.codec, row.body);
    } catch {
      continue; // An unreadable body accounts for nothing.
    }
    for (const f of seriesFigures(text)) insert.run(row.source, row.ticker, f.metric, f.day, f.value);
  }
}

/** The source for points no snapshot accounts for: the only one the snapshots name, else unknown. */
export function fallbackSource(db: Db, whenNone: string): string {
  const sources = db
    .prepare("SELECT DISTINCT source FROM snapshots WHERE source != '' LIMIT 2")
    .pluck()
    .all() as string[];
  if (sources.length === 0) return whenNone;
  return sources.length === 1 ? (sources[0] as string) : UNKNOWN_SOURCE_ID;
}

/**
 * A SQL expression giving the source of the metric point aliased `p` (ticker, metric, ts, value),
 * with `:fallback` bound. Needs `gw_daily_day` and `temp.series_origin`.
 */
export function pointOriginSql(p: string): string {
  return `COALESCE(
    (SELECT CASE WHEN COUNT(DISTINCT s.source) = 1 THEN MIN(s.source) END
       FROM snapshots s WHERE s.ticker = ${p}.ticker AND s.asof = ${p}.ts AND s.source != ''),
    (SELECT CASE WHEN COUNT(DISTINCT o.source) = 1 THEN MIN(o.source) END
       FROM temp.series_origin o
       WHERE o.ticker = ${p}.ticker AND o.metric = ${p}.metric AND o.day = gw_daily_day(${p}.ts) AND o.value = ${p}.value),
    :fallback)`;
}
