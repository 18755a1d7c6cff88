// The shape of a Gammawatch schema as SQLite reports it: the tables with their columns, the
// indexes with their keys, the triggers and views. The shape a schema version must have is read
// the same way from an in-memory database the migrations build up to that version, so the
// migrations stay the one description of the schema. A file from elsewhere (a backup) is compared
// with it before the app trusts it: the app's statements name columns and insist on indexes
// (INDEXED BY), so a file of another shape would break them only once it is in use.
import Database from 'better-sqlite3';
import { migrate } from './migrations/index.ts';

export interface SchemaShape {
  /** Each table's columns in their order, as name and description ('INTEGER NOT NULL'). */
  tables: ReadonlyMap<string, readonly Column[]>;
  /**
   * Each index, by what names it ('index snapshots_identity', or for the index SQLite makes for a
   * UNIQUE or PRIMARY KEY constraint, whose name is SQLite's: 'table t: UNIQUE (a)'), with its
   * table and description ('UNIQUE ON t (a, b)').
   */
  indexes: ReadonlyMap<string, Index>;
  /** Triggers and views, as 'trigger name' or 'view name'. */
  code: ReadonlySet<string>;
}

interface Column {
  name: string;
  description: string;
}

interface Index {
  table: string;
  description: string;
}

const expectedByVersion = new Map<number, SchemaShape>();

/** The shape the migrations give a database at `version` (built once per version). */
export function expectedShape(version: number): SchemaShape {
  let shape = expectedByVersion.get(version);
  if (!shape) {
    const probe = new Database(':memory:');
    try {
      migrate(probe, version);
      shape = readShape(probe);
    } finally {
      probe.close();
    }
    expectedByVersion.set(version, shape);
  }
  return shape;
}

function readShape(db: Database.Database): SchemaShape {
  const tables = tableNames(db);
  return {
    tables: new Map(tables.map((table) => [table, columnsOf(db, table)])),
    indexes: indexesOf(db, tables),
    code: codeOf(db),
  };
}

/**
 * How the schema of `db` departs from `expected`, one human line each ('index x missing',
 * 'table t: column c missing'); empty when it has that shape. Triggers and views it has beyond
 * the expected ones are left to foreignCode. Only tables the expected schema has are read
 * further, so a table of a module this build lacks cannot make the comparison fail.
 */
export function schemaDifferences(db: Database.Database, expected: SchemaShape): string[] {
  const present = tableNames(db);
  const known = present.filter((table) => expected.tables.has(table));
  const differences: string[] = [];
  for (const [table, columns] of expected.tables) {
    if (known.includes(table)) differences.push(...columnDifferences(table, columnsOf(db, table), columns));
    else differences.push(`table ${table} missing`);
  }
  for (const table of present) {
    if (!expected.tables.has(table)) differences.push(`table ${table} is not Gammawatch's`);
  }
  differences.push(...indexDifferences(indexesOf(db, known), expected.indexes, known));
  const code = codeOf(db);
  for (const object of expected.code) if (!code.has(object)) differences.push(`${object} missing`);
  return differences;
}

/** The triggers and views of `db` that `expected` does not define, as 'trigger name'. */
export function foreignCode(db: Database.Database, expected: SchemaShape): string[] {
  return [...codeOf(db)].filter((object) => !expected.code.has(object));
}

function columnDifferences(table: string, actual: readonly Column[], expected: readonly Column[]): string[] {
  const differences: string[] = [];
  const byName = new Map(actual.map((c) => [c.name, c.description]));
  for (const { name, description } of expected) {
    const found = byName.get(name);
    if (found === undefined) differences.push(`table ${table}: column ${name} missing`);
    else if (found !== description)
      differences.push(`table ${table}: column ${name} is ${found}, expected ${description}`);
  }
  const expectedNames = new Set(expected.map((c) => c.name));
  for (const { name } of actual) {
    if (!expectedNames.has(name)) differences.push(`table ${table}: column ${name} is not Gammawatch's`);
  }
  // The same columns in another order still break statements that insert or select by position.
  const order = (columns: readonly Column[]) => columns.map((c) => c.name).join(', ');
  if (differences.length === 0 && order(actual) !== order(expected)) {
    differences.push(
      `table ${table}: columns in the order (${order(actual)}), expected (${order(expected)})`,
    );
  }
  return differences;
}

