// `earnings.csv` beside the chain files: `ticker,date,time` with time bmo (before the open), amc
// (after the close) or dmh (during market hours). It feeds the earnings guard of every ticker.
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { EarningsEvent } from '../../engine/types.ts';
import { dayCell, normaliseHeader } from './csv-values.ts';
import { quotedList } from '../import/errors.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { tickerSchema } from '../../../shared/ticker-symbol.ts';

export interface EarningsCalendar {
  /** Per upper-case ticker, ascending by date. */
  readonly events: ReadonlyMap<string, readonly EarningsEvent[]>;
  readonly notes: readonly string[];
}

export class EarningsFileError extends Error {
  override name = 'EarningsFileError';
}

const rowSchema = z.object({
  ticker: tickerSchema,
  date: dayCell,
  time: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['bmo', 'amc', 'dmh'], { message: 'time must be bmo, amc or dmh' })),
});

export function parseEarningsCsv(text: string): EarningsCalendar {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new EarningsFileError(`not a readable CSV file: ${messageOf(error)}`);
  }
  const header = (records[0] ?? []).map(normaliseHeader);
  const at = { ticker: header.indexOf('ticker'), date: header.indexOf('date'), time: header.indexOf('time') };
  if (at.ticker < 0 || at.date < 0 || at.time < 0) {
    throw new EarningsFileError(
      `the header must name ticker, date and time; found ${quotedList(records[0] ?? []) || 'nothing'}`,
    );
  }
  const events = new Map<string, Map<string, EarningsEvent>>();
  let bad = 0;
  let firstBad: string | null = null;
  for (let line = 1; line < records.length; line++) {
    const r = records[line] as string[];
    const row = rowSchema.safeParse({
      ticker: r[at.ticker] ?? '',
      date: r[at.date] ?? '',
      time: r[at.time] ?? '',
    });
    if (!row.success) {
      bad++;
      firstBad ??= `line ${line + 1}: ${row.error.issues[0]?.message ?? 'invalid'}`;
      continue;
    }
    const list = events.get(row.data.ticker) ?? new Map<string, EarningsEvent>();
    list.set(row.data.date, { date: row.data.date, time: row.data.time });
    events.set(row.data.ticker, list);
  }
  const sorted = new Map<string, EarningsEvent[]>();
  for (const [ticker, byDate] of events) {
    sorted.set(
      ticker,
      [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
  }
  const notes = bad > 0 ? [`${bad} rows were skipped (first: ${firstBad})`] : [];
  return { events: sorted, notes };
}

/** The first event on or after `date`, or null. */
export function nextEarnings(calendar: EarningsCalendar, ticker: string, date: string): EarningsEvent | null {
  for (const e of calendar.events.get(ticker) ?? []) if (e.date >= date) return e;
  return null;
}
