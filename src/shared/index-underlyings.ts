// Cash-settled index options (SPX, NDX, RUT, VIX…) follow conventions of their own: levels are
// quoted in index points, not dollars; there are no shares, so no covered call; exercise settles in
// cash; and VIX options settle on VIX futures, so their "spot" is each expiration's forward. The
// list is the set of index roots the importers and the simulator know, after aliases (SPXW → SPX).

/** Index underlyings, keyed by symbol, with the alias their p.m. or weekly roots carry. */
const INDEXES: Readonly<Record<string, { readonly settlesOnFuture: boolean }>> = {
  SPX: { settlesOnFuture: false },
  NDX: { settlesOnFuture: false },
  RUT: { settlesOnFuture: false },
  XSP: { settlesOnFuture: false },
  DJX: { settlesOnFuture: false },
  VIX: { settlesOnFuture: true },
};

/** Writes a user's or a feed's index spelling the one way: `^SPX`, `$SPX`, `.SPX` → `SPX`. */
function bare(ticker: string): string {
  return ticker
    .trim()
    .toUpperCase()
    .replace(/^[\^$.]/, '');
}

/** The index a spelling names (`^VIX`, `$SPX`, `.spx` → its bare symbol), or null for a non-index. */
export function indexSymbolOf(ticker: string): string | null {
  const symbol = bare(ticker);
  return Object.hasOwn(INDEXES, symbol) ? symbol : null;
}

/** True for a cash-settled index (SPX, NDX, RUT, XSP, DJX, VIX); ETFs such as SPY are not. */
export function isIndexUnderlying(ticker: string): boolean {
  return Object.hasOwn(INDEXES, bare(ticker));
}

/** True where options settle on a futures contract, not on the index itself (VIX). */
export function settlesOnFuture(ticker: string): boolean {
  return INDEXES[bare(ticker)]?.settlesOnFuture ?? false;
}
