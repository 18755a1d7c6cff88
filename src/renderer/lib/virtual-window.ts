// Which rows of a long, fixed-row-height list to render: the visible ones plus some overscan, so
// a 500-row watchlist costs the DOM of about 40.
export interface WindowRange {
  start: number;
  end: number;
  /** Space to keep above and below the rendered rows so the scrollbar stays true. */
  padTop: number;
  padBottom: number;
}

export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): WindowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + visible + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
