import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson } from '../../../../src/core/store/canonical-json.ts';
import {
  DatabaseTooNewError,
  StoreError,
  guarded,
  toStoreError,
  type StoreErrorKind,
} from '../../../../src/core/store/errors.ts';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('toStoreError', () => {
  it.each<[string, StoreErrorKind]>([
    ['SQLITE_READONLY', 'read_only'],
    ['SQLITE_READONLY_DBMOVED', 'read_only'],
    ['SQLITE_FULL', 'disk_full'],
    ['SQLITE_NOTADB', 'corrupt'],
    ['SQLITE_CORRUPT', 'corrupt'],
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_LOCKED', 'busy'],
    ['SQLITE_CANTOPEN', 'cannot_open'],
    ['SQLITE_IOERR_WRITE', 'io'],
    ['SQLITE_CONSTRAINT_UNIQUE', 'conflict'],
    ['SQLITE_MISMATCH', 'unknown'],
  ])('%s is %s', (code, kind) => {
    const error = toStoreError(new Database.SqliteError('boom', code), 'ctx');
    expect(error).toBeInstanceOf(StoreError);
    expect(error.kind).toBe(kind);
    expect(error.message).toContain('ctx: ');
    expect(error.message).toContain(code);
  });

  it.each<[string, Error, StoreErrorKind]>([
    ['ENOSPC', Object.assign(new Error('no space'), { code: 'ENOSPC' }), 'disk_full'],
    ['EROFS', Object.assign(new Error('read-only fs'), { code: 'EROFS' }), 'read_only'],
    ['EACCES', Object.assign(new Error('denied'), { code: 'EACCES' }), 'read_only'],
    ['ENOENT', Object.assign(new Error('missing'), { code: 'ENOENT' }), 'cannot_open'],
    ['a closed connection', new TypeError('The database connection is not open'), 'closed'],
    ['a plain error', new Error('odd'), 'unknown'],
  ])('%s', (_name, error, kind) => {
    expect(toStoreError(error).kind).toBe(kind);
  });

  it('turns a zod failure into invalid_input with the path', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    const error = toStoreError(result.error);
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/→ at a/);
  });

  it('turns a value JSON cannot hold into invalid_input', () => {
    expect(toStoreError(thrown(() => canonicalJson({ x: Number.NaN }))).kind).toBe('invalid_input');
  });

  it('keeps a StoreError as it is', () => {
    const original = new StoreError('busy', 'locked');
    expect(toStoreError(original)).toBe(original);
  });

  it('keeps the cause', () => {
    const cause = new Database.SqliteError('boom', 'SQLITE_FULL');
    expect(toStoreError(cause).cause).toBe(cause);
  });
});

describe('DatabaseTooNewError', () => {
  it('says which versions', () => {
    const error = new DatabaseTooNewError(7, 3);
    expect(error.kind).toBe('too_new');
    expect(error.message).toBe(
      'this database was written by a newer Gammawatch (schema 7); this version understands up to 3',
    );
    expect(error).toBeInstanceOf(StoreError);
  });
});

describe('guarded', () => {
  it('converts what a repository throws and passes results through', () => {
    const repo = guarded('demo', {
      ok: (x: number) => x * 2,
      fails: () => {
        throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      },
    });
    expect(repo.ok(21)).toBe(42);
    const error = thrown(() => repo.fails());
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('disk_full');
    expect((error as StoreError).message).toMatch(/^demo\.fails: /);
  });
});
