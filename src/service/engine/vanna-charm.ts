// Dealer vanna and charm exposure: how the delta dealers hedge moves when volatility moves (vanna)
// and as a day passes (charm), per strike and in total, over one selection of expirations.
//
// Conventions (as for GEX, exposure.ts): dealers are assumed long the calls and short the puts the
// public holds, so calls count positive and puts negative; greeks are Black-Scholes from each
// contract's own IV with the chain's time to expiry (floored at one hour) and r, q from PricingParams;
// a contract with no valid IV or no open interest contributes nothing.
// - Vanna exposure in USD of delta per 1 volatility point: vanna × 0.01 × OI × 100 × spot. Positive:
//   dealers get longer delta as IV rises (they sell into a vol spike); negative: they get shorter.
// - Charm exposure in USD of delta per calendar day: charm / 365 × OI × 100 × spot. Positive: dealers'
//   delta grows as time passes with spot and IV unchanged (they sell to rebalance), negative: shrinks.
import { hasValidIv, type OptionChain } from './chain.ts';
import { CONTRACT_MULTIPLIER, expiryYears, selectedStrikes, usableCount } from './exposure.ts';
import { bsCharm, bsVanna } from './pricing.ts';
import { DEFAULT_PRICING, yieldAt, type PricingParams } from './types.ts';

const VOL_POINT = 0.01;
const DAYS_PER_YEAR = 365;

export interface VannaCharmByStrike {
  /** Unique strikes of the selected contracts, ascending. */
  strikes: Float64Array;
  /** Dealer vanna exposure per strike, USD of delta per 1 vol point (calls − puts). */
  vanna: Float64Array;
  /** Dealer charm exposure per strike, USD of delta per day (calls − puts). */
  charm: Float64Array;
}

export interface VannaCharmTotals {
  /** USD of delta per 1 vol point. */
  vanna: number;
  /** USD of delta per day. */
  charm: number;
}

/** Dealer vanna and charm of one contract, in the units above (sign by the dealer convention). */
export function contractVannaCharm(
  greeks: { vanna: number; charm: number },
  openInterest: number,
  spot: number,
  isCall: boolean,
): VannaCharmTotals {
  const notional = (isCall ? 1 : -1) * usableCount(openInterest) * CONTRACT_MULTIPLIER * spot;
  return { vanna: greeks.vanna * VOL_POINT * notional, charm: (greeks.charm / DAYS_PER_YEAR) * notional };
}

export function vannaCharmByStrike(
  chain: OptionChain,
  mask: Uint8Array,
  pricing: PricingParams = DEFAULT_PRICING,
): VannaCharmByStrike {
  const strikes = selectedStrikes(chain, mask);
  const at = new Map<number, number>();
  strikes.forEach((k, j) => at.set(k, j));
  const vanna = new Float64Array(strikes.length);
  const charm = new Float64Array(strikes.length);
  const years = expiryYears(chain);
  for (let i = 0; i < chain.size; i++) {
    const e = chain.expiryIndex[i] as number;
    const sigma = chain.iv[i] as number;
    if (mask[e] !== 1 || !hasValidIv(sigma)) continue;
    const strike = chain.strike[i] as number;
    const isCall = chain.isCall[i] === 1;
    const p = {
      spot: chain.spot,
      strike,
      t: years[e] as number,
      sigma,
      r: pricing.r,
      q: yieldAt(pricing, e),
    };
    const x = contractVannaCharm(
      { vanna: bsVanna(p), charm: bsCharm(p, isCall) },
      chain.openInterest[i] as number,
      chain.spot,
      isCall,
    );
    const j = at.get(strike) as number;
    vanna[j] = (vanna[j] as number) + x.vanna;
    charm[j] = (charm[j] as number) + x.charm;
  }
  return { strikes, vanna, charm };
}

export function vannaCharmTotals(e: VannaCharmByStrike): VannaCharmTotals {
  let vanna = 0;
  let charm = 0;
  for (let j = 0; j < e.strikes.length; j++) {
    vanna += e.vanna[j] as number;
    charm += e.charm[j] as number;
  }
  return { vanna, charm };
}
