// Expected one-standard-deviation moves from the 30-day ATM IV, on a 252-trading-day year:
// move = spot × iv × √(days / 252), for 1 day, 1 week (5 sessions) and 1 month (21 sessions).
//
// One computation feeds every place a move is shown (market structure once read 0.53 % where
// Levels read 0.54 %): expectedMoveBand rounds the move to cents once, sets the ±1σ levels at
// spot ± that move, and states the percent as that move over spot rounded to 2 decimals. So
// (level − spot) / spot, shown to 2 decimals, is always the stated percent, on both sides.

export const MOVE_HORIZONS = { '1d': 1, '1w': 5, '1m': 21 } as const;
export type MoveHorizon = keyof typeof MOVE_HORIZONS;

/** The unrounded expected 1σ move as a percent of spot (1.78 means 1.78 %). */
export function expectedMovePct(atmIv: number, days: number): number {
  return atmIv * Math.sqrt(days / 252) * 100;
}

/** The unrounded expected 1σ move in USD. */
export function expectedMove(spot: number, atmIv: number, days: number): number {
  return (spot * expectedMovePct(atmIv, days)) / 100;
}

export interface MoveBand {
  /** Size of the 1σ move, USD, in cents. */
  usd: number;
  /** usd / spot × 100, rounded to 2 decimals: the percent every payload states. */
  pct: number;
  /** spot ± usd, in cents. */
  plus: number;
  minus: number;
}

const cents = (x: number): number => Math.round(x * 100) / 100;

/**
 * The ±1σ band of a horizon, rounded once; null without an IV, a positive spot, or when the lower
 * edge would be at or below zero (not a price level).
 */
export function expectedMoveBand(spot: number, atmIv: number | null, days: number): MoveBand | null {
  if (atmIv === null || !Number.isFinite(atmIv) || atmIv < 0 || !(spot > 0) || !Number.isFinite(spot))
    return null;
  const base = cents(spot);
  const usd = cents(expectedMove(base, atmIv, days));
  if (usd >= base) return null;
  return {
    usd,
    pct: Math.round((usd / base) * 100 * 100) / 100,
    plus: cents(base + usd),
    minus: cents(base - usd),
  };
}
