// Variance time (src/service/market/sim/variance-time.ts): a session carries 1.4 calendar days of
// variance, 15 % of it over the gap before its open and 85 % over its hours, counted exactly for a
// week; a week's excess over a calendar week fades out over the second, and from two weeks out time
// is calendar time. Expected values worked out by hand from those numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXACT_DAYS,
  OVERNIGHT_SHARE,
  varianceMs,
} from '../../../../../src/service/market/sim/variance-time.ts';
import { at as ny } from '../../../../support/ny-time.ts';

const DAY = 86_400_000;
const SESSION = 1.4;

describe('variance time', () => {
  it.each([
    // 2026-03-02 is a Monday; 2026-04-03 is Good Friday (the exchange is closed).
    [
      '0DTE at 10:09: 351 of the session’s 390 minutes',
      ny('2026-03-02', '10:09'),
      ny('2026-03-02', '16:00'),
      0.85 * SESSION * (351 / 390),
    ],
    ['a whole session from its open', ny('2026-03-02', '09:30'), ny('2026-03-02', '16:00'), 0.85 * SESSION],
    [
      'Friday close to Monday close: one gap and one session',
      ny('2026-02-27', '16:00'),
      ny('2026-03-02', '16:00'),
      SESSION,
    ],
    [
      'the weekend alone: the gap’s share',
      ny('2026-02-27', '16:00'),
      ny('2026-03-02', '09:30'),
      0.15 * SESSION,
    ],
    [
      'Thursday 20:00 to Friday’s open: 13.5 of the gap’s 17.5 hours',
      ny('2026-03-19', '20:00'),
      ny('2026-03-20', '09:30'),
      0.15 * SESSION * (13.5 / 17.5),
    ],
    [
      'over Good Friday: Monday’s session only',
      ny('2026-04-02', '16:00'),
      ny('2026-04-06', '16:00'),
      SESSION,
    ],
    // April 2026: no holiday and no clock change between the ends.
    ['a whole week is a calendar week', ny('2026-04-08', '16:00'), ny('2026-04-15', '16:00'), 7],
    ['two weeks out, calendar time', ny('2026-04-08', '16:00'), ny('2026-04-22', '16:00'), 14],
    ['thirty days out, calendar time', ny('2026-04-08', '16:00'), ny('2026-05-08', '16:00'), 30],
    // The week from Thursday 2 April holds four sessions (Good Friday): 1.4 days short of a calendar
    // week, of which 4/7 is left ten days out (the fade over the second week).
    [
      'a holiday week’s shortfall, fading',
      ny('2026-04-02', '16:00'),
      ny('2026-04-12', '16:00'),
      10 - 1.4 * (4 / 7),
    ],
    ['nothing when the end is not later', ny('2026-03-02', '12:00'), ny('2026-03-02', '12:00'), 0],
    ['nothing backwards', ny('2026-03-02', '12:00'), ny('2026-03-02', '11:00'), 0],
  ])('%s', (_name, from, to, days) => {
    expect(varianceMs(from, to) / DAY).toBeCloseTo(days, 9);
  });

  it('states the constants the cases use', () => {
    expect(OVERNIGHT_SHARE).toBe(0.15);
    expect(EXACT_DAYS).toBe(7);
  });

  it('adds up: the variance from a to c is from a to b plus from b to c (within the exact week)', () => {
    const start = ny('2026-03-02', '00:00');
    const span = EXACT_DAYS * DAY - 1;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.integer({ min: 0, max: span }),
        fc.integer({ min: 0, max: span }),
        (offset, x, y) => {
          const [b, c] = x < y ? [x, y] : [y, x];
          const a0 = start + offset;
          const whole = varianceMs(a0, a0 + c);
          const parts = varianceMs(a0, a0 + b) + varianceMs(a0 + b, a0 + c);
          expect(Math.abs(whole - parts)).toBeLessThan(1);
        },
      ),
    );
  });

  it('never falls as the expiration moves out', () => {
    const from = ny('2026-03-02', '10:09');
    let last = 0;
    for (let h = 0; h < 24 * 40; h += 1) {
      const v = varianceMs(from, from + h * 3_600_000);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
  });
});
