// Watchlists: several named lists, each an ordered set of tickers. Positions are dense
// (0..n-1) and rewritten on reorder; lists hold tens of tickers, so that is cheap and keeps
// "move to position k" exact.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  HIDDEN_NAME_CHARACTERS_MESSAGE,
  isVisibleName,
  NAME_MAX_LENGTH,
} from '../../../shared/bridge/common.ts';
import { StoreError, invalidInput, notFound } from '../errors.ts';
import { tickerSchema } from '../ticker.ts';
import type { EpochMs } from '../time.ts';
import { parseInput } from '../validate.ts';

export interface Watchlist {
  id: number;
  name: string;
  position: number;
  tickers: string[];
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

export interface WatchlistRepository {
  /** All lists in their display order, each with its tickers in order. */
  list(): Watchlist[];
  get(id: number): Watchlist | undefined;
  /** A new list at the end, optionally with tickers. Names are unique, case-insensitively. */
  create(name: string, tickers?: readonly string[]): Watchlist;
  rename(id: number, name: string): Watchlist;
  delete(id: number): boolean;
  /** Puts the lists in this order; `ids` must name every list exactly once. */
  reorder(ids: readonly number[]): Watchlist[];
  /** Adds tickers (normalised to upper case) at the end, or at `position`; ones already there are left where they are. */
  addTickers(id: number, tickers: readonly string[], position?: number): Watchlist;
  removeTickers(id: number, tickers: readonly string[]): Watchlist;
  /** Puts the list's tickers in this order; `tickers` must name every ticker of the list exactly once. */
  reorderTickers(id: number, tickers: readonly string[]): Watchlist;
  /** Every ticker on any list, sorted: what the poller watches. */
  allTickers(): string[];
}

const nameSchema = z
  .string()
  .trim()
  .min(1, 'a watchlist name cannot be empty')
  .max(NAME_MAX_LENGTH, `a watchlist name is at most ${NAME_MAX_LENGTH} characters`)
  // The bridge refuses these too; checked here as well since onboarding names a list through its own schema.
  .refine(isVisibleName, HIDDEN_NAME_CHARACTERS_MESSAGE);
const idSchema = z.number().int().positive();
const tickersSchema = z.array(tickerSchema).max(1000);

interface ListRow {
  id: number;
  name: string;
  position: number;
  created_at: number;
  updated_at: number;
}

export function createWatchlistRepository(db: Database.Database, now: () => EpochMs): WatchlistRepository {
  const q = {
    lists: db.prepare('SELECT * FROM watchlists ORDER BY position, id'),
    list: db.prepare('SELECT * FROM watchlists WHERE id = ?'),
    byName: db.prepare('SELECT id FROM watchlists WHERE name = ?'),
    tickersOf: db
      .prepare('SELECT ticker FROM watchlist_tickers WHERE watchlist_id = ? ORDER BY position')
      .pluck(),
    allTickerRows: db.prepare(
      'SELECT watchlist_id, ticker FROM watchlist_tickers ORDER BY watchlist_id, position',
    ),
    allTickers: db.prepare('SELECT DISTINCT ticker FROM watchlist_tickers ORDER BY ticker').pluck(),
    nextPosition: db.prepare('SELECT COALESCE(MAX(position) + 1, 0) FROM watchlists').pluck(),
    insert: db.prepare('INSERT INTO watchlists (name, position, created_at, updated_at) VALUES (?, ?, ?, ?)'),
    rename: db.prepare('UPDATE watchlists SET name = ?, updated_at = ? WHERE id = ?'),
    touch: db.prepare('UPDATE watchlists SET updated_at = ? WHERE id = ?'),
    setPosition: db.prepare('UPDATE watchlists SET position = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM watchlists WHERE id = ?'),
    deleteTickers: db.prepare('DELETE FROM watchlist_tickers WHERE watchlist_id = ?'),
    insertTicker: db.prepare(
      'INSERT INTO watchlist_tickers (watchlist_id, ticker, position, added_at) VALUES (?, ?, ?, ?)',
    ),
    addedAt: db.prepare('SELECT ticker, added_at FROM watchlist_tickers WHERE watchlist_id = ?'),
  };

  function toWatchlist(row: ListRow, tickers: string[]): Watchlist {
    return {
      id: row.id,
      name: row.name,
      position: row.position,
      tickers,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  function mustGet(id: number): ListRow {
    const row = q.list.get(parseInput(idSchema, id, 'watchlist id')) as ListRow | undefined;
    if (!row) throw notFound(`no watchlist with id ${id}`);
    return row;
  }

  function read(id: number): Watchlist {
    return toWatchlist(mustGet(id), q.tickersOf.all(id) as string[]);
  }

  function assertNameFree(name: string, exceptId?: number): void {
    const taken = q.byName.get(name) as { id: number } | undefined;
    if (taken && taken.id !== exceptId)
      throw new StoreError('conflict', `A watchlist named “${name}” already exists`);
  }

  /** Rewrites the list's tickers in the given order, keeping each ticker's original added_at. */
  const writeTickers = db.transaction((id: number, tickers: readonly string[]) => {
    const addedAt = new Map(
      (q.addedAt.all(id) as { ticker: string; added_at: number }[]).map((r) => [r.ticker, r.added_at]),
    );
    const at = now();
    q.deleteTickers.run(id);
    tickers.forEach((ticker, position) =>
      q.insertTicker.run(id, ticker, position, addedAt.get(ticker) ?? at),
    );
    q.touch.run(at, id);
  });

  function listAll(): Watchlist[] {
    const byList = new Map<number, string[]>();
    for (const row of q.allTickerRows.all() as { watchlist_id: number; ticker: string }[]) {
      const tickers = byList.get(row.watchlist_id) ?? [];
      tickers.push(row.ticker);
      byList.set(row.watchlist_id, tickers);
    }
    return (q.lists.all() as ListRow[]).map((row) => toWatchlist(row, byList.get(row.id) ?? []));
  }

  return {
    list: listAll,

    get(id) {
      const row = q.list.get(parseInput(idSchema, id, 'watchlist id')) as ListRow | undefined;
      return row ? toWatchlist(row, q.tickersOf.all(id) as string[]) : undefined;
    },

    create(name, tickers = []) {
      const clean = parseInput(nameSchema, name, 'watchlist name');
      const symbols = unique(parseInput(tickersSchema, tickers, 'tickers'));
      return db.transaction(() => {
        assertNameFree(clean);
        const at = now();
        const id = Number(q.insert.run(clean, q.nextPosition.get() as number, at, at).lastInsertRowid);
        if (symbols.length > 0) writeTickers(id, symbols);
        return read(id);
      })();
    },

    rename(id, name) {
      const clean = parseInput(nameSchema, name, 'watchlist name');
      return db.transaction(() => {
        mustGet(id);
        assertNameFree(clean, id);
        q.rename.run(clean, now(), id);
        return read(id);
      })();
    },

    delete(id) {
      return q.delete.run(parseInput(idSchema, id, 'watchlist id')).changes > 0;
    },

    reorder(ids) {
      const order = parseInput(z.array(idSchema), ids, 'watchlist order');
      return db.transaction(() => {
        const existing = (q.lists.all() as ListRow[]).map((r) => r.id);
        assertPermutation(order, existing, 'watchlist ids');
        order.forEach((id, position) => q.setPosition.run(position, id));
        return listAll();
      })();
    },

    addTickers(id, tickers, position) {
      const symbols = unique(parseInput(tickersSchema, tickers, 'tickers'));
      const at =
        position === undefined ? undefined : parseInput(z.number().int().min(0), position, 'position');
      return db.transaction(() => {
        const current = read(id).tickers;
        const fresh = symbols.filter((t) => !current.includes(t));
        if (fresh.length === 0) return read(id);
        const next = [...current];
        next.splice(at === undefined ? next.length : Math.min(at, next.length), 0, ...fresh);
        writeTickers(id, next);
        return read(id);
      })();
    },

    removeTickers(id, tickers) {
      const symbols = parseInput(tickersSchema, tickers, 'tickers');
      return db.transaction(() => {
        const current = read(id).tickers;
        const next = current.filter((t) => !symbols.includes(t));
        if (next.length !== current.length) writeTickers(id, next);
        return read(id);
      })();
    },

    reorderTickers(id, tickers) {
      const order = parseInput(tickersSchema, tickers, 'ticker order');
      return db.transaction(() => {
        assertPermutation(order, read(id).tickers, 'tickers');
        writeTickers(id, order);
        return read(id);
      })();
    },

    allTickers() {
      return q.allTickers.all() as string[];
    },
  };
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function assertPermutation<T>(order: readonly T[], existing: readonly T[], what: string): void {
  const set = new Set(order);
  if (set.size !== order.length || order.length !== existing.length || !existing.every((x) => set.has(x))) {
    // Echo at most a few ids: the caller may have sent thousands.
    const got = order.length > 10 ? `${order.slice(0, 10).join(', ')}, …` : order.join(', ') || 'none';
    throw invalidInput(
      `The new order must name each of the ${existing.length} ${what} exactly once (got ${got})`,
    );
  }
}
