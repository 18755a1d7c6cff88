// The one ticker-symbol rule: what the service takes as a {ticker} path segment, the bridge as an
// input, the store as a key, the client as a URL segment and the importers as a file's ticker.
// It is the official API client's rule (tradingvolatility/tv-mcp: trim, upper-case, then 1-16 of
// A-Z 0-9 . ^ = -, which covers BRK.B, BF-B, ^VIX, ES=F), so every symbol that client sends is
// well-formed here and an unlisted one is a 404 unknown_ticker, not a 400. Two things are added:
// a symbol needs a letter or digit (".", "..", "^" alone name nothing, and ".." in a path segment
// would climb a level), and an index spelled as a charting tool spells it names the index
// (^VIX, .SPX → VIX, SPX), through the one index list in index-underlyings.ts. '/', spaces, '%',
// '?', '#', '$', '_' and anything outside printable ASCII are refused, so a symbol can never leave
// its path segment.
import { z } from 'zod';
import { indexSymbolOf } from './index-underlyings.ts';

export const TICKER_MAX_LENGTH = 16;

/** The rule in words, for messages and help text. */
export const TICKER_RULE = `a ticker is 1-${TICKER_MAX_LENGTH} letters, digits, ".", "-", "=" or "^", with at least one letter or digit`;

/**
 * Printable ASCII, checked before the case folding: toUpperCase maps some non-ASCII letters onto
 * ASCII ones ('ſ' long s → 'S', 'ı' dotless i → 'I', 'ﬀ' → 'FF'), so "ſPY" would otherwise be SPY.
 */
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const SYMBOL_CHARS = /^[A-Z0-9.^=-]+$/;
const LETTER_OR_DIGIT = /[A-Z0-9]/;

export type TickerParse =
  { readonly ok: true; readonly ticker: string } | { readonly ok: false; readonly reason: string };

/**
 * The canonical symbol of one spelling: an index written with a charting tool's marker (`^VIX`,
 * `$SPX`, `.SPX`) is the index (`VIX`, `SPX`); anything else is itself, trimmed and upper-cased.
 * A spelling, not a check: parseTicker decides what is a symbol at all.
 */
export function canonicalTicker(symbol: string): string {
  return indexSymbolOf(symbol) ?? symbol.trim().toUpperCase();
}

/** Trims, upper-cases and checks one symbol; the canonical symbol, or why it is not one. */
export function parseTicker(raw: unknown): TickerParse {
  if (typeof raw !== 'string') return { ok: false, reason: 'a ticker must be text' };
  if (!ASCII_PRINTABLE.test(raw)) {
    return { ok: false, reason: 'a ticker holds only letters, digits, ".", "-", "=" or "^"' };
  }
  const text = raw.trim().toUpperCase();
  if (text === '') return { ok: false, reason: 'the ticker is empty' };
  if (text.length > TICKER_MAX_LENGTH) {
    return { ok: false, reason: `a ticker is at most ${TICKER_MAX_LENGTH} characters` };
  }
  if (!SYMBOL_CHARS.test(text)) {
    return { ok: false, reason: 'a ticker holds only letters, digits, ".", "-", "=" or "^"' };
  }
  if (!LETTER_OR_DIGIT.test(text)) return { ok: false, reason: 'a ticker needs a letter or digit' };
  return { ok: true, ticker: canonicalTicker(text) };
}

/** True when parseTicker gives the value back unchanged (a cheap check, no zod). */
export function isCanonicalTicker(value: unknown): value is string {
  const parsed = parseTicker(value);
  return parsed.ok && parsed.ticker === value;
}

/**
 * The rule as a zod schema: parses to the canonical symbol, or fails with parseTicker's reason. The
 * closing pipe states the output as a string, so a schema holding tickers has a JSON Schema on its
 * output side too (the MCP tools list their answers' schemas; a bare transform has none).
 */
export const tickerSchema = z
  .string()
  .transform((raw, ctx) => {
    const parsed = parseTicker(raw);
    if (parsed.ok) return parsed.ticker;
    ctx.addIssue({ code: 'custom', message: parsed.reason, input: raw });
    return z.NEVER;
  })
  .pipe(z.string());
export type Ticker = z.infer<typeof tickerSchema>;
