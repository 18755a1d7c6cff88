// Positioning and flow figures: put/call ratios, gamma-to-volume ratio, speculative interest and the
// call-flow regime. All are read from one snapshot (no history), over every listed expiration.
//
// Conventions:
// - pcr_oi = put OI / call OI; pcr_volume = put volume / call volume; null when the denominator is 0.
// - gex_volume_ratio = |net GEX| / volume GEX, where volume GEX is the same formula with the day's
//   volume in place of open interest and no sign (Σ gamma × volume × 100 × spot² × 0.01). Both sides
//   are USD per 1 % move, so the ratio is unit-free: how large the dealers' standing net gamma is
//   against the gamma that changed hands today. High: positioning dominates (pinning, damped
//   moves); low: today's flow dominates. Null when nothing with a valid IV traded.
// - Short-dated = expires within 14 calendar days of the snapshot; OTM call = strike above spot.
// - speculative_interest_score in [0, 1] = 0.40·L(turnover; 0.35, 0.12) + 0.35·L(otm; 0.50, 0.12)
//   + 0.25·L(callShare; 0.55, 0.07), with L(x; m, s) = 1 / (1 + e^{−(x−m)/s}) a smooth squash:
//     turnover  = call volume / call OI (1 when there is call volume but no call OI),
//     otm       = short-dated OTM call volume / call volume,
//     callShare = call volume / (call + put volume).
//   Null when no option traded.
// - call_regime, first rule that matches:
//     unknown            no open interest and no volume;
//     quiet              total volume below 2 % of total OI (or none);
//     put_dominant       callShare < 0.40;
//     call_chasing       callShare ≥ 0.60, turnover ≥ 0.50 and otm ≥ 0.50 (short-dated OTM calls bought in size);
//     call_accumulation  callShare ≥ 0.55 and turnover ≥ 0.20;
//     balanced           otherwise.
import type { OptionChain } from './chain.ts';
import { CONTRACT_MULTIPLIER, expiryYears, sharesToGex, usableCount } from './exposure.ts';

export const SHORT_DATED_YEARS = 14 / 365;

export const CALL_REGIMES = [
  'call_chasing',
  'call_accumulation',
  'balanced',
  'put_dominant',
  'quiet',
  'unknown',
] as const;
export type CallRegime = (typeof CALL_REGIMES)[number];

export interface FlowTotals {
  callOi: number;
  putOi: number;
  callVolume: number;
  putVolume: number;
  /** Volume of calls struck above spot expiring within 14 days. */
  shortOtmCallVolume: number;
  /** Σ gamma × volume × 100, unsigned, shares per $1. */
  volumeGammaShares: number;
}

export function flowTotals(chain: OptionChain, gammas: Float64Array): FlowTotals {
  const years = expiryYears(chain);
  const f: FlowTotals = {
    callOi: 0,
    putOi: 0,
    callVolume: 0,
    putVolume: 0,
    shortOtmCallVolume: 0,
    volumeGammaShares: 0,
  };
  for (let i = 0; i < chain.size; i++) {
    const oi = usableCount(chain.openInterest[i] as number);
    const volume = usableCount(chain.volume[i] as number);
    f.volumeGammaShares += (gammas[i] as number) * volume * CONTRACT_MULTIPLIER;
    if (chain.isCall[i] === 1) {
      f.callOi += oi;
      f.callVolume += volume;
      const short = (years[chain.expiryIndex[i] as number] as number) <= SHORT_DATED_YEARS;
      if (short && (chain.strike[i] as number) > chain.spot) f.shortOtmCallVolume += volume;
    } else {
      f.putOi += oi;
      f.putVolume += volume;
    }
  }
  return f;
}

export function ratioOrNull(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

export function gexVolumeRatio(netGex: number, f: FlowTotals, spot: number): number | null {
  return ratioOrNull(Math.abs(netGex), sharesToGex(f.volumeGammaShares, spot));
}

/** Logistic squash centred on `mid` with width `scale`: 0.5 at mid, smooth, in (0, 1). */
export function squash(x: number, mid: number, scale: number): number {
  return 1 / (1 + Math.exp(-(x - mid) / scale));
}

export interface FlowShape {
  turnover: number;
  otmShare: number;
  callShare: number;
}

/** The three inputs of the score and the regime; null when no option traded. */
export function flowShape(f: FlowTotals): FlowShape | null {
  const volume = f.callVolume + f.putVolume;
  if (volume === 0) return null;
  return {
    turnover: f.callOi > 0 ? f.callVolume / f.callOi : f.callVolume > 0 ? 1 : 0,
    otmShare: f.callVolume > 0 ? f.shortOtmCallVolume / f.callVolume : 0,
    callShare: f.callVolume / volume,
  };
}

export function speculativeInterestScore(f: FlowTotals): number | null {
  const s = flowShape(f);
  if (s === null) return null;
  return (
    0.4 * squash(s.turnover, 0.35, 0.12) +
    0.35 * squash(s.otmShare, 0.5, 0.12) +
    0.25 * squash(s.callShare, 0.55, 0.07)
  );
}

export function callRegime(f: FlowTotals): CallRegime {
  const oi = f.callOi + f.putOi;
  const volume = f.callVolume + f.putVolume;
  if (oi === 0 && volume === 0) return 'unknown';
  const s = flowShape(f);
  if (s === null || volume < 0.02 * oi) return 'quiet';
  if (s.callShare < 0.4) return 'put_dominant';
  if (s.callShare >= 0.6 && s.turnover >= 0.5 && s.otmShare >= 0.5) return 'call_chasing';
  if (s.callShare >= 0.55 && s.turnover >= 0.2) return 'call_accumulation';
  return 'balanced';
}
