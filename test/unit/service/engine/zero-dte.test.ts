// A 0DTE expiration is the one ending in the snapshot's session that has not settled yet.
// PM-settled expirations settle at the close, 16:00 ET, or 13:00 ET on an early-close day (the day
// after Thanksgiving 2026, Fri 2026-11-27); a settled one is not 0DTE, and on a weekend or a
// holiday nothing is. Read off Cboe chain files around the close, as a folder feeds them.
import { describe, expect, it } from 'vitest';
import { analyzeChainDetailed } from '../../../../src/service/engine/analyze.ts';
import { keyLevels } from '../../../../src/service/engine/levels.ts';
import { zeroDteStatus } from '../../../../src/service/engine/more-levels.ts';
import { importChainText } from '../../../../src/service/market/import/index.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { chainPreamble, chainRows } from '../../../support/cboe-chain-file.ts';

/** SPY's daily listing around Thanksgiving 2026 (no expiration on the holiday). */
const LISTED = ['2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-04'];

/** A Cboe file of SPY downloaded on `date` at `time` (New York, EST in late November). */
function fileAt(date: string, time: string) {
  const text =
    chainPreamble('SPY', date, 660, `${time} EST`) +
    chainRows({
      ticker: 'SPY',
      date,
      spot: 660,
      strikes: 40,
      expirationDates: LISTED.filter((d) => d >= date),
    });
  return importChainText(text, 'quotedata.csv');
}

describe('the 0DTE expiration of a Cboe file, by the time it was taken', () => {
  it.each([
    // A regular day: settles at 16:00.
    {
      when: 'Wed 15:59, before the close',
      date: '2026-11-25',
      time: '3:59 PM',
      state: 'expiring',
      zero: '2026-11-25',
      next: ['2026-11-25', '2026-11-25'],
      note: 'The 2026-11-25 expiration ends today and settles at 16:00 ET.',
    },
    {
      when: 'Wed 16:00, the close',
      date: '2026-11-25',
      time: '4:00 PM',
      state: 'settled',
      zero: null,
      next: ['2026-11-27', '2026-11-27'],
      note: "Today's 2026-11-25 expiration settled at 16:00 ET: it is not 0DTE. The next session's (Fri 2026-11-27) 0DTE is the 2026-11-27 expiration.",
    },
    {
      when: 'Wed 16:15, the end-of-day download',
      date: '2026-11-25',
      time: '4:15 PM',
      state: 'settled',
      zero: null,
      next: ['2026-11-27', '2026-11-27'],
      note: "Today's 2026-11-25 expiration settled at 16:00 ET",
    },
    // Thanksgiving: no session.
    {
      when: 'Thanksgiving, a holiday',
      date: '2026-11-26',
      time: '11:00 AM',
      state: 'none',
      zero: null,
      next: ['2026-11-27', '2026-11-27'],
      note: "No session on Thu 2026-11-26 (Thanksgiving Day): nothing is 0DTE. The next session's (Fri 2026-11-27) 0DTE is the 2026-11-27 expiration.",
    },
    // The day after: an early close, 13:00.
    {
      when: 'Fri 12:59, an early-close day before its close',
      date: '2026-11-27',
      time: '12:59 PM',
      state: 'expiring',
      zero: '2026-11-27',
      next: ['2026-11-27', '2026-11-27'],
      note: 'The 2026-11-27 expiration ends today and settles at 13:00 ET (early close).',
    },
    {
      when: 'Fri 13:00, the early close',
      date: '2026-11-27',
      time: '1:00 PM',
      state: 'settled',
      zero: null,
      next: ['2026-11-30', '2026-11-30'],
      note: "Today's 2026-11-27 expiration settled at 13:00 ET (early close): it is not 0DTE. The next session's (Mon 2026-11-30) 0DTE is the 2026-11-30 expiration.",
    },
    {
      when: 'Fri 14:30, after the early close (was "expiring today" until 16:00)',
      date: '2026-11-27',
      time: '2:30 PM',
      state: 'settled',
      zero: null,
      next: ['2026-11-30', '2026-11-30'],
      note: "Today's 2026-11-27 expiration settled at 13:00 ET (early close)",
    },
    // The weekend, then Monday before the open: Monday's expiration is that session's 0DTE.
    {
      when: 'Sat, no session',
      date: '2026-11-28',
      time: '10:00 AM',
      state: 'none',
      zero: null,
      next: ['2026-11-30', '2026-11-30'],
      note: "No session on Sat 2026-11-28: nothing is 0DTE. The next session's (Mon 2026-11-30) 0DTE is the 2026-11-30 expiration.",
    },
    {
      when: 'Mon 08:00, before the open',
      date: '2026-11-30',
      time: '8:00 AM',
      state: 'expiring',
      zero: '2026-11-30',
      next: ['2026-11-30', '2026-11-30'],
      note: 'The 2026-11-30 expiration ends today and settles at 16:00 ET.',
    },
  ])('$when: $state', ({ date, time, state, zero, next, note }) => {
    const { chain } = fileAt(date, time);
    const a = analyzeChainDetailed(chain);
    expect(a.more.zero_dte?.expiration ?? null).toBe(zero);
    expect(a.metrics.zero_dte_gex_usd_per_1_pct_move === null).toBe(zero === null);
    const status = a.more.zero_dte_status;
    expect(status.state).toBe(state);
    expect([status.next_session, status.next_expiration]).toEqual(next);
    expect(status.note).toContain(note);
    expect(status.settled_expiration).toBe(state === 'settled' ? date : null);
    // The 0DTE levels are there exactly while the expiration is expiring, each naming it.
    const zeroLevels = keyLevels(chain, a).filter((l) => l.kind.startsWith('zero_dte'));
    if (zero === null) expect(zeroLevels).toEqual([]);
    else {
      expect(zeroLevels.length).toBeGreaterThan(0);
      expect(new Set(zeroLevels.map((l) => l.expiration))).toEqual(new Set([zero]));
    }
  });

  it('after the early close the file still lists the day’s expiration; its contracts are dropped as settled', () => {
    const imported = fileAt('2026-11-27', '2:30 PM');
    expect(imported.chain.expired?.map((e) => e.date)).toEqual(['2026-11-27']);
    expect(imported.chain.expirations[0]?.date).toBe('2026-11-30');
    expect(imported.notes.join(' ')).toMatch(/had expired by the snapshot time/);
    const status = analyzeChainDetailed(imported.chain).more.zero_dte_status;
    expect(status.settled_at).toBe('2026-11-27 13:00 ET');
  });

  it('a trading day with nothing of its own listed says so, and after its close names the next', () => {
    const expirations = [{ date: '2026-12-04', expiresAt: nyToEpoch('2026-12-04', 16 * 60) }];
    const before = zeroDteStatus({ expirations, expired: [], asof: nyToEpoch('2026-12-02', 11 * 60) });
    expect(before).toMatchObject({ state: 'none', next_session: '2026-12-02', next_expiration: null });
    expect(before.note).toBe('No listed expiration ends today (2026-12-02): nothing is 0DTE.');
    const after = zeroDteStatus({ expirations, expired: [], asof: nyToEpoch('2026-12-03', 17 * 60) });
    expect(after).toMatchObject({ state: 'none', next_session: '2026-12-04', next_expiration: '2026-12-04' });
    expect(after.note).toBe(
      "Today's session closed at 16:00 ET with no expiration of its own listed. The next session's (Fri 2026-12-04) 0DTE is the 2026-12-04 expiration.",
    );
  });
});
