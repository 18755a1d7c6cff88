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
  /** Data-quality notes of the collection (IV fallbacks, expirations left out): the importer shows them. */
  notes: string[];
  data: { symbol: string; current_price: number; options: CboeJsonOption[] };
}

export interface ConvertedOptions {
  options: CboeJsonOption[];
  /** Contracts without any IV (greeks null, or every IV figure missing or zero). */
  withoutIv: number;
  /** How many contracts took each IV fallback (see ivChoice); `mid` is not a fallback. */
  fallbacks: Partial<Record<IvSource, number>>;
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
 * Where a contract's IV came from. `mid`: both sides of the quote have an IV, so Tradier's `mid_iv`
 * (the IV of the bid/ask midpoint) stands; the others are fallbacks, each counted in a note.
 */
export type IvSource = 'mid' | 'smv_bid_zero' | 'smv_ask_zero' | 'one_side' | 'smv_no_side' | 'mid_only';

/** A figure Tradier gives as an IV, when it is one: finite and above 0. */
function positive(v: number | null): number | null {
  return v !== null && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * The IV of a contract and where it came from. Tradier's greeks come from ORATS (refreshed about
 * hourly). The rule:
 * 1. `bid_iv` and `ask_iv` both above 0: `mid_iv` (their midpoint's IV; their mean if it is 0).
 * 2. one of them 0 or missing (a bid below intrinsic value, or no bid at all): there Tradier's
 *    `mid_iv` is not a midpoint but equals `ask_iv` (recorded: PLTR240712C00017500, bid 7.95, ask
 *    8.05, bid_iv 0, mid_iv = ask_iv 1.131, smv_vol 0.622), which overstates deep in-the-money
 *    weekly calls' gamma; ORATS' smoothed `smv_vol` stands in when above 0, else the one side's IV.
 * 3. neither side above 0 (no quote): `smv_vol`, else `mid_iv` alone (a feed without the sides).
 * No IV at all reads as null: no gamma from that contract.
 */
export function ivChoice(option: TradierOption): { iv: number; source: IvSource } | null {
  const g = option.greeks;
  if (g === null) return null;
  const bid = positive(g.bid_iv);
  const ask = positive(g.ask_iv);
  const mid = positive(g.mid_iv);
  const smv = positive(g.smv_vol);
  if (bid !== null && ask !== null) return { iv: mid ?? (bid + ask) / 2, source: 'mid' };
  if (bid !== null || ask !== null) {
    if (smv !== null) return { iv: smv, source: bid === null ? 'smv_bid_zero' : 'smv_ask_zero' };
    return { iv: (bid ?? ask) as number, source: 'one_side' };
  }
  if (smv !== null) return { iv: smv, source: 'smv_no_side' };
  if (mid !== null) return { iv: mid, source: 'mid_only' };
  return null;
}

/** The IV written for a contract (see ivChoice), or null. */
export function ivOf(option: TradierOption): number | null {
  return ivChoice(option)?.iv ?? null;
}

/** Why each fallback was taken, as a data-quality note names it. */
const FALLBACK_NOTES: Record<Exclude<IvSource, 'mid'>, string> = {
  smv_bid_zero: 'bid IV 0, used smv_vol (ORATS smoothed IV), not mid_iv (= ask IV)',
  smv_ask_zero: 'ask IV 0, used smv_vol (ORATS smoothed IV), not mid_iv (= bid IV)',
  one_side: "one side IV 0 and no smv_vol, used the other side's IV",
  smv_no_side: 'no bid or ask IV, used smv_vol (ORATS smoothed IV)',
  mid_only: 'no bid or ask IV and no smv_vol, used mid_iv',
};

/** One note per fallback taken: "12 contracts: bid IV 0, used smv_vol (…)". */
export function ivFallbackNotes(fallbacks: Readonly<Partial<Record<IvSource, number>>>): string[] {
  const notes: string[] = [];
  for (const [source, text] of Object.entries(FALLBACK_NOTES) as [Exclude<IvSource, 'mid'>, string][]) {
    const n = fallbacks[source] ?? 0;
    if (n > 0) notes.push(`${n} contract${n === 1 ? '' : 's'}: ${text}`);
  }
  return notes;
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
  const fallbacks: Partial<Record<IvSource, number>> = {};
  for (const o of options) {
    const symbol = symbolFor(o, ticker);
    if (symbol === null) {
      skipped++;
      continue;
    }
    const choice = ivChoice(o);
    if (choice === null) withoutIv++;
    else if (choice.source !== 'mid') fallbacks[choice.source] = (fallbacks[choice.source] ?? 0) + 1;
    out.push({
      option: symbol,
      bid: clean(o.bid),
      ask: clean(o.ask),
      iv: choice?.iv ?? null,
      open_interest: clean(o.open_interest),
      volume: clean(o.volume),
    });
  }
  return { options: out, withoutIv, fallbacks, skipped };
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
