// Cash-settled index options (SPX, NDX, RUT, VIX…) follow conventions of their own: levels are
// quoted in index points, not dollars; there are no shares, so no covered call; exercise settles in
// cash; and VIX options settle on VIX futures, so their "spot" is each expiration's forward. The
// list is the set of index roots the importers and the simulator know, after aliases (SPXW → SPX).

interface IndexFacts {
  readonly settlesOnFuture: boolean;
  /** The option roots of its weekly or p.m.-settled series, which trade on the same index. */
  readonly aliases: readonly string[];
}

/** Index underlyings, keyed by symbol, with the aliases their p.m. or weekly roots carry. */
const INDEXES: Readonly<Record<string, IndexFacts>> = {
  SPX: { settlesOnFuture: false, aliases: ['SPXW', 'SPXPM'] },
  NDX: { settlesOnFuture: false, aliases: ['NDXP'] },
  RUT: { settlesOnFuture: false, aliases: ['RUTW'] },
  XSP: { settlesOnFuture: false, aliases: ['XSPW'] },
  DJX: { settlesOnFuture: false, aliases: ['DJXW'] },
  VIX: { settlesOnFuture: true, aliases: ['VIXW'] },
};

/** Each alias root with its index (SPXW → SPX). */
const ALIAS_TO_INDEX: ReadonlyMap<string, string> = new Map(
  Object.entries(INDEXES).flatMap(([symbol, facts]) => facts.aliases.map((a) => [a, symbol] as const)),
);

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

/** The index an alias root trades on (`SPXW` → `SPX`, `NDXP` → `NDX`), or null for any other root. */
export function indexOfAlias(root: string): string | null {
  return ALIAS_TO_INDEX.get(bare(root)) ?? null;
}

/** An index's alias roots (`SPX` → `SPXW`, `SPXPM`); none for a non-index. */
export function indexAliases(ticker: string): readonly string[] {
  return INDEXES[bare(ticker)]?.aliases ?? [];
}
