// Cboe's delayed-quotes `quotedata.csv` (format in fixtures/cboe/README.md): a preamble with the
// underlying's name and `Last:` price, a quoted `Date:` line in the browser's locale, the column
// header, then one row per expiration and strike with the call's fields left of Strike and the
// put's right of Puts. Every field is checked; the first problem stops the import with its line.
import { ChainImportError, quoted } from './errors.ts';
import { numberField } from './number-field.ts';
import { RowReader } from './cboe-csv-rows.ts';
import {
  checkIvUnits,
  chooseTicker,
  finishImport,
  type ChainImport,
  type ImportedRow,
} from './chain-import.ts';
import { CsvReader, lenientFields, type CsvRecord } from './csv-fields.ts';
import { longLineProblem, MAX_CSV_LINE_CHARS, MAX_PREAMBLE_LINES } from './limits.ts';
import { parseDateTime, yearBefore, YEARLESS_MAX_DAYS, type ParsedInstant } from './timestamps.ts';

const SIDE_FIELDS = ['Bid', 'Ask', 'Volume', 'IV', 'Open Interest'] as const;
export type SideField = (typeof SIDE_FIELDS)[number];

/** Where each column the importer reads is, and how many fields a row has. */
export interface Columns {
  expiration: number;
  calls: number;
  strike: number;
  puts: number;
  call: Record<SideField, number>;
  put: Record<SideField, number>;
  count: number;
}

function norm(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ');
}

function readColumns(header: CsvRecord): Columns {
  const names = header.fields.map(norm);
  const at = `header (line ${header.line})`;
  const find = (name: string, from = 0, to = names.length): number => {
    // The names asked for are written normalized but for their case.
    const i = names.indexOf(name.toLowerCase(), from);
    if (i < 0 || i >= to) throw new ChainImportError(at, `missing column '${name}'`);
    return i;
  };
  const expiration = find('Expiration Date');
  const calls = find('Calls');
  const strike = find('Strike', calls + 1);
  const puts = find('Puts', strike + 1);
  const side = (from: number, to: number): Record<SideField, number> =>
    Object.fromEntries(SIDE_FIELDS.map((f) => [f, find(f, from, to)])) as Record<SideField, number>;
  return {
    expiration,
    calls,
    strike,
    puts,
    call: side(calls + 1, strike),
    put: side(puts + 1, names.length),
    count: names.length,
  };
}

const LABEL = /^\s*[A-Za-z][A-Za-z ]*:/;
const LABELS_READ = { Last: /^\s*Last\s*:\s*(.*)$/i, Date: /^\s*Date\s*:\s*(.*)$/i };

/**
 * Reads "Label: value" out of the preamble fields. A value the exporter forgot to quote spills
 * over the following fields ("Date: August 20", " 2023 at 10:38 PM EDT"); they are joined back
 * up to the next labelled field.
 */
function labelled(
  records: readonly CsvRecord[],
  label: keyof typeof LABELS_READ,
): { value: string; line: number; record: CsvRecord } | null {
  const pattern = LABELS_READ[label];
  for (const record of records) {
    const i = record.fields.findIndex((f) => pattern.test(f));
    if (i < 0) continue;
    const parts = [(pattern.exec(record.fields[i] as string) as RegExpExecArray)[1] as string];
    for (const next of record.fields.slice(i + 1)) {
      if (LABEL.test(next)) break;
      parts.push(next);
    }
    return { value: parts.join(',').trim(), line: record.line, record };
  }
  return null;
}

/**
 * The preamble and where the header starts. The preamble is a few lines of text (name and price,
 * the Date line), not CSV records: it is read line by line with lenient fields, so a stray quote
 * there is a character, not a field running to the end of the file. The header is the first line
 * whose first field is "Expiration Date", searched for in the first MAX_PREAMBLE_LINES lines only:
 * a file without it is refused without reading it to its end.
 */
