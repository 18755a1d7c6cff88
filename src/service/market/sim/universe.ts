// The simulated universe. The symbols are real so that the app looks familiar, but every figure
// the simulator produces is made up, and each name says so.
import type { TickerInfo, TickerKind } from '../source.ts';

/**
 * Which expirations are listed: dailies (index ETFs and indexes), weeklies for ~7 weeks, monthlies
 * only, or VIX's Wednesdays (weeklies and VIX monthlies, settled at the open: vix-expirations.ts).
 */
export type ListingStyle = 'daily' | 'weekly' | 'monthly' | 'vix';

export interface SimTicker extends TickerInfo {
  /**
   * The name's rough late-2026 price level: the path's fair value passes through it on
   * plausible-ranges.ts REFERENCE_DATE (the simulator's ranges are all written down there).
   */
  readonly basePrice: number;
  /** Typical annualized volatility, decimal. */
  readonly baseVol: number;
  /** Beta to the market factor; with baseVol it sets the correlation to the market. */
  readonly beta: number;
  /** Stocks report quarterly; ETFs do not. */
  readonly earnings: boolean;
  readonly listing: ListingStyle;
  /** Index ETFs list $1 strikes at any price. */
  readonly fineStrikes: boolean;
  /** Open-interest scale, 1 = a liquid large cap. */
  readonly liquidity: number;
  /**
   * An index whose path is its ETF's scaled (SPX = 10 × SPY, NDX = 40 × QQQ, RUT = 10 × IWM): the
   * same sessions, regimes and IVs, so the index and its ETF never tell two stories.
   */
  readonly tracks?: { readonly ticker: string; readonly ratio: number } | undefined;
  /** Strike increment near the money where it is not the price's (index grids: 5-point SPX). */
  readonly strikeStep?: number | undefined;
}

interface Row {
  ticker: string;
  name: string;
  price: number;
  vol: number;
  beta: number;
  listing?: ListingStyle;
  liquidity?: number;
  demo?: boolean;
  tracks?: { ticker: string; ratio: number };
  strikeStep?: number;
}

const INDEX_ETFS: Row[] = [
  {
    ticker: 'SPY',
    name: 'SPDR S&P 500 ETF',
    price: 600,
    vol: 0.13,
    beta: 1,
    listing: 'daily',
    liquidity: 4,
  },
  {
    ticker: 'QQQ',
    name: 'Invesco QQQ Trust',
    price: 520,
    vol: 0.18,
    beta: 1.15,
    listing: 'daily',
    liquidity: 3,
  },
  {
    ticker: 'IWM',
    name: 'iShares Russell 2000 ETF',
    price: 225,
    vol: 0.2,
    beta: 1.2,
    listing: 'daily',
    liquidity: 4,
  },
  {
    ticker: 'DIA',
    name: 'SPDR Dow Jones Industrial Average ETF',
    price: 440,
    vol: 0.13,
    beta: 0.9,
    liquidity: 0.8,
  },
];

const SECTOR_ETFS: Row[] = [
  {
    ticker: 'XLF',
    name: 'Financial Select Sector SPDR Fund',
    price: 50,
    vol: 0.16,
    beta: 1.05,
    liquidity: 2,
  },
  { ticker: 'XLE', name: 'Energy Select Sector SPDR Fund', price: 90, vol: 0.22, beta: 0.9, liquidity: 1.5 },
  {
    ticker: 'XLK',
    name: 'Technology Select Sector SPDR Fund',
    price: 250,
    vol: 0.21,
    beta: 1.2,
    liquidity: 0.8,
  },
  {
    ticker: 'XLV',
    name: 'Health Care Select Sector SPDR Fund',
    price: 145,
    vol: 0.14,
    beta: 0.7,
    listing: 'monthly',
    liquidity: 0.6,
  },
  {
    ticker: 'XLU',
    name: 'Utilities Select Sector SPDR Fund',
    price: 82,
    vol: 0.15,
    beta: 0.5,
    listing: 'monthly',
    liquidity: 0.7,
  },
  {
    ticker: 'XLP',
    name: 'Consumer Staples Select Sector SPDR Fund',
    price: 80,
    vol: 0.12,
    beta: 0.55,
    listing: 'monthly',
    liquidity: 0.6,
  },
  {
    ticker: 'XLI',
    name: 'Industrial Select Sector SPDR Fund',
    price: 140,
    vol: 0.15,
    beta: 1,
    listing: 'monthly',
    liquidity: 0.6,
  },
  {
    ticker: 'XLY',
    name: 'Consumer Discretionary Select Sector SPDR Fund',
    price: 215,
    vol: 0.2,
    beta: 1.15,
    liquidity: 0.6,
  },
  { ticker: 'SMH', name: 'VanEck Semiconductor ETF', price: 260, vol: 0.32, beta: 1.5, liquidity: 1 },
  { ticker: 'KRE', name: 'SPDR S&P Regional Banking ETF', price: 60, vol: 0.26, beta: 1.2, liquidity: 1.2 },
];

