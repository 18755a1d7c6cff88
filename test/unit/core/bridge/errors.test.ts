// The core's error mapping: what SQLite throws straight from a query that bypassed the store's
// repositories keeps its meaning (a UNIQUE violation is a conflict), and `dispatch` (the one door
// every transport and the tests use) answers each known failure of a plain handler with its code.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toBridgeError } from '../../../../src/core/bridge/errors.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import type { BridgeHandlers } from '../../../../src/shared/bridge/contract.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';

function sqliteError(sql: string): unknown {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (name TEXT NOT NULL UNIQUE)');
  db.exec("INSERT INTO t VALUES ('Tech')");
  try {
    db.exec(sql);
    return null;
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe('toBridgeError with raw SQLite errors', () => {
  it('a UNIQUE violation → conflict', () => {
    const error = sqliteError("INSERT INTO t VALUES ('Tech')");
    expect(error).toBeInstanceOf(Database.SqliteError);
    const body = toBridgeError(error, () => undefined);
    expect(body).toMatchObject({ code: 'conflict', message: expect.stringMatching(/uniqueness/) });
  });
});

describe('dispatch maps what a plain handler throws', () => {
  const table: [string, string, () => unknown][] = [
    ['a store conflict', 'conflict', () => new StoreError('conflict', 'A watchlist named “Tech” exists')],
    ['a store refusal', 'invalid_input', () => new StoreError('invalid_input', 'each id exactly once')],
    ['a raw UNIQUE violation', 'conflict', () => sqliteError("INSERT INTO t VALUES ('Tech')")],
    ['a bug', 'internal', () => new TypeError('x is undefined')],
  ];
  it.each(table)('%s → %s', async (_name, code, make) => {
    const logs: string[] = [];
    const handlers = {
      'watchlists:list': async () => {
        throw make();
      },
    } as unknown as BridgeHandlers;
    const result = await dispatch(handlers, 'watchlists:list', undefined, {
      onUnexpectedError: (method) => logs.push(method),
    });
    expect(result).toMatchObject({ ok: false, error: { code } });
    // Only the unexpected is logged as such; its details stay out of the answer.
    expect(logs.length).toBe(code === 'internal' ? 1 : 0);
  });
});
