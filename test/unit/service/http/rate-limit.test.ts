import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../../../src/service/http/rate-limit.ts';

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TokenBuckets', () => {
  it('allows a burst, then refuses with the seconds until the next token', () => {
    const c = clock();
    const buckets = new TokenBuckets({ burst: 3, perSecond: 0.5 }, c.now);
    expect([1, 2, 3].map(() => buckets.take('k').ok)).toEqual([true, true, true]);
    const refused = buckets.take('k');
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 2 });
    c.advance(2000);
    expect(buckets.take('k').ok).toBe(true);
  });

  it('keeps one bucket per key', () => {
    const c = clock();
    const buckets = new TokenBuckets({ burst: 1, perSecond: 1 }, c.now);
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
    expect(buckets.take('b').ok).toBe(true);
  });

  it('refills continuously but never above the burst', () => {
    const c = clock();
    const buckets = new TokenBuckets({ burst: 2, perSecond: 10 }, c.now);
    buckets.take('k');
    buckets.take('k');
    c.advance(60_000);
    expect(buckets.take('k')).toEqual({ ok: true, remaining: 1 });
    expect(buckets.take('k')).toEqual({ ok: true, remaining: 0 });
    expect(buckets.take('k').ok).toBe(false);
  });

  it.each([
    { burst: 0, perSecond: 1 },
    { burst: 1, perSecond: 0 },
    { burst: Number.NaN, perSecond: 1 },
  ])('rejects the limit %o', (limit) => {
    expect(() => new TokenBuckets(limit)).toThrow(RangeError);
  });
});
