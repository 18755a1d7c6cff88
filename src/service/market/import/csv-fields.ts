// A small RFC 4180 reader: comma-separated fields, double-quoted fields that may hold commas, line
// breaks and doubled quotes, CRLF or LF line ends. Each record keeps the line it starts on, so an
// importer can say which line is wrong.
//
// Records are read one at a time (an importer keeps only what it needs), a field is only its
// bounds in the text until someone asks for its text (the Cboe importer parses most fields in
// place: a 9,000-row chain would otherwise be 200,000 short strings), and a record longer than `maxRecordChars`
// is refused as soon as the scan passes the limit: a 60 MB junk line costs a 64 KB scan, not
// gigabytes of intermediate strings.
import { ChainImportError } from './errors.ts';
import { longLineProblem, MAX_CSV_LINE_CHARS } from './limits.ts';

export interface CsvRecord {
  /** 1-based line number where the record starts. */
  line: number;
  fields: string[];
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads records one at a time into reusable offsets: an unquoted field is `text.slice(start[i],
 * end[i])` and is only sliced when asked for (an importer parses numbers and symbols straight out
 * of the text), a quoted field is decoded at once and held in `quotedValue[i]` (start is -1).
 * `firstLine`: the line number of the first line read (a reader that took a preamble off).
 */
export class CsvReader {
  readonly src: string;
  /** The fields of the current record: count, and each one's bounds in `src` (-1: see quotedValue). */
  count = 0;
  start: number[] = [];
  end: number[] = [];
  quotedValue: (string | undefined)[] = [];
  /** 1-based line where the current record starts. */
  line = 0;
  private i = 0;
  private nextLine: number;

  /** `from`: where in `text` to start, so a reader past a preamble need not copy the rest. */
  constructor(
    text: string,
    private readonly maxRecordChars = MAX_CSV_LINE_CHARS,
    firstLine = 1,
    from = 0,
  ) {
    this.src = text;
    this.i = text.charCodeAt(from) === 0xfeff ? from + 1 : from;
    this.nextLine = firstLine;
  }

  /** The i-th field of the current record as text. */
  field(i: number): string {
    const from = this.start[i] as number;
    return from < 0 ? (this.quotedValue[i] as string) : this.src.slice(from, this.end[i]);
  }

  fields(): string[] {
    const out: string[] = new Array<string>(this.count);
    for (let k = 0; k < this.count; k++) out[k] = this.field(k);
    return out;
  }

  private push(from: number, to: number, quoted: string | undefined): void {
    const k = this.count;
    this.start[k] = quoted === undefined ? from : -1;
    this.end[k] = to;
    if (quoted !== undefined || k < this.quotedValue.length) this.quotedValue[k] = quoted;
    this.count = k + 1;
  }

  private tooLong(recordLine: number): never {
    throw new ChainImportError(`line ${recordLine}`, longLineProblem(this.maxRecordChars));
  }

  /** Reads the next record; false at the end of the text. */
  next(): boolean {
    const src = this.src;
    const end = src.length;
    const maxRecordChars = this.maxRecordChars;
    let i = this.i;
    this.count = 0;
    while (i < end) {
      const recordLine = this.nextLine;
      this.line = recordLine;
      const recordStart = i;
      /** Past this index the record is too long. */
      const limit = Math.min(end, recordStart + maxRecordChars + 1);
      for (;;) {
        let from: number;
        let quoted: string | undefined;
        if (src.charCodeAt(i) === QUOTE) {
          // Quoted: up to the closing quote, a doubled quote standing for one.
          let value = '';
          from = i + 1;
          for (;;) {
            const q = src.indexOf('"', from);
            if (q < 0 || q >= limit) {
              if (limit - recordStart > maxRecordChars) this.tooLong(recordLine);
              throw new ChainImportError(
                `line ${recordLine}`,
                'a quoted field is not closed before the end of the file',
              );
            }
            for (let nl = src.indexOf('\n', from); nl >= 0 && nl < q; nl = src.indexOf('\n', nl + 1)) {
              this.nextLine++;
            }
            value += src.slice(from, q);
            if (src.charCodeAt(q + 1) === QUOTE) {
              value += '"';
              from = q + 2;
              continue;
            }
            i = q + 1;
            break;
          }
          quoted = value;
          const next = src.charCodeAt(i);
          if (i < end && next !== COMMA && next !== LF && next !== CR) {
            throw new ChainImportError(
              `line ${this.nextLine}`,
              `unexpected character after a closing quote: '${src[i]}'`,
            );
          }
        } else {
          // Unquoted: up to the next comma or line end; a quote inside is an ordinary character.
          from = i;
          while (i < limit) {
            const code = src.charCodeAt(i);
            if (code === COMMA || code === LF || code === CR) break;
            i++;
          }
        }
        if (i - recordStart > maxRecordChars) this.tooLong(recordLine);
        const c = src.charCodeAt(i);
        if (c === COMMA) {
          this.push(from, i, quoted);
          i++;
          continue;
        }
        if (i >= end) {
          this.i = i;
          // The last record without a line end; an empty quoted field alone there is no record.
          if ((quoted === undefined ? i - from : quoted.length) > 0 || this.count > 0) {
            this.push(from, i, quoted);
            return true;
          }
          return false;
        }
        this.push(from, i, quoted);
        i += c === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
        this.nextLine++;
        this.i = i;
        return true;
      }
    }
    this.i = i;
    return false;
  }
}

/** `firstLine`: the line number of the text's first line (a reader that took a preamble off). */
export function* csvRecords(
  text: string,
  maxRecordChars = MAX_CSV_LINE_CHARS,
  firstLine = 1,
): Generator<CsvRecord> {
  const reader = new CsvReader(text, maxRecordChars, firstLine);
  while (reader.next()) yield { line: reader.line, fields: reader.fields() };
}

export function parseCsv(text: string, maxRecordChars = MAX_CSV_LINE_CHARS): CsvRecord[] {
  return [...csvRecords(text, maxRecordChars)];
}

/**
 * One line of free text split at its commas, for a preamble: a quoted field may hold commas, and
 * a quote that is never closed is an ordinary character (an exporter's stray quote must not
 * swallow the rest of the file as one field). Quotes are dropped from unquoted fields.
 */
export function lenientFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line.charCodeAt(i) === QUOTE) {
      let j = i + 1;
      let value = '';
      let from = j;
      let closed = false;
      while (j < line.length) {
        if (line.charCodeAt(j) === QUOTE) {
          if (line.charCodeAt(j + 1) === QUOTE) {
            value += `${line.slice(from, j)}"`;
            j += 2;
            from = j;
            continue;
          }
          // A quote closes the field only where a field can end; elsewhere the opening quote was
          // a stray one and the field is read as plain text.
          closed = j + 1 === line.length || line.charCodeAt(j + 1) === COMMA;
          break;
        }
        j++;
      }
      value += line.slice(from, j);
      if (closed) {
        out.push(value);
        if (j + 1 >= line.length) return out;
        i = j + 2;
        continue;
      }
    }
    const comma = line.indexOf(',', i);
    out.push(line.slice(i, comma < 0 ? line.length : comma).replaceAll('"', ''));
    if (comma < 0) return out;
    i = comma + 1;
  }
}

/** Whether a record is blank (an empty line, or only empty fields). */
export function isBlankRecord(r: CsvRecord): boolean {
  return r.fields.every((f) => f.trim() === '');
}
