// Why a stored ranking is empty: taken with the market closed, when no ticker had a snapshot inside
// the service's 36-hour recency window (before a Monday's open, after a long weekend). The note
// says when the session opens and when the watcher's next scheduled run of the job is due, so the
// Rankings view can say "pre-open, next ranking at 09:30 ET" rather than "nothing passes these
// filters" — the same empty list means "wait", not "loosen your filters".
import type { RankingClosed } from '../../shared/bridge/rankings.ts';
import { epochToNy, isMarketOpen, nextSession } from '../../shared/market-calendar.ts';
import { nextFire } from '../poller/next-run.ts';
import { iso } from './snapshot-meta.ts';

/**
 * The first minute after `after` at which `schedule` fires with the market open (a scheduled run
 * the market gate lets through and that can bring fresh data), or null within eight days.
 */
export function nextOpenFire(schedule: string, after: number): number | null {
  return nextFire(schedule, after, isMarketOpen);
}

/**
 * The note for an empty stored ranking taken at `asof`, or undefined when it was taken in market
 * hours (then the list is really empty, and the filters or the universe say why).
 */
export function closedNote(asof: number, marketNow: number, schedule: string): RankingClosed | undefined {
  if (isMarketOpen(asof)) return undefined;
  const session = nextSession(asof);
  const when = epochToNy(asof).date === session.date ? 'pre_open' : 'closed';
  // The open itself counts (`after` is the minute before it), unless now is already past it.
  const next = nextOpenFire(schedule, Math.max(marketNow, session.open - 1));
  return { when, opensAt: iso(session.open), nextDueAt: next === null ? null : iso(next) };
}
