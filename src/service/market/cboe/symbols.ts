// Cboe's names for underlyings in its delayed-quotes URLs: a stock or an ETF goes as it is (SPY),
// an index takes a leading underscore (_SPX). The chain folder keys the chain under our ticker:
// the importer drops the underscore of `data.symbol` again.

/** Cash-settled indexes Cboe lists options on, under their index symbol. */
export const CBOE_INDEXES: ReadonlySet<string> = new Set([
  'SPX',
  'XSP',
  'NDX',
  'XND',
  'RUT',
  'MRUT',
  'VIX',
  'DJX',
  'OEX',
  'XEO',
]);

/** `SPX` → `_SPX`, `SPY` → `SPY` (a ticker already in our form: upper case, no `^`). */
export function cboeSymbol(ticker: string): string {
  const t = ticker.trim().toUpperCase().replace(/^[_^]/, '');
  return CBOE_INDEXES.has(t) ? `_${t}` : t;
}

/** The delayed-quotes address of a ticker's whole chain on `origin`. */
export function cboeChainUrl(origin: string, ticker: string): string {
  return new URL(`/api/global/delayed_quotes/options/${cboeSymbol(ticker)}.json`, origin).toString();
}
