// The one table of ticker spellings and their verdicts (src/shared/ticker-symbol.ts): the canonical
// symbol, or null for a spelling every layer refuses. The unit test checks the rule against it;
// the layers test runs it through the bridge, the store, the service, the client and the importers.
export interface TickerCase {
  readonly raw: string;
  /** The canonical symbol, or null when the spelling is not a ticker. */
  readonly want: string | null;
  readonly why: string;
}

export const TICKER_CASES: readonly TickerCase[] = [
  { raw: 'VIX', want: 'VIX', why: 'a plain index symbol' },
  { raw: '^VIX', want: 'VIX', why: "an index's caret names the index" },
  { raw: '^spx', want: 'SPX', why: 'caret and case, one index' },
  { raw: '.SPX', want: 'SPX', why: "a feed's leading dot on an index" },
  { raw: '^GSPC', want: '^GSPC', why: 'a caret on a non-index stays (well-formed, unlisted)' },
  { raw: 'BRK.B', want: 'BRK.B', why: 'a share class with a dot' },
  { raw: 'BRK-B', want: 'BRK-B', why: 'a share class with a dash' },
  { raw: 'brk.b', want: 'BRK.B', why: 'lower case is folded' },
  { raw: 'ES=F', want: 'ES=F', why: 'a future as the official client spells it' },
  { raw: '1ABC', want: '1ABC', why: 'a leading digit' },
  { raw: 'A-B-C', want: 'A-B-C', why: 'several dashes' },
  { raw: ' spy ', want: 'SPY', why: 'surrounding spaces are trimmed' },
  { raw: 'A', want: 'A', why: 'one letter' },
  { raw: 'ABCDEFGHIJKLMNOP', want: 'ABCDEFGHIJKLMNOP', why: '16 characters, the limit' },
  { raw: 'ABCDEFGHIJKLMNOPQ', want: null, why: '17 characters' },
  { raw: '', want: null, why: 'empty' },
  { raw: '   ', want: null, why: 'only spaces' },
  { raw: 'SP Y', want: null, why: 'a space inside' },
  { raw: 'S\tPY', want: null, why: 'a control character' },
  { raw: 'BRK/B', want: null, why: 'a slash would leave its path segment' },
  { raw: '$SPX', want: null, why: "'$' is not in the client's set" },
  { raw: 'T_X', want: null, why: "'_' is not in the client's set" },
  { raw: 'SPY?x=1', want: null, why: 'a query smuggled in' },
  { raw: '..', want: null, why: 'no letter or digit (and would climb a path level)' },
  { raw: '^', want: null, why: 'a caret alone' },
  { raw: 'ſPY', want: null, why: "non-ASCII: the long s would fold to 'S'" },
  { raw: 'ＳＰＹ', want: null, why: 'fullwidth letters' },
  { raw: 'ÅPPL', want: null, why: 'a non-ASCII letter' },
];
