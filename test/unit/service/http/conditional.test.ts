import { describe, expect, it } from 'vitest';
import {
  cacheControlClock,
  DEFAULT_MAX_AGE_S,
  snapshotMaxAge,
} from '../../../../src/service/http/conditional.ts';
import type { MarketDataSource } from '../../../../src/service/market/source.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';

function sourceAt(now: number, simulated = true): MarketDataSource {
  return { simulated, clock: { now: () => now } } as unknown as MarketDataSource;
}

const wed = (minutes: number, seconds = 0) => nyToEpoch('2025-03-12', minutes) + seconds * 1000;

describe('snapshotMaxAge', () => {
  it.each([
    ['11:02:00, next snapshot at 11:05 (capped)', wed(11 * 60 + 2), true, DEFAULT_MAX_AGE_S],
    ['11:04:30', wed(11 * 60 + 4, 30), true, 30],
    ['11:04:59.5 (rounded up, never 0)', wed(11 * 60 + 4, 59.5), true, 1],
    ['11:05:00 exactly: the next one is 11:10', wed(11 * 60 + 5), true, DEFAULT_MAX_AGE_S],
    ['15:59:50, before the close snapshot', wed(15 * 60 + 59, 50), true, 10],
    ['17:00, closed', wed(17 * 60), true, DEFAULT_MAX_AGE_S],
    ['Saturday', nyToEpoch('2025-03-15', 12 * 60), true, DEFAULT_MAX_AGE_S],
    ['imported chains, 11:04:30', wed(11 * 60 + 4, 30), false, DEFAULT_MAX_AGE_S],
  ])('%s → %i s', (_name, now, simulated, expected) => {
    expect(snapshotMaxAge(sourceAt(now, simulated), now)).toBe(expected);
  });
});

describe('cacheControlClock', () => {
  it('uses the snapshot rule while the market clock is wall-clock time', () => {
    const now = wed(11 * 60 + 4, 30);
    expect(cacheControlClock(sourceAt(now), () => now + 200)()).toBe('private, max-age=30');
  });

  it.each([
    ['a hand-set clock', 3600_000],
    ['an accelerated clock, minutes ahead', 5 * 60_000],
  ])('is max-age=0 under %s', (_name, offset) => {
    const now = wed(11 * 60 + 4, 30);
    expect(cacheControlClock(sourceAt(now), () => now - offset)()).toBe('private, max-age=0');
  });
});
