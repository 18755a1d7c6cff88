// The poll-run log (what each scheduled job fetched, how much was 304, what failed) and the
// indexes the alert list filters need once there are many events.
import type { Migration } from './migration.ts';

export const pollRuns: Migration = {
  version: 2,
  name: 'poll-runs',
  up(db) {
    db.exec(`
      CREATE TABLE poll_runs (
        id INTEGER PRIMARY KEY,
        job TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        requests INTEGER NOT NULL DEFAULT 0,
        not_modified INTEGER NOT NULL DEFAULT 0,
        bytes INTEGER NOT NULL DEFAULT 0,
        errors INTEGER NOT NULL DEFAULT 0,
        duration_ms INTEGER,
        detail TEXT
      );
      CREATE INDEX poll_runs_started ON poll_runs (started_at);
      CREATE INDEX poll_runs_job_started ON poll_runs (job, started_at);

      CREATE INDEX alert_events_ticker_asof ON alert_events (ticker, asof);
      CREATE INDEX alert_events_rule_asof ON alert_events (rule_id, asof);
      CREATE INDEX alert_events_unread ON alert_events (asof) WHERE read_at IS NULL;
      CREATE INDEX alert_deliveries_state ON alert_deliveries (state, updated_at);
    `);
  },
};
