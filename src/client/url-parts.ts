// Building request URLs safely: ticker path segments that cannot escape their segment, and query
// strings from typed values (arrays become CSV, booleans true/false, unset keys dropped).
import { InvalidInputError } from './errors.ts';

/** Letters, digits, `.`, `-` and `^` (index symbols), at least one letter or digit. */
const SYMBOL = /^(?=.*[A-Z0-9])[A-Z0-9.\-^]{1,12}$/;

/** The symbol upper-cased and URL-encoded for a path segment; rejects anything implausible. */
export function tickerSegment(ticker: unknown): string {
  if (typeof ticker !== 'string') throw new InvalidInputError('ticker must be a string');
  // ASCII before the case folding: toUpperCase turns 'ſPY' (long s) into SPY.
  const symbol = /^[\x20-\x7e]*$/.test(ticker) ? ticker.trim().toUpperCase() : '';
  if (!SYMBOL.test(symbol)) {
    throw new InvalidInputError(
      `not a plausible ticker symbol: ${JSON.stringify(ticker.slice(0, 40))} (1-12 of A-Z 0-9 . - ^)`,
    );
  }
  return encodeURIComponent(symbol);
}

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else if (typeof value === 'boolean') {
      search.set(key, value ? 'true' : 'false');
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
