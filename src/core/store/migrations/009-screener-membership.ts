// Screener membership, remembered (so a restart or a closed market does not make members enter again): which tickers each screener lists, per data source,
// as of the last screener snapshot the alerts applied. A ticker "enters" once and stays a member
// until a snapshot taken while the market is open no longer lists it, so an empty screener during
// closed hours, a failed poll, a restart or a switch of source and back does not make every member
// "enter" again. One row per (source, screener): the members as a JSON array of tickers.
import type { Migration } from './migration.ts';

export const screenerMembership: Migration = {
  version: 9,
  name: 'screener-membership',
  up(db) {
    db.exec(`
      CREATE TABLE screener_membership (
        source TEXT NOT NULL,
        screener TEXT NOT NULL,
        members TEXT NOT NULL,
        asof INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (source, screener)
      ) WITHOUT ROWID;
    `);
  },
};