const MEGA_CAPS: Row[] = [
  { ticker: 'AAPL', name: 'Apple Inc', price: 230, vol: 0.24, beta: 1.15, liquidity: 3, demo: true },
  { ticker: 'MSFT', name: 'Microsoft Corp', price: 480, vol: 0.22, beta: 1.05, liquidity: 2 },
  { ticker: 'NVDA', name: 'NVIDIA Corp', price: 140, vol: 0.42, beta: 1.7, liquidity: 3 },
  { ticker: 'AMZN', name: 'Amazon.com Inc', price: 200, vol: 0.3, beta: 1.25, liquidity: 2, demo: true },
  { ticker: 'GOOGL', name: 'Alphabet Inc Class A', price: 180, vol: 0.28, beta: 1.1, liquidity: 1.5 },
  {
    ticker: 'META',
    name: 'Meta Platforms Inc',
    price: 650,
    vol: 0.34,
    beta: 1.3,
    liquidity: 1.5,
    demo: true,
  },
  { ticker: 'AVGO', name: 'Broadcom Inc', price: 300, vol: 0.4, beta: 1.3, liquidity: 0.8 },
  { ticker: 'JPM', name: 'JPMorgan Chase & Co', price: 270, vol: 0.21, beta: 1, liquidity: 1 },
  { ticker: 'NFLX', name: 'Netflix Inc', price: 110, vol: 0.32, beta: 1.2, liquidity: 0.8 },
  // Two of the public service's demo names (tradingvolatility/tv-mcp lists them): an oil major that
  // moves less than the market, and a cyclical carmaker that moves more.
  { ticker: 'XOM', name: 'Exxon Mobil Corp', price: 115, vol: 0.23, beta: 0.8, liquidity: 1, demo: true },
  { ticker: 'GM', name: 'General Motors Co', price: 55, vol: 0.33, beta: 1.35, liquidity: 0.8, demo: true },
];

const HIGH_VOL: Row[] = [
  { ticker: 'TSLA', name: 'Tesla Inc', price: 300, vol: 0.52, beta: 2, liquidity: 4 },
  {
    ticker: 'AMD',
    name: 'Advanced Micro Devices Inc',
    price: 160,
    vol: 0.46,
    beta: 1.7,
    liquidity: 2,
  },
  { ticker: 'COIN', name: 'Coinbase Global Inc', price: 280, vol: 0.6, beta: 2.5, liquidity: 1 },
  { ticker: 'PLTR', name: 'Palantir Technologies Inc', price: 150, vol: 0.55, beta: 2, liquidity: 1.5 },
  { ticker: 'MSTR', name: 'MicroStrategy Inc', price: 350, vol: 0.65, beta: 2.8, liquidity: 0.7 },
  { ticker: 'RIVN', name: 'Rivian Automotive Inc', price: 14, vol: 0.55, beta: 1.9, liquidity: 1 },
  { ticker: 'SNOW', name: 'Snowflake Inc', price: 200, vol: 0.45, beta: 1.6, liquidity: 0.6 },
  { ticker: 'SHOP', name: 'Shopify Inc', price: 140, vol: 0.48, beta: 1.9, liquidity: 0.7 },
  { ticker: 'ROKU', name: 'Roku Inc', price: 90, vol: 0.5, beta: 1.9, liquidity: 0.5 },
  { ticker: 'MARA', name: 'Marathon Digital Holdings', price: 17, vol: 0.68, beta: 3, liquidity: 1 },
];

