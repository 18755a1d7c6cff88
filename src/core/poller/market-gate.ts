// Whether a scheduled tick should poll, by the NYSE calendar in the data source's notion of time:
// while the regular session is open, yes; once after each close (so the closing snapshot is
// kept); otherwise only when the user asked to poll outside market hours.
import { addDays, epochToNy, isMarketOpen, sessionOf } from '../../shared/market-calendar.ts';

export type GateReason = 'open' | 'after_close' | 'outside_hours_allowed' | 'closed';

export interface GateDecision {
  run: boolean;
  reason: GateReason;
}

/** The close of the latest session that closed at or before `at`, or null when none in two weeks. */
export function lastCloseAtOrBefore(at: number): number | null {
  let { date } = epochToNy(at);
  for (let i = 0; i < 15; i++, date = addDays(date, -1)) {
    const session = sessionOf(date);
    if (session && session.close <= at) return session.close;
  }
  return null;
}

/**
 * `lastRunAt` is the market time of this job's last completed run (null before the first). The
 * first run of a job always happens, so a fresh start on a weekend still shows data.
 */
export function marketGate(at: number, lastRunAt: number | null, pollOutsideHours: boolean): GateDecision {
  if (isMarketOpen(at)) return { run: true, reason: 'open' };
  const close = lastCloseAtOrBefore(at);
  if (lastRunAt === null || (close !== null && lastRunAt < close))
    return { run: true, reason: 'after_close' };
  if (pollOutsideHours) return { run: true, reason: 'outside_hours_allowed' };
  return { run: false, reason: 'closed' };
}
