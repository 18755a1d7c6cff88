// Values as exported by charting sites and brokers: dates in ISO (`2025-09-12`, possibly with a
// time) or US (`09/12/2025`, `9/12/25` is refused: a two-digit year is ambiguous) form, and numbers
// that may carry thousands separators or a currency sign (`"1,234.50"`, `$218.80`).
import { z } from 'zod';
import { isoDate, type IsoDate } from '../../../shared/market-calendar.ts';

function validDay(year: number, month: number, day: number): IsoDate | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null; // 2025-02-30 and the like
  return isoDate(year, month, day);
}

/** The calendar date a cell names, or null when it is not a date of a supported form. */
export function parseDayCell(raw: string): IsoDate | null {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text);
  if (us) return validDay(Number(us[3]), Number(us[1]), Number(us[2]));
  return null;
}

/** A positive, finite price; thousands separators, spaces and a leading `$` are tolerated. */
export const priceCell = z
  .string()
  .transform((s) => s.trim().replace(/^\$/, '').replace(/[,\s]/g, ''))
  .pipe(z.string().regex(/^\d+(\.\d+)?([eE][+-]?\d+)?$/, 'not a number'))
  .transform(Number)
  .pipe(z.number().positive().finite());

export const dayCell = z.string().transform((s, ctx) => {
  const day = parseDayCell(s);
  if (day === null) {
    ctx.addIssue({ code: 'custom', message: `not a date (YYYY-MM-DD or MM/DD/YYYY): '${s.slice(0, 20)}'` });
    return z.NEVER;
  }
  return day;
});

/** Header names compared loosely: `Adj Close**`, `adj_close` and `ADJ. CLOSE` are one column. */
export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[*"]/g, '')
    .replace(/[_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
