// OCC option symbols as Cboe prints them: root (1-6 letters or digits, e.g. TSLA, SPXW, TSLA1),
// expiration YYMMDD, C or P, and the strike times 1000 in 8 digits: TSLA230825C00172500 is the
// TSLA 2023-08-25 172.5 call. The 21-character padded form ("SPY   230825C00440000") is accepted.
import { indexOfAlias } from '../../../shared/index-underlyings.ts';
import { quoted } from './errors.ts';

export interface OccSymbol {
  root: string;
  expiration: string; // YYYY-MM-DD
  isCall: boolean;
  strike: number;
}

const OCC = /^([A-Z0-9]{1,6}?)\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/**
 * The underlying symbol a root trades on (SPXW → SPX): weekly and p.m.-settled roots trade on the
 * plain root's index (the one alias list, src/shared/index-underlyings.ts).
 */
export function underlyingOfRoot(root: string): string {
  return indexOfAlias(root) ?? root;
}

/** Parses a symbol; returns a reason string when it is not a valid OCC symbol. */
export function parseOccSymbol(raw: string): OccSymbol | string {
  const text = raw.trim().toUpperCase().replace(/^[._]/, '');
  const m = OCC.exec(text);
  if (!m) return `not an OCC option symbol: ${quoted(raw)}`;
  const [, root, yy, mm, dd, cp, strike] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const year = 2000 + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return `bad expiration date in option symbol ${quoted(raw)}`;
  }
  const value = Number(strike) / 1000;
  if (!(value > 0)) return `zero strike in option symbol ${quoted(raw)}`;
  return { root, expiration: `${year}-${mm}-${dd}`, isCall: cp === 'C', strike: value };
}

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_A = 0x41;
const UPPER_Z = 0x5a;
/** Where the expiration's YYMMDD digits sit in its YYYY-MM-DD text. */
const DATE_DIGITS = [2, 3, 5, 6, 8, 9];

/**
 * The common case of a chain row's symbol, read in place from `text[from, to)`: an unpadded,
 * upper-case symbol on `expiration` (YYYY-MM-DD, a valid date in 2000-2099) with the side
 * `isCall` and a strike within 0.0005 of `strike`, as parseOccSymbol and the row checks would
 * accept it. Returns where its root ends, or -1 for any other text: the caller then reads it with
 * parseOccSymbol, which accepts it or says what is wrong.
 */
export function plainOccAt(
  text: string,
  from: number,
  to: number,
  expiration: string,
  isCall: boolean,
  strike: number,
): number {
  const rootEnd = to - 15;
  if (rootEnd - from < 1 || rootEnd - from > 6) return -1;
  for (let i = from; i < rootEnd; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= UPPER_A && c <= UPPER_Z) || (c >= DIGIT_0 && c <= DIGIT_9))) return -1;
  }
  if (expiration.charCodeAt(0) !== 0x32 || expiration.charCodeAt(1) !== DIGIT_0) return -1;
  for (let k = 0; k < 6; k++) {
    if (text.charCodeAt(rootEnd + k) !== expiration.charCodeAt(DATE_DIGITS[k] as number)) return -1;
  }
  if (text.charCodeAt(rootEnd + 6) !== (isCall ? 0x43 : 0x50)) return -1;
  let thousandths = 0;
  for (let i = rootEnd + 7; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) return -1;
    thousandths = thousandths * 10 + (c - DIGIT_0);
  }
  const value = thousandths / 1000;
  return value > 0 && !(Math.abs(value - strike) > 0.0005) ? rootEnd : -1;
}
