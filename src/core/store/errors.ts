// Every failure that leaves the store is a StoreError with a `kind` the UI can act on (offer to
// free disk space, to restore a backup, to close another copy of the app) instead of a raw
// SQLite message. SQLite rolls back the statement or transaction that failed, so a StoreError
// never means a half-written transaction.
import Database from 'better-sqlite3';
import { ZodError, prettifyError } from 'zod';
import { CanonicalJsonError } from './canonical-json.ts';
import { messageOf } from '../../shared/message-of.ts';

export type StoreErrorKind =
  /** The file was written by a newer Gammawatch. */
  | 'too_new'
  /** The file or folder cannot be written (permissions, read-only open, read-only medium). */
  | 'read_only'
  /** No space left on the device (or the database reached its size limit). */
  | 'disk_full'
  /** The file is not a SQLite database or its pages are damaged. */
  | 'corrupt'
  /** A SQLite database, but not one of ours (tables missing). */
  | 'not_gammawatch'
  /** Another connection holds a lock for longer than the busy timeout. */
  | 'busy'
  /** The file or its folder cannot be opened. */
  | 'cannot_open'
  /** An operating-system read or write failed. */
  | 'io'
  /** The write would break a uniqueness or reference rule (a duplicate name, say). */
  | 'conflict'
  /** The caller passed something the store does not accept. */
  | 'invalid_input'
  /** A stored row no longer matches the schema it was written with (a rule, a setting). */
  | 'invalid_data'
  /** A row the caller named does not exist. */
  | 'not_found'
  /** The store was used after close(). */
  | 'closed'
  | 'unknown';

export class StoreError extends Error {
  override readonly name: string = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class DatabaseTooNewError extends StoreError {
  override readonly name = 'DatabaseTooNewError';
  constructor(
    readonly fileVersion: number,
    readonly supportedVersion: number,
  ) {
    super(
      'too_new',
      `this database was written by a newer Gammawatch (schema ${fileVersion}); this version understands up to ${supportedVersion}`,
    );
  }
}

/**
 * A Gammawatch database whose tables, columns or indexes are not the ones its schema version has
 * (a backup someone edited, or another program's file marked as ours). The app's statements would
 * fail on it once in use, so it is refused whole; `differences` says what differs, one line each.
 */
export class SchemaMismatchError extends StoreError {
  override readonly name = 'SchemaMismatchError';
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly differences: readonly string[],
  ) {
    const shown = differences.slice(0, 5).join('; ');
    const more = differences.length > 5 ? `; and ${differences.length - 5} more` : '';
    super(
      'corrupt',
      `${file} is not laid out as a Gammawatch database of schema ${fileVersion}: ${shown}${more}`,
    );
  }
}

const byCode: ReadonlyArray<[prefix: string, kind: StoreErrorKind, explain: string]> = [
  ['SQLITE_READONLY', 'read_only', 'the database cannot be written (read-only file, folder or open mode)'],
  ['SQLITE_FULL', 'disk_full', 'the disk is full (or the database reached its size limit)'],
  ['SQLITE_NOTADB', 'corrupt', 'the file is not a SQLite database'],
  ['SQLITE_CORRUPT', 'corrupt', 'the database file is damaged'],
  ['SQLITE_BUSY', 'busy', 'the database is locked by another connection'],
  ['SQLITE_LOCKED', 'busy', 'the database is locked by another connection'],
  ['SQLITE_CANTOPEN', 'cannot_open', 'the database file cannot be opened'],
  ['SQLITE_PERM', 'read_only', 'permission denied on the database file'],
  ['SQLITE_IOERR', 'io', 'a disk read or write failed'],
  ['SQLITE_CONSTRAINT', 'conflict', 'the change breaks a uniqueness or reference rule'],
];

/** Turns anything thrown by better-sqlite3 (or by us) into a StoreError, keeping the cause. */
export function toStoreError(error: unknown, context?: string): StoreError {
  if (error instanceof StoreError) return error;
  const where = context ? `${context}: ` : '';
  if (error instanceof ZodError) {
    return new StoreError('invalid_input', `${where}${prettifyError(error)}`, { cause: error });
  }
  if (error instanceof CanonicalJsonError) {
    return new StoreError('invalid_input', `${where}not storable as JSON: ${error.message}`, {
      cause: error,
    });
  }
  if (error instanceof Database.SqliteError) {
    const match = byCode.find(([prefix]) => error.code.startsWith(prefix));
    if (match) {
      const [, kind, explain] = match;
      return new StoreError(kind, `${where}${explain} (${error.code}: ${error.message})`, { cause: error });
    }
    return new StoreError('unknown', `${where}${error.code}: ${error.message}`, { cause: error });
  }
  if (error instanceof TypeError && /database connection is not open/.test(error.message)) {
    return new StoreError('closed', `${where}the store is closed`, { cause: error });
  }
  if (error instanceof Error && 'code' in error) {
    const code = String(error.code);
    if (code === 'ENOSPC') return new StoreError('disk_full', `${where}${error.message}`, { cause: error });
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
      return new StoreError('read_only', `${where}${error.message}`, { cause: error });
    }
    if (code === 'ENOENT') return new StoreError('cannot_open', `${where}${error.message}`, { cause: error });
  }
  if (error instanceof Error && /directory does not exist/.test(error.message)) {
    return new StoreError('cannot_open', `${where}${error.message}`, { cause: error });
  }
  const message = messageOf(error);
  return new StoreError('unknown', `${where}${message}`, { cause: error });
}

/**
 * Wraps every method of a repository so that what it throws is a StoreError. Works on the plain
 * objects our repository factories return.
 */
export function guarded<T extends object>(name: string, repository: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(repository)) {
    wrapped[key] =
      typeof member === 'function'
        ? (...args: unknown[]) => {
            try {
              return (member as (...a: unknown[]) => unknown).apply(repository, args);
            } catch (error) {
              throw toStoreError(error, `${name}.${key}`);
            }
          }
        : member;
  }
  return wrapped as T;
}

export function invalidInput(message: string, cause?: unknown): StoreError {
  return new StoreError('invalid_input', message, cause === undefined ? undefined : { cause });
}

export function notFound(message: string): StoreError {
  return new StoreError('not_found', message);
}

/** An iterator whose failures, on any step, arrive as StoreErrors. */
export function guardedIterator<T>(inner: Iterator<T>, context: string): IterableIterator<T> {
  const iterator: IterableIterator<T> = {
    next() {
      try {
        return inner.next();
      } catch (error) {
        throw toStoreError(error, context);
      }
    },
    return(value?: unknown) {
      return inner.return ? inner.return(value) : { done: true, value: undefined };
    },
    [Symbol.iterator]() {
      return iterator;
    },
  };
  return iterator;
}
