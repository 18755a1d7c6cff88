import { describe, expect, it } from 'vitest';
import {
  T30,
  atmIv,
  constantMaturityIv,
  eventVariance,
  exEventAtmIv,
  longRunIv,
} from '../../../../../src/service/market/sim/term-structure.ts';
import { varianceMs } from '../../../../../src/service/market/sim/variance-time.ts';

const DAY = 86_400_000;
const now = Date.parse('2024-05-01T20:00:00Z');

describe('ATM term structure', () => {
  it.each([
    [0.2, 0.3, 'contango when IV is below its norm'],
    [0.5, 0.3, 'inverted when IV is above its norm'],
  ])('iv30 %d with long-run %d: %s', (iv30, long) => {
    expect(exEventAtmIv(T30, iv30, long)).toBeCloseTo(iv30, 12);
    const short = exEventAtmIv(7 / 365, iv30, long);
    const far = exEventAtmIv(1, iv30, long);
    // Contango: the short end below the 30-day level and the far end above; inverted: the reverse.
    const sign = Math.sign(long - iv30);
    expect(Math.sign(iv30 - short)).toBe(sign);
    expect(Math.sign(far - iv30)).toBe(sign);
    expect(Math.abs(exEventAtmIv(3, iv30, long) - long)).toBeLessThan(0.001);
  });

  it('blends the long-run level toward today', () => {
    expect(longRunIv(0.2, 0.2)).toBeCloseTo(0.2, 12);
    expect(longRunIv(0.2, 0.8)).toBeGreaterThan(0.2);
    expect(longRunIv(0.2, 0.8)).toBeLessThan(0.3);
  });

  it.each([
    [now + DAY, now + 10 * DAY, 0.0025],
    [now - DAY, now + 10 * DAY, 0],
    [now + 11 * DAY, now + 10 * DAY, 0],
    [now + 10 * DAY, now + 10 * DAY, 0],
  ])('event at %i before expiry %i adds variance %d', (instant, expiry, variance) => {
    expect(eventVariance([{ instant, moveStd: 0.05 }], now, expiry)).toBeCloseTo(variance, 12);
  });

  it('adds event variance over the time to expiry, the base level over the variance time left', () => {
    const curve = { iv30: 0.3, normalIv: 0.3, events: [{ instant: now + 3 * DAY, moveStd: 0.06 }] };
    const expiry = now + 10 * DAY;
    const t = (10 * DAY) / (365 * DAY);
    const tv = varianceMs(now, expiry) / (365 * DAY);
    const base = exEventAtmIv(t, 0.3, 0.3);
    expect(atmIv(curve, now, expiry)).toBeCloseTo(Math.sqrt((base * base * tv + 0.0036) / t), 12);
    const t6 = (6 * DAY) / (365 * DAY);
    const tv6 = varianceMs(now + 4 * DAY, expiry) / (365 * DAY);
    expect(atmIv(curve, now + 4 * DAY, expiry)).toBeCloseTo(
      exEventAtmIv(t6, 0.3, 0.3) * Math.sqrt(tv6 / t6),
      12,
    );
  });

  it.each([
    // A flat curve at 20 %: what moves the IV is only the variance left against the calendar time.
    [
      'a same-day expiration at 10:09 (351 of 390 session minutes in 351 calendar minutes)',
      '2026-03-02T15:09:00Z',
      '2026-03-02T21:00:00Z',
      Math.sqrt((0.85 * 1.4 * (351 / 390)) / (351 / 1440)),
    ],
    [
      'Monday’s close seen at Friday’s close (one session in three days)',
      '2026-02-27T21:00:00Z',
      '2026-03-02T21:00:00Z',
      Math.sqrt(1.4 / 3),
    ],
    [
      'thirty days out from a Wednesday close (the 30-day level itself)',
      '2024-05-01T20:00:00Z',
      '2024-05-31T20:00:00Z',
      1,
    ],
  ])('quotes on calendar time: %s', (_name, seen, expires, ratio) => {
    const flat = { iv30: 0.2, normalIv: 0.2, events: [] };
    expect(atmIv(flat, Date.parse(seen), Date.parse(expires))).toBeCloseTo(0.2 * ratio, 9);
  });

  it('reads 30-day IV by interpolating total variance between the bracketing expirations', () => {
    const curve = { iv30: 0.25, normalIv: 0.3, events: [] };
    const e1 = now + 23 * DAY;
    const e2 = now + 37 * DAY;
    const w1 = atmIv(curve, now, e1) ** 2 * (23 / 365);
    const w2 = atmIv(curve, now, e2) ** 2 * (37 / 365);
    const expected = Math.sqrt((w1 + ((w2 - w1) * 7) / 14) / T30);
    expect(constantMaturityIv(curve, now, [now + 2 * DAY, e1, e2, now + 90 * DAY])).toBeCloseTo(expected, 12);
    expect(constantMaturityIv(curve, now, [now + 30 * DAY, e2])).toBeCloseTo(0.25, 12);
    expect(constantMaturityIv(curve, now, [e2])).toBeCloseTo(atmIv(curve, now, e2), 12);
  });

  it('carries part of an earnings event that falls between the bracketing expirations', () => {
    const quiet = { iv30: 0.3, normalIv: 0.3, events: [] };
    const loud = { ...quiet, events: [{ instant: now + 25 * DAY, moveStd: 0.07 }] };
    const expiries = [now + 23 * DAY, now + 37 * DAY];
    const q = constantMaturityIv(quiet, now, expiries);
    const l = constantMaturityIv(loud, now, expiries);
    const full = Math.sqrt(q * q + 0.0049 / T30);
    expect(l).toBeGreaterThan(q);
    expect(l).toBeLessThan(full);
  });
});
