// Minimum dwell for label rules (regime, tiers): a new label counts only once it has held for
// `dwell.snapshots` consecutive snapshots AND `dwell.minutes` since it was first seen. The change
// is then reported from the last label that held to the new one, at the snapshot where the new
// one became confirmed. A flicker (A → B → A inside the dwell) never confirms B and raises
// nothing; A → B → C reports A → C once C holds.
//
// Pure: a function of one series' labels over time, so live alerts and a backtest over stored
// snapshots decide the same way.
import type { Dwell } from '../../shared/alert-rules.ts';

export interface LabelPoint {
  asof: number;
  /** null where the payload lacked the field: skipped, it neither confirms nor breaks a run. */
  value: string | null;
}

export interface ConfirmedChange {
  from: string;
  to: string;
  /** asof of the first snapshot showing the new label. */
  since: number;
  /** Snapshots showing it, up to and including the newest. */
  held: number;
}

/**
 * The change confirmed exactly at the last point, or null. The first run in the window is taken
 * as settled (its start is before the window, so its age is unknown): a window that starts in a
 * long-held label reports nothing until that label changes.
 */
export function confirmedChangeAtLast(points: readonly LabelPoint[], dwell: Dwell): ConfirmedChange | null {
  const seen = points.filter((p): p is { asof: number; value: string } => p.value !== null);
  if (seen.length < 2) return null;
  let confirmed: string | null = null;
  let runStart = 0;
  let result: ConfirmedChange | null = null;
  for (let i = 0; i < seen.length; i++) {
    const point = seen[i] as { asof: number; value: string };
    if (i > 0 && point.value !== (seen[i - 1] as { value: string }).value) runStart = i;
    const start = seen[runStart] as { asof: number; value: string };
    if (runStart === 0) {
      confirmed = point.value;
      continue;
    }
    const held = i - runStart + 1;
    const holds = held >= dwell.snapshots && point.asof - start.asof >= dwell.minutes * 60_000;
    result = null;
    if (holds && confirmed !== point.value) {
      if (confirmed !== null) result = { from: confirmed, to: point.value, since: start.asof, held };
      confirmed = point.value;
    }
  }
  return result;
}
