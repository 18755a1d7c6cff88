import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { tempStore } from '../../../support/store-factory.ts';
import { NAME_MAX_LENGTH, nameSchema } from '../../../../src/shared/bridge/common.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
let clock = 1_000;
beforeEach(() => {
  clock = 1_000;
  ctx = tempStore({ now: () => clock });
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof StoreError ? error.kind : `not a StoreError: ${String(error)}`;
  }
  return undefined;
}

describe('watchlists', () => {
  it('takes a name up to the length the bridge and the MCP tools accept, and refuses one longer', () => {
    const longest = 'L'.repeat(NAME_MAX_LENGTH);
    expect(nameSchema.safeParse(longest).success).toBe(true);
    expect(store.watchlists.create(longest).name).toBe(longest);
    const tooLong = 'M'.repeat(NAME_MAX_LENGTH + 1);
    expect(nameSchema.safeParse(tooLong).success).toBe(false);
    expect(kindOf(() => store.watchlists.create(tooLong))).toBe('invalid_input');
  });

  it('creates lists in order, with normalised, de-duplicated tickers', () => {
    const a = store.watchlists.create('Core', ['aapl', ' msft ', 'AAPL', 'brk.b']);
    const b = store.watchlists.create('Indexes', ['SPY', 'QQQ']);
    expect(a.tickers).toEqual(['AAPL', 'MSFT', 'BRK.B']);
    expect(store.watchlists.list().map((w) => [w.name, w.position])).toEqual([
      ['Core', 0],
      ['Indexes', 1],
    ]);
    expect(store.watchlists.get(b.id)?.tickers).toEqual(['SPY', 'QQQ']);
  });

  it('renames, refusing a name another list has (in any case)', () => {
    const a = store.watchlists.create('Core');
    store.watchlists.create('Tech');
    clock = 2_000;
    expect(store.watchlists.rename(a.id, 'Favourites')).toMatchObject({
      name: 'Favourites',
      updatedAt: 2_000,
      createdAt: 1_000,
    });
    expect(kindOf(() => store.watchlists.rename(a.id, 'TECH'))).toBe('conflict');
    expect(store.watchlists.rename(a.id, 'favourites').name).toBe('favourites'); // its own name, recased
  });

  it('reorders lists; the order must name each list once', () => {
    const ids = ['A', 'B', 'C'].map((n) => store.watchlists.create(n).id);
    expect(store.watchlists.reorder([ids[2]!, ids[0]!, ids[1]!]).map((w) => w.name)).toEqual(['C', 'A', 'B']);
    expect(kindOf(() => store.watchlists.reorder([ids[0]!, ids[1]!]))).toBe('invalid_input');
    expect(kindOf(() => store.watchlists.reorder([ids[0]!, ids[0]!, ids[1]!]))).toBe('invalid_input');
    expect(store.watchlists.list().map((w) => w.name)).toEqual(['C', 'A', 'B']);
  });

  it('adds tickers at the end or at a position; ones already there stay put', () => {
    const w = store.watchlists.create('L', ['A', 'B', 'C']);
    expect(store.watchlists.addTickers(w.id, ['d', 'a']).tickers).toEqual(['A', 'B', 'C', 'D']);
    expect(store.watchlists.addTickers(w.id, ['X', 'Y'], 1).tickers).toEqual(['A', 'X', 'Y', 'B', 'C', 'D']);
    expect(store.watchlists.addTickers(w.id, ['Z'], 99).tickers.at(-1)).toBe('Z');
  });

  it('removes and reorders tickers', () => {
    const w = store.watchlists.create('L', ['A', 'B', 'C']);
    expect(store.watchlists.removeTickers(w.id, ['b', 'NOPE']).tickers).toEqual(['A', 'C']);
    expect(store.watchlists.reorderTickers(w.id, ['C', 'A']).tickers).toEqual(['C', 'A']);
    expect(kindOf(() => store.watchlists.reorderTickers(w.id, ['C']))).toBe('invalid_input');
  });

  it('a ticker may sit on several lists; allTickers is their union', () => {
    store.watchlists.create('One', ['AAPL', 'MSFT']);
    store.watchlists.create('Two', ['MSFT', 'SPY']);
    expect(store.watchlists.allTickers()).toEqual(['AAPL', 'MSFT', 'SPY']);
  });

  it('deleting a list takes its tickers with it', () => {
    const w = store.watchlists.create('Gone', ['AAPL']);
    expect(store.watchlists.delete(w.id)).toBe(true);
    expect(store.watchlists.delete(w.id)).toBe(false);
    expect(store.watchlists.allTickers()).toEqual([]);
  });

  it.each([
    ['an empty name', () => store.watchlists.create('   ')],
    ['a long name', () => store.watchlists.create('x'.repeat(NAME_MAX_LENGTH + 1))],
    ['a bad ticker', () => store.watchlists.create('L', ['AAPL', 'NOT A TICKER'])],
    ['a ticker with a symbol', () => store.watchlists.create('L', ['$AAPL'])],
    ['a negative position', () => store.watchlists.addTickers(store.watchlists.create('L').id, ['A'], -1)],
  ])('refuses %s with invalid_input, writing nothing', (_name, fn) => {
    expect(kindOf(fn)).toBe('invalid_input');
    expect(store.watchlists.list().flatMap((w) => w.tickers)).toEqual([]);
  });

  it('a missing list is not_found', () => {
    expect(kindOf(() => store.watchlists.addTickers(42, ['A']))).toBe('not_found');
    expect(store.watchlists.get(42)).toBeUndefined();
  });

  it('a duplicate name on create is a conflict', () => {
    store.watchlists.create('Core');
    expect(kindOf(() => store.watchlists.create('core'))).toBe('conflict');
  });
});
