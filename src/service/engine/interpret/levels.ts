// Price levels every interpreter quotes: spot, the gamma flip, the ±1σ bands of the expected
// moves (1 day, 1 week, 1 month; moves.ts expectedMoveBand) and the walls and max pain, plus the
// formatting they are quoted in.
import { expectedMoveBand, MOVE_HORIZONS } from '../moves.ts';
import type { TickerMetrics } from '../types.ts';

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
  callWall: number | null;
  putWall: number | null;
  maxPain: number | null;
}

/** The band of moves.ts expectedMoveBand: the same rounding as expected_move_pct_* and /levels. */
function band(m: TickerMetrics, days: number): Band | null {
  const b = expectedMoveBand(m.price, m.atm_iv, days);
  return b === null ? null : { sigma: b.usd, plus: b.plus, minus: b.minus };
}

export function priceLevels(m: TickerMetrics): PriceLevels {
  return {
    spot: m.price,
    flip: m.gex_flip !== null && m.gex_flip > 0 && Number.isFinite(m.gex_flip) ? m.gex_flip : null,
    d1: band(m, MOVE_HORIZONS['1d']),
    w1: band(m, MOVE_HORIZONS['1w']),
    m1: band(m, MOVE_HORIZONS['1m']),
    // Optional chaining: records made before walls were added lack the fields.
    callWall: m.call_wall ?? null,
    putWall: m.put_wall ?? null,
    maxPain: m.max_pain ?? null,
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
