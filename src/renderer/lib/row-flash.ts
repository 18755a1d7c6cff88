// The changed-cell highlight of the watchlist table. A cell is highlighted when its row was
// updated while on screen and the field is among the row's changes, and only for FLASH_MS after
// that update: a row scrolled into view later shows it only while it lasts. Before, every row
// scrolled into view replayed a 2.4 s animation, and hundreds of them ran during a scroll.
import type { TickerRowField } from '../../shared/bridge/tickers.ts';

/** How long the highlight of an update shows. */
export const FLASH_MS = 2400;

/** Whether a row's cell shows its change: the row is fresh and one of the cell's fields changed. */
export function cellChanged(
  row: { ticker: string; changed: readonly TickerRowField[] },
  fields: readonly TickerRowField[],
  fresh: ReadonlySet<string>,
): boolean {
  return fresh.has(row.ticker) && fields.some((field) => row.changed.includes(field));
}
