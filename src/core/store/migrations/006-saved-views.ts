// Saved rankings views: named Top setups filter sets and user screeners (a preset plus
// overrides). The body is the bridge's JSON, validated on the way in and on the way out; names
// are unique per kind, case-insensitively, so "Breakouts" and "breakouts" cannot both exist.
import type { Migration } from './migration.ts';

export const savedViews: Migration = {
  version: 6,
  name: 'saved-views',
  up(db) {
    db.exec(`
      CREATE TABLE saved_views (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('top_setups', 'screener')),
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX saved_views_name ON saved_views (kind, name COLLATE NOCASE);
    `);
  },
};
