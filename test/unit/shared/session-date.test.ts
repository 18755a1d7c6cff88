// sessionDateOf: the NYSE session a snapshot instant belongs to (whose prices it shows).
import { describe, expect, it } from 'vitest';
import { addDays, epochToNy, isTradingDay, sessionDateOf } from '../../../src/shared/market-calendar.ts';
import { at } from '../../support/ny-time.ts';

describe('sessionDateOf', () => {
  it.each([
    ['Sunday noon', '2025-09-14', '12:00', '2025-09-12'],
    ['Saturday noon', '2025-09-13', '12:00', '2025-09-12'],
    ['Sunday 22:38 (the Cboe sample)', '2023-08-20', '22:38', '2023-08-18'],
    ['Labor Day 2025 (Mon Sep 1)', '2025-09-01', '12:00', '2025-08-29'],
    ['the morning after Labor Day, before the open', '2025-09-02', '05:18', '2025-08-29'],
    ['Memorial Day 2023 (Mon May 29)', '2023-05-29', '12:00', '2023-05-26'],
    ['05:18 before the open', '2025-09-16', '05:18', '2025-09-15'],
    ['Monday 05:18: the session before the weekend', '2025-09-15', '05:18', '2025-09-12'],
    ['09:29, a minute before the open', '2025-09-16', '09:29', '2025-09-15'],
    ['09:30, the open', '2025-09-16', '09:30', '2025-09-16'],
    ['15:59', '2025-09-16', '15:59', '2025-09-16'],
    ['16:00, the close', '2025-09-16', '16:00', '2025-09-16'],
    ['20:00, after the close', '2025-09-16', '20:00', '2025-09-16'],
    ['23:59, before midnight', '2025-09-16', '23:59', '2025-09-16'],
    ['early close day (after Thanksgiving) at 13:30', '2025-11-28', '13:30', '2025-11-28'],
    ['early close day (Christmas Eve) at 18:00', '2025-12-24', '18:00', '2025-12-24'],
    ['Christmas Day', '2025-12-25', '12:00', '2025-12-24'],
    ['Good Friday 2024', '2024-03-29', '12:00', '2024-03-28'],
    ['Good Friday 2025', '2025-04-18', '16:30', '2025-04-17'],
    ['the Saturday after Good Friday', '2025-04-19', '10:00', '2025-04-17'],
    ["New Year's Day", '2026-01-01', '12:00', '2025-12-31'],
    ['the National Day of Mourning (special closure)', '2025-01-09', '12:00', '2025-01-08'],
  ])('%s: %s %s ET → %s', (_name, date, hhmm, session) => {
    expect(sessionDateOf(at(date, hhmm))).toBe(session);
  });

  it('is always a trading day, never after the instant’s own date, across a year hour by hour', () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000) {
      const session = sessionDateOf(t);
      const own = epochToNy(t).date;
      expect(isTradingDay(session)).toBe(true);
      expect(session <= own).toBe(true);
      // A session never lags its snapshot by more than a long weekend plus a holiday.
      expect(session >= addDays(own, -5)).toBe(true);
    }
  });
});
