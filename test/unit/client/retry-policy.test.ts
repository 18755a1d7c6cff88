import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, backoffDelay, parseRetryAfter } from '../../../src/client/retry-policy.ts';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2025, 2, 14, 20, 0, 0);
  it.each([
    ['3', 3000],
    ['0', 0],
    ['1.5', 1500],
    [' 10 ', 10_000],
    [new Date(now + 7000).toUTCString(), 7000],
    [new Date(now - 7000).toUTCString(), 0],
    ['', null],
    ['soon', null],
    ['-5', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (header, want) => {
    expect(parseRetryAfter(header, now)).toBe(want);
  });
});

describe('backoffDelay', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };

  it.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [4, 800],
    [5, 1000],
    [12, 1000],
  ])('attempt %i: between half the step and the step (%i)', (attempt, step) => {
    expect(backoffDelay(attempt, policy, () => 0)).toBe(step / 2);
    expect(backoffDelay(attempt, policy, () => 1)).toBe(step);
    const mid = backoffDelay(attempt, policy, () => 0.5);
    expect(mid).toBeGreaterThan(step / 2 - 1);
    expect(mid).toBeLessThan(step + 1);
  });

  it('clamps a misbehaving random source', () => {
    expect(backoffDelay(1, policy, () => 5)).toBe(100);
    expect(backoffDelay(1, policy, () => -1)).toBe(50);
  });
});