const DEFENSIVE: Row[] = [
  { ticker: 'KO', name: 'Coca-Cola Co', price: 70, vol: 0.14, beta: 0.55, liquidity: 0.8, demo: true },
  { ticker: 'PG', name: 'Procter & Gamble Co', price: 160, vol: 0.15, beta: 0.45, liquidity: 0.6 },
  { ticker: 'JNJ', name: 'Johnson & Johnson', price: 160, vol: 0.15, beta: 0.5, liquidity: 0.6 },
  { ticker: 'PEP', name: 'PepsiCo Inc', price: 145, vol: 0.16, beta: 0.5, liquidity: 0.5 },
  { ticker: 'WMT', name: 'Walmart Inc', price: 95, vol: 0.18, beta: 0.5, liquidity: 0.7 },
  { ticker: 'MCD', name: "McDonald's Corp", price: 300, vol: 0.16, beta: 0.6, liquidity: 0.5, demo: true },
  { ticker: 'VZ', name: 'Verizon Communications Inc', price: 42, vol: 0.18, beta: 0.4, liquidity: 0.8 },
  {
    ticker: 'DUK',
    name: 'Duke Energy Corp',
    price: 120,
    vol: 0.16,
    beta: 0.4,
    listing: 'monthly',
    liquidity: 0.4,
  },
  { ticker: 'UNH', name: 'UnitedHealth Group Inc', price: 320, vol: 0.28, beta: 0.6, liquidity: 0.6 },
];

/**
 * Cash-settled indexes, quoted in points. Levels are their ETF's times the usual ratio; p.m.-settled
 * dailies as SPXW, NDXP and RUTW list them; index-sized strikes (SPX and RUT 5 points, NDX 25); a
 * large notional (one SPX contract is ten SPY contracts' worth). VIX: the S&P 500's 30-day implied
 * volatility in points, derived from SPY's path (volatility-index.ts), with options on its futures.
 */
const INDEXES: Row[] = [
  {
    ticker: 'SPX',
    name: 'S&P 500 Index',
    price: 6000,
    vol: 0.13,
    beta: 1,
    listing: 'daily',
    liquidity: 2,
    tracks: { ticker: 'SPY', ratio: 10 },
    strikeStep: 5,
  },
  {
    ticker: 'NDX',
    name: 'Nasdaq-100 Index',
    price: 20800,
    vol: 0.18,
    beta: 1.15,
    listing: 'daily',
    liquidity: 0.6,
    tracks: { ticker: 'QQQ', ratio: 40 },
    strikeStep: 25,
  },
  {
    ticker: 'RUT',
    name: 'Russell 2000 Index',
    price: 2250,
    vol: 0.2,
    beta: 1.2,
    listing: 'daily',
    liquidity: 0.6,
    tracks: { ticker: 'IWM', ratio: 10 },
    strikeStep: 5,
  },
];

const VOLATILITY_INDEXES: Row[] = [
  {
    ticker: 'VIX',
    name: 'Cboe Volatility Index',
    price: 17,
    vol: 0.85,
    beta: -4,
    listing: 'vix',
    liquidity: 2.5,
    strikeStep: 1,
    demo: true,
  },
];

function build(kind: TickerKind, rows: readonly Row[]): SimTicker[] {
  const etf =
    kind === 'index_etf' || kind === 'sector_etf' || kind === 'index' || kind === 'volatility_index';
  return rows.map((r) => ({
    ticker: r.ticker,
    name: `${r.name} (simulated)`,
    kind,
    demo: r.demo ?? false,
    basePrice: r.price,
    baseVol: r.vol,
    beta: r.beta,
    earnings: !etf,
    listing: r.listing ?? 'weekly',
    fineStrikes: kind === 'index_etf',
    liquidity: r.liquidity ?? 1,
    tracks: r.tracks,
    strikeStep: r.strikeStep,
  }));
}

/** Every simulated ticker, in display order. */
export const SIM_UNIVERSE: readonly SimTicker[] = [
  ...build('index_etf', INDEX_ETFS),
  ...build('sector_etf', SECTOR_ETFS),
  ...build('mega_cap', MEGA_CAPS),
  ...build('high_vol', HIGH_VOL),
  ...build('defensive', DEFENSIVE),
  ...build('index', INDEXES),
  ...build('volatility_index', VOLATILITY_INDEXES),
];

const BY_TICKER = new Map(SIM_UNIVERSE.map((t) => [t.ticker, t]));

/** The simulated ticker for a symbol (case-insensitive), or undefined. */
export function simTicker(symbol: string): SimTicker | undefined {
  return BY_TICKER.get(symbol.trim().toUpperCase());
}

/** The volatility of the market factor, against which betas are measured. */
export const MARKET_VOL = 0.15;

/** Correlation of a ticker's daily shocks with the market factor, implied by its beta and vol. */
export function marketCorrelation(t: Pick<SimTicker, 'beta' | 'baseVol'>): number {
  return Math.min(0.97, Math.max(0.2, (t.beta * MARKET_VOL) / t.baseVol));
}
