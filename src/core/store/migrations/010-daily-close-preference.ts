// A session's daily point comes from the snapshot standing for its close (shared/session-close.ts),
// no longer simply from the latest one: a pre-market print of the next morning or a partial
// download taken after the full file no longer overwrites the close. metric_daily keeps, per row,
// how well its snapshot stands for the close (`pref`), and a write replaces a row only when it
// stands at least as well.
//
// The table is rebuilt: the rows it has (some of them older than the intraday points retention
// keeps) with the preference of their time, then every intraday point again, so a stored session
// whose latest point was a pre-market print gets its close back. Whether an old snapshot was a
// partial download is not known here; it counts as complete, as it did.
import { sessionDateOf } from '../../../shared/market-calendar.ts';
import { closePreference } from '../../../shared/session-close.ts';
import type { Migration } from './migration.ts';

export const dailyClosePreference: Migration = {
  version: 10,
  name: 'daily-close-preference',
  up(db) {
    db.function('gw_daily_day', { deterministic: true }, (ts: unknown) => sessionDateOf(Number(ts)));
    db.function('gw_close_pref', { deterministic: true }, (ts: unknown) => closePreference(Number(ts)));
    db.exec(`
      CREATE TABLE metric_daily_by_preference (
        source TEXT NOT NULL,
        ticker TEXT NOT NULL,
        metric TEXT NOT NULL,
        day TEXT NOT NULL,
        ts INTEGER NOT NULL,
        value,
        pref INTEGER NOT NULL,
        PRIMARY KEY (source, ticker, metric, day)
      ) WITHOUT ROWID;
      INSERT INTO metric_daily_by_preference (source, ticker, metric, day, ts, value, pref)
      SELECT source, ticker, metric, day, ts, value, gw_close_pref(ts) FROM metric_daily;
      INSERT INTO metric_daily_by_preference (source, ticker, metric, day, ts, value, pref)
      SELECT source, ticker, metric, gw_daily_day(ts), ts, value, gw_close_pref(ts) FROM metric_points WHERE true
      ORDER BY source, ticker, metric, ts
      ON CONFLICT (source, ticker, metric, day) DO UPDATE SET ts = excluded.ts, value = excluded.value, pref = excluded.pref
      WHERE excluded.pref >= metric_daily_by_preference.pref;
      DROP TABLE metric_daily;
      ALTER TABLE metric_daily_by_preference RENAME TO metric_daily;
    `);
  },
};
