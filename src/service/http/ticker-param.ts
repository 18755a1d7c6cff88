// The {ticker} path segment, held to the one ticker rule (src/shared/ticker-symbol.ts): a
// malformed symbol (empty, too long, a character outside A-Z 0-9 . - = ^, non-ASCII) is a 400
// before it reaches any lookup; a well-formed one (ES=F) goes on to the lookup, which answers an
// unlisted symbol with 404 unknown_ticker. An index spelled as charting tools spell it (^SPX) is
// the index (SPX).
import { ServiceError } from './errors.ts';
import { clipForApi } from '../../shared/echo.ts';
import { parseTicker } from '../../shared/ticker-symbol.ts';

export function normalizeTicker(raw: unknown): string {
  const parsed = parseTicker(raw);
  if (!parsed.ok) {
    throw new ServiceError(
      400,
      'bad_request',
      `'${clipForApi(typeof raw === 'string' ? raw : '')}' is not a ticker symbol: ${parsed.reason}`,
      { param: 'ticker' },
    );
  }
  return parsed.ticker;
}
