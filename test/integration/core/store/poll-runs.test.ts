import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/core/store/database.ts';
import type { StoreError } from '../../../../src/core/store/errors.ts';
import { tempStore } from '../../../support/store-factory.ts';

let ctx: ReturnType<typeof tempStore>;
let store: Store;
let clock = 0;
beforeEach(() => {
  clock = Date.UTC(2025, 0, 2, 15);
  ctx = tempStore({ now: () => clock });
  store = ctx.store;
});
afterEach(() => ctx.cleanup());

describe('poll runs', () => {
  it('a run is begun, then finished with its counts and duration', () => {
    const id = store.pollRuns.begin('signals');
    expect(store.pollRuns.get(id)).toMatchObject({
      job: 'signals',
      startedAt: clock,
      finishedAt: null,
      durationMs: null,
      requests: 0,
    });
    clock += 1234;
    const run = store.pollRuns.finish(id, {
      requests: 20,
      notModified: 15,
      bytes: 48_000,
      errors: 1,
      detail: { failed: ['TSLA'] },
    });
    expect(run).toEqual({
      id,
      job: 'signals',
      startedAt: clock - 1234,
      finishedAt: clock,
      durationMs: 1234,
      requests: 20,
      notModified: 15,
      bytes: 48_000,
      errors: 1,
      detail: { failed: ['TSLA'] },
    });
  });

  it('recent runs, newest first, optionally for one job', () => {
    for (let i = 0; i < 5; i++) {
      store.pollRuns.record({
        job: i % 2 ? 'income' : 'signals',
        startedAt: 1000 * i,
        finishedAt: 1000 * i + 10,
        requests: i,
      });
    }
    expect(store.pollRuns.recent().map((r) => r.requests)).toEqual([4, 3, 2, 1, 0]);
    expect(store.pollRuns.recent({ job: 'income', limit: 1 }).map((r) => r.requests)).toEqual([3]);
  });

  it('aggregates a window: 304 share, errors, failed and unfinished runs', () => {
    store.pollRuns.record({
      job: 'signals',
      startedAt: 100,
      finishedAt: 300,
      requests: 10,
      notModified: 8,
      bytes: 100,
      errors: 0,
    });
    store.pollRuns.record({
      job: 'signals',
      startedAt: 200,
      finishedAt: 600,
      requests: 10,
      notModified: 2,
      bytes: 900,
      errors: 3,
    });
    store.pollRuns.record({ job: 'income', startedAt: 250, finishedAt: 260, requests: 5, notModified: 5 });
    store.pollRuns.record({
      job: 'signals',
      startedAt: 9000,
      finishedAt: 9100,
      requests: 100,
      notModified: 0,
    }); // outside the window
    store.pollRuns.begin('curves', 400); // never finished
    expect(store.pollRuns.aggregate({ from: 0, to: 1000 })).toEqual({
      runs: 4,
      unfinished: 1,
      failedRuns: 1,
      requests: 25,
      notModified: 15,
      bytes: 1000,
      errors: 3,
      notModifiedShare: 0.6,
      meanDurationMs: (200 + 400 + 10) / 3,
    });
    expect(store.pollRuns.aggregate({ from: 0, to: 1000, job: 'signals' })).toMatchObject({
      runs: 2,
      notModifiedShare: 0.5,
      errors: 3,
    });
  });

  it('an empty window is all zeros', () => {
    expect(store.pollRuns.aggregate({ from: 0 })).toEqual({
      runs: 0,
      unfinished: 0,
      failedRuns: 0,
      requests: 0,
      notModified: 0,
      bytes: 0,
      errors: 0,
      notModifiedShare: 0,
      meanDurationMs: null,
    });
  });

  it.each([
    ['finishing a run that does not exist', () => store.pollRuns.finish(77, {}), 'not_found'],
    [
      'negative counts',
      () => store.pollRuns.finish(store.pollRuns.begin('x'), { requests: -1 }),
      'invalid_input',
    ],
    ['an empty job name', () => store.pollRuns.begin(''), 'invalid_input'],
  ])('%s', (_name, fn, kind) => {
    let error: unknown;
    try {
      fn();
    } catch (e) {
      error = e;
    }
    expect((error as StoreError).kind).toBe(kind);
  });
});
