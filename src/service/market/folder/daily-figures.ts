// The per-snapshot figures a chain folder keeps in its index so that daily history never needs
// every chain in memory: the spot (the session's close when it is the session's last snapshot),
// the 30-day constant-maturity ATM IV and the put/call open-interest ratio, computed by the very
// functions analyze.ts uses for `atm_iv` and `pcr_oi` (a test holds them equal), at the pricing the
// service reads the ticker with: its stated carry (engine/carry.ts).
import type { OptionChain } from '../../engine/chain.ts';
import { carryPricing } from '../../engine/carry.ts';
import { contractGammas } from '../../engine/exposure.ts';
import { pricingFor } from '../../engine/forward.ts';
import { flowTotals, ratioOrNull } from '../../engine/flow.ts';
import { ivMetrics } from '../../engine/surface.ts';

export interface SnapshotFigures {
  readonly asof: number;
  readonly spot: number;
  readonly atmIv: number | null;
  readonly pcrOi: number | null;
}

export function snapshotFigures(chain: OptionChain): SnapshotFigures {
  const base = { asof: chain.asof, spot: chain.spot };
  // analyze.ts reports no IV figure and no ratio for a chain without a valid spot.
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return { ...base, atmIv: null, pcrOi: null };
  // As analyze.ts prices it: the carry, and VIX's options off each expiration's forward.
  const pricing = pricingFor(chain, carryPricing(chain.ticker));
  const flow = flowTotals(chain, contractGammas(chain, pricing));
  return { ...base, atmIv: ivMetrics(chain, pricing).atmIv.iv, pcrOi: ratioOrNull(flow.putOi, flow.callOi) };
}

/** Moved to the shared calendar (the service groups every daily point by it); kept here for callers. */
export { sessionDateOf } from '../../../shared/market-calendar.ts';
