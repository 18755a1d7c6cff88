// Cboe's delayed-quotes `quotedata.csv` (format in fixtures/cboe/README.md): a preamble with the
// underlying's name and `Last:` price, a quoted `Date:` line in the browser's locale, the column
// header, then one row per expiration and strike with the call's fields left of Strike and the
// put's right of Puts. Every field is checked; the first problem stops the import with its line.
import { ChainImportError, quoted } from './errors.ts';
import {
  checkIvUnits,
  chooseTicker,
  finishImport,
  type ChainImport,
  type ImportedRow,
} from './chain-import.ts';
import { csvRecords, isBlankRecord, lenientFields, type CsvRecord } from './csv-fields.ts';
import { longLineProblem, MAX_CSV_LINE_CHARS, MAX_PREAMBLE_LINES } from './limits.ts';
import { parseOccSymbol } from './occ-symbol.ts';
import {
  parseDateOnly,
  parseDateTime,
  yearBefore,
  YEARLESS_MAX_DAYS,
  type ParsedInstant,
} from './timestamps.ts';

const SIDE_FIELDS = ['Bid', 'Ask', 'Volume', 'IV', 'Open Interest'] as const;
type SideField = (typeof SIDE_FIELDS)[number];

interface Columns {
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
    const i = names.indexOf(norm(name), from);
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

/**
 * A number field: null when empty or a dash, an error when present but not a number. A figure
 * too large for a double (`1e400`, a run of 400 digits) is refused like a negative one: read as
 * Infinity it would turn into a null price or an open interest "counted as 0" downstream.
 */
function numberField(raw: string, what: string, line: number): number | null {
  const text = raw.trim();
  if (text === '' || text === '-' || text === '--' || text.toUpperCase() === 'N/A') return null;
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(plain)) {
    throw new ChainImportError(`line ${line}`, `${what} is not a number: ${quoted(raw)}`);
  }
  const value = Number(plain);
  if (!Number.isFinite(value))
    throw new ChainImportError(`line ${line}`, `${what} is not a finite number: ${quoted(raw)}`);
  return value;
}

function nonNegative(raw: string, what: string, line: number): number | null {
  const v = numberField(raw, what, line);
  if (v !== null && v < 0) throw new ChainImportError(`line ${line}`, `${what} is negative: ${quoted(raw)}`);
  return v;
}

const LABEL = /^\s*[A-Za-z][A-Za-z ]*:/;

/**
 * Reads "Label: value" out of the preamble fields. A value the exporter forgot to quote spills
 * over the following fields ("Date: August 20", " 2023 at 10:38 PM EDT"); they are joined back
 * up to the next labelled field.
 */
function labelled(
  records: readonly CsvRecord[],
  label: string,
): { value: string; line: number; record: CsvRecord } | null {
  const pattern = new RegExp(`^\\s*${label}\\s*:\\s*(.*)$`, 'i');
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
  // Records from the header on are consumed as they are parsed: only the contracts are kept.
  const records = csvRecords(body.slice(headerAt), maxLineChars, headerLine);
  const first = records.next();
  if (first.done) throw new ChainImportError(`line ${headerLine}`, 'the header line is not a CSV record');
  const header = first.value;
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
  const expirationCache = new Map<string, string>();
  let missingOi = 0;
  for (const record of records) {
    if (isBlankRecord(record)) continue;
    const line = record.line;
    const location = `line ${line}`;
    const f = record.fields;
    if (f.length !== cols.count) {
      throw new ChainImportError(
        `line ${line}`,
        `expected ${cols.count} fields as in the header, found ${f.length}`,
      );
    }
    const expText = (f[cols.expiration] as string).trim();
    let expiration = expirationCache.get(expText);
    if (expiration === undefined) {
      const parsed = parseDateOnly(expText);
      if ('error' in parsed) throw new ChainImportError(`line ${line}`, `Expiration Date: ${parsed.error}`);
      expiration = parsed.date;
      expirationCache.set(expText, expiration);
    }
    const strike = numberField(f[cols.strike] as string, 'Strike', line);
    if (strike === null || !(strike > 0))
      throw new ChainImportError(
        `line ${line}`,
        `Strike must be positive, got ${quoted(f[cols.strike] as string)}`,
      );

    for (const isCall of [true, false]) {
      const sideName = isCall ? 'call' : 'put';
      const symbolText = f[isCall ? cols.calls : cols.puts] as string;
      const occ = parseOccSymbol(symbolText);
      if (typeof occ === 'string') throw new ChainImportError(`line ${line}`, `${sideName} symbol: ${occ}`);
      if (occ.isCall !== isCall) {
        throw new ChainImportError(
          `line ${line}`,
          `${sideName} column holds a ${occ.isCall ? 'call' : 'put'} symbol ${quoted(symbolText)}`,
        );
      }
      if (occ.expiration !== expiration) {
        throw new ChainImportError(
          `line ${line}`,
          `expiration ${expiration} (${quoted(expText)}) disagrees with the symbol ${quoted(symbolText)} (${occ.expiration})`,
        );
      }
      if (Math.abs(occ.strike - strike) > 0.0005) {
        throw new ChainImportError(
          `line ${line}`,
          `strike ${strike} disagrees with the symbol ${quoted(symbolText)} (${occ.strike})`,
        );
      }
      const c = isCall ? cols.call : cols.put;
      const label = (field: string): string => `${sideName} ${field}`;
      const bid = nonNegative(f[c.Bid] as string, label('Bid'), line);
      const ask = nonNegative(f[c.Ask] as string, label('Ask'), line);
      const iv = nonNegative(f[c.IV] as string, label('IV'), line);
      const volume = nonNegative(f[c.Volume] as string, label('Volume'), line);
      const oi = nonNegative(f[c['Open Interest']] as string, label('Open Interest'), line);
      rows.push({
        expiration,
        strike,
        isCall,
        iv: iv ?? 0,
        openInterest: oi ?? 0,
        volume: volume ?? 0,
        bid: bid ?? Number.NaN,
        ask: ask ?? Number.NaN,
        root: occ.root,
        location,
      });
      if (oi === null) missingOi++;
    }
  }
  if (rows.length === 0)
    throw new ChainImportError(`header (line ${header.line})`, 'no option rows after the header');
  const when = snapshotTime(dateField.value, dateField.line, parsedWhen, rows, notes);
  if (when.assumedNewYork)
    notes.push(`Snapshot time ${quoted(dateField.value)}: ${when.assumedNewYork}; New York time assumed`);
  if (missingOi > 0) notes.push(`${missingOi} contracts have no open interest figure; counted as 0`);
  checkIvUnits(rows, notes);
  const chosen = chooseTicker(rows, null, notes);
  return finishImport(
    'cboe_csv',
    { ticker: chosen.ticker, spot, asof: when.epoch, name: name || null },
    chosen.rows,
    notes,
  );
}
