// Thinning (repositories/thinning.ts) keeps fewer snapshots of old sessions. What it thinned is
// recorded, so that Replay and History can say a day holds one snapshot per 15 minutes, or its
// close only, rather than look as if the poller had missed it:
// - thinned_days: each series (source, endpoint, ticker, params) and session it took snapshots
//   from, how far, and how many;
// - thinning_progress: each session thinning has been through (all series), how far, and the
//   largest snapshot id it saw then, so the next run passes over it unless a snapshot was stored
//   into it since (an import of old chain files).
import type { Migration } from './migration.ts';

export const thinning: Migration = {
  version: 11,
  name: 'thinning',
  up(db) {
    db.exec(`
      CREATE TABLE thinned_days (
        source TEXT NOT NULL,
        ticker TEXT NOT NULL,
        day TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        params_key TEXT NOT NULL,
        level TEXT NOT NULL CHECK (level IN ('quarter-hour', 'close')),
        removed INTEGER NOT NULL,
        thinned_at INTEGER NOT NULL,
        PRIMARY KEY (source, ticker, day, endpoint, params_key)
      ) WITHOUT ROWID;

      CREATE TABLE thinning_progress (
        day TEXT PRIMARY KEY,
        level TEXT NOT NULL CHECK (level IN ('quarter-hour', 'close')),
        high_id INTEGER NOT NULL,
        thinned_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
