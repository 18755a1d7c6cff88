// Price levels every interpreter quotes: spot, the gamma flip and the ±1σ bands of the expected
// moves (1 day, 1 week, 1 month), plus the formatting they are quoted in.
import type { TickerMetrics } from '../types.ts';
import { round } from './series-math.ts';

export interface Band {
  /** Size of the 1σ move, USD. */
  sigma: number;
  plus: number;
  minus: number;
}

export interface PriceLevels {
  spot: number;
  flip: number | null;
  d1: Band | null;
  w1: Band | null;
  m1: Band | null;
}

function band(spot: number, movePct: number | null): Band | null {
  if (movePct === null || !Number.isFinite(movePct) || movePct < 0) return null;
  const sigma = (spot * movePct) / 100;
  // A band whose lower edge is at or below zero is not a price level.
  if (sigma >= spot) return null;
  return { sigma: round(sigma, 2), plus: round(spot + sigma, 2), minus: round(spot - sigma, 2) };
}

export function priceLevels(m: TickerMetrics): PriceLevels {
  return {
    spot: m.price,
    flip: m.gex_flip !== null && m.gex_flip > 0 && Number.isFinite(m.gex_flip) ? m.gex_flip : null,
    d1: band(m.price, m.expected_move_pct_1d),
    w1: band(m.price, m.expected_move_pct_1w),
    m1: band(m.price, m.expected_move_pct_1m),
  };
}

/** "$1,234.50". */
export function usd(x: number): string {
  const [whole, cents] = Math.abs(x).toFixed(2).split('.') as [string, string];
  return `${x < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** "$20.7M", "-$1.2B": large notionals at a glance. */
export function usdCompact(x: number): string {
  const a = Math.abs(x);
  const [v, unit] =
    a >= 1e9 ? [a / 1e9, 'B'] : a >= 1e6 ? [a / 1e6, 'M'] : a >= 1e3 ? [a / 1e3, 'K'] : [a, ''];
  return `${x < 0 ? '-' : ''}$${v.toFixed(1)}${unit}`;
}

/** "+1.25 %" / "-0.40 %". */
export function signedPct(x: number, digits = 2): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(digits)} %`;
}
