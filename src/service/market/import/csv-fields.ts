// A small RFC 4180 reader: comma-separated fields, double-quoted fields that may hold commas, line
// breaks and doubled quotes, CRLF or LF line ends. Each record keeps the line it starts on, so an
// importer can say which line is wrong.
import { ChainImportError } from './errors.ts';

export interface CsvRecord {
  /** 1-based line number where the record starts. */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let i = 0;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = (): void => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = src[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new ChainImportError(`line ${line}`, `unexpected character after a closing quote: '${next}'`);
        }
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field.length === 0) {
      quoted = true;
      i++;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted)
    throw new ChainImportError(
      `line ${recordLine}`,
      'a quoted field is not closed before the end of the file',
    );
  if (field.length > 0 || fields.length > 0) endRecord();
  return records;
}

/** Whether a record is blank (an empty line, or only empty fields). */
export function isBlankRecord(r: CsvRecord): boolean {
  return r.fields.every((f) => f.trim() === '');
}
