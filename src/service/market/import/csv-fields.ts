// A small RFC 4180 reader: comma-separated fields, double-quoted fields that may hold commas, line
// breaks and doubled quotes, CRLF or LF line ends. Each record keeps the line it starts on, so an
// importer can say which line is wrong.
//
// Records are yielded one at a time (an importer keeps only what it needs), fields are sliced out
// of the text rather than built a character at a time, and a record longer than `maxRecordChars`
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

/** `firstLine`: the line number of the text's first line (a reader that took a preamble off). */
export function* csvRecords(
  text: string,
  maxRecordChars = MAX_CSV_LINE_CHARS,
  firstLine = 1,
): Generator<CsvRecord> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = src.length;
  let i = 0;
  let line = firstLine;
  while (i < end) {
    const recordLine = line;
    const recordStart = i;
    /** Past this index the record is too long. */
    const limit = Math.min(end, recordStart + maxRecordChars + 1);
    const tooLong = (): never => {
      throw new ChainImportError(`line ${recordLine}`, longLineProblem(maxRecordChars));
    };
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (src.charCodeAt(i) === QUOTE) {
        // Quoted: up to the closing quote, a doubled quote standing for one.
        const pieces: string[] = [];
        let from = i + 1;
        for (;;) {
          const q = src.indexOf('"', from);
          if (q < 0 || q >= limit) {
            if (limit - recordStart > maxRecordChars) tooLong();
            throw new ChainImportError(
              `line ${recordLine}`,
              'a quoted field is not closed before the end of the file',
            );
          }
          for (let nl = src.indexOf('\n', from); nl >= 0 && nl < q; nl = src.indexOf('\n', nl + 1)) line++;
          pieces.push(src.slice(from, q));
          if (src.charCodeAt(q + 1) === QUOTE) {
            pieces.push('"');
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        value = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
        const next = src.charCodeAt(i);
        if (i < end && next !== COMMA && next !== LF && next !== CR) {
          throw new ChainImportError(
            `line ${line}`,
            `unexpected character after a closing quote: '${src[i]}'`,
          );
        }
      } else {
        // Unquoted: up to the next comma or line end; a quote inside is an ordinary character.
        const from = i;
        while (i < limit) {
          const code = src.charCodeAt(i);
          if (code === COMMA || code === LF || code === CR) break;
          i++;
        }
        value = src.slice(from, i);
      }
      if (i - recordStart > maxRecordChars) tooLong();
      const c = src.charCodeAt(i);
      if (c === COMMA) {
        fields.push(value);
        i++;
        continue;
      }
      if (i >= end) {
        // The last record without a line end; an empty quoted field alone there is no record.
        if (value.length > 0 || fields.length > 0) {
          fields.push(value);
          yield { line: recordLine, fields };
        }
        return;
      }
      fields.push(value);
      i += c === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      yield { line: recordLine, fields };
      break;
    }
  }
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
      let closed = false;
      while (j < line.length) {
        if (line.charCodeAt(j) === QUOTE) {
          if (line.charCodeAt(j + 1) === QUOTE) {
            value += '"';
            j += 2;
            continue;
          }
          // A quote closes the field only where a field can end; elsewhere the opening quote was
          // a stray one and the field is read as plain text.
          closed = j + 1 === line.length || line.charCodeAt(j + 1) === COMMA;
          break;
        }
        value += line[j];
        j++;
      }
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
