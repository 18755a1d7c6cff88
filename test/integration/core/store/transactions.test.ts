// A snapshot and the alert events it raised are written in one transaction: all or nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import { snapshotInput, tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
beforeEach(() => {
  ctx = tempStore();
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

const event = (key: string) => ({
  ticker: 'AAPL',
  kind: 'regime_change',
  transition: { from: 'range_bound', to: 'trending_low_vol' },
  severity: 'warning' as const,
  asof: Date.UTC(2025, 0, 2, 15),
  idempotencyKey: key,
});

function counts() {
  return {
    snapshots: store.snapshots.count().snapshots,
    payloads: store.snapshots.count().payloads,
    events: store.alertEvents.count(),
  };
}

describe('store.transaction', () => {
  it('commits a snapshot and its events together', () => {
    const result = store.transaction(() => {
      const [snap] = store.snapshots.ingest([snapshotInput(1)]);
      const { inserted } = store.alertEvents.insertIfNew(event('k1'));
      return { snap, inserted };
    });
    expect(result.inserted).toBe(true);
    expect(counts()).toEqual({ snapshots: 1, payloads: 1, events: 1 });
  });

  it('a throw after the writes leaves nothing, and the caller gets its own error back', () => {
    class EngineError extends Error {}
    let error: unknown;
    try {
      store.transaction(() => {
        store.snapshots.ingest([snapshotInput(1)]);
        store.alertEvents.insertIfNew(event('k1'));
        throw new EngineError('notifier exploded');
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect(counts()).toEqual({ snapshots: 0, payloads: 0, events: 0 });
  });

  it('a store error mid-way leaves nothing and arrives as a StoreError', () => {
    let error: unknown;
    try {
      store.transaction(() => {
        store.snapshots.ingest([snapshotInput(1)]);
        store.alertEvents.insertIfNew({ ...event('k1'), severity: 'apocalyptic' as never });
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('invalid_input');
    expect(counts()).toEqual({ snapshots: 0, payloads: 0, events: 0 });
  });

  it('an inner transaction that fails and is caught rolls back only itself', () => {
    store.transaction(() => {
      store.snapshots.ingest([snapshotInput(1)]);
      try {
        store.transaction(() => {
          store.alertEvents.insertIfNew(event('inner'));
          throw new Error('inner fails');
        });
      } catch {
        // the outer transaction carries on
      }
      store.alertEvents.insertIfNew(event('outer'));
    });
    expect(counts()).toEqual({ snapshots: 1, payloads: 1, events: 1 });
    expect(store.alertEvents.list()[0]?.idempotencyKey).toBe('outer');
  });

  it('refuses an async function, writing nothing', () => {
    let error: unknown;
    try {
      void store.transaction(() => {
        store.snapshots.ingest([snapshotInput(1)]);
        return Promise.resolve(1);
      });
    } catch (e) {
      error = e;
    }
    expect((error as StoreError).kind).toBe('invalid_input');
    expect((error as Error).message).toMatch(/synchronous/);
    expect(counts().snapshots).toBe(0);
  });

  it('returns what the function returns', () => {
    expect(store.transaction(() => 42)).toBe(42);
  });
});

describe('alert event idempotency', () => {
  it('a second insert with the same key is a no-op that returns the first event', () => {
    const first = store.alertEvents.insertIfNew(event('rule1:AAPL:2025-01-02T15:00Z'));
    const second = store.alertEvents.insertIfNew({
      ...event('rule1:AAPL:2025-01-02T15:00Z'),
      severity: 'critical',
      kind: 'other',
    });
    expect(first.inserted).toBe(true);
    expect(second.inserted).toBe(false);
    expect(second.event).toEqual(first.event);
    expect(store.alertEvents.count()).toBe(1);
  });

  it('re-running a whole evaluation in a transaction raises nothing twice', () => {
    const evaluate = () =>
      store.transaction(() => {
        store.snapshots.ingest([snapshotInput(1)]);
        return [event('a'), event('b')].map((e) => store.alertEvents.insertIfNew(e).inserted);
      });
    expect(evaluate()).toEqual([true, true]);
    expect(evaluate()).toEqual([false, false]);
    expect(counts()).toEqual({ snapshots: 1, payloads: 1, events: 2 });
  });
});
