// The one definition of "distance to flip" the app shows (the watchlist and the detail view once
// showed opposite signs):
//   distance = (flip − spot) / spot × 100, POSITIVE when the flip is ABOVE spot.
// The service states the same convention; older stored snapshots (and a remote service) may carry
// the opposite sign, so the sign is taken from the two prices and only the magnitude from the
// reported figure: the service's own rounding stays, the direction is never contradicted.

import { roundHalfAway } from './figure-format.ts';
import { DISTANCE_DIGITS } from './figure-labels.ts';

type Num = number | null | undefined;
const isNum = (v: Num): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Distance from spot to the flip in percent of spot, positive when the flip is above spot.
 * `reported` is the service's figure (either sign convention); without both prices it is all
 * there is, so it is returned as given (null when there is no flip at all).
 */
export function flipDistancePct(spot: Num, flip: Num, reported: Num): number | null {
  if (isNum(flip) && isNum(spot) && spot > 0) {
    const side = Math.sign(flip - spot);
    if (isNum(reported)) return side === 0 ? 0 : side * Math.abs(reported);
    return ((flip - spot) / spot) * 100;
  }
  return isNum(reported) ? reported : null;
}

/**
 * The sign convention in words, for a tooltip: "+1.79%: the flip is 1.79% above spot". Rounded
 * like every figure (figure-format.ts, two decimals half away from zero), so it repeats the
 * number shown beside it.
 */
export function flipDistanceSentence(pct: Num, digits = DISTANCE_DIGITS): string {
  if (!isNum(pct)) return 'No gamma flip in range, so there is no distance to it.';
  const size = roundHalfAway(Math.abs(pct), digits).toFixed(digits);
  if (Number(size) === 0) return `${(0).toFixed(digits)}%: spot is at the flip.`;
  return pct > 0
    ? `+${size}%: the flip is ${size}% above spot.`
    : `−${size}%: the flip is ${size}% below spot.`;
}

/** The column header's explanation of the sign. */
export const FLIP_DISTANCE_HELP =
  'Distance to flip = (flip − spot) / spot. Positive: the flip is above spot; negative: below.';
