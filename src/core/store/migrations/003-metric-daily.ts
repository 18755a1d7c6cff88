// Charts ask for two years of daily points; reading every intraday point and keeping the last of
// each day costs too much at that range. metric_daily keeps the latest point per New York trading
// date, maintained on every write, and is backfilled here from the points already stored.
import { epochToNy } from '../../../shared/market-calendar.ts';
import type { Migration } from './migration.ts';

export const metricDaily: Migration = {
  version: 3,
  name: 'metric-daily',
  up(db) {
    db.exec(`
      CREATE TABLE metric_daily (
        ticker TEXT NOT NULL,
        metric TEXT NOT NULL,
        day TEXT NOT NULL,
        ts INTEGER NOT NULL,
        value,
        PRIMARY KEY (ticker, metric, day)
      ) WITHOUT ROWID;
    `);
    db.function('gw_ny_date', { deterministic: true }, (ts: unknown) => epochToNy(Number(ts)).date);
    // Rows come in (ticker, metric, ts) order, so the last write per day is the latest point.
    db.exec(`
      INSERT INTO metric_daily (ticker, metric, day, ts, value)
      SELECT ticker, metric, gw_ny_date(ts), ts, value FROM metric_points WHERE true
      ORDER BY ticker, metric, ts
      ON CONFLICT (ticker, metric, day) DO UPDATE SET ts = excluded.ts, value = excluded.value
      WHERE excluded.ts >= metric_daily.ts;
    `);
  },
};