/** Indexes of the tables present (`tables`): those of a missing table go with it unsaid. */
function indexDifferences(
  actual: ReadonlyMap<string, Index>,
  expected: ReadonlyMap<string, Index>,
  tables: readonly string[],
): string[] {
  const differences: string[] = [];
  for (const [name, { table, description }] of expected) {
    if (!tables.includes(table)) continue;
    const found = actual.get(name)?.description;
    if (found === undefined) differences.push(`${name} missing`);
    else if (found !== description) differences.push(`${name} is ${found}, expected ${description}`);
  }
  for (const name of actual.keys()) {
    if (!expected.has(name)) differences.push(`${name} is not Gammawatch's`);
  }
  return differences;
}

/** Tables of the schema, without SQLite's own (sqlite_sequence, the planner's sqlite_stat1). */
function tableNames(db: Database.Database): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

// Names are bound as parameters of the pragma functions, never spliced into SQL: they come from the file.
function columnsOf(db: Database.Database, table: string): Column[] {
  const rows = db
    .prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid')
    .all(table) as ColumnRow[];
  return rows.map((c) => ({
    name: c.name,
    description: [
      c.type === '' ? 'untyped' : c.type.toUpperCase(),
      c.notnull ? 'NOT NULL' : '',
      c.pk === 0 ? '' : c.pk === 1 ? 'PRIMARY KEY' : `PRIMARY KEY (part ${c.pk})`,
      c.dflt_value === null ? '' : `DEFAULT ${c.dflt_value}`,
      c.hidden === 0 ? '' : 'GENERATED',
    ]
      .filter(Boolean)
      .join(' '),
  }));
}

interface IndexRow {
  name: string;
  unique: number;
  /** 'c' made by CREATE INDEX, 'u' by a UNIQUE constraint, 'pk' by a PRIMARY KEY. */
  origin: string;
  partial: number;
}

interface IndexColumnRow {
  name: string | null;
  desc: number;
  coll: string | null;
}

function indexesOf(db: Database.Database, tables: readonly string[]): Map<string, Index> {
  const list = db.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)');
  const keys = db.prepare(
    'SELECT name, "desc", coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno',
  );
  const indexes = new Map<string, Index>();
  for (const table of tables) {
    for (const index of list.all(table) as IndexRow[]) {
      const columns = (keys.all(index.name) as IndexColumnRow[]).map(
        (k) =>
          (k.name ?? '<expression>') +
          (k.desc ? ' DESC' : '') +
          (k.coll && k.coll.toUpperCase() !== 'BINARY' ? ` COLLATE ${k.coll.toUpperCase()}` : ''),
      );
      const key = `(${columns.join(', ')})`;
      if (index.origin === 'c') {
        const where = index.partial ? ` ${partialCondition(db, index.name)}` : '';
        const description = `${index.unique ? 'UNIQUE ' : ''}ON ${table} ${key}${where}`;
        indexes.set(`index ${index.name}`, { table, description });
      } else {
        // Told by its table and key: the constraint is what a user would recognise.
        const constraint = `table ${table}: ${index.origin === 'pk' ? 'PRIMARY KEY' : 'UNIQUE'} ${key}`;
        indexes.set(constraint, { table, description: constraint });
      }
    }
  }
  return indexes;
}

/** A partial index's WHERE clause as written, spaces collapsed (SQLite reports no more of it). */
function partialCondition(db: Database.Database, index: string): string {
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
    .pluck()
    .get(index);
  const at = typeof sql === 'string' ? sql.search(/\bWHERE\b/i) : -1;
  return at < 0 ? 'WHERE ?' : (sql as string).slice(at).replace(/\s+/g, ' ').trim();
}

function codeOf(db: Database.Database): Set<string> {
  return new Set(
    db
      .prepare("SELECT type || ' ' || name FROM sqlite_master WHERE type IN ('trigger', 'view')")
      .pluck()
      .all() as string[],
  );
}
