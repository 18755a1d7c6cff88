// The gamma kernel's two hot loops, building its terms from a chain and summing them at one spot,
// Σ c_i · exp(−((ln S + a_i) · b_i)² / 2), by one of two backends:
// - 'wasm-simd' (the default): wasm/gamma-kernel.wat. The sum runs exp inline on two-lane SIMD
//   instead of calling Math.exp (about 2.5× less CPU), and the build runs compiled from its first
//   contract, where the JavaScript loop spends most of a one-off build in the interpreter.
// - 'js': the plain loops of profile.ts, used where WebAssembly SIMD is not available, and the
//   reference the WebAssembly backend is tested against.
// Both give the same kernel (a to the last bit of ln K) and the same sums to ~1e−14 of Σ|terms|
// (rounding and summation order). Terms whose exp is below the smallest normal double are exactly 0
// in both.
//
// The module is compiled and tiered up once per thread when this file loads (about 1 + 5 ms; like
// `import numpy`, it is start-up, not a request's work; see TIER_UP_CALLS). Its memory holds one kernel at a time: the last kernel built
// or summed stays loaded, so a profile and the flip's bisection on it copy nothing, and the memory
// is reused from chain to chain (touching fresh memory is what a first analysis costs most here).
import type { OptionChain } from './chain.ts';
import type { GammaKernel } from './profile.ts';
import { GAMMA_KERNEL_WASM } from './wasm/gamma-kernel.wasm.ts';
import { webAssembly, type WasmMemory } from './wasm/web-assembly.ts';

export type KernelBackend = 'wasm-simd' | 'js';

/** Terms per loop iteration of the SIMD sum (four lane pairs); kernels are padded with c = 0. */
const TERMS_PER_STEP = 8;
const WASM_PAGE = 65_536;
const F64 = Float64Array.BYTES_PER_ELEMENT;

interface KernelExports {
  memory: WasmMemory;
  sum: (a: number, b: number, c: number, n: number, lnS: number) => number;
  ln: (x: number) => number;
  build: (...args: number[]) => number;
  profile: (
    a: number,
    b: number,
    c: number,
    n: number,
    lnS0: number,
    h: number,
    points: number,
    out: number,
  ) => void;
}

function instantiate(): KernelExports | null {
  try {
    const bytes = Buffer.from(GAMMA_KERNEL_WASM, 'base64');
    const WebAssembly = webAssembly();
    if (!WebAssembly.validate(bytes)) return null; // no SIMD in this runtime
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
    const { memory, sum, ln, build, profile } = exports as Partial<KernelExports>;
    if (!(memory instanceof WebAssembly.Memory)) return null;
    if (typeof sum !== 'function' || typeof ln !== 'function' || typeof build !== 'function') return null;
    if (typeof profile !== 'function') return null;
    return { memory, sum, ln, build, profile };
  } catch {
    return null;
  }
}

/**
 * Calls of each of the module's loops on zero-weight input that bring them to V8's optimising tier.
 * V8 first runs a wasm function as baseline code (Liftoff) and compiles optimised code only after
 * enough calls; the engine bench measured the first SPX profile several ms slower that way. So the
 * module tiers up at start-up (a few ms, most of it the optimising compile that would otherwise
 * happen in the first analysis), not on a user's first chain.
 */
const TIER_UP_CALLS = 2_000;

