// Dealer gamma and gamma exposure (GEX) at the snapshot's spot, per contract and per strike.
//
// Conventions:
// - Gamma is recomputed with Black-Scholes from each contract's own IV (vendor gamma is rounded),
//   with time to expiry in 365-day years floored at one hour and r, q from PricingParams (the
//   service passes the ticker's stated carry, engine/carry.ts; 0 when a caller gives none; options
//   that settle on a future get one q per expiration that prices them off its forward: forward.ts).
//   A contract whose IV is 0 or NaN contributes no gamma (counted in the data-quality notes).
// - Open interest or volume that is negative or not a number counts as 0.
// - Dealer gamma per strike, in shares per $1 of underlying: gamma × OI × 100, calls positive and
//   puts negative (dealers are assumed long the calls and short the puts the public holds).
//   view=naive: calls and puts both positive.
// - GEX in USD per 1 % move: gamma × OI × 100 × spot² × 0.01 (the dollar value of the shares
//   dealers must trade to stay hedged through a 1 % move), with the same signs.
import { hasValidIv, yearsToExpiry, type OptionChain } from './chain.ts';
import { bsGamma } from './pricing.ts';
import { DEFAULT_PRICING, yieldAt, type PricingParams } from './types.ts';

export type GammaView = 'signed' | 'naive';

export const CONTRACT_MULTIPLIER = 100;

/** Open interest or volume as the engine counts it: negative or non-finite is 0. */
export function usableCount(x: number): number {
  return x > 0 && Number.isFinite(x) ? x : 0;
}

/** Dealer shares per $1 → USD per 1 % move at `spot`. */
export function sharesToGex(sharesPerDollar: number, spot: number): number {
  return sharesPerDollar * spot * spot * 0.01;
}

/** GEX of one contract in USD per 1 % move, signed by the dealer convention. */
export function contractGex(gamma: number, openInterest: number, spot: number, isCall: boolean): number {
  const sign = isCall ? 1 : -1;
  return sign * sharesToGex(gamma * usableCount(openInterest) * CONTRACT_MULTIPLIER, spot);
}

/** Years to expiry of each listed expiration (floored at one hour). */
export function expiryYears(chain: OptionChain): Float64Array {
  return Float64Array.from(chain.expirations, (e) => yearsToExpiry(e, chain.asof));
}

/** Black-Scholes gamma per share of every contract at the chain's spot; 0 without a valid IV. */
export function contractGammas(chain: OptionChain, pricing: PricingParams = DEFAULT_PRICING): Float64Array {
  const years = expiryYears(chain);
  const out = new Float64Array(chain.size);
  for (let i = 0; i < chain.size; i++) {
    const sigma = chain.iv[i] as number;
    if (!hasValidIv(sigma)) continue;
    const e = chain.expiryIndex[i] as number;
    out[i] = bsGamma({
      spot: chain.spot,
      strike: chain.strike[i] as number,
      t: years[e] as number,
      sigma,
      r: pricing.r,
      q: yieldAt(pricing, e),
    });
  }
  return out;
}

/** Per-strike dealer gamma of one selection of expirations, calls and puts kept apart. */
export interface StrikeExposure {
  /** Unique strikes of the selected contracts, ascending. */
  strikes: Float64Array;
  /** Dealer gamma magnitude in shares per $1 (gamma × OI × 100), unsigned, per strike. */
  callShares: Float64Array;
  putShares: Float64Array;
  /** Summed open interest and volume per strike. */
  callOi: Float64Array;
  putOi: Float64Array;
  callVolume: Float64Array;
  putVolume: Float64Array;
  /** Contracts in the selection. */
  contracts: number;
}

/** Unique strikes of the contracts whose expiration is selected, ascending. */
export function selectedStrikes(chain: OptionChain, mask: Uint8Array): Float64Array {
  const seen = new Set<number>();
  for (let i = 0; i < chain.size; i++)
    if (mask[chain.expiryIndex[i] as number] === 1) seen.add(chain.strike[i] as number);
  return Float64Array.from(seen).sort();
}

export function exposureByStrike(chain: OptionChain, gammas: Float64Array, mask: Uint8Array): StrikeExposure {
  const strikes = selectedStrikes(chain, mask);
  const at = new Map<number, number>();
  strikes.forEach((k, j) => at.set(k, j));
  const m = strikes.length;
  const out: StrikeExposure = {
    strikes,
    callShares: new Float64Array(m),
    putShares: new Float64Array(m),
    callOi: new Float64Array(m),
    putOi: new Float64Array(m),
    callVolume: new Float64Array(m),
    putVolume: new Float64Array(m),
    contracts: 0,
  };
  for (let i = 0; i < chain.size; i++) {
    if (mask[chain.expiryIndex[i] as number] !== 1) continue;
    const j = at.get(chain.strike[i] as number) as number;
    const oi = usableCount(chain.openInterest[i] as number);
    const shares = (gammas[i] as number) * oi * CONTRACT_MULTIPLIER;
    const volume = usableCount(chain.volume[i] as number);
    out.contracts++;
    if (chain.isCall[i] === 1) {
      out.callShares[j] = (out.callShares[j] as number) + shares;
      out.callOi[j] = (out.callOi[j] as number) + oi;
      out.callVolume[j] = (out.callVolume[j] as number) + volume;
    } else {
      out.putShares[j] = (out.putShares[j] as number) + shares;
      out.putOi[j] = (out.putOi[j] as number) + oi;
      out.putVolume[j] = (out.putVolume[j] as number) + volume;
    }
  }
  return out;
}

/** Dealer gamma at strike j in shares per $1: signed (calls − puts) or naive (calls + puts). */
export function strikeShares(e: StrikeExposure, j: number, view: GammaView): number {
  const call = e.callShares[j] as number;
  const put = e.putShares[j] as number;
  return view === 'naive' ? call + put : call - put;
}

/** The strike with the largest value (the lowest on a tie), or null when no value is positive. */
export function strikeOfMax(strikes: Float64Array, values: Float64Array): number | null {
  let best: number | null = null;
  let bestValue = 0;
  for (let j = 0; j < strikes.length; j++) {
    if ((values[j] as number) > bestValue) {
      bestValue = values[j] as number;
      best = strikes[j] as number;
    }
  }
  return best;
}

export interface GexTotals {
  /** USD per 1 % move; call ≥ 0, put ≤ 0, net = call + put. */
  call: number;
  put: number;
  net: number;
  /** Sum of |GEX| over contracts (calls + |puts|). */
  gross: number;
}

export function gexTotals(e: StrikeExposure, spot: number): GexTotals {
  let call = 0;
  let put = 0;
  for (let j = 0; j < e.strikes.length; j++) {
    call += e.callShares[j] as number;
    put += e.putShares[j] as number;
  }
  const callGex = sharesToGex(call, spot);
  const putGex = -sharesToGex(put, spot);
  return { call: callGex, put: putGex, net: callGex + putGex, gross: callGex - putGex };
}
