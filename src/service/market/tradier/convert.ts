// Tradier's answers → one snapshot in Cboe's delayed-quotes JSON, the shape the chain-folder
// importer reads (src/service/market/import/cboe-json.ts), plus a "source": "tradier" key its
// loose schema lets through. Gamma is not taken from Tradier: the engine recomputes it from IV, as
// for every Cboe file, so a Tradier snapshot and a Cboe file of the same chain give the same GEX.
import { parseOccSymbol } from '../import/occ-symbol.ts';
import { epochToNy, previousTradingDay, sessionOf, type Session } from '../../../shared/market-calendar.ts';
import type { TradierOption, TradierQuote } from './schemas.ts';
import type { TradierEnvironment } from './types.ts';

export interface CboeJsonOption {
  option: string;
  bid: number | null;
  ask: number | null;
  iv: number | null;
  open_interest: number | null;
  volume: number | null;
}

export interface CboeJsonSnapshot {
  source: 'tradier';
  environment: TradierEnvironment;
  /** The snapshot time (see snapshotTime), ISO 8601 UTC. */
  timestamp: string;
  /** When the collector fetched it, ISO 8601 UTC. */
  fetched_at: string;
  data: { symbol: string; current_price: number; options: CboeJsonOption[] };
}

export interface ConvertedOptions {
  options: CboeJsonOption[];
  /** Contracts without any IV (greeks null, or mid_iv and smv_vol both missing or zero). */
  withoutIv: number;
  /** Contracts left out because their symbol disagreed with their fields and could not be rebuilt. */
  skipped: number;
}

/** A figure the importer accepts: finite and not negative, else null. */
function clean(v: number | null): number | null {
  return v !== null && Number.isFinite(v) && v >= 0 ? v : null;
}

/** The OCC symbol of a contract: TSLA230825C00172500 (root, YYMMDD, C/P, strike × 1000 in 8 digits). */
export function occSymbol(root: string, expiration: string, isCall: boolean, strike: number): string {
  const [y, m, d] = expiration.split('-') as [string, string, string];
  const thousandths = Math.round(strike * 1000);
  return `${root}${y.slice(2)}${m}${d}${isCall ? 'C' : 'P'}${String(thousandths).padStart(8, '0')}`;
}

/**
 * The IV of a contract. Tradier's greeks come from ORATS (refreshed about hourly): `mid_iv` is the
 * IV of the bid/ask midpoint, the closest match to the IV column of Cboe's files, so it is used
 * first; when it is missing or zero (no two-sided quote) ORATS' smoothed `smv_vol` stands in, which
 * is defined for every listed strike. No IV at all reads as null: no gamma from that contract.
 */
export function ivOf(option: TradierOption): number | null {
  const g = option.greeks;
  if (g === null) return null;
  if (g.mid_iv !== null && g.mid_iv > 0 && Number.isFinite(g.mid_iv)) return g.mid_iv;
  if (g.smv_vol !== null && g.smv_vol > 0 && Number.isFinite(g.smv_vol)) return g.smv_vol;
  return null;
}

/**
 * The OCC symbol written for a Tradier contract: its own `symbol` when that parses and agrees
 * with `strike`, `option_type` and `expiration_date` (the importer reads strike, side and
 * expiration from the symbol alone); else one rebuilt from those fields and the contract's root;
 * null when neither is possible.
 */
export function symbolFor(option: TradierOption, ticker: string): string | null {
  const isCall = option.option_type === 'call';
  const parsed = parseOccSymbol(option.symbol);
  if (
    typeof parsed !== 'string' &&
    parsed.isCall === isCall &&
    parsed.expiration === option.expiration_date &&
    Math.abs(parsed.strike - option.strike) < 0.0005
  ) {
    return option.symbol.trim().toUpperCase();
  }
  if (!(option.strike > 0) || option.strike >= 100_000) return null;
  const root = (option.root_symbol ?? option.underlying ?? ticker).trim().toUpperCase();
  if (!/^[A-Z0-9]{1,6}$/.test(root)) return null;
  const rebuilt = occSymbol(root, option.expiration_date, isCall, option.strike);
  return typeof parseOccSymbol(rebuilt) === 'string' ? null : rebuilt;
}

export function convertOptions(options: readonly TradierOption[], ticker: string): ConvertedOptions {
  const out: CboeJsonOption[] = [];
  let withoutIv = 0;
  let skipped = 0;
  for (const o of options) {
    const symbol = symbolFor(o, ticker);
    if (symbol === null) {
      skipped++;
      continue;
    }
    const iv = ivOf(o);
    if (iv === null) withoutIv++;
    out.push({
      option: symbol,
      bid: clean(o.bid),
      ask: clean(o.ask),
      iv,
      open_interest: clean(o.open_interest),
      volume: clean(o.volume),
    });
  }
  return { options: out, withoutIv, skipped };
}

/**
 * The underlying's price for the snapshot: the last trade, else the close, the previous close,
 * or the bid/ask midpoint. Null when the quote has none of them.
 */
export function spotOf(quote: TradierQuote): number | null {
  for (const v of [quote.last, quote.close, quote.prevclose]) if (v !== null && v > 0) return v;
  if (quote.bid !== null && quote.ask !== null && quote.bid > 0 && quote.ask >= quote.bid)
    return (quote.bid + quote.ask) / 2;
  return null;
}

/**
 * The snapshot time and price. The time is the quote's `trade_date` (the last trade), not the
 * fetch time: sandbox data is 15 minutes old, and a chain fetched on Saturday is Friday's. Only a
 * `trade_date` in the future or missing falls back to the fetch time. A last trade after the
 * regular close (an extended-hours print) is moved back to the close, with the regular `close` as
 * the price when Tradier gives one: options stop trading at the close, so that is the instant the
 * chain's quotes and IVs describe, and each session's last snapshot then stands for its close.
 * Likewise a pre-market print is moved back to the previous session's close, priced at the
 * previous close: before the open the chain still shows that session's values.
 */
export function snapshotTime(quote: TradierQuote, fetchedAt: number): { asof: number; spot: number | null } {
  const spot = spotOf(quote);
  const traded = quote.trade_date;
  const asof = traded !== null && traded > 0 && traded <= fetchedAt + 60_000 ? traded : fetchedAt;
  const session = sessionOf(epochToNy(asof).date);
  if (session !== null && asof > session.close) {
    const close = quote.close !== null && quote.close > 0 ? quote.close : spot;
    return { asof: session.close, spot: close };
  }
  if (session !== null && asof < session.open) {
    const previous = sessionOf(previousTradingDay(session.date)) as Session;
    const close = quote.prevclose !== null && quote.prevclose > 0 ? quote.prevclose : spot;
    return { asof: previous.close, spot: close };
  }
  return { asof, spot };
}

/** `SPY_2025-09-12T20-00-00Z.tradier.json`: sortable, and free of characters Windows refuses. */
export function snapshotFileName(ticker: string, asof: number): string {
  const stamp = new Date(asof)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `${ticker}_${stamp}.tradier.json`;
}
