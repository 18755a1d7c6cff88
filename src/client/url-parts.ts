// Building request URLs safely: ticker path segments that cannot escape their segment, and query
// strings from typed values (arrays become CSV, booleans true/false, unset keys dropped).
import { InvalidInputError } from './errors.ts';
import { parseTicker } from '../shared/ticker-symbol.ts';

/**
 * The symbol in canonical form (the one ticker rule, src/shared/ticker-symbol.ts) and URL-encoded
 * for a path segment (`ES=F` → `ES%3DF`); rejects what the service would answer with a 400.
 */
export function tickerSegment(ticker: unknown): string {
  if (typeof ticker !== 'string') throw new InvalidInputError('ticker must be a string');
  const parsed = parseTicker(ticker);
  if (!parsed.ok) {
    throw new InvalidInputError(
      `not a plausible ticker symbol: ${JSON.stringify(ticker.slice(0, 40))} (${parsed.reason})`,
    );
  }
  return encodeURIComponent(parsed.ticker);
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
