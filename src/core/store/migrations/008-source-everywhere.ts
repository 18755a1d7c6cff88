// Every row the data source produces records which source produced it: snapshots (since step 5),
// metric points and their daily table, alert events and poll runs; the response cache is keyed by
// it (see source-scope.ts). Reads then see the active source only, so a folder of real chains
// never shows a simulated figure, and switching back finds the simulator's history intact.
//
// Snapshots, alert events and poll runs of unknown origin (stored before step 5 recorded a
// snapshot's source) are attributed to the source the database last served (its alert baseline
// names it), else to the default simulator: the only source older versions could have used without
// a setting.
//
// Metric points never named a source before this step, but each came from a snapshot that, since
// step 5, does: a point takes the source of its snapshot (one at the same ticker and time), or of
// the stored series that states the same value on that session (metric-origin.ts). A database that
// served the simulator and then a chain folder so keeps two years of simulated series with the
// simulator; they are not charted as the folder's. A point no snapshot accounts for goes to the only
// source the database's snapshots name, and when they name several, to UNKNOWN_SOURCE_ID, a source
// no setting selects: a figure of unknown origin is never shown as real data.
//
// metric_daily is rebuilt from metric_points with each point's NYSE session as its day (see
// sessionDateOf): before, a Sunday's file made a Sunday point.
import { sessionDateOf } from '../../../shared/market-calendar.ts';
import { collectSeriesOrigins, fallbackSource, pointOriginSql } from './metric-origin.ts';
import type { Migration } from './migration.ts';

/** The default simulator's identity (src/core/source/option.ts, sourceIdOf, seed 42, real clock). */
export const DEFAULT_SOURCE_ID = 'simulator:42:real';

function attributedSource(db: Parameters<Migration['up']>[0]): string {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'flag:sourceBaseline'").pluck().get();
  if (typeof row === 'string') {
    try {
      const parsed = JSON.parse(row) as { source?: unknown };
      if (typeof parsed.source === 'string' && parsed.source !== '') return parsed.source;
    } catch {
      // A damaged flag names nothing: fall back to the default.
    }
  }
  return DEFAULT_SOURCE_ID;
}

export const sourceEverywhere: Migration = {
  version: 8,
  name: 'source-everywhere',
  up(db) {
    const source = attributedSource(db);
    db.prepare("UPDATE snapshots SET source = ? WHERE source = ''").run(source);
    db.exec(`
      DROP INDEX snapshots_source_key;
      DROP INDEX snapshots_identity;
      CREATE UNIQUE INDEX snapshots_identity ON snapshots (source, endpoint, ticker, params_key, asof, payload_id);
      DROP INDEX snapshots_ticker_asof;
      CREATE INDEX snapshots_ticker_asof ON snapshots (source, ticker, asof);
      -- A source's snapshots in time order (an export of everything, page by page): without it each
      -- page sorts the whole source (measured: 1.4 s per page at 120,000 snapshots).
      CREATE INDEX snapshots_source_asof ON snapshots (source, asof, id);

      CREATE TABLE metric_points_by_source (
        source TEXT NOT NULL,
        ticker TEXT NOT NULL,
        metric TEXT NOT NULL,
        ts INTEGER NOT NULL,
        value,
        PRIMARY KEY (source, ticker, metric, ts)
      ) WITHOUT ROWID;
      CREATE TABLE metric_daily_by_source (
        source TEXT NOT NULL,
        ticker TEXT NOT NULL,
        metric TEXT NOT NULL,
        day TEXT NOT NULL,
        ts INTEGER NOT NULL,
        value,
        PRIMARY KEY (source, ticker, metric, day)
      ) WITHOUT ROWID;

      ALTER TABLE alert_events ADD COLUMN source TEXT NOT NULL DEFAULT '';
      ALTER TABLE poll_runs ADD COLUMN source TEXT NOT NULL DEFAULT '';
      DROP INDEX poll_runs_started;
      DROP INDEX poll_runs_job_started;
      CREATE INDEX poll_runs_started ON poll_runs (source, started_at);
      CREATE INDEX poll_runs_job_started ON poll_runs (source, job, started_at);
      DELETE FROM http_cache;
    `);
    db.function('gw_daily_day', { deterministic: true }, (ts: unknown) => sessionDateOf(Number(ts)));
    collectSeriesOrigins(db);
    db.prepare(
      `INSERT INTO metric_points_by_source (source, ticker, metric, ts, value)
       SELECT ${pointOriginSql('p')}, p.ticker, p.metric, p.ts, p.value FROM metric_points p`,
    ).run({ fallback: fallbackSource(db, source) });
    db.exec('DROP TABLE temp.series_origin');
    db.prepare("UPDATE alert_events SET source = ? WHERE source = ''").run(source);
    db.prepare("UPDATE poll_runs SET source = ? WHERE source = ''").run(source);
    // Rows come in key order, so the last write per day is the latest point.
    db.exec(`
      INSERT INTO metric_daily_by_source (source, ticker, metric, day, ts, value)
      SELECT source, ticker, metric, gw_daily_day(ts), ts, value FROM metric_points_by_source WHERE true
      ORDER BY source, ticker, metric, ts
      ON CONFLICT (source, ticker, metric, day) DO UPDATE SET ts = excluded.ts, value = excluded.value
      WHERE excluded.ts >= metric_daily_by_source.ts;
      DROP TABLE metric_daily;
      DROP TABLE metric_points;
      ALTER TABLE metric_points_by_source RENAME TO metric_points;
      ALTER TABLE metric_daily_by_source RENAME TO metric_daily;
    `);
  },
};
