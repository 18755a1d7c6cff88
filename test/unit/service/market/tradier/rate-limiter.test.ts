// The rate limiter on a fake clock: never more than the documented limit in any minute, and a
// server that says its budget is spent is waited out until its window resets.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../../../src/service/market/tradier/rate-limiter.ts';
import { FakeTime, settle } from './fake-time.ts';

const T0 = Date.parse('2025-09-12T14:00:00Z');

function headers(available: number, expiry: number): Headers {
  return new Headers({
    'X-Ratelimit-Allowed': '120',
    'X-Ratelimit-Used': String(120 - available),
    'X-Ratelimit-Available': String(available),
    'X-Ratelimit-Expiry': String(expiry),
  });
}

/** Starts `n` acquires and records the fake instant each one is granted. */
function grantTimes(limiter: RateLimiter, time: FakeTime, n: number): number[] {
  const at: number[] = [];
  for (let i = 0; i < n; i++) void limiter.acquire().then(() => at.push(time.now()));
  return at;
}

describe('RateLimiter', () => {
  it('lets a burst through at once, then paces the rest', async () => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, burst: 10, now: time.now, timers: time });
    const at = grantTimes(limiter, time, 12);
    await settle();
    expect(at).toHaveLength(10);
    expect(at.every((t) => t === T0)).toBe(true);
    await time.advance(60_000 / 110 - 1);
    expect(at).toHaveLength(10);
    await time.advance(2);
    expect(at).toHaveLength(11);
  });

  it.each([
    [120, 10],
    [60, 10],
    [120, 1],
    [5, 10],
  ])('never grants more than %i in any 60 s window (burst %i)', async (perMinute, burst) => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute, burst, now: time.now, timers: time });
    const at = grantTimes(limiter, time, perMinute * 3);
    await time.advance(10 * 60_000);
    expect(at).toHaveLength(perMinute * 3);
    for (let i = 0; i < at.length; i++) {
      const inWindow = at.filter((t) => t >= (at[i] as number) && t < (at[i] as number) + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(perMinute);
    }
  });

  it('waits until X-Ratelimit-Expiry when the server reports no requests available', async () => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, now: time.now, timers: time });
    limiter.observe(headers(0, T0 + 20_000));
    expect(limiter.snapshot()).toEqual({ available: 0, resetsAt: T0 + 20_000 });
    const at = grantTimes(limiter, time, 1);
    await time.advance(19_999);
    expect(at).toEqual([]);
    await time.advance(1_000);
    expect(at).toHaveLength(1);
    expect(at[0]).toBeGreaterThanOrEqual(T0 + 20_000);
    // The old window's count no longer holds once it has reset.
    expect(limiter.snapshot().available).toBeNull();
  });

  it('counts its own requests against the reported budget until the next report', async () => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, now: time.now, timers: time });
    limiter.observe(headers(2, T0 + 30_000));
    const at = grantTimes(limiter, time, 3);
    await settle();
    expect(at).toHaveLength(2);
    expect(limiter.snapshot().available).toBe(0);
    await time.advance(30_100);
    expect(at).toHaveLength(3);
  });

  it('honours blockUntil (a 429) and does not believe a reset more than a minute away', async () => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, now: time.now, timers: time });
    limiter.blockUntil(T0 + 5_000);
    expect(limiter.waitMs()).toBe(5_000);
    limiter.blockUntil(T0 + 3600_000); // a garbled header: capped
    expect(limiter.waitMs()).toBe(65_000);
    limiter.observe(headers(0, T0 + 10 * 3600_000));
    expect(limiter.snapshot().resetsAt).toBe(T0 + 65_000);
  });

  it.each([
    ['seconds instead of ms', String(Math.floor((T0 + 10_000) / 1000)), T0 + 10_000],
    ['garbage', 'soon', null],
    ['empty', '', null],
  ])('reads an X-Ratelimit-Expiry in %s', (_name, value, expected) => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, now: time.now, timers: time });
    limiter.observe(new Headers({ 'X-Ratelimit-Available': '5', 'X-Ratelimit-Expiry': value }));
    expect(limiter.snapshot()).toEqual({ available: 5, resetsAt: expected });
  });

  it('an aborted wait rejects and does not hold up the next caller', async () => {
    const time = new FakeTime(T0);
    const limiter = new RateLimiter({ perMinute: 120, now: time.now, timers: time });
    limiter.blockUntil(T0 + 1_000);
    const controller = new AbortController();
    const first = limiter.acquire(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(first).rejects.toThrow('stopped');
    const at = grantTimes(limiter, time, 1);
    await time.advance(1_000);
    expect(at).toEqual([T0 + 1_000]);
  });
});
