// The rows of a Cboe `quotedata.csv`, after its header: one contract per side, every field checked
// in the order messages name them (expiration, strike, then each side's symbol and figures).
// Most fields are read straight out of the file's text rather than as strings: this is where a
// chain file's import spends its time (a folder's cold start parses every file).
import { ChainImportError, quoted } from './errors.ts';
import { nonNegative, numberField, plainNumberAt } from './number-field.ts';
import type { ImportedRow } from './chain-import.ts';
import type { Columns, SideField } from './cboe-csv.ts';
import type { CsvReader } from './csv-fields.ts';
import { parseOccSymbol, plainOccAt } from './occ-symbol.ts';
import { parseDateOnly } from './timestamps.ts';

/** A contract read from a row; its location is made only when a message needs it. */
class CsvRow implements ImportedRow {
  constructor(
    readonly expiration: string,
    readonly strike: number,
    readonly isCall: boolean,
    readonly iv: number,
    readonly openInterest: number,
    readonly volume: number,
    readonly bid: number,
    readonly ask: number,
    readonly root: string,
    readonly line: number,
  ) {}

  get location(): string {
    return `line ${this.line}`;
  }
}

/** One side's figures in the order they are checked, with the names messages give them. */
const FIGURE_ORDER = ['Bid', 'Ask', 'IV', 'Volume', 'Open Interest'] as const;
const LABELS = {
  call: FIGURE_ORDER.map((f) => `call ${f}`),
  put: FIGURE_ORDER.map((f) => `put ${f}`),
};
const BID = 0;
const ASK = 1;
const IV = 2;
const VOLUME = 3;
const OI = 4;

/**
 * Reads rows with the checks of `importCboeCsv`, most fields straight out of the text: a field in
 * the common form (a plain figure, an upper-case OCC symbol of the row's date and strike, the
 * expiration text of the row before) is read in place; any other goes through the full rule, which
 * reads it or refuses it with the same message as always.
 */
export class RowReader {
  private readonly figures = [0, 0, 0, 0, 0];
  private readonly present = [0, 0, 0, 0, 0];
  private lastRoot = '';
  private lastExpRaw: string | null = null;
  private lastExpText = '';
  private lastExpiration = '';
  private readonly expirationCache = new Map<string, string>();
  missingOi = 0;

  constructor(
    private readonly reader: CsvReader,
    private readonly cols: Columns,
    private readonly rows: ImportedRow[],
  ) {}

  /** Whether every field of the record is blank (only spaces, or empty). */
  private blank(): boolean {
    const r = this.reader;
    const from = r.start[0] as number;
    if (from >= 0 && (r.end[0] as number) > from) {
      const c = r.src.charCodeAt(from);
      if (c > 0x20 && c < 0x7f) return false;
    }
    for (let k = 0; k < r.count; k++) if (r.field(k).trim() !== '') return false;
    return true;
  }

  private expiration(line: number): void {
    const r = this.reader;
    const col = this.cols.expiration;
    const from = r.start[col] as number;
    const last = this.lastExpRaw;
    if (
      from >= 0 &&
      last !== null &&
      (r.end[col] as number) - from === last.length &&
      r.src.startsWith(last, from)
    ) {
      return;
    }
    const raw = r.field(col);
    const expText = raw.trim();
    let expiration = this.expirationCache.get(expText);
    if (expiration === undefined) {
      const parsed = parseDateOnly(expText);
      if ('error' in parsed) throw new ChainImportError(`line ${line}`, `Expiration Date: ${parsed.error}`);
      expiration = parsed.date;
      this.expirationCache.set(expText, expiration);
    }
    this.lastExpRaw = from >= 0 ? raw : null;
    this.lastExpText = expText;
    this.lastExpiration = expiration;
  }

  private strike(line: number): number {
    const r = this.reader;
    const col = this.cols.strike;
    const from = r.start[col] as number;
    if (from >= 0) {
      const v = plainNumberAt(r.src, from, r.end[col] as number);
      if (v > 0) return v;
    }
    const strike = numberField(r.field(col), 'Strike', line);
    if (strike === null || !(strike > 0))
      throw new ChainImportError(`line ${line}`, `Strike must be positive, got ${quoted(r.field(col))}`);
    return strike;
  }

  /** The side's OCC root, its symbol checked against the row's side, date and strike. */
  private root(line: number, isCall: boolean, strike: number): string {
    const r = this.reader;
    const col = isCall ? this.cols.calls : this.cols.puts;
    const expiration = this.lastExpiration;
    const from = r.start[col] as number;
    if (from >= 0) {
      const rootEnd = plainOccAt(r.src, from, r.end[col] as number, expiration, isCall, strike);
      if (rootEnd > 0) {
        const last = this.lastRoot;
        if (rootEnd - from === last.length && r.src.startsWith(last, from)) return last;
        return (this.lastRoot = r.src.slice(from, rootEnd));
      }
    }
    const sideName = isCall ? 'call' : 'put';
    const symbolText = r.field(col);
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
        `expiration ${expiration} (${quoted(this.lastExpText)}) disagrees with the symbol ${quoted(symbolText)} (${occ.expiration})`,
      );
    }
    if (Math.abs(occ.strike - strike) > 0.0005) {
      throw new ChainImportError(
        `line ${line}`,
        `strike ${strike} disagrees with the symbol ${quoted(symbolText)} (${occ.strike})`,
      );
    }
    return occ.root;
  }

  /** Reads one side's five figures, in FIGURE_ORDER, into `figures` and `present`. */
  private readFigures(line: number, isCall: boolean): void {
    const r = this.reader;
    const side = isCall ? this.cols.call : this.cols.put;
    const labels = isCall ? LABELS.call : LABELS.put;
    for (let k = 0; k < 5; k++) {
      const col = side[FIGURE_ORDER[k] as SideField];
      const from = r.start[col] as number;
      if (from >= 0) {
        const to = r.end[col] as number;
        if (from === to) {
          this.present[k] = 0;
          continue;
        }
        const v = plainNumberAt(r.src, from, to);
        if (v === v) {
          this.figures[k] = v;
          this.present[k] = 1;
          continue;
        }
      }
      const v = nonNegative(r.field(col), labels[k] as string, line);
      this.present[k] = v === null ? 0 : 1;
      if (v !== null) this.figures[k] = v;
    }
  }

  private figure(k: number, missing: number): number {
    return this.present[k] === 1 ? (this.figures[k] as number) : missing;
  }

  /** Reads the current record into two contracts; a blank record adds none. */
  read(): void {
    const r = this.reader;
    const line = r.line;
    if (this.blank()) return;
    if (r.count !== this.cols.count) {
      throw new ChainImportError(
        `line ${line}`,
        `expected ${this.cols.count} fields as in the header, found ${r.count}`,
      );
    }
    this.expiration(line);
    const strike = this.strike(line);
    for (let side = 0; side < 2; side++) {
      const isCall = side === 0;
      const root = this.root(line, isCall, strike);
      this.readFigures(line, isCall);
      this.rows.push(
        new CsvRow(
          this.lastExpiration,
          strike,
          isCall,
          this.figure(IV, 0),
          this.figure(OI, 0),
          this.figure(VOLUME, 0),
          this.figure(BID, Number.NaN),
          this.figure(ASK, Number.NaN),
          root,
          line,
        ),
      );
      if (this.present[OI] === 0) this.missingOi++;
    }
  }
}
