// The {ticker} path segment: case-normalised, and anything that is not a plausible equity or ETF
// symbol (letters, digits, '.', '-', an index caret) is a 400 before it reaches any lookup. The
// ASCII check comes before the case folding: toUpperCase maps some non-ASCII letters onto ASCII
// ones ('ſ' long s → 'S', 'ı' dotless i → 'I', 'ﬀ' → 'FF'), so '/tickers/ſPY' would be served as SPY.
import { ServiceError } from './errors.ts';
import { clipForApi } from '../../shared/echo.ts';
import { isIndexUnderlying } from '../../shared/index-underlyings.ts';

const SYMBOL = /^\^?[A-Z0-9][A-Z0-9.-]{0,11}$/;
const ASCII = /^[\x20-\x7e]*$/;

export function normalizeTicker(raw: unknown): string {
  const text = typeof raw === 'string' && ASCII.test(raw) ? raw.trim().toUpperCase() : '';
  if (!SYMBOL.test(text)) {
    throw new ServiceError(
      400,
      'bad_request',
      `'${clipForApi(typeof raw === 'string' ? raw : '')}' is not a ticker symbol (1-12 letters, digits, '.' or '-')`,
      { param: 'ticker' },
    );
  }
  // An index spelled as charting tools spell it (^SPX) is the index (SPX).
  return text.startsWith('^') && isIndexUnderlying(text) ? text.slice(1) : text;
}
