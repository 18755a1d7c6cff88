// A watchlist as the files TradingView and thinkorswim import and export, and those files read back.
// - TradingView (Watchlist menu → Import list… / Export list…): a .txt of comma-separated symbols,
//   each with its exchange prefix (`AMEX:SPY,NASDAQ:QQQ,SP:SPX`); an entry starting with `###`
//   is a section heading. Newlines between symbols are read too.
// - thinkorswim (watchlist menu → Import… / Export to file…): a .csv or .txt with one symbol a
//   line, an index with its "$" ($SPX); an exported .csv may carry a title line, a header row
//   ("Symbol,Last,…") and more columns, of which only the first is a symbol.
// Reading strips the exchange prefix and the "$", maps an index's spellings and option roots to
// the index (SP:SPX, $SPX, ^SPX, SPXW → SPX), drops repeats and says plainly why each refused
// entry was refused: a futures contract, a crypto or forex pair's exchange, an index we have no
// options for, or not a ticker at all. Pure: the watchlist screen reads and writes the files.
import { indexOfAlias, indexSymbolOf, isIndexUnderlying } from './index-underlyings.ts';
import { parseTicker } from './ticker-symbol.ts';

export type WatchlistFileFormat = 'tradingview' | 'thinkorswim';

/**
 * TradingView's exchange for the symbols whose listing is well known (the indexes and the large
 * ETFs); any other symbol is written bare, which TradingView resolves to its main US listing.
 */
const TRADINGVIEW_EXCHANGES: Readonly<Record<string, string>> = {
  SPX: 'SP',
  NDX: 'NASDAQ',
  RUT: 'TVC',
  VIX: 'CBOE',
  XSP: 'CBOE',
  DJX: 'CBOE',
  SPY: 'AMEX',
  IWM: 'AMEX',
  DIA: 'AMEX',
  QQQ: 'NASDAQ',
  SMH: 'NASDAQ',
  TLT: 'NASDAQ',
  ...Object.fromEntries(
    [
      'XLF',
      'XLE',
      'XLK',
      'XLV',
      'XLU',
      'XLP',
      'XLI',
      'XLY',
      'XLB',
      'XLC',
      'KRE',
      'GLD',
      'SLV',
      'HYG',
      'EEM',
    ].map((t) => [t, 'AMEX']),
  ),
};

/**
 * Exchange prefixes a US stock, ETF or index is listed under on TradingView. Any other prefix
 * (BINANCE, FX, OANDA, CME…) is a market we have no options data for.
 */
const US_EXCHANGES: ReadonlySet<string> = new Set([
  'NASDAQ',
  'NYSE',
  'AMEX',
  'NYSEARCA',
  'ARCA',
  'BATS',
  'CBOE',
  'OTC',
]);

/** Prefixes of index publishers: only an index we know is taken from them. */
const INDEX_EXCHANGES: ReadonlySet<string> = new Set([
  'SP',
  'TVC',
  'CBOE',
  'DJ',
  'NASDAQ',
  'RUSSELL',
  'INDEX',
]);

/** The symbol as TradingView writes it: `AMEX:SPY`, `SP:SPX`, or bare when its listing is not known. */
export function tradingViewSymbol(ticker: string): string {
  const exchange = TRADINGVIEW_EXCHANGES[ticker];
  return exchange === undefined ? ticker : `${exchange}:${ticker}`;
}

/** The symbol as thinkorswim writes it: an index with "$" ($SPX), anything else as is. */
export function thinkorswimSymbol(ticker: string): string {
  return isIndexUnderlying(ticker) ? `$${ticker}` : ticker;
}

/** The watchlist as a TradingView import file: one line of comma-separated symbols. */
export function formatTradingViewWatchlist(tickers: readonly string[]): string {
  return `${tickers.map(tradingViewSymbol).join(',')}\n`;
}

/** The watchlist as a thinkorswim import file: one symbol a line. */
export function formatThinkorswimWatchlist(tickers: readonly string[]): string {
  return tickers.map((t) => `${thinkorswimSymbol(t)}\n`).join('');
}

/** The file to download for a watchlist: its name, the platform, and the extension it imports. */
export function watchlistFileName(listName: string, format: WatchlistFileFormat): string {
  const base =
    listName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'watchlist';
  return format === 'tradingview' ? `${base}-tradingview.txt` : `${base}-thinkorswim.csv`;
}

/** One entry of a file that was not taken, as the file spells it, and why. */
export interface RefusedSymbol {
  symbol: string;
  reason: string;
}

