// OCC option symbols as Cboe prints them: root (1-6 letters or digits, e.g. TSLA, SPXW, TSLA1),
// expiration YYMMDD, C or P, and the strike times 1000 in 8 digits: TSLA230825C00172500 is the
// TSLA 2023-08-25 172.5 call. The 21-character padded form ("SPY   230825C00440000") is accepted.
import { quoted } from './errors.ts';

export interface OccSymbol {
  root: string;
  expiration: string; // YYYY-MM-DD
  isCall: boolean;
  strike: number;
}

const OCC = /^([A-Z0-9]{1,6}?)\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** Weekly and p.m.-settled roots that trade on the same underlying as the plain root. */
const ROOT_ALIASES: Readonly<Record<string, string>> = {
  SPXW: 'SPX',
  SPXPM: 'SPX',
  NDXP: 'NDX',
  RUTW: 'RUT',
  VIXW: 'VIX',
  XSPW: 'XSP',
  DJXW: 'DJX',
};

/** The underlying symbol a root trades on (SPXW → SPX). */
export function underlyingOfRoot(root: string): string {
  return ROOT_ALIASES[root] ?? root;
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
