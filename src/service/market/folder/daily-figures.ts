// The per-snapshot figures a chain folder keeps in its index so that daily history never needs
// every chain in memory: the spot (the session's close when it is the session's last snapshot),
// the 30-day constant-maturity ATM IV and the put/call open-interest ratio, computed by the very
// functions analyze.ts uses for `atm_iv` and `pcr_oi` (a test holds them equal). They are computed
// at the default pricing parameters: r and q move the ATM IV by far less than its daily change.
import type { OptionChain } from '../../engine/chain.ts';
import { contractGammas } from '../../engine/exposure.ts';
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
  const flow = flowTotals(chain, contractGammas(chain));
  return { ...base, atmIv: ivMetrics(chain).atmIv.iv, pcrOi: ratioOrNull(flow.putOi, flow.callOi) };
}

/** Moved to the shared calendar (the service groups every daily point by it); kept here for callers. */
export { sessionDateOf } from '../../../shared/market-calendar.ts';
