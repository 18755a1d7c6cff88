// Token buckets, one per caller key. A bucket holds up to `burst` tokens and refills continuously at
// `perSecond`; a request takes one token or is told how long until the next one exists. The clock
// is injected so tests drive it without sleeping. Buckets idle long enough to be full again carry
// no information and are dropped, which keeps the map bounded by the number of active callers.

export interface RateLimit {
  /** Largest burst a caller may send at once. */
  burst: number;
  /** Steady refill rate, tokens per second. */
  perSecond: number;
}

export type TakeResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #limit: RateLimit;
  readonly #now: () => number;

  constructor(limit: RateLimit, now: () => number = () => performance.now()) {
    if (!(limit.burst >= 1) || !(limit.perSecond > 0)) {
      throw new RangeError(`rate limit needs burst >= 1 and perSecond > 0, got ${JSON.stringify(limit)}`);
    }
    this.#limit = limit;
    this.#now = now;
  }

  take(key: string): TakeResult {
    const now = this.#now();
    const { burst, perSecond } = this.#limit;
    const bucket = this.#buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 10_000) this.#sweep(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true, remaining: Math.floor(bucket.tokens) };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) };
  }

  #sweep(now: number): void {
    const fullAfterMs = (this.#limit.burst / this.#limit.perSecond) * 1000;
    for (const [key, bucket] of this.#buckets) if (now - bucket.at >= fullAfterMs) this.#buckets.delete(key);
  }
}
