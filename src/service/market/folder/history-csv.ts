// `history/<TICKER>.csv`: a ticker's daily closes as exported by charting sites and brokers
// (`Date,Open,High,Low,Close,Adj Close,Volume`, `date,close`, Nasdaq's `Close/Last`...). Only the
// date and the close are read. `Close` is on the same price level as today's spot; `Adj Close` is
// dividend-adjusted (it sits below the price actually traded back then), so it is used only when
// there is no `Close`, with a note saying so.
import { parse } from 'csv-parse/sync';
import type { IsoDate } from '../../../shared/market-calendar.ts';
import { dayCell, normaliseHeader, priceCell } from './csv-values.ts';
import { quoted, quotedList } from '../import/errors.ts';
import { messageOf } from '../../../shared/message-of.ts';

export interface DailyCloses {
  /** Ascending, one per date. */
  readonly dates: readonly IsoDate[];
  readonly closes: readonly number[];
  readonly notes: readonly string[];
}

/** A history file that cannot be used at all: the message is shown to the user as is. */
export class HistoryFileError extends Error {
  override name = 'HistoryFileError';
}

const DATE_COLUMNS = ['date', 'datetime', 'timestamp', 'time', 'day'];
const CLOSE_COLUMNS = ['close', 'close/last', 'closing price', 'last', 'price'];
const ADJUSTED_COLUMNS = ['adj close', 'adjusted close', 'adj close/last', 'adjclose'];

function findColumn(headers: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = headers.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

function readRecords(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new HistoryFileError(`not a readable CSV file: ${messageOf(error)}`);
  }
}

export function parseHistoryCsv(text: string): DailyCloses {
  const records = readRecords(text);
  const header = records[0];
  if (header === undefined) throw new HistoryFileError('the file is empty');
  const names = header.map(normaliseHeader);
  const dateAt = findColumn(names, DATE_COLUMNS);
  let closeAt = findColumn(names, CLOSE_COLUMNS);
  const notes: string[] = [];
  if (closeAt < 0) {
    closeAt = findColumn(names, ADJUSTED_COLUMNS);
    if (closeAt >= 0) {
      notes.push(
        `no Close column: using ${quoted(header[closeAt] ?? '')}, whose dividend-adjusted closes sit below the prices traded ` +
          'back then (and below today’s spot), so trend and extension read slightly high',
      );
    }
  }
  if (dateAt < 0 || closeAt < 0) {
    const missing = [
      dateAt < 0 ? 'no date column (Date)' : null,
      closeAt < 0 ? 'no close column (Close)' : null,
    ]
      .filter((m) => m !== null)
      .join(' and ');
    throw new HistoryFileError(
      `the header has ${missing}: found ${quotedList(header)}; ` +
        'expected e.g. Date,Open,High,Low,Close,Adj Close,Volume or date,close',
    );
  }
  const byDate = new Map<IsoDate, number>();
  let bad = 0;
  let firstBad: string | null = null;
  for (let line = 1; line < records.length; line++) {
    const record = records[line] as string[];
    const day = dayCell.safeParse(record[dateAt] ?? '');
    const close = priceCell.safeParse(record[closeAt] ?? '');
    if (!day.success || !close.success) {
      bad++;
      firstBad ??= `line ${line + 1}: ${(day.success ? close : day).error?.issues[0]?.message ?? 'invalid'}`;
      continue;
    }
    byDate.set(day.data, close.data);
  }
  if (bad > 0)
    notes.push(`${bad} rows without a valid date and positive close were skipped (first: ${firstBad})`);
  if (byDate.size === 0) throw new HistoryFileError(`no usable rows${bad > 0 ? ` (${bad} bad)` : ''}`);
  const dates = [...byDate.keys()].sort();
  return { dates, closes: dates.map((d) => byDate.get(d) as number), notes };
}
