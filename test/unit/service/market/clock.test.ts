import { describe, expect, it } from 'vitest';
import { fastClock, manualClock, realClock } from '../../../../src/service/market/clock.ts';

describe('market clocks', () => {
  it('realClock follows the system time', () => {
    const before = Date.now();
    const now = realClock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    [300, 1000, 300_000],
    [1, 5000, 5000],
    [60, 250, 15_000],
  ])('fastClock at %i× advances market time by speed × real time', (speed, realElapsed, marketElapsed) => {
    let real = 1_000_000;
    const start = Date.parse('2024-03-04T14:30:00Z');
    const clock = fastClock({ start, speed, realNow: () => real });
    expect(clock.now()).toBe(start);
    real += realElapsed;
    expect(clock.now()).toBe(start + marketElapsed);
  });

  it('a 300× clock passes a full session in 78 real seconds', () => {
    let real = 0;
    const open = Date.parse('2024-03-04T14:30:00Z');
    const clock = fastClock({ start: open, speed: 300, realNow: () => real });
    real = 78_000;
    expect(clock.now()).toBe(Date.parse('2024-03-04T21:00:00Z'));
  });

  it('manualClock is set and advanced by hand', () => {
    const clock = manualClock(1000);
    expect(clock.now()).toBe(1000);
    clock.advance(500);
    expect(clock.now()).toBe(1500);
    clock.set(42);
    expect(clock.now()).toBe(42);
  });

  it.each([
    ['fastClock speed 0', () => fastClock({ start: 0, speed: 0 }), 'speed must be positive'],
    ['fastClock start NaN', () => fastClock({ start: Number.NaN, speed: 2 }), 'start must be an epoch'],
    ['manualClock NaN', () => manualClock(Number.NaN), 'manualClock: start'],
    ['manualClock.set(Infinity)', () => manualClock(0).set(Number.POSITIVE_INFINITY), 'not an instant'],
    ['manualClock.advance(NaN)', () => manualClock(0).advance(Number.NaN), 'not a duration'],
  ])('%s is refused', (_name, make, message) => {
    expect(make).toThrow(message);
  });
});
