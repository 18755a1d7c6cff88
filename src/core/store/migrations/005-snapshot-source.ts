// Which data source stored a snapshot. One database keeps every source's snapshots (switching from
// the simulator to a folder of real chains, and back, loses nothing), so what the views read as
// "latest" must be the current source's: a folder of last week's files must not be outshone by
// the simulator's newer snapshot of the same ticker. Rows stored before this step are ''
// (unknown source), never preferred.
import type { Migration } from './migration.ts';

export const snapshotSource: Migration = {
  version: 5,
  name: 'snapshot-source',
  up(db) {
    db.exec(`
      ALTER TABLE snapshots ADD COLUMN source TEXT NOT NULL DEFAULT '';
      CREATE INDEX snapshots_source_key ON snapshots (endpoint, ticker, params_key, source, asof);
    `);
  },
};
