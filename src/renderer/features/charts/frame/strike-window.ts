// Which strikes a curve chart shows. A 2,000-strike chain spans far more than anyone reads, so
// the default is a window of ±15 % around spot; zooming narrows it and a reset returns to it.
import type { XRange } from './chart-spec.ts';

export const DEFAULT_WINDOW_PCT = 15;

/** The window choices offered next to the charts: percent around spot, or every strike. */
export const WINDOW_CHOICES = [
  { key: '5', label: '±5 %', pct: 5 },
  { key: '15', label: '±15 %', pct: 15 },
  { key: '30', label: '±30 %', pct: 30 },
  { key: 'all', label: 'All', pct: null },
] as const;
export type WindowChoice = (typeof WINDOW_CHOICES)[number]['key'];

/** Smallest and largest finite value, or null when there is none. */
export function extent(values: ArrayLike<number>): XRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}

/** First index whose value is ≥ `value` in an ascending array (its length when none is). */
export function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The indexes [first, last] of ascending `sorted` inside `range` (inclusive), or null when none are. */
export function indexRange(sorted: ArrayLike<number>, range: XRange): [number, number] | null {
  const first = lowerBound(sorted, range.min);
  let last = lowerBound(sorted, range.max);
  if (last === sorted.length || (sorted[last] as number) > range.max) last -= 1;
  return first <= last ? [first, last] : null;
}

/**
 * The x range to show for ascending `strikes`: ±`pct` % around `spot`, kept inside the strikes'
 * extent. Every strike when `pct` is null, when spot is unknown, or when fewer than two strikes
 * fall inside the window (a far-away spot would otherwise show an empty chart).
 */
export function strikeWindow(
  strikes: ArrayLike<number>,
  spot: number | null,
  pct: number | null,
): XRange | null {
  const full = extent(strikes);
  if (!full) return null;
  if (pct === null || spot === null || !Number.isFinite(spot) || spot <= 0 || !(pct > 0)) return full;
  const wanted = { min: spot * (1 - pct / 100), max: spot * (1 + pct / 100) };
  const inside = indexRange(strikes, wanted);
  if (!inside || inside[1] - inside[0] < 1) return full;
  return { min: Math.max(wanted.min, full.min), max: Math.min(wanted.max, full.max) };
}

/** A dragged selection as a range (either direction), or null when it is too narrow to mean a zoom. */
export function selectionRange(a: number, b: number, minWidth: number): XRange | null {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const min = Math.min(a, b);
  const max = Math.max(a, b);
  return max - min >= minWidth ? { min, max } : null;
}
