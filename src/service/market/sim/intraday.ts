// The intraday price: a seeded Brownian bridge on the five-minute grid of a session, from the open
// (the previous close plus any opening gap) to the day's close, so every intraday snapshot agrees
// with the daily path it sits on.
import { Rng } from './random.ts';
import { SNAPSHOT_STEP_MS } from './sessions.ts';

export interface BridgeInputs {
  seed: number;
  ticker: string;
  date: string;
  open: number;
  close: number;
  /** Price at the open and at the close. */
  from: number;
  to: number;
  /** Annualized volatility of the session. */
  vol: number;
  /**
   * Walk on another ticker's draws, times `scale`: VIX takes SPY's, scaled negative, so within the
   * day as across days it rises when the market falls. Unset: the ticker's own draws.
   */
  follow?: { readonly ticker: string; readonly scale: number } | undefined;
}

/** Log prices at each five-minute step of the session (index 0 = open, last = close). */
export function bridgePath(b: BridgeInputs): Float64Array {
  const steps = Math.max(1, Math.ceil((b.close - b.open) / SNAPSHOT_STEP_MS));
  const rng = Rng.for(b.seed, b.follow?.ticker ?? b.ticker, b.date, 'bridge');
  // A full session has 78 steps; a step's variance is its share of one trading day's.
  const stepStd = ((b.follow?.scale ?? 1) * b.vol) / Math.sqrt(252 * 78);
  const walk = new Float64Array(steps + 1);
  for (let k = 1; k <= steps; k++) walk[k] = (walk[k - 1] as number) + stepStd * rng.normal();
  const a = Math.log(b.from);
  const z = Math.log(b.to);
  const end = walk[steps] as number;
  const out = new Float64Array(steps + 1);
  for (let k = 0; k <= steps; k++) {
    const f = k / steps;
    out[k] = a + f * (z - a) + (walk[k] as number) - f * end;
  }
  return out;
}

/** Price at an instant of the session (clamped to it), interpolating between grid points. */
export function bridgePrice(b: BridgeInputs, at: number, path: Float64Array = bridgePath(b)): number {
  if (at >= b.close) return b.to;
  if (at <= b.open) return b.from;
  const steps = path.length - 1;
  const x = Math.min(steps, (at - b.open) / SNAPSHOT_STEP_MS);
  const k = Math.floor(x);
  const lo = path[k] as number;
  const hi = path[Math.min(steps, k + 1)] as number;
  return Math.round(Math.exp(lo + (x - k) * (hi - lo)) * 100) / 100;
}
