// Call wall, put wall and max pain of a chain: the strikes where open interest makes dealers'
// hedging pile up. The convention (also stated in levels.ts, and in docs/engine-conventions.md):
// - call wall: the strike AT OR ABOVE spot with the largest call gamma exposure, summed over every
//   expiration (gamma shares per strike at spot; GEX is that times spot² / 100, so the same strike);
// - put wall: the strike AT OR BELOW spot with the largest put gamma exposure (its absolute value:
//   put GEX is negative by the dealer sign convention), every expiration;
// - max pain: for the nearest expiration, the strike at which the options' total intrinsic value
//   Σ OI·max(0, S−K) over calls + Σ OI·max(0, K−S) over puts is smallest (the lower on a tie).
// Limiting each wall to its side of spot is what makes it a wall: a call wall below spot is
// already broken through, and taking the largest strike anywhere put both walls on the same
// at-the-money strike (SPY read call wall = put wall = max pain).
import type { StrikeExposure } from './exposure.ts';

export interface Walls {
  call_wall: number | null;
  put_wall: number | null;
}

/** The strike with the largest value among those the filter keeps (the lower on a tie), or null. */
function strikeOfMaxWhere(
  strikes: Float64Array,
  values: Float64Array,
  keep: (strike: number) => boolean,
): number | null {
  let best: number | null = null;
  let bestValue = 0;
  for (let j = 0; j < strikes.length; j++) {
    const k = strikes[j] as number;
    const v = Math.abs(values[j] as number);
    if (keep(k) && v > bestValue) {
      bestValue = v;
      best = k;
    }
  }
  return best;
}

/** The call and put walls over the exposure of every expiration (exposureByStrike with all expirations). */
export function wallsOf(combined: StrikeExposure, spot: number): Walls {
  if (!(spot > 0) || !Number.isFinite(spot)) return { call_wall: null, put_wall: null };
  return {
    call_wall: strikeOfMaxWhere(combined.strikes, combined.callShares, (k) => k >= spot),
    put_wall: strikeOfMaxWhere(combined.strikes, combined.putShares, (k) => k <= spot),
  };
}

/** Max pain from one expiration's open interest per strike, or null when it has none. */
export function maxPainOf(e: Pick<StrikeExposure, 'strikes' | 'callOi' | 'putOi'>): number | null {
  const { strikes, callOi, putOi } = e;
  if (!callOi.some((x) => x > 0) && !putOi.some((x) => x > 0)) return null;
  let best: number | null = null;
  let bestPain = Infinity;
  for (const settle of strikes) {
    let pain = 0;
    for (let j = 0; j < strikes.length; j++) {
      const k = strikes[j] as number;
      pain +=
        (callOi[j] as number) * Math.max(0, settle - k) + (putOi[j] as number) * Math.max(0, k - settle);
    }
    if (pain < bestPain) {
      bestPain = pain;
      best = settle;
    }
  }
  return best;
}