function tierUp(exports: KernelExports | null): KernelExports | null {
  // A fresh memory is zero: eight terms with c = 0 at offset 0 sum to 0.
  for (let i = 0; exports !== null && i < TIER_UP_CALLS; i++) exports.sum(0, 0, 0, TERMS_PER_STEP, 0);
  // eight contracts without open interest: every one skipped
  for (let i = 0; exports !== null && i < TIER_UP_CALLS; i++)
    exports.build(8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  // one term with c = 0 over eight points: adds zeros to zeros
  for (let i = 0; exports !== null && i < TIER_UP_CALLS; i++) exports.profile(0, 0, 0, 1, 0, 1, 8, 1024);
  return exports;
}

const wasm = tierUp(instantiate());
let backend: KernelBackend = wasm === null ? 'js' : 'wasm-simd';

/** Where a kernel's terms sit in the module's memory (byte offsets) and their padded count. */
interface Layout {
  a: number;
  b: number;
  c: number;
  n: number;
}

/**
 * A kernel the module built: its terms stay in the module's memory, where the profile and the
 * flip read them, and are copied out only if something reads `a`, `b` or `c`. When another kernel
 * has taken the memory since, the module builds it again from the same chain (a fraction of a
 * millisecond), so nothing is copied just in case. Chains are never changed once packed.
 */
class ResidentKernel implements GammaKernel {
  #terms: { a: Float64Array; b: Float64Array; c: Float64Array } | null = null;

  constructor(
    readonly size: number,
    readonly chain: OptionChain,
    readonly inputs: KernelInputs,
  ) {}

  get a(): Float64Array {
    return this.terms().a;
  }

  get b(): Float64Array {
    return this.terms().b;
  }

  get c(): Float64Array {
    return this.terms().c;
  }

  private terms(): { a: Float64Array; b: Float64Array; c: Float64Array } {
    if (this.#terms === null && wasm !== null) {
      const layout = residentLayout(wasm, this);
      const copy = (at: number) => new Float64Array(wasm.memory.buffer, at, this.size).slice();
      this.#terms = { a: copy(layout.a), b: copy(layout.b), c: copy(layout.c) };
    }
    return this.#terms ?? { a: new Float64Array(0), b: new Float64Array(0), c: new Float64Array(0) };
  }
}

/** The kernel in the module's memory (weakly held) and where its terms are. */
let loaded: { kernel: WeakRef<GammaKernel>; layout: Layout } | null = null;

/** Where `kernel` sits in the module's memory, or null when it is not there. */
function layoutOf(kernel: GammaKernel): Layout | null {
  return loaded !== null && loaded.kernel.deref() === kernel ? loaded.layout : null;
}

/** A resident kernel's place in memory, building it there again if another kernel came since. */
function residentLayout(exports: KernelExports, kernel: ResidentKernel): Layout {
  const layout = layoutOf(kernel) ?? buildInto(exports, kernel.chain, kernel.inputs).layout;
  loaded = { kernel: new WeakRef(kernel), layout };
  return layout;
}

/** The backend in use. */
export function kernelBackend(): KernelBackend {
  return backend;
}

/** Whether this runtime runs the WebAssembly SIMD module. */
export function wasmSimdAvailable(): boolean {
  return wasm !== null;
}

/** Picks a backend (benchmarks and tests compare both); 'wasm-simd' without SIMD support throws. */
export function useKernelBackend(next: KernelBackend): void {
  if (next === 'wasm-simd' && wasm === null)
    throw new Error('WebAssembly SIMD is not available in this runtime');
  backend = next;
}

/** The module's ln, exported for its accuracy test. */
export function wasmLn(x: number): number {
  if (wasm === null) throw new Error('WebAssembly SIMD is not available in this runtime');
  return wasm.ln(x);
}

function padded(size: number): number {
  return Math.ceil(size / TERMS_PER_STEP) * TERMS_PER_STEP;
}

/** The module's memory, grown to at least `bytes`. */
function memoryOf(exports: KernelExports, bytes: number): ArrayBuffer {
  const short = bytes - exports.memory.buffer.byteLength;
  if (short > 0) exports.memory.grow(Math.ceil(short / WASM_PAGE));
  return exports.memory.buffer;
}

/** The kernel's place in the module's memory, copying it there unless it is the one already there. */
function load(exports: KernelExports, kernel: GammaKernel): Layout {
  if (kernel instanceof ResidentKernel) return residentLayout(exports, kernel);
  const resident = layoutOf(kernel);
  if (resident !== null) return resident;
  const n = padded(kernel.size);
  const view = new Float64Array(memoryOf(exports, 3 * n * F64), 0, 3 * n);
  view.set(kernel.a, 0);
  view.fill(0, kernel.size, n);
  view.set(kernel.b, n);
  view.fill(0, n + kernel.size, 2 * n);
  view.set(kernel.c, 2 * n);
  view.fill(0, 2 * n + kernel.size, 3 * n);
  const layout = { a: 0, b: n * F64, c: 2 * n * F64, n };
  loaded = { kernel: new WeakRef(kernel), layout };
  return layout;
}

/** What buildGammaKernel reads besides the chain, resolved. */
export interface KernelInputs {
  r: number;
  q: number;
  /** One q per expiration (forward-priced chains, forward.ts); the module takes one q, so the JS loop builds these. */
  qByExpiry?: Float64Array | undefined;
  naive: boolean;
  mask: Uint8Array | undefined;
  /** Years to expiry, √t and e^−qt per expiration. */
  years: Float64Array;
  rootT: Float64Array;
  carry: Float64Array;
}

/**
 * The kernel built by the module, or null on the 'js' backend. The terms are written over the
 * columns they are built from and stay there for the sum: the new kernel is the loaded one.
 */
export function buildKernelInWasm(chain: OptionChain, inputs: KernelInputs): GammaKernel | null {
  if (backend === 'js' || wasm === null || inputs.qByExpiry !== undefined) return null;
  const { terms, layout } = buildInto(wasm, chain, inputs);
  const kernel = new ResidentKernel(terms, chain, inputs);
  loaded = { kernel: new WeakRef(kernel), layout };
  return kernel;
}

/** Runs the module's build over the chain's columns, copied into its memory (reused, not grown, chain after chain). */
function buildInto(
  exports: KernelExports,
  chain: OptionChain,
  inputs: KernelInputs,
): { terms: number; layout: Layout } {
  loaded = null;
  const size = chain.size;
  const expirations = inputs.years.length;
  const cap = padded(size);
  // iv, open interest and strike, each with room for the padded terms written over them
  const iv = 0;
  const oi = cap * F64;
  const strike = 2 * cap * F64;
  const years = 3 * cap * F64;
  const rootT = years + expirations * F64;
  const carry = rootT + expirations * F64;
  const expiry = carry + expirations * F64;
  const call = expiry + size * 2;
  const mask = call + size;
  const buffer = memoryOf(exports, mask + expirations);
  new Float64Array(buffer, iv, size).set(chain.iv);
  new Float64Array(buffer, oi, size).set(chain.openInterest);
  new Float64Array(buffer, strike, size).set(chain.strike);
  new Float64Array(buffer, years, expirations).set(inputs.years);
  new Float64Array(buffer, rootT, expirations).set(inputs.rootT);
  new Float64Array(buffer, carry, expirations).set(inputs.carry);
  new Uint16Array(buffer, expiry, size).set(chain.expiryIndex);
  new Uint8Array(buffer, call, size).set(chain.isCall);
  const maskBytes = new Uint8Array(buffer, mask, expirations).fill(0);
  if (inputs.mask !== undefined) maskBytes.set(inputs.mask.subarray(0, expirations));
  const terms = exports.build(
    size,
    iv,
    oi,
    strike,
    expiry,
    call,
    years,
    rootT,
    carry,
    mask,
    inputs.mask === undefined ? 0 : 1,
    inputs.r,
    inputs.q,
    inputs.naive ? 1 : 0,
    iv,
    oi,
    strike,
  );
  return { terms, layout: { a: iv, b: oi, c: strike, n: padded(terms) } };
}

/** Σ c_i · exp(−((lnS + a_i) · b_i)² / 2) by the plain loop. */
export function gaussianSumJs(kernel: GammaKernel, lnS: number): number {
  const { a, b, c, size } = kernel;
  let sum = 0;
  for (let i = 0; i < size; i++) {
    const x = (lnS + (a[i] as number)) * (b[i] as number);
    sum += (c[i] as number) * Math.exp(-0.5 * x * x);
  }
  return sum;
}

/** The kernel's sum at one ln S, by the backend in use. */
export function gaussianSum(kernel: GammaKernel, lnS: number): number {
  if (backend === 'js' || wasm === null || kernel.size === 0) return gaussianSumJs(kernel, lnS);
  const at = load(wasm, kernel);
  return wasm.sum(at.a, at.b, at.c, at.n, lnS);
}

/**
 * The kernel's sums on `count` points evenly spaced in ln S from `start` by `step`: out[j] is the sum
 * at ln S = start + j · step. The module walks each term's Gaussian along the grid with two multiplies
 * per point (see `profile` in the .wat; to about 1e−12 of each term); the 'js' backend sums at each
 * point.
 */
export function logGridSums(kernel: GammaKernel, start: number, step: number, count: number): Float64Array {
  if (backend === 'js' || wasm === null || kernel.size === 0) {
    return Float64Array.from({ length: count }, (_, j) => gaussianSumJs(kernel, start + j * step));
  }
  const at = load(wasm, kernel);
  // After the terms: one slot for index −1, the points, one slot past the last.
  const base = at.c + at.n * F64;
  const buffer = memoryOf(wasm, base + (count + 2) * F64);
  new Float64Array(buffer, base, count + 2).fill(0);
  wasm.profile(at.a, at.b, at.c, kernel.size, start, step, count, base + F64);
  return new Float64Array(wasm.memory.buffer, base + F64, count).slice();
}
