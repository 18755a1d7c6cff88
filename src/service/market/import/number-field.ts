// Number fields of a chain file. `numberField` is the rule: empty or a dash is no figure, a figure
// must be a plain decimal (a thousands separator allowed), finite. `plainNumberAt` is its common
// case read straight out of the file's text, without a string per field: up to 15 digits with an
// optional point, whose value m / 10^k is exact to the last bit (m and 10^k are exact doubles and
// one division rounds once, as Number() does); anything else goes to `numberField`.
import { ChainImportError, quoted } from './errors.ts';

/**
 * A number field: null when empty or a dash, an error when present but not a number. A figure
 * too large for a double (`1e400`, a run of 400 digits) is refused like a negative one: read as
 * Infinity it would turn into a null price or an open interest "counted as 0" downstream.
 */
export function numberField(raw: string, what: string, line: number): number | null {
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

export function nonNegative(raw: string, what: string, line: number): number | null {
  const v = numberField(raw, what, line);
  if (v !== null && v < 0) throw new ChainImportError(`line ${line}`, `${what} is negative: ${quoted(raw)}`);
  return v;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const ZERO = 0x30;
const NINE = 0x39;
const POINT = 0x2e;

/**
 * The value of `text[from, to)` when it is digits with at most one point and 15 digits (never
 * negative), else NaN: the caller then reads the field with `numberField`.
 */
export function plainNumberAt(text: string, from: number, to: number): number {
  let m = 0;
  let digits = 0;
  let point = -1;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      m = m * 10 + (c - ZERO);
      digits++;
    } else if (c === POINT && point < 0) {
      point = i;
    } else {
      return Number.NaN;
    }
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  const decimals = point < 0 ? 0 : to - point - 1;
  return decimals === 0 ? m : m / (POW10[decimals] as number);
}
