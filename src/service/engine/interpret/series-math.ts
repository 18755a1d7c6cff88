// Small numeric helpers shared by the history metrics and the interpreters. Every function here
// answers null (never NaN) when its input cannot support an answer, so callers can turn a null into
// a note instead of leaking NaN onto the wire.

/** Sessions per year, the annualization factor for daily returns. */
export const SESSIONS_PER_YEAR = 252;

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** Rounds to `digits` decimals; -0 becomes 0 so outputs never print "-0". */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

/** Rounds a nullable value. */
export function roundOrNull(x: number | null, digits: number): number | null {
  return x === null || !Number.isFinite(x) ? null : round(x, digits);
}

/** The last `n` values of a series, or null when it is shorter or any of them is not a positive number. */
export function lastPositive(
  values: ArrayLike<number>,
  n: number,
  endExclusive = values.length,
): number[] | null {
  if (n <= 0 || endExclusive < n || endExclusive > values.length) return null;
  const out: number[] = [];
  for (let i = endExclusive - n; i < endExclusive; i++) {
    const v = values[i] as number;
    if (!(v > 0) || !Number.isFinite(v)) return null;
    out.push(v);
  }
  return out;
}

export function mean(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Sample standard deviation (n − 1); null below two values. */
export function sampleStd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values);
  let s = 0;
  for (const v of values) s += (v - m) ** 2;
  return Math.sqrt(s / (values.length - 1));
}

/** Daily log returns of consecutive prices. */
export function logReturns(prices: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < prices.length; i++)
    out.push(Math.log((prices[i] as number) / (prices[i - 1] as number)));
  return out;
}

/** Ordinary least-squares slope of y against its index 0..n−1; null below two points. */
export function olsSlope(y: readonly number[]): number | null {
  const n = y.length;
  if (n < 2) return null;
  const xMean = (n - 1) / 2;
  const yMean = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - xMean) * ((y[i] as number) - yMean);
    sxx += (i - xMean) ** 2;
  }
  return sxy / sxx;
}

/** Annualized volatility in percent of the log returns of `prices` (sample std × √252 × 100). */
export function annualizedVolPct(prices: readonly number[]): number | null {
  const sd = sampleStd(logReturns(prices));
  return sd === null ? null : sd * Math.sqrt(SESSIONS_PER_YEAR) * 100;
}
