// CSV as RFC 4180 writes it: fields with a comma, quote, CR or LF, or with spaces at either end
// (which spreadsheet programs trim), are quoted, and quotes inside are doubled; lines end in CRLF.
// Every CSV file the app writes goes through csvField, because it is also where text from a data
// source is made inert: a spreadsheet evaluates a cell starting with `=`, `+`, `-`, `@`, tab or
// CR as a formula (`=HYPERLINK(...)`, DDE), so such cells get OWASP's leading single quote.

export type CsvCell = string | number | boolean | null | undefined;

/** What a spreadsheet takes for the start of a formula (OWASP's CSV-injection list, plus LF). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** A number written as text ("-1.5", "+2e3"): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The text as a spreadsheet may safely open it: formula starts prefixed with `'`. */
export function inertText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers (-1.5 stays a negative number, not text).
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = inertText(String(value));
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

/**
 * The UTF-8 byte-order mark (EF BB BF once encoded). Excel opens a CSV file without it in the
 * system's code page, so "−1σ" and "25Δ" in headers come out as mojibake; with it, as UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

/** The chunks of a CSV export, led by the byte-order mark when `bom` (Settings → Exports). */
export function* withBom(chunks: Iterable<string>, bom: boolean): Generator<string> {
  if (bom) yield UTF8_BOM;
  yield* chunks;
}
