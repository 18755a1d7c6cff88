// A watched ticker the source has no data for at all (a chain folder without its files, a symbol
// the market does not list) is a definite answer, not a failure: asking again will not change it,
// it says nothing about the endpoint's health, and it is no reason for the poll status to read
// "Error". The run asks once and says which tickers it lacked.
import { NotFoundError } from '../../client/index.ts';

/** Where the data of an absent ticker would have been, for the run's note. */
export type TickerAbsence = 'folder' | 'source';

/** The server's 404 codes that mean "no data for this ticker" rather than "no such view". */
const ABSENT_CODES: ReadonlySet<string> = new Set(['unknown_ticker', 'no_snapshot']);

export function isTickerAbsent(error: unknown): boolean {
  return error instanceof NotFoundError && error.code !== null && ABSENT_CODES.has(error.code);
}

/** "3 watched tickers have no files in the folder: AAPL, MSFT, TSLA". */
export function absentTickersNote(tickers: readonly string[], where: TickerAbsence): string {
  const list = [...new Set(tickers)].sort();
  const one = list.length === 1;
  const what =
    where === 'folder'
      ? `${one ? 'has' : 'have'} no files in the folder`
      : `${one ? 'is' : 'are'} not listed by the source`;
  return `${list.length} watched ${one ? 'ticker' : 'tickers'} ${what}: ${list.join(', ')}`;
}
