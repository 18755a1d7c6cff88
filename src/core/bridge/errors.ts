// Every failure a handler can meet, as the bridge's error envelope. Messages are safe to show;
// anything unexpected becomes `internal` and its details go to the main-side log only.
import Database from 'better-sqlite3';
import { z } from 'zod';
import { ApiError } from '../../client/index.ts';
import {
  BridgeFailure,
  issuesOf,
  type BridgeErrorBody,
  type BridgeErrorCode,
} from '../../shared/bridge/result.ts';
import { SourceError } from '../source/errors.ts';
import { StoreError, toStoreError, type StoreErrorKind } from '../store/errors.ts';

const STORE_CODES: Partial<Record<StoreErrorKind, BridgeErrorCode>> = {
  not_found: 'not_found',
  conflict: 'conflict',
  invalid_input: 'invalid_input',
  busy: 'unavailable',
  disk_full: 'unavailable',
  read_only: 'unavailable',
  io: 'unavailable',
  closed: 'unavailable',
};

export function toBridgeError(raw: unknown, log: (message: string) => void): BridgeErrorBody {
  // The store's repositories already convert what SQLite throws; a query that reaches the
  // database directly may not, and a UNIQUE violation is still a conflict, not a bug.
  const error = raw instanceof Database.SqliteError ? toStoreError(raw) : raw;
  if (error instanceof BridgeFailure) {
    return error.issues
      ? { code: error.code, message: error.message, issues: error.issues }
      : { code: error.code, message: error.message };
  }
  if (error instanceof SourceError) return { code: error.code, message: error.message };
  if (error instanceof z.ZodError) {
    const issues = issuesOf(error);
    const summary = issues
      .slice(0, 3)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    return { code: 'invalid_input', message: `invalid input: ${summary}`, issues };
  }
  if (error instanceof StoreError) {
    const code = STORE_CODES[error.kind];
    if (code) return { code, message: error.message };
  }
  if (error instanceof ApiError) {
    const code: BridgeErrorCode =
      error.kind === 'not_found'
        ? 'not_found'
        : error.kind === 'bad_request' || error.kind === 'invalid_input'
          ? 'invalid_input'
          : 'unavailable';
    return { code, message: error.message };
  }
  log(`bridge: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { code: 'internal', message: 'something went wrong on the app side; see its log' };
}