function readPreamble(
  text: string,
  maxLineChars: number,
): { preamble: CsvRecord[]; headerAt: number; headerLine: number } {
  const preamble: CsvRecord[] = [];
  let at = 0;
  for (let line = 1; line <= MAX_PREAMBLE_LINES && at < text.length; line++) {
    const nl = text.indexOf('\n', at);
    const stop = nl < 0 ? text.length : nl;
    if (stop - at > maxLineChars) throw new ChainImportError(`line ${line}`, longLineProblem(maxLineChars));
    const raw = text.slice(at, stop).replace(/\r$/, '');
    const fields = lenientFields(raw);
    if (norm(fields[0] ?? '') === 'expiration date') return { preamble, headerAt: at, headerLine: line };
    preamble.push({ line, fields });
    at = stop + 1;
  }
  const where = preamble.length >= MAX_PREAMBLE_LINES ? ` in the first ${MAX_PREAMBLE_LINES} lines` : '';
  throw new ChainImportError(
    'file',
    `missing header: no line starting with 'Expiration Date,Calls,...'${where}`,
  );
}

/** The snapshot instant: as parsed, or a yearless Date line given the year its expirations settle. */
function snapshotTime(
  text: string,
  line: number,
  parsed: ReturnType<typeof parseDateTime>,
  rows: readonly ImportedRow[],
  notes: string[],
): ParsedInstant {
  if (!('error' in parsed)) return parsed;
  const { yearless } = parsed;
  let earliest = rows[0]?.expiration as string;
  for (const r of rows) if (r.expiration < earliest) earliest = r.expiration;
  const year = yearless ? yearBefore(yearless.month, yearless.day, earliest) : null;
  if (year === null)
    throw new ChainImportError(
      `line ${line}`,
      `${parsed.error}, and the expirations do not settle it (the earliest, ${earliest}, is more than ${YEARLESS_MAX_DAYS} days after that day in any year)`,
    );
  const completed = parseDateTime(text, { year });
  if ('error' in completed) throw new ChainImportError(`line ${line}`, completed.error);
  notes.push(
    `Snapshot time ${quoted(text)} has no year: ${year}, from the earliest expiration (${earliest})`,
  );
  return completed;
}

export function importCboeCsv(text: string, maxLineChars = MAX_CSV_LINE_CHARS): ChainImport {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { preamble, headerAt, headerLine } = readPreamble(body, maxLineChars);
  // Records from the header on are consumed as they are read: only the contracts are kept.
  const reader = new CsvReader(body, maxLineChars, headerLine, headerAt);
  if (!reader.next()) throw new ChainImportError(`line ${headerLine}`, 'the header line is not a CSV record');
  const header: CsvRecord = { line: reader.line, fields: reader.fields() };
  const notes: string[] = [];

  const last = labelled(preamble, 'Last');
  if (!last) throw new ChainImportError('preamble', "spot missing: no 'Last:' field before the header");
  const spot = numberField(last.value, "'Last:' price", last.line);
  if (spot === null || !(spot > 0)) {
    throw new ChainImportError(
      `line ${last.line}`,
      `spot must be a positive price, got ${quoted(last.value)}`,
    );
  }
  const name = (last.record.fields[0] ?? '').trim();
  const dateField = labelled(preamble, 'Date');
  if (!dateField)
    throw new ChainImportError('preamble', "snapshot time missing: no 'Date:' field before the header");
  const parsedWhen = parseDateTime(dateField.value);
  // A locale that leaves the year out: settled from the expirations once the rows are read.
  if ('error' in parsedWhen && !parsedWhen.yearless)
    throw new ChainImportError(`line ${dateField.line}`, parsedWhen.error);

  const cols = readColumns(header);
  const rows: ImportedRow[] = [];
  const rowReader = new RowReader(reader, cols, rows);
  while (reader.next()) rowReader.read();
  if (rows.length === 0)
    throw new ChainImportError(`header (line ${header.line})`, 'no option rows after the header');
  const when = snapshotTime(dateField.value, dateField.line, parsedWhen, rows, notes);
  if (when.assumedNewYork)
    notes.push(`Snapshot time ${quoted(dateField.value)}: ${when.assumedNewYork}; New York time assumed`);
  if (rowReader.missingOi > 0)
    notes.push(`${rowReader.missingOi} contracts have no open interest figure; counted as 0`);
  checkIvUnits(rows, notes);
  const chosen = chooseTicker(rows, null, notes);
  return finishImport(
    'cboe_csv',
    { ticker: chosen.ticker, spot, asof: when.epoch, name: name || null, dateAt: `line ${dateField.line}` },
    chosen.rows,
    notes,
  );
}
