import type Database from 'better-sqlite3';

/** One schema step. `up` runs inside the runner's transaction; it must not open its own. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}

/** Marks our files in the SQLite header (PRAGMA application_id): "GWAT" in ASCII. */
export const APPLICATION_ID = 0x47574154;
