// The volatility term structure and the 25-delta skew per expiration, read off each expiration's
// smile (surface.ts: ATM IV at the forward, 25-delta IVs interpolated in delta).
//
// Conventions:
// - risk reversal (25Δ) = call 25Δ IV − put 25Δ IV, in vol points (negative: puts richer, the usual
//   equity skew); butterfly (25Δ) = (call 25Δ IV + put 25Δ IV) / 2 − ATM IV, in vol points (the
//   smile's curvature). Null where an expiration lacks either side.
// - shape: front = the first expiration at least 7 calendar days out (the first listed when none is),
//   back = the later expiration nearest 90 days (when nothing lies beyond the 7-day front, the front
//   is the first listed); slope = back ATM IV − front ATM IV in vol points.
//   |slope| < 0.5 point: flat; back higher: contango (the calm, usual shape); front higher:
//   backwardation (near-term stress priced above the longer run). Fewer than two expirations with
//   an ATM IV: unknown.
import type { ExpirySmile } from './surface.ts';

export const FRONT_MIN_DAYS = 7;
export const BACK_TARGET_DAYS = 90;
export const FLAT_SLOPE_PTS = 0.5;

export type TermShape = 'contango' | 'backwardation' | 'flat' | 'unknown';

export type TermPoint = {
  expiration: string;
  /** Calendar days to expiry, two decimals. */
  days: number;
  atm_iv: number | null;
  put_25d_iv: number | null;
  call_25d_iv: number | null;
  risk_reversal_25d_pts: number | null;
  butterfly_25d_pts: number | null;
};

export type TermStructure = {
  shape: TermShape;
  front_expiration: string | null;
  back_expiration: string | null;
  /** Back ATM IV − front ATM IV, vol points; null when unknown. */
  slope_pts: number | null;
  points: TermPoint[];
};

const round2 = (x: number) => Math.round(x * 100) / 100;

export function termPoint(s: ExpirySmile): TermPoint {
  const both = s.call25 !== null && s.put25 !== null;
  return {
    expiration: s.date,
    days: round2(s.t * 365),
    atm_iv: s.atmIv,
    put_25d_iv: s.put25,
    call_25d_iv: s.call25,
    risk_reversal_25d_pts: both ? ((s.call25 as number) - (s.put25 as number)) * 100 : null,
    butterfly_25d_pts:
      both && s.atmIv !== null ? (((s.call25 as number) + (s.put25 as number)) / 2 - s.atmIv) * 100 : null,
  };
}

export function termStructure(smiles: readonly ExpirySmile[]): TermStructure {
  const points = smiles.map(termPoint);
  const priced = points.filter((p) => p.atm_iv !== null);
  const unknown: TermStructure = {
    shape: 'unknown',
    front_expiration: null,
    back_expiration: null,
    slope_pts: null,
    points,
  };
  if (priced.length < 2) return unknown;
  let front = priced.find((p) => p.days >= FRONT_MIN_DAYS) ?? (priced[0] as TermPoint);
  let later = priced.filter((p) => p.days > front.days);
  if (later.length === 0) {
    front = priced[0] as TermPoint;
    later = priced.slice(1);
  }
  const back = later.reduce((best, p) =>
    Math.abs(p.days - BACK_TARGET_DAYS) < Math.abs(best.days - BACK_TARGET_DAYS) ? p : best,
  );
  const slope = ((back.atm_iv as number) - (front.atm_iv as number)) * 100;
  return {
    shape: Math.abs(slope) < FLAT_SLOPE_PTS ? 'flat' : slope > 0 ? 'contango' : 'backwardation',
    front_expiration: front.expiration,
    back_expiration: back.expiration,
    slope_pts: slope,
    points,
  };
}
