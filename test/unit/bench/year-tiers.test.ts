// The year benchmark's projection under the default retention (test/bench/year/retention-projection.ts)
// counts a year's sessions by the tier thinning leaves them in: counted by hand on the calendar here.
import { describe, expect, it } from 'vitest';
import { yearTiers } from '../../bench/year/retention-projection.ts';

describe('a year of sessions by retention tier, under the default settings (30 / 180 / 365 days)', () => {
  it.each([
    // 2026-10-21 to 11-20: Oct 21-23, then four whole weeks (no holiday) = 23 sessions kept whole.
    { last: '2026-11-20', full: 23 },
    // 30 days before a Wednesday's 17:00 is a Monday's 17:00, inside that Monday's session:
    // 2026-10-26 to 11-25 = Oct 26-30, Nov 2-6, 9-13, 16-20, 23-25 = 23.
    { last: '2026-11-25', full: 23 },
    // 2026-11-30 (Monday) 17:00 - 30 days = Oct 31, a Saturday: in Friday Oct 30's session, which
    // is kept whole; Oct 30 to Nov 30 = 1 + 5 + 5 + 5 + 4 (Thanksgiving shut) + 1 = 21.
    { last: '2026-11-30', full: 21 },
  ])('a year ending $last keeps $full sessions whole, the rest thinned, 252 in all', ({ last, full }) => {
    const tiers = yearTiers(last);
    expect(tiers.full).toBe(full);
    expect(tiers.full + tiers['quarter-hour'] + tiers.close).toBe(252);
    // Sessions within 180 days: some 124 trading days, of which the whole ones are the newest.
    expect(tiers.full + tiers['quarter-hour']).toBeGreaterThan(120);
    expect(tiers.full + tiers['quarter-hour']).toBeLessThan(128);
  });
});
