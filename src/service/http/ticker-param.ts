// The {ticker} path segment: case-normalised, and anything that is not a plausible equity or ETF
// symbol (letters, digits, '.', '-', an index caret) is a 400 before it reaches any lookup.
import { ServiceError } from './errors.ts';
import { clip } from '../../shared/api/echo.ts';

const SYMBOL = /^\^?[A-Z0-9][A-Z0-9.-]{0,11}$/;

export function normalizeTicker(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!SYMBOL.test(text)) {
    throw new ServiceError(
      400,
      'bad_request',
      `'${clip(typeof raw === 'string' ? raw : '')}' is not a ticker symbol (1-12 letters, digits, '.' or '-')`,
      { param: 'ticker' },
    );
  }
  return text;
}
