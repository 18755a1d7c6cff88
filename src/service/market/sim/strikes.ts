// Listed strikes: a base increment set by the price (index ETFs list $1 strikes at any price), made
// coarser for far expirations and away from the money, over a range that widens with the square
// root of time. Strikes are always whole multiples of the increment in force where they sit.

/**
 * Coarser increments that stay multiples of a base increment: ×2, ×5, ×10, or ×2, ×4, ×10 for the
 * 2.5 family (2.5 → 5, 10, 25).
 */
export function stepLadder(base: number): readonly number[] {
  const mantissa = base / Math.pow(10, Math.floor(Math.log10(base) + 1e-9));
  const factors = Math.abs(mantissa - 2.5) < 1e-9 ? [1, 2, 4, 10] : [1, 2, 5, 10];
  return factors.map((f) => Math.round(base * f * 1000) / 1000);
}

/** Strike increment near the money for a near-term expiration. */
export function baseStrikeStep(price: number, fineStrikes: boolean): number {
  if (fineStrikes) return price < 50 ? 0.5 : price < 1000 ? 1 : 5;
  if (price < 25) return 0.5;
  if (price < 100) return 1;
  if (price < 250) return 2.5;
  if (price < 500) return 5;
  if (price < 1000) return 10;
  return 20;
}

export interface StrikeGridInputs {
  /** The price the grid is centred on (the previous close: strikes are listed before the open). */
  center: number;
  /** ATM implied vol used to size the range. */
  vol: number;
  /** Years to expiry. */
  t: number;
  /** Base increment (baseStrikeStep). */
  step: number;
}

/** The most the 5σ floor of the far strikes' reach asks for, in log moneyness (about −40 % / +65 %). */
const FAR_REACH_LOG = 0.5;

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Ascending strikes of one expiration. */
export function strikeGrid({ center, vol, t, step }: StrikeGridInputs): number[] {
  const sd = vol * Math.sqrt(Math.max(t, 1 / 365));
  const ladder = stepLadder(step);
  const level = t <= 70 / 365 ? 0 : t <= 200 / 365 ? 1 : 2;
  const termStep = ladder[level] as number;
  const midStep = ladder[level + 1] as number;
  const farStep = ladder[Math.min(level + 2, ladder.length - 1)] as number;
  const rel = termStep / center;
  // Bands sized in standard deviations, with a floor and a cap in strike counts, so that a
  // high-vol spell does not list hundreds of $1 strikes.
  const near = Math.min(Math.max(1.5 * sd, 16 * rel), 30 * rel);
  const mid = Math.min(Math.max(3 * sd, 28 * rel), near + (15 * midStep) / center);
  // Out to 5σ (at most FAR_REACH_LOG) however coarse the far strikes: with index-sized increments
  // (5-point SPX) twelve far strikes alone ended at −10 %, short of where an index's hedges sit.
  const cap = Math.max(mid + (12 * farStep) / center, Math.min(5 * sd, FAR_REACH_LOG));
  const lo = Math.max(Math.log(0.15), -Math.min(Math.max(5 * sd, 32 * rel, 0.1), cap));
  const hi = Math.min(Math.log(3), Math.min(Math.max(4 * sd, 26 * rel, 0.08), cap));
  const stepAt = (k: number): number => {
    const a = Math.abs(k);
    return a <= near ? termStep : a <= mid ? midStep : farStep;
  };

  const below: number[] = [];
  let k = round3(Math.floor(center / termStep + 1e-9) * termStep);
  while (k > 0 && Math.log(k / center) >= lo) {
    below.push(k);
    const s = stepAt(Math.log(k / center));
    k = round3((Math.ceil(k / s - 1e-9) - 1) * s);
  }
  const above: number[] = [];
  k =
    below.length > 0 ? round3((Math.floor((below[0] as number) / termStep + 1e-9) + 1) * termStep) : termStep;
  while (Math.log(k / center) <= hi) {
    above.push(k);
    const s = stepAt(Math.log(k / center));
    k = round3((Math.floor(k / s + 1e-9) + 1) * s);
  }
  return [...below.reverse(), ...above];
}
