// The file a store is made as: 8 KiB pages and incremental vacuum for a new one; an older file
// keeps what it was made with (neither can change in place in WAL mode without a rewrite).
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { migrate } from '../../../../src/core/store/migrations/index.ts';
import { tempDir } from '../../../support/store-factory.ts';

let tmp: ReturnType<typeof tempDir> | undefined;
afterEach(() => {
  tmp?.cleanup();
  tmp = undefined;
});

function formatOf(file: string): { pageSize: number; autoVacuum: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      pageSize: db.pragma('page_size', { simple: true }) as number,
      autoVacuum: db.pragma('auto_vacuum', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

describe('store file format', () => {
  it('a new store has 8 KiB pages and gives freed pages back (auto_vacuum incremental)', () => {
    tmp = tempDir();
    const file = tmp.file('new.db');
    openDatabase(file).close();
    expect(formatOf(file)).toEqual({ pageSize: 8192, autoVacuum: 2 });
  });

  it('a store made with 4 KiB pages and no auto_vacuum keeps both when opened again', () => {
    tmp = tempDir();
    const file = tmp.file('old.db');
    const old = new Database(file);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    migrate(old);
    old.close();
    openDatabase(file).close();
    expect(formatOf(file)).toEqual({ pageSize: 4096, autoVacuum: 0 });
  });
});