export interface WatchlistFileRead {
  format: WatchlistFileFormat;
  /** Canonical tickers in the file's order, each once. */
  tickers: string[];
  /** Entries naming a ticker already read (SPX after SP:SPX), as the file spells them. */
  duplicates: string[];
  refused: RefusedSymbol[];
}

/** The longest entry shown back in a refusal; a longer one is cut with "…". */
const SHOWN_MAX = 40;

function shown(symbol: string): string {
  const clean = symbol.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > SHOWN_MAX ? `${clean.slice(0, SHOWN_MAX - 1)}…` : clean;
}

/**
 * Which platform wrote the text: TradingView's when an entry has an exchange prefix or a
 * `###` section, or when one line holds several symbols without a header row; otherwise
 * thinkorswim's one symbol a line.
 */
export function detectWatchlistFormat(text: string): WatchlistFileFormat {
  const lines = text.split(/\r\n|[\r\n]/).filter((l) => l.trim() !== '');
  if (/(^|,)\s*###/.test(text) || /(^|,)\s*[A-Za-z_]+:[^,\s]/m.test(text)) return 'tradingview';
  if (lines.length === 1 && (lines[0] ?? '').includes(',')) return 'tradingview';
  return 'thinkorswim';
}

/** The entries of a TradingView file: its comma- or line-separated symbols, sections left out. */
function tradingViewEntries(text: string): string[] {
  return text
    .split(/[,\r\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '' && !e.startsWith('###'));
}

/** A title line of a thinkorswim export ("Watchlist 'Tech' as of …"), not a symbol. */
const TOS_TITLE = /\s/;

/** The entries of a thinkorswim file: each line's first field, header row and title lines left out. */
function thinkorswimEntries(text: string): string[] {
  return text
    .split(/\r\n|[\r\n]/)
    .map((line) =>
      (line.split(/[,;\t]/)[0] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((e) => e !== '' && !e.startsWith('#') && e.toLowerCase() !== 'symbol' && !TOS_TITLE.test(e));
}

type Read = { ok: true; ticker: string } | { ok: false; reason: string };

/** One entry as a ticker, or why not. */
function readEntry(entry: string): Read {
  // thinkorswim's futures (/ES, /ESZ26:XCME with its market) and TradingView's (CME_MINI:ES1!).
  if (entry.startsWith('/') || entry.endsWith('!')) {
    return { ok: false, reason: 'a futures contract: Gammawatch reads options on stocks, ETFs and indexes' };
  }
  let symbol = entry;
  const colon = symbol.lastIndexOf(':');
  let exchange: string | null = null;
  if (colon >= 0) {
    exchange = symbol.slice(0, colon).trim().toUpperCase();
    symbol = symbol.slice(colon + 1).trim();
  }
  // thinkorswim's index spelling, old and new ($SPX.X, $SPX), and the charting tools' ^SPX / .SPX.
  const dollar = symbol.startsWith('$');
  const bare = dollar ? symbol.slice(1).replace(/\.X$/i, '') : symbol;
  const index = indexSymbolOf(bare) ?? indexOfAlias(bare);
  if (index !== null) return { ok: true, ticker: index };
  if (dollar) return { ok: false, reason: 'an index Gammawatch has no options data for' };
  if (exchange !== null && !US_EXCHANGES.has(exchange)) {
    return INDEX_EXCHANGES.has(exchange)
      ? { ok: false, reason: 'an index Gammawatch has no options data for' }
      : { ok: false, reason: `listed on ${shown(exchange)}, not a US stock or ETF exchange` };
  }
  const parsed = parseTicker(bare);
  return parsed.ok
    ? { ok: true, ticker: parsed.ticker }
    : { ok: false, reason: `not a ticker: ${parsed.reason}` };
}

/** The longest file read, in characters; a watchlist file is a few kilobytes. */
export const WATCHLIST_FILE_MAX_CHARS = 200_000;

/** Reads a TradingView or thinkorswim watchlist file (`format`: which, else detected). */
export function parseWatchlistFile(
  text: string,
  format: WatchlistFileFormat = detectWatchlistFormat(text),
): WatchlistFileRead {
  const body = text.replace(/^\uFEFF/, '').slice(0, WATCHLIST_FILE_MAX_CHARS);
  const entries = format === 'tradingview' ? tradingViewEntries(body) : thinkorswimEntries(body);
  const tickers: string[] = [];
  const duplicates: string[] = [];
  const refused: RefusedSymbol[] = [];
  for (const entry of entries) {
    const read = readEntry(entry);
    if (!read.ok) refused.push({ symbol: shown(entry), reason: read.reason });
    else if (tickers.includes(read.ticker)) duplicates.push(shown(entry));
    else tickers.push(read.ticker);
  }
  return { format, tickers, duplicates, refused };
}
