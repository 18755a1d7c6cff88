// The `include=call_diag` blob: what the call-flow regime was decided from (engine/flow.ts), so a
// reader can see why a ticker is `call_chasing` rather than `balanced`.
import { callRegime, flowShape, flowTotals, speculativeInterestScore } from '../engine/flow.ts';
import type { TickerAnalysis } from './ticker-analysis.ts';

export interface CallDiagnostics {
  call_regime: string;
  speculative_interest_score: number | null;
  totals: {
    call_oi: number;
    put_oi: number;
    call_volume: number;
    put_volume: number;
    short_dated_otm_call_volume: number;
  };
  /** Inputs of the regime rules: call turnover (volume/OI), short-dated OTM share, call share of volume. */
  shape: { turnover: number; otm_share: number; call_share: number } | null;
}

export function callDiagnostics(a: TickerAnalysis): CallDiagnostics {
  const f = flowTotals(a.chain, a.detail.gammas);
  const s = flowShape(f);
  return {
    call_regime: callRegime(f),
    speculative_interest_score: speculativeInterestScore(f),
    totals: {
      call_oi: f.callOi,
      put_oi: f.putOi,
      call_volume: f.callVolume,
      put_volume: f.putVolume,
      short_dated_otm_call_volume: f.shortOtmCallVolume,
    },
    shape: s === null ? null : { turnover: s.turnover, otm_share: s.otmShare, call_share: s.callShare },
  };
}
