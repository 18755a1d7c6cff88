// When a poll schedule next fires (a cron expression on New York market time) and when that is on
// the wall clock, for the poller's next runs, the poll status panel and the closed-market rankings.
import { cronMatcher } from './cron-match.ts';

/**
 * The next minute (market time) after `after` at which the schedule fires and `when` holds (the
 * market open, say), within eight days; null when there is none or the expression is not valid.
 */
export function nextFire(
  expression: string,
  after: number,
  when: (at: number) => boolean = () => true,
): number | null {
  let matcher;
  try {
    matcher = cronMatcher(expression);
  } catch {
    return null;
  }
  const first = Math.floor(after / 60_000) + 1;
  for (let m = first; m < first + 8 * 1440; m++) {
    const at = m * 60_000;
    if (matcher.matches(at) && when(at)) return at;
  }
  return null;
}

/** What fires a poller's schedules, and how the market clock runs against the wall's. */
export interface ScheduleClock {
  /** `wall`: cron on the wall clock; `market`: sampled market time (a fast or hand-set clock). */
  firesOn: 'wall' | 'market';
  wallNow: number;
  marketNow: number;
  /** Market ms per wall ms; 0 or unknown for a clock that moves by hand or with the data. */
  rate: number | undefined;
}

/**
 * When a schedule next really runs, as a wall-clock instant. A chain folder's market clock is its
 * newest file's time (a Sunday of 2023, say) while its polls run on the wall clock: the next run
 * is the schedule's next minute after now, not after the files' time. A schedule fired by a fast
 * market clock runs when that clock reaches it, which the wall sees sooner by its rate. A clock
 * that moves by hand (tests) has no wall time for it: its market time is all there is.
 */
export function nextRunAt(schedule: string, clock: ScheduleClock): number | null {
  if (clock.firesOn === 'wall') return nextFire(schedule, clock.wallNow);
  const market = nextFire(schedule, clock.marketNow);
  if (market === null) return null;
  const rate = clock.rate ?? 0;
  return rate > 0 ? clock.wallNow + Math.round((market - clock.marketNow) / rate) : market;
}
