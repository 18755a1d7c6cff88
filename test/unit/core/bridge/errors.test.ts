// The core's error mapping: what SQLite throws straight from a query that bypassed the store's
// repositories keeps its meaning (a UNIQUE violation is a conflict), and withBridgeErrors turns
// every mapped failure into the BridgeFailure that `dispatch` (both transports) understands.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toBridgeError, withBridgeErrors } from '../../../../src/core/bridge/errors.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import type { BridgeHandlers } from '../../../../src/shared/bridge.ts';
import { dispatch } from '../../../../src/shared/bridge/dispatch.ts';

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

describe('withBridgeErrors under dispatch', () => {
  const table: [string, string, () => unknown][] = [
    ['a store conflict', 'conflict', () => new StoreError('conflict', 'A watchlist named “Tech” exists')],
    ['a store refusal', 'invalid_input', () => new StoreError('invalid_input', 'each id exactly once')],
    ['a raw UNIQUE violation', 'conflict', () => sqliteError("INSERT INTO t VALUES ('Tech')")],
    ['a bug', 'internal', () => new TypeError('x is undefined')],
  ];
  it.each(table)('%s → %s', async (_name, code, make) => {
    const logs: string[] = [];
    const handlers = withBridgeErrors(
      {
        'watchlists:list': async () => {
          throw make();
        },
      },
      (m) => logs.push(m),
    ) as unknown as BridgeHandlers;
    const result = await dispatch(handlers, 'watchlists:list', undefined);
    expect(result).toMatchObject({ ok: false, error: { code } });
    // Only the unexpected is logged as such; its details stay out of the answer.
    expect(logs.length).toBe(code === 'internal' ? 1 : 0);
  });
});
