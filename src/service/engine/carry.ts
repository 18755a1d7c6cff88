// The pricing a ticker's chain is read with: the stated risk-free rate and the ticker's dividend
// yield (src/shared/carry.ts). The service, the chain-file analysis and the simulator all take it
// from here, so the deltas, gammas and implied forwards of one ticker read the same carry everywhere.
// The engine's own functions keep r = q = 0 as their default: they are pure and priced by the caller.
import { carryFor } from '../../shared/carry.ts';
import type { PricingParams } from './types.ts';

export function carryPricing(ticker: string): PricingParams {
  const carry = carryFor(ticker);
  return { r: carry.rate, q: carry.dividendYield, carrySource: carry.source };
}
