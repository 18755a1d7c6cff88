// Opportunity and income tiers share one scale: both scores run 0-10 and both tier sets are
// high / moderate / low / pass.
import type { IncomeTier, OpportunityTier } from '../../../shared/api/enums.ts';

export type Tier = OpportunityTier & IncomeTier;

/** Tier floors on the 0-10 score: ≥ 7 high, ≥ 5 moderate, ≥ 3 low, else pass. */
export const TIER_FLOORS: readonly (readonly [Tier, number])[] = [
  ['high', 7],
  ['moderate', 5],
  ['low', 3],
];

export function tierOf(score: number): Tier {
  for (const [tier, floor] of TIER_FLOORS) if (score >= floor) return tier;
  return 'pass';
}
