// Keyboard use of a chart: the arrow keys walk the crosshair point by point across what is shown,
// PageUp/PageDown (or Shift+arrow) jump ten points, as on a slider; Home/End go to the first and
// last point; Escape hides the crosshair.

export const CHART_KEYS = ['ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Escape'] as const;

/**
 * The point index after `key`, within the visible indexes [first, last]; null to hide the
 * crosshair; undefined when the key is not a chart key. With no point yet, any move starts at the
 * near end (left keys from the right end, right keys from the left).
 */
export function nextPointIndex(
  key: string,
  current: number | null,
  first: number,
  last: number,
  shift = false,
): number | null | undefined {
  if (!(CHART_KEYS as readonly string[]).includes(key)) return undefined;
  if (key === 'Escape' || last < first) return null;
  if (key === 'Home') return first;
  if (key === 'End') return last;
  const step = key === 'PageUp' || key === 'PageDown' || shift ? 10 : 1;
  const direction = key === 'ArrowLeft' || key === 'PageDown' ? -1 : 1;
  if (current === null || current < first || current > last) return direction < 0 ? last : first;
  return Math.min(last, Math.max(first, current + direction * step));
}
