// The gamma profile: total GEX re-priced over hypothetical spots. At each hypothetical spot S every
// contract's gamma is re-evaluated with Black-Scholes (same IVs, same times to expiry, same r and q)
// and the GEX uses S² (USD per 1 % move at that spot). The grid spans ±20 % of spot with 201 points
// by default, spot itself in the middle.
//
// This is the engine's hot path (10,000 contracts × 201 points, plus the flip's bisection), so the
// per-contract work is reduced to one multiply-add and one exp. Writing the contract's GEX at S:
//   d1 = (ln S − ln K + (r − q + σ²/2) t) / (σ√t) = (ln S + a) · b
//   GEX(S) = sign · OI · 100 · S² · 0.01 · e^{−qt} φ(d1) / (S σ√t) = S · c · exp(−d1² / 2)
// with a = (r − q + σ²/2) t − ln K, b = 1/(σ√t), c = sign · OI · e^{−qt} · b / √(2π), computed once
// per contract (once per strike when its put and call share one IV). Options priced off each
// expiration's forward (forward.ts: VIX) carry one q per expiration, so a hypothetical spot S moves
// every forward in proportion (F_e(S) = F_e · S / spot); their terms are built by the JavaScript loop. The sum over contracts runs in
// WebAssembly SIMD where the runtime has it (gamma-kernel-wasm.ts), and so does building the terms. `gammaProfileReference` is the
// plain loop over `bsGamma`, kept to check the kernel and to measure what the rewrite buys.
import { hasValidIv, type OptionChain } from './chain.ts';
import { CONTRACT_MULTIPLIER, expiryYears, sharesToGex, usableCount, type GammaView } from './exposure.ts';
import { buildKernelInWasm, gaussianSum, logGridSums, type KernelInputs } from './gamma-kernel-wasm.ts';
import { bsGamma } from './pricing.ts';
import { DEFAULT_PRICING, yieldAt, type PricingParams } from './types.ts';

const INV_SQRT_2PI = 0.3989422804014327;

export interface ProfileOptions {
  pricing?: PricingParams | undefined;
  view?: GammaView;
  /** 1 where the expiration (by index) is included; all expirations when absent. */
  mask?: Uint8Array;
  /** Half-width of the grid as a fraction of spot. Default 0.2. */
  rangePct?: number;
  /** Grid points, at least 3. Default 201. */
  points?: number;
}

export interface GammaProfile {
  /** Hypothetical spots, ascending. */
  spots: Float64Array;
  /** Total GEX at each hypothetical spot, USD per 1 % move. */
  gex: Float64Array;
}

/** Per-term constants of the kernel; contracts with no OI or no valid IV are left out. */
export interface GammaKernel {
  readonly size: number;
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly c: Float64Array;
}

export const DEFAULT_RANGE_PCT = 0.2;
export const DEFAULT_POINTS = 201;

/**
 * The grid in ln S: `below` evenly spaced from spot · (1 − range) up to (not including) spot, then
 * `above` from spot up to spot · (1 + range), spot itself in the middle. Even steps in ln S are what
 * lets the profile walk each term's Gaussian with multiplies (logGridSums); each half keeps its ends
 * at exactly ±range.
 */
export interface LogGrid {
  below: { start: number; step: number; count: number };
  above: { start: number; step: number; count: number };
}

export function logGrid(spot: number, rangePct = DEFAULT_RANGE_PCT, points = DEFAULT_POINTS): LogGrid {
  if (!(spot > 0) || !Number.isFinite(spot))
    throw new RangeError(`spot must be a positive number, got ${spot}`);
  if (!(rangePct > 0 && rangePct < 1)) throw new RangeError(`rangePct must be in (0, 1), got ${rangePct}`);
  if (!Number.isInteger(points) || points < 3)
    throw new RangeError(`points must be an integer ≥ 3, got ${points}`);
  const mid = Math.floor((points - 1) / 2);
  const lnSpot = Math.log(spot);
  const low = Math.log1p(-rangePct);
  return {
    below: { start: lnSpot + low, step: -low / mid, count: mid },
    above: { start: lnSpot, step: Math.log1p(rangePct) / (points - 1 - mid), count: points - mid },
  };
}

/** ln S at each grid point. */
function gridLogs(grid: LogGrid): Float64Array {
  const { below, above } = grid;
  const out = new Float64Array(below.count + above.count);
  for (let j = 0; j < below.count; j++) out[j] = below.start + j * below.step;
  for (let j = 0; j < above.count; j++) out[below.count + j] = above.start + j * above.step;
  return out;
}

/** The hypothetical spots of the grid, ascending: ±`rangePct` of spot in `points` points. */
export function spotGrid(spot: number, rangePct = DEFAULT_RANGE_PCT, points = DEFAULT_POINTS): Float64Array {
  return gridLogs(logGrid(spot, rangePct, points)).map(Math.exp);
}

function included(chain: OptionChain, i: number, mask: Uint8Array | undefined): boolean {
  return mask === undefined || mask[chain.expiryIndex[i] as number] === 1;
}

