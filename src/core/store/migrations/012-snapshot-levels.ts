// The chart levels of each market-structure snapshot (key-levels.ts), kept beside it: Price with
// levels reads them without decoding bodies. A row is written when the snapshot is stored; `spot`
// NULL says its body has no levels a chart can use. Snapshots stored before this version have no
// row, and their bodies are decoded as before. Deleting a snapshot (thinning, retention) deletes
// its row (ON DELETE CASCADE: the store runs with foreign_keys on).
import type { Migration } from './migration.ts';

export const snapshotLevels: Migration = {
  version: 12,
  name: 'snapshot-levels',
  up(db) {
    db.exec(`
      CREATE TABLE snapshot_levels (
        snapshot_id INTEGER PRIMARY KEY REFERENCES snapshots(id) ON DELETE CASCADE,
        spot REAL,
        gamma_flip REAL,
        call_wall REAL,
        put_wall REAL,
        plus_1sigma_1d REAL,
        minus_1sigma_1d REAL
      );
    `);
  },
};
