// Which stored snapshots thinning keeps: the rule, with no database in it (thinning.ts applies it).
//
// A snapshot's age is counted by its New York session (sessionDateOf: from a trading day's open
// to the next one's, weekends and pre-market files included), so a day is always thinned whole:
// - a session that began within `fullDays` (the one holding the instant `fullDays` ago included)
//   keeps every snapshot;
// - an older one, within `quarterHourDays`, keeps one snapshot per 15 minutes per series (the last
//   of each quarter hour of the wall clock: :00-:14, :15-:29, ...);
// - an older one still keeps one per series: the one standing for the session's close, by the
//   same rule as the daily series (shared/session-close.ts: the latest not taken before the open).
// A series is one endpoint, ticker and params of one source: two series never thin each other.
// Snapshots older than `retentionDays` are not thinned but deleted (repositories/thinning.ts, its first step).
import { closePreference } from '../../shared/session-close.ts';
import {
  nextTradingDay,
  nyToEpoch,
  REGULAR_OPEN_MINUTES,
  sessionDateOf,
  type IsoDate,
} from '../../shared/market-calendar.ts';
import { DAY_MS, type EpochMs } from './time.ts';

export const THIN_LEVELS = ['quarter-hour', 'close'] as const;
/** How far a session was thinned: one snapshot per 15 minutes, or only its close. */
export type ThinLevel = (typeof THIN_LEVELS)[number];

export const QUARTER_HOUR_MS = 15 * 60_000;

/** Which sessions are thinned, and to what: sessions before `quarterHourBefore`, then before `closeBefore`. */
export interface ThinCutoffs {
  /** Sessions before this one keep one snapshot per 15 minutes (at most). */
  quarterHourBefore: IsoDate;
  /** Sessions before this one keep their close only. */
  closeBefore: IsoDate;
}

export function thinCutoffs(now: EpochMs, fullDays: number, quarterHourDays: number): ThinCutoffs {
  const quarterHourBefore = sessionDateOf(now - fullDays * DAY_MS);
  const closeBefore = sessionDateOf(now - Math.max(fullDays, quarterHourDays) * DAY_MS);
  return { quarterHourBefore, closeBefore };
}

/** How far a session is to be thinned; null while it keeps everything. */
export function levelOfSession(session: IsoDate, cutoffs: ThinCutoffs): ThinLevel | null {
  if (session < cutoffs.closeBefore) return 'close';
  if (session < cutoffs.quarterHourBefore) return 'quarter-hour';
  return null;
}

/** Whether a session already thinned to `done` needs nothing more to be at `wanted`. */
export function atLeast(done: ThinLevel, wanted: ThinLevel): boolean {
  return done === 'close' || wanted === 'quarter-hour';
}

/** The instants of a session's snapshots: from its open to the next trading day's open. */
export function sessionBounds(session: IsoDate): { from: EpochMs; to: EpochMs } {
  return {
    from: nyToEpoch(session, REGULAR_OPEN_MINUTES),
    to: nyToEpoch(nextTradingDay(session), REGULAR_OPEN_MINUTES),
  };
}

export interface ThinCandidate {
  id: number;
  /** The series it belongs to (source, endpoint, ticker, params), as one key. */
  series: string;
  asof: EpochMs;
}

/**
 * The ids to delete among one session's snapshots (any order) thinned to `level`. Of several
 * snapshots at the same standing, the one with the larger id (stored last) is kept.
 */
export function thinSession<T extends ThinCandidate>(rows: Iterable<T>, level: ThinLevel): T[] {
  const kept = new Map<string, T>();
  const removed: T[] = [];
  const rank = (row: T): number => (level === 'close' ? closePreference(row.asof) : row.asof);
  for (const row of rows) {
    const key =
      level === 'close' ? row.series : `${row.series}\u0000${Math.floor(row.asof / QUARTER_HOUR_MS)}`;
    const held = kept.get(key);
    if (!held) {
      kept.set(key, row);
      continue;
    }
    const better = rank(row) > rank(held) || (rank(row) === rank(held) && row.id > held.id);
    removed.push(better ? held : row);
    if (better) kept.set(key, row);
  }
  return removed;
}

/**
 * thinSession for one series whose rows differ only in their time (a metric's intraday points,
 * one per instant): the times of `times` (ascending, distinct) that `level` removes. A session's
 * points are tens of thousands, so this allocates no row per point and takes `preference` (the
 * close rule) from the caller: thinning passes sessionClosePreference, which knows the session's
 * pre-market boundary instead of asking the calendar for each point.
 */
export function thinTimes(
  times: readonly number[],
  level: ThinLevel,
  preference: (asof: number) => number = closePreference,
): number[] {
  const n = times.length;
  if (n <= 1) return [];
  const removed: number[] = [];
  if (level === 'quarter-hour') {
    for (let i = 0; i + 1 < n; i++) {
      const t = times[i] as number;
      if (Math.floor(t / QUARTER_HOUR_MS) === Math.floor((times[i + 1] as number) / QUARTER_HOUR_MS))
        removed.push(t);
    }
    return removed;
  }
  // The best standing wins; of equals, the later (thinSession's larger id).
  let best = 0;
  let bestRank = preference(times[0] as number);
  for (let i = 1; i < n; i++) {
    const rank = preference(times[i] as number);
    if (rank >= bestRank) {
      best = i;
      bestRank = rank;
    }
  }
  for (let i = 0; i < n; i++) if (i !== best) removed.push(times[i] as number);
  return removed;
}