export function buildGammaKernel(chain: OptionChain, options: ProfileOptions = {}): GammaKernel {
  const pricing = options.pricing ?? DEFAULT_PRICING;
  const { r, q } = pricing;
  const years = expiryYears(chain);
  const inputs: KernelInputs = {
    r,
    q,
    qByExpiry: pricing.qByExpiry,
    naive: options.view === 'naive',
    mask: options.mask,
    years,
    rootT: years.map(Math.sqrt),
    carry: years.map((t, e) => Math.exp(-yieldAt(pricing, e) * t)),
  };
  return buildKernelInWasm(chain, inputs) ?? buildGammaKernelJs(chain, inputs);
}

/** buildGammaKernel's loop in JavaScript: the 'js' backend, and the reference for the module's. */
export function buildGammaKernelJs(chain: OptionChain, inputs: KernelInputs): GammaKernel {
  const { r, q, qByExpiry, naive, mask, years, rootT, carry } = inputs;
  const a = new Float64Array(chain.size);
  const b = new Float64Array(chain.size);
  const c = new Float64Array(chain.size);
  let n = 0;
  let lastExpiry = -1;
  let lastStrike = Number.NaN;
  let lastSigma = Number.NaN;
  for (let i = 0; i < chain.size; i++) {
    const sigma = chain.iv[i] as number;
    const oi = usableCount(chain.openInterest[i] as number);
    const strike = chain.strike[i] as number;
    const expiry = chain.expiryIndex[i] as number;
    const t = years[expiry] as number;
    if (oi === 0 || !hasValidIv(sigma) || !(strike > 0) || !(t > 0)) continue;
    if (!included(chain, i, mask)) continue;
    const sd = sigma * (rootT[expiry] as number);
    const sign = naive || chain.isCall[i] === 1 ? 1 : -1;
    const weight = ((sign * oi * CONTRACT_MULTIPLIER * 0.01 * (carry[expiry] as number)) / sd) * INV_SQRT_2PI;
    // The chain lists a strike's put and call side by side; quoted at one IV they share a and b,
    // so they become one term (exact, and half the work on chains quoted that way).
    if (expiry === lastExpiry && strike === lastStrike && sigma === lastSigma) {
      c[n - 1] = (c[n - 1] as number) + weight;
      continue;
    }
    a[n] = (r - (qByExpiry?.[expiry] ?? q) + 0.5 * sigma * sigma) * t - Math.log(strike);
    b[n] = 1 / sd;
    c[n] = weight;
    n++;
    lastExpiry = expiry;
    lastStrike = strike;
    lastSigma = sigma;
  }
  return { size: n, a: a.subarray(0, n), b: b.subarray(0, n), c: c.subarray(0, n) };
}

/** Total GEX (USD per 1 % move) at one hypothetical spot. */
export function kernelGex(kernel: GammaKernel, spot: number): number {
  return gaussianSum(kernel, Math.log(spot)) * spot;
}

/** The profile on the grid (logGrid): each half summed along its even steps in ln S. */
export function profileFromKernel(kernel: GammaKernel, grid: LogGrid): GammaProfile {
  const spots = gridLogs(grid).map(Math.exp);
  const below = logGridSums(kernel, grid.below.start, grid.below.step, grid.below.count);
  const above = logGridSums(kernel, grid.above.start, grid.above.step, grid.above.count);
  const gex = new Float64Array(spots.length);
  gex.set(below, 0);
  gex.set(above, below.length);
  for (let j = 0; j < gex.length; j++) gex[j] = (gex[j] as number) * (spots[j] as number);
  return { spots, gex };
}

export function gammaProfile(chain: OptionChain, options: ProfileOptions = {}): GammaProfile {
  const grid = logGrid(chain.spot, options.rangePct, options.points);
  return profileFromKernel(buildGammaKernel(chain, options), grid);
}

/** Total GEX at one hypothetical spot by the plain loop: `bsGamma` for every contract. */
export function referenceGex(
  chain: OptionChain,
  spot: number,
  options: ProfileOptions = {},
  years: Float64Array = expiryYears(chain),
): number {
  const pricing = options.pricing ?? DEFAULT_PRICING;
  const naive = options.view === 'naive';
  let sum = 0;
  for (let i = 0; i < chain.size; i++) {
    if (!included(chain, i, options.mask)) continue;
    const e = chain.expiryIndex[i] as number;
    const gamma = bsGamma({
      spot,
      strike: chain.strike[i] as number,
      t: years[e] as number,
      sigma: hasValidIv(chain.iv[i] as number) ? (chain.iv[i] as number) : 0,
      r: pricing.r,
      q: yieldAt(pricing, e),
    });
    const sign = naive || chain.isCall[i] === 1 ? 1 : -1;
    sum +=
      sign * sharesToGex(gamma * usableCount(chain.openInterest[i] as number) * CONTRACT_MULTIPLIER, spot);
  }
  return sum;
}

/** The same profile by the plain loop, kept to check the kernel and to measure what it buys. */
export function gammaProfileReference(chain: OptionChain, options: ProfileOptions = {}): GammaProfile {
  const years = expiryYears(chain);
  const spots = spotGrid(chain.spot, options.rangePct, options.points);
  const gex = Float64Array.from(spots, (spot) => referenceGex(chain, spot, options, years));
  return { spots, gex };
}
