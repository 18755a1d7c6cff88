// Which rows of a long, fixed-row-height list to render: the visible ones plus some overscan, so
// a 500-row watchlist costs the DOM of about 40. Pure arithmetic, so the table's scroll handler
// never has to read layout.
export interface WindowRange {
  start: number;
  end: number;
  /** Space above and below the rendered rows: what the rows' offsets and the body's height keep. */
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
  const first = firstRowAt(scrollTop, rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + visible + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/**
 * The row under the top edge of the viewport. The scroll handler stores only this number, so a
 * scroll that stays within one row changes no state and renders nothing.
 */
export function firstRowAt(scrollTop: number, rowHeight: number): number {
  if (rowHeight <= 0 || !Number.isFinite(scrollTop)) return 0;
  return Math.floor(Math.max(0, scrollTop) / rowHeight);
}

/**
 * The scrollTop that shows row `index` whole in a viewport of `viewportHeight` whose top `inset`
 * pixels are covered (the sticky header): the current one when the row is already in view,
 * else the nearest one that brings it in. Keeps a row moved by keyboard on screen (and in the DOM).
 */
export function revealScrollTop(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  inset = 0,
): number {
  const top = index * rowHeight;
  const room = Math.max(rowHeight, viewportHeight - inset);
  if (top < scrollTop) return Math.max(0, top);
  if (top + rowHeight > scrollTop + room) return top + rowHeight - room;
  return scrollTop;
}
