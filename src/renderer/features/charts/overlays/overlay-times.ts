// Which stored snapshot an overlay ("Yesterday", "A week ago") draws: the one nearest to the same
// time of day in the session one trading day (or seven calendar days) before the snapshot shown.
// Sessions, not clock hours: a snapshot belongs to the session whose prices it shows
// (sessionDateOf: from that day's 09:30 open to the next trading day's open), so a Monday's
// "yesterday" is the Friday, and a chain folder's after-close file is still its own day's. Pure,
// so the rules are tested with tables.
import {
  epochToNy,
  nextTradingDay,
  nyToEpoch,
  previousTradingDay,
  REGULAR_OPEN_MINUTES,
  sessionDateOf,
  type IsoDate,
} from '../../../../shared/market-calendar.ts';

export const OVERLAY_KEYS = ['yesterday', 'week'] as const;
export type OverlayKey = (typeof OVERLAY_KEYS)[number];

export const OVERLAY_LABELS: Readonly<Record<OverlayKey, string>> = {
  yesterday: 'Yesterday',
  week: 'A week ago',
};

/** Where to look: the session's span (epoch ms, `to` exclusive) and the instant to be nearest to. */
export interface OverlayWindow {
  session: IsoDate;
  from: number;
  to: number;
  target: number;
}

/** The instants a session's snapshots carry: from its open to the next trading day's open. */
function sessionSpan(session: IsoDate): { from: number; to: number } {
  return {
    from: nyToEpoch(session, REGULAR_OPEN_MINUTES),
    to: nyToEpoch(nextTradingDay(session), REGULAR_OPEN_MINUTES),
  };
}

/** The window of an overlay of the snapshot stored at `shown` (epoch ms). */
export function overlayWindow(shown: number, key: OverlayKey): OverlayWindow {
  if (key === 'week') {
    const target = shown - 7 * 86_400_000;
    const session = sessionDateOf(target);
    return { session, target, ...sessionSpan(session) };
  }
  const session = previousTradingDay(sessionDateOf(shown));
  const span = sessionSpan(session);
  // The same New York clock time on the session's date, kept inside its span (a pre-market
  // snapshot's clock time would fall in the session before).
  const sameClock = nyToEpoch(session, epochToNy(shown).minutes);
  const target = Math.min(Math.max(sameClock, span.from), span.to - 1);
  return { session, target, ...span };
}

/** Whether an ISO instant lies in the window's session. */
export function inWindow(iso: string | null | undefined, window: OverlayWindow): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && t >= window.from && t < window.to;
}

/**
 * Stored instants of the window's session, nearest to its target first (the earlier one on a
 * tie); instants outside the session are left out.
 */
export function nearestFirst(entries: readonly { asof: string }[], window: OverlayWindow): string[] {
  return entries
    .filter((e) => inWindow(e.asof, window))
    .map((e) => ({ asof: e.asof, gap: Math.abs(Date.parse(e.asof) - window.target), t: Date.parse(e.asof) }))
    .sort((a, b) => a.gap - b.gap || a.t - b.t)
    .map((e) => e.asof);
}
