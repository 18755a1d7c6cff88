// The carry every pricing reads: one risk-free rate and a dividend yield per underlying. The
// simulator prices its options with it and the engine reads every chain with it, simulated or from
// files, so a chain's deltas, gammas and implied forwards agree with the prices it quotes (a real
// chain's do: Cboe's deltas carry a rate and the index's dividends, and at r = q = 0 an
// out-of-the-money call reads a low delta and a forward sits at spot).
//
// The figures are STATED here, not fetched: the app makes no network call for them. They are
// approximate and go stale as rates and payouts move; revise them here, in one place.
import { canonicalTicker } from './ticker-symbol.ts';

/**
 * The risk-free rate, continuous, decimal: about the 3-month US Treasury bill yield over 2025
 * (4.3 % early in the year, near 3.9 % late), rounded to 4 %. One rate for every expiration: the
 * curve between a week and two years moved by well under a point over that time, which moves a
 * 30-delta option's delta by about 0.01 at three months.
 */
export const RISK_FREE_RATE = 0.04;

/**
 * Trailing dividend yields, decimal, as the issuers and index providers published them around 2025,
 * rounded (a yield y paid in cash is a continuous yield ln(1 + y), within 0.1 point of y at these
 * levels). An index reads its ETF's yield (SPX as SPY, NDX as QQQ, RUT as IWM, DJX as DIA); a name
 * that pays no dividend is 0 (TSLA, AMZN, NVDA's 0.03 % too). VIX is 0: its options settle on a
 * future, and the engine prices them off each expiration's implied forward (engine/forward.ts).
 */
const DIVIDEND_YIELDS: Readonly<Record<string, number>> = {
  // Indexes and their ETFs
  SPX: 0.013,
  SPY: 0.013,
  XSP: 0.013,
  NDX: 0.006,
  QQQ: 0.006,
  RUT: 0.012,
  IWM: 0.012,
  DJX: 0.016,
  DIA: 0.016,
  VIX: 0,
  // Sector ETFs
  XLF: 0.014,
  XLE: 0.032,
  XLK: 0.006,
  XLV: 0.016,
  XLU: 0.028,
  XLP: 0.026,
  XLI: 0.013,
  XLY: 0.008,
  SMH: 0.004,
  KRE: 0.026,
  // Single names
  AAPL: 0.004,
  MSFT: 0.007,
  NVDA: 0,
  AMZN: 0,
  GOOGL: 0.004,
  META: 0.003,
  AVGO: 0.008,
  JPM: 0.02,
  NFLX: 0,
  XOM: 0.034,
  GM: 0.01,
  TSLA: 0,
  AMD: 0,
  COIN: 0,
  PLTR: 0,
  MSTR: 0,
  RIVN: 0,
  SNOW: 0,
  SHOP: 0,
  ROKU: 0,
  MARA: 0,
  KO: 0.029,
  PG: 0.026,
  JNJ: 0.03,
  PEP: 0.038,
  WMT: 0.01,
  MCD: 0.024,
  VZ: 0.064,
  DUK: 0.036,
  UNH: 0.027,
};

export interface Carry {
  /** Risk-free rate, continuous, decimal. */
  readonly rate: number;
  /** Dividend yield, continuous, decimal. */
  readonly dividendYield: number;
  /**
   * `stated`: the ticker's yield is in the table above; `default`: a ticker the table does not
   * know, read at the rate with no dividend (an unknown payer's deltas and forwards lean high).
   */
  readonly source: 'stated' | 'default';
}

/** The carry of one underlying (any spelling: `^SPX`, `spy`); unknown tickers get the default. */
export function carryFor(ticker: string): Carry {
  const symbol = canonicalTicker(ticker);
  const q = Object.hasOwn(DIVIDEND_YIELDS, symbol) ? DIVIDEND_YIELDS[symbol] : undefined;
  return q === undefined
    ? { rate: RISK_FREE_RATE, dividendYield: 0, source: 'default' }
    : { rate: RISK_FREE_RATE, dividendYield: q, source: 'stated' };
}

/** The tickers whose dividend yield is stated (for checks that the simulator's universe is covered). */
export function statedCarryTickers(): string[] {
  return Object.keys(DIVIDEND_YIELDS);
}
