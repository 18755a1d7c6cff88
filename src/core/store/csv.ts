// CSV as RFC 4180 writes it: fields with a comma, quote, CR or LF, or with spaces at either end
// (which spreadsheet programs trim), are quoted, and quotes inside are doubled; lines end in CRLF.

export type CsvCell = string | number | boolean | null | undefined;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}
