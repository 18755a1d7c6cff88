// What schemaDifferences says about a database changed from the schema the migrations build: one
// human line per difference, and nothing for a database the migrations built, at any version,
// directly or by upgrading, nor for the tables SQLite adds itself.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrate } from '../../../../src/core/store/migrations/index.ts';
import { expectedShape, foreignCode, schemaDifferences } from '../../../../src/core/store/schema-shape.ts';

const open: Database.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function databaseAt(version = CURRENT_SCHEMA_VERSION): Database.Database {
  const db = new Database(':memory:');
  open.push(db);
  migrate(db, version);
  return db;
}

describe('schemaDifferences', () => {
  it.each([
    ['nothing changed', '', []],
    ["SQLite's own statistics tables", 'ANALYZE', []],
    ['an index dropped', 'DROP INDEX snapshots_identity', ['index snapshots_identity missing']],
    [
      'an index on other columns',
      'DROP INDEX snapshots_asof; CREATE INDEX snapshots_asof ON snapshots (ticker)',
      ['index snapshots_asof is ON snapshots (ticker), expected ON snapshots (asof)'],
    ],
    [
      'an index no longer unique',
      'DROP INDEX saved_views_name; CREATE INDEX saved_views_name ON saved_views (kind, name COLLATE NOCASE)',
      [
        'index saved_views_name is ON saved_views (kind, name COLLATE NOCASE), expected UNIQUE ON saved_views (kind, name COLLATE NOCASE)',
      ],
    ],
    ['an index added', 'CREATE INDEX mine ON snapshots (meta)', ["index mine is not Gammawatch's"]],
    ['a table dropped', 'DROP TABLE poll_runs', ['table poll_runs missing']],
    ['a table added', 'CREATE TABLE notes (x)', ["table notes is not Gammawatch's"]],
    [
      'a column renamed',
      'ALTER TABLE watchlists RENAME COLUMN position TO pos',
      ['table watchlists: column position missing', "table watchlists: column pos is not Gammawatch's"],
    ],
    [
      'a column added',
      'ALTER TABLE snapshots ADD COLUMN extra TEXT',
      ["table snapshots: column extra is not Gammawatch's"],
    ],
    [
      'a table rebuilt with a column of another type and without its UNIQUE constraint',
      `PRAGMA foreign_keys = OFF;
       CREATE TABLE w2 (id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL,
         created_at INTEGER NOT NULL, updated_at TEXT NOT NULL);
       DROP TABLE watchlists; ALTER TABLE w2 RENAME TO watchlists;`,
      [
        'table watchlists: column updated_at is TEXT NOT NULL, expected INTEGER NOT NULL',
        'table watchlists: UNIQUE (name COLLATE NOCASE) missing',
      ],
    ],
    [
      'a table rebuilt with its columns in another order',
      `PRAGMA foreign_keys = OFF;
       CREATE TABLE w2 (id INTEGER PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL COLLATE NOCASE UNIQUE,
         created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
       DROP TABLE watchlists; ALTER TABLE w2 RENAME TO watchlists;`,
      [
        'table watchlists: columns in the order (id, position, name, created_at, updated_at), expected (id, name, position, created_at, updated_at)',
      ],
    ],
  ])('%s', (_name, change, expected) => {
    const db = databaseAt();
    db.exec(change);
    expect(schemaDifferences(db, expectedShape(CURRENT_SCHEMA_VERSION))).toEqual(expected);
  });

  it.each(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, i) => i + 1))(
    'finds none in a database of schema %i, nor once it is upgraded',
    (version) => {
      const db = databaseAt(version);
      expect(schemaDifferences(db, expectedShape(version))).toEqual([]);
      migrate(db);
      expect(schemaDifferences(db, expectedShape(CURRENT_SCHEMA_VERSION))).toEqual([]);
    },
  );

  it('leaves foreign triggers and views to foreignCode', () => {
    const db = databaseAt();
    db.exec(`CREATE TRIGGER evil AFTER INSERT ON watchlists BEGIN SELECT 1; END;
             CREATE VIEW peek AS SELECT * FROM watchlists;`);
    const expected = expectedShape(CURRENT_SCHEMA_VERSION);
    expect(schemaDifferences(db, expected)).toEqual([]);
    expect(foreignCode(db, expected).sort()).toEqual(['trigger evil', 'view peek']);
  });
});
