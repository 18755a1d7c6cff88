// Prices in the underlying's own unit: dollars for a stock or an ETF ("$601.65"), index points for
// a cash-settled index ("6,016.48": SPX, NDX, RUT, VIX are quoted in points, never in dollars).
import { isIndexUnderlying } from '../../../shared/index-underlyings.ts';
import { usd } from './levels.ts';

/** "6,016.48": points with thousands separators and two decimals. */
export function points(x: number): string {
  const [whole, cents] = Math.abs(x).toFixed(2).split('.') as [string, string];
  return `${x < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The formatter of a ticker's price levels: points for an index, dollars otherwise. */
export function priceText(ticker: string): (x: number) => string {
  return isIndexUnderlying(ticker) ? points : usd;
}
