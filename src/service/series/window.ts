// The series `window`: a lookback such as 30d, 12w, 6m or 2y, measured back from the date of the
// latest snapshot. Calendar arithmetic (months and years move the date, not a count of days), so
// "6m" on 2025-08-31 starts after 2025-02-28, as a person would read it.
import { SERIES_WINDOW_PATTERN } from '../../shared/api/index.ts';
import { addDays, isoDate, parseIsoDate, type IsoDate } from '../../shared/market-calendar.ts';
import { clipForApi } from '../../shared/echo.ts';
import { invalidParam } from '../http/errors.ts';

/** Five years: the longest lookback served (longer ones are refused, not silently cut). */
export const MAX_WINDOW_DAYS = 5 * 366;

export interface SeriesWindow {
  /** As the caller wrote it, lower-cased. */
  text: string;
  /** Points strictly after this date and up to `end` are in the window. */
  after: IsoDate;
  end: IsoDate;
}

function shiftMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return isoDate(y, m, Math.min(day, lastDay));
}

export function parseWindow(raw: string, end: IsoDate): SeriesWindow {
  const text = raw.trim().toLowerCase();
  if (!SERIES_WINDOW_PATTERN.test(text)) {
    throw invalidParam('window', `'${clipForApi(raw)}' is not a lookback such as 30d, 12w, 6m or 2y`);
  }
  const n = Number(text.slice(0, -1));
  const unit = text.slice(-1);
  const after =
    unit === 'd'
      ? addDays(end, -n)
      : unit === 'w'
        ? addDays(end, -7 * n)
        : shiftMonths(end, unit === 'm' ? n : 12 * n);
  if (after < addDays(end, -MAX_WINDOW_DAYS))
    throw invalidParam('window', `'${text}' is longer than the 5y maximum`);
  return { text, after, end };
}
