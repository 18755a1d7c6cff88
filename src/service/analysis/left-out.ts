// Why a ranking leaves a universe ticker out, in words a trader can act on. The rule
// (docs/guide.md, "The data's clock, per ticker"): a ticker is read at its own newest snapshot (its
// analysis, series and history end there, however old); it is ranked only when that snapshot is
// within the recency window (36 h) of the market's "now", which on a chain folder's data clock is
// the newest snapshot in the folder not later than the wall clock. A ticker outside it is left out
// with its newest snapshot time and how far behind it is, so one newer file in the folder shrinks
// the rankings visibly, never silently.
import type { LeftOutCode } from '../../shared/api/index.ts';
import { displayAsof } from '../../shared/market-calendar.ts';

export interface LeftOut {
  readonly ticker: string;
  readonly code: LeftOutCode;
  /** The ticker's newest snapshot, epoch ms; null when it has none. */
  readonly newest: number | null;
  readonly reason: string;
}

const HOUR = 3600_000;

/** "40 hours" below three days, else "190 days": the unit a person would use. */
export function behindText(ms: number): string {
  const hours = ms / HOUR;
  if (hours < 72) {
    const h = Math.round(hours);
    return `${h} hour${h === 1 ? '' : 's'}`;
  }
  const days = Math.round(hours / 24);
  return `${days} days`;
}

export interface LeftOutContext {
  /** The market's "now", epoch ms. */
  readonly now: number;
  /** Whether "now" is the data's own clock (the newest snapshot in a chain folder). */
  readonly dataClock: boolean;
  /** The recency window, ms. */
  readonly windowMs: number;
}

/**
 * Why a ticker is not in the ranking universe. `latest` is its latest snapshot at or before now,
 * `newest` its newest whatever the time (null when the source cannot tell).
 */
export function leftOutOf(
  ticker: string,
  latest: number | null,
  newest: number | null,
  ctx: LeftOutContext,
): LeftOut {
  const nowText = ctx.dataClock
    ? `the newest snapshot in the folder (${displayAsof(ctx.now)})`
    : `the market clock (${displayAsof(ctx.now)})`;
  if (latest === null) {
    if (newest !== null && newest > ctx.now) {
      return {
        ticker,
        code: 'future_only',
        newest,
        reason: `every snapshot is dated in the future (newest ${displayAsof(newest)}), later than the wall clock`,
      };
    }
    return { ticker, code: 'no_snapshot', newest: null, reason: 'no readable file at or before now' };
  }
  const hours = Math.round(ctx.windowMs / HOUR);
  return {
    ticker,
    code: 'stale',
    newest: latest,
    reason:
      `newest snapshot ${displayAsof(latest)}, ${behindText(ctx.now - latest)} before ${nowText}; ` +
      `rankings keep snapshots within ${hours} hours of that`,
  };
}

/** A ticker whose latest snapshot is in the window but whose file could not be read when ranked. */
export function unreadable(ticker: string, latest: number): LeftOut {
  return {
    ticker,
    code: 'unreadable',
    newest: latest,
    reason: `its newest file (snapshot ${displayAsof(latest)}) could not be read`,
  };
}
