import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from '../../../src/client/concurrency.ts';
import { AbortedError } from '../../../src/client/errors.ts';

describe('ConcurrencyLimiter', () => {
  it('rejects a limit below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(RangeError);
    expect(() => new ConcurrencyLimiter(1.5)).toThrow(RangeError);
  });

  it('grants up to the limit, queues the rest in order', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    const order: string[] = [];
    const c = limiter.acquire().then((release) => (order.push('c'), release));
    const d = limiter.acquire().then((release) => (order.push('d'), release));
    expect([limiter.active, limiter.pending]).toEqual([2, 2]);
    a();
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect([limiter.active, limiter.pending]).toEqual([2, 1]);
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    expect([limiter.active, limiter.pending]).toEqual([0, 0]);
  });

  it('a double release frees only one slot', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const release = await limiter.acquire();
    release();
    release();
    expect(limiter.active).toBe(0);
    await limiter.acquire();
    expect(limiter.active).toBe(1);
  });

  it('a queued waiter whose signal aborts leaves the queue with AbortedError', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const release = await limiter.acquire();
    const ctrl = new AbortController();
    const waiting = limiter.acquire(ctrl.signal);
    expect(limiter.pending).toBe(1);
    ctrl.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    expect(limiter.pending).toBe(0);
    release();
    expect(limiter.active).toBe(0);
  });

  it('an already-aborted signal is refused at once', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(AbortedError);
    expect(limiter.active).toBe(0);
  });

  it('run releases the slot when the task throws', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.active).toBe(0);
  });
});
