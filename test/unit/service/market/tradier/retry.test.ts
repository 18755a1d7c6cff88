// When a failed Tradier request is tried again, as a table.
import { describe, expect, it } from 'vitest';
import { TradierError, type TradierErrorKind } from '../../../../../src/service/market/tradier/errors.ts';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  decideRetry,
  retryAfterAt,
} from '../../../../../src/service/market/tradier/retry.ts';

const NOW = Date.parse('2025-09-12T14:00:00Z');
const policy = DEFAULT_RETRY_POLICY; // 4 attempts, 500 ms base, 65 s cap
const half = (): number => 0.5;

function err(kind: TradierErrorKind, status: number | null, retryAt: number | null = null): TradierError {
  return new TradierError(kind, 'x', status, retryAt);
}

describe('decideRetry', () => {
  it.each([
    ['401 is never retried', err('unauthorized', 401), 1, { retry: false }],
    ['400 is never retried', err('bad_request', 400), 1, { retry: false }],
    ['404 is never retried', err('bad_request', 404), 1, { retry: false }],
    ['bad JSON is not retried', err('bad_response', 200), 1, { retry: false }],
    [
      '500 after attempt 1: 375 ms (half of 500 fixed, half random)',
      err('unavailable', 500),
      1,
      { retry: true, delayMs: 375 },
    ],
    ['503 after attempt 2: 750 ms', err('unavailable', 503), 2, { retry: true, delayMs: 750 }],
    ['timeout after attempt 3: 1500 ms', err('unavailable', null), 3, { retry: true, delayMs: 1500 }],
    ['5xx after the last attempt: give up', err('unavailable', 502), 4, { retry: false }],
    [
      '429 waits until the reset, plus jitter',
      err('rate_limited', 429, NOW + 12_000),
      1,
      { retry: true, delayMs: 12_125 },
    ],
    [
      '429 with a reset already past: jitter only',
      err('rate_limited', 429, NOW - 5),
      1,
      { retry: true, delayMs: 125 },
    ],
    ['429 without a reset time: backoff', err('rate_limited', 429), 1, { retry: true, delayMs: 375 }],
    ['429 resetting beyond the cap: give up', err('rate_limited', 429, NOW + 120_000), 1, { retry: false }],
    ['429 after the last attempt: give up', err('rate_limited', 429, NOW + 1_000), 4, { retry: false }],
  ])('%s', (_name, error, attempt, expected) => {
    expect(decideRetry(error, attempt, NOW, policy, half)).toEqual(expected);
  });

  it('jitter stays within [step/2, step] and the step doubles up to the cap', () => {
    for (const r of [0, 0.25, 0.999, 1]) {
      for (let attempt = 1; attempt < 12; attempt++) {
        const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
        const d = backoffDelay(attempt, policy, () => r);
        expect(d).toBeGreaterThanOrEqual(step / 2);
        expect(d).toBeLessThanOrEqual(step);
      }
    }
  });
});

describe('retryAfterAt', () => {
  it.each([
    ['2', NOW + 2000],
    ['0.25', NOW + 250],
    ['Fri, 12 Sep 2025 14:00:30 GMT', NOW + 30_000],
    ['-5', null],
    ['soon', null],
    [null, null],
  ])('%s', (header, expected) => {
    expect(retryAfterAt(header, NOW)).toBe(expected);
  });
});
