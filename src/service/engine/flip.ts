// The gamma flip: the hypothetical spot where total dealer GEX changes sign, nearest the actual spot.
//
// Convention: the signed gamma profile (profile.ts) over ±20 % of spot, 201 points by default. Every
// pair of consecutive non-zero grid values of opposite sign brackets a sign change (grid values that
// are exactly 0, where every term underflows far from all strikes, are stepped over). Each bracket
// is refined by bisection on the exact kernel until it is narrower than 0.01 % of spot, then one
// secant step inside the final bracket gives the price; of all sign changes, the one nearest spot
// wins (the lower one on a tie). With no sign change the flip is null and `reason` says why.
import type { OptionChain } from './chain.ts';
import {
  buildGammaKernel,
  DEFAULT_RANGE_PCT,
  kernelGex,
  profileFromKernel,
  logGrid,
  type GammaProfile,
  type ProfileOptions,
} from './profile.ts';

export interface FlipOptions extends Omit<ProfileOptions, 'view'> {
  /** Refinement tolerance as a fraction of spot. Default 1e-4 (0.01 %). */
  tolerancePct?: number;
}

export interface GammaFlip {
  /** The flip price in USD, or null when the profile never changes sign. */
  price: number | null;
  /** Why `price` is null; null when it is not. */
  reason: string | null;
  /** The grid interval [lo, hi] that held the chosen sign change. */
  bracket: [number, number] | null;
  /** The signed profile the flip was read from (for charts). */
  profile: GammaProfile;
}

export const DEFAULT_FLIP_TOLERANCE_PCT = 1e-4;

export function findGammaFlip(chain: OptionChain, options: FlipOptions = {}): GammaFlip {
  const kernel = buildGammaKernel(chain, { ...options, view: 'signed' });
  const profile = profileFromKernel(kernel, logGrid(chain.spot, options.rangePct, options.points));
  if (kernel.size === 0) {
    return {
      price: null,
      reason: 'no contract has both open interest and a valid IV',
      bracket: null,
      profile,
    };
  }
  return flipFromProfile(profile, chain.spot, (s) => kernelGex(kernel, s), options);
}

interface Bracket {
  lo: number;
  hi: number;
  flo: number;
  fhi: number;
  /** Smallest possible distance from spot of a root inside. */
  near: number;
}

/**
 * Reads the flip from a signed profile; `evaluate` gives the total GEX at any hypothetical spot (the
 * kernel, or the plain reference loop) for the refinement.
 */
export function flipFromProfile(
  profile: GammaProfile,
  spot: number,
  evaluate: (hypotheticalSpot: number) => number,
  options: FlipOptions = {},
): GammaFlip {
  const range = `±${+((options.rangePct ?? DEFAULT_RANGE_PCT) * 100).toFixed(2)} % of spot`;
  const none = (reason: string): GammaFlip => ({ price: null, reason, bracket: null, profile });
  const brackets = signChanges(profile, spot);
  if (brackets.length === 0) {
    let positive = 0;
    let negative = 0;
    for (const v of profile.gex) {
      if (v > 0) positive++;
      else if (v < 0) negative++;
    }
    if (positive === 0 && negative === 0) return none(`total GEX is zero across ${range}`);
    return none(`total GEX ${positive > 0 ? 'positive' : 'negative'} across ${range}`);
  }
  const tolerance = (options.tolerancePct ?? DEFAULT_FLIP_TOLERANCE_PCT) * spot;
  brackets.sort((x, y) => x.near - y.near || x.lo - y.lo);
  let best: { price: number; bracket: Bracket } | null = null;
  for (const bracket of brackets) {
    const bestDistance = best === null ? Infinity : Math.abs(best.price - spot);
    if (bracket.near > bestDistance) break;
    const price = refine(evaluate, bracket, tolerance);
    const distance = Math.abs(price - spot);
    if (best === null || distance < bestDistance || (distance === bestDistance && price < best.price)) {
      best = { price, bracket };
    }
  }
  const chosen = best as { price: number; bracket: Bracket };
  return { price: chosen.price, reason: null, bracket: [chosen.bracket.lo, chosen.bracket.hi], profile };
}

function signChanges(profile: GammaProfile, spot: number): Bracket[] {
  const out: Bracket[] = [];
  let prev = -1;
  for (let j = 0; j < profile.gex.length; j++) {
    const f = profile.gex[j] as number;
    if (f === 0 || Number.isNaN(f)) continue;
    if (prev >= 0 && Math.sign(f) !== Math.sign(profile.gex[prev] as number)) {
      const lo = profile.spots[prev] as number;
      const hi = profile.spots[j] as number;
      const near = spot < lo ? lo - spot : spot > hi ? spot - hi : 0;
      out.push({ lo, hi, flo: profile.gex[prev] as number, fhi: f, near });
    }
    prev = j;
  }
  return out;
}

function refine(evaluate: (s: number) => number, bracket: Bracket, tolerance: number): number {
  let { lo, hi, flo, fhi } = bracket;
  while (hi - lo > tolerance) {
    const mid = 0.5 * (lo + hi);
    const f = evaluate(mid);
    if (f === 0) return mid;
    if (Math.sign(f) === Math.sign(flo)) {
      lo = mid;
      flo = f;
    } else {
      hi = mid;
      fhi = f;
    }
  }
  return lo - (flo * (hi - lo)) / (fhi - flo);
}
