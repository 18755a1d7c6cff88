// Expected one-standard-deviation moves from the 30-day ATM IV, on a 252-trading-day year:
// move = spot × iv × √(days / 252), for 1 day, 1 week (5 sessions) and 1 month (21 sessions).

export const MOVE_HORIZONS = { '1d': 1, '1w': 5, '1m': 21 } as const;
export type MoveHorizon = keyof typeof MOVE_HORIZONS;

/** The expected 1σ move as a percent of spot (1.78 means 1.78 %). */
export function expectedMovePct(atmIv: number, days: number): number {
  return atmIv * Math.sqrt(days / 252) * 100;
}

/** The expected 1σ move in USD. */
export function expectedMove(spot: number, atmIv: number, days: number): number {
  return (spot * expectedMovePct(atmIv, days)) / 100;
}
