// The engine's hot path: the gamma profile and flip over a 201-point grid for a 10,000-contract
// chain (target < 50 ms), the same by the plain per-contract loop (the ratio is what the
// precomputed kernel buys), the whole analyzeChain, the curves, the heap one analysis takes, and the
// profile + flip of an SPX-sized chain against the numpy reference, one process per run
// (engine-numpy.ts; skipped with a message when python3 has no numpy).
// Run: `npm run bench -- engine` (node --expose-gc, so heap deltas start from a collected heap).
import { analyzeChain } from '../../src/service/engine/analyze.ts';
import { gammaByExpiration, gammaCurve, gexByStrike } from '../../src/service/engine/curves.ts';
import { findGammaFlip, flipFromProfile } from '../../src/service/engine/flip.ts';
import { kernelBackend, useKernelBackend } from '../../src/service/engine/gamma-kernel-wasm.ts';
import { buildGammaKernel, gammaProfileReference, referenceGex } from '../../src/service/engine/profile.ts';
import { makeLargeChain, mapContracts } from '../support/chain-factory.ts';
import { engineVersusNumpy } from './engine-numpy.ts';
import { medianMs, type BenchSuite, type Measurement } from './harness.ts';

const CONTRACTS = 10_000;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Mean CPU time (user + system) of `fn` over `runs` runs: less sensitive than wall time to other processes. */
function cpuMs(fn: () => unknown, runs = 30): number {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

/** JS heap plus ArrayBuffer memory (typed arrays live outside the JS heap). */
function usedBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Memory growth while `fn` runs once from a collected heap, in MiB (a lower bound of the peak). */
function heapDeltaMiB(fn: () => unknown): number {
  collect();
  const before = usedBytes();
  const keep = fn();
  const after = usedBytes();
  void keep;
  return (after - before) / 2 ** 20;
}

const suite: BenchSuite = {
  name: 'engine',
  async run(): Promise<Measurement[]> {
    const chain = makeLargeChain(CONTRACTS, 1);
    const active = buildGammaKernel(chain).size;
    const shape = `${chain.size} contracts (${active} kernel terms), ${chain.expirations.length} expirations, 201 points`;

    let fastPrice: number | null = null;
    const fast = await medianMs(() => (fastPrice = findGammaFlip(chain).price), 30, 5);
    let plainPrice: number | null = null;
    const plain = await medianMs(
      () => {
        const profile = gammaProfileReference(chain);
        plainPrice = flipFromProfile(profile, chain.spot, (s) => referenceGex(chain, s)).price;
      },
      5,
      1,
    );
    const fastCpu = cpuMs(() => findGammaFlip(chain));
    const backend = kernelBackend();
    // The same on the js backend (plain JavaScript loops, as where WebAssembly SIMD is missing).
    useKernelBackend('js');
    const fastJs = await medianMs(() => findGammaFlip(chain), 30, 5);
    const fastJsCpu = cpuMs(() => findGammaFlip(chain));
    useKernelBackend(backend);
    // The simulator quotes a strike's put and call at one IV: the kernel then has one term per strike.
    const oneIv = mapContracts(chain, (row, i) =>
      !row.isCall && chain.isCall[i + 1] === 1 && chain.strike[i + 1] === row.strike
        ? { iv: chain.iv[i + 1] as number }
        : null,
    );
    const oneIvTerms = buildGammaKernel(oneIv).size;
    const fastOneIv = await medianMs(() => findGammaFlip(oneIv), 30, 5);
    const agree =
      fastPrice !== null && plainPrice !== null && Math.abs(fastPrice - plainPrice) < 1e-6 * chain.spot;

    const analyze = await medianMs(() => analyzeChain(chain), 20, 3);
    const curves = await medianMs(
      () => [gammaCurve(chain), gammaByExpiration(chain), gexByStrike(chain)],
      10,
      2,
    );
    const heap = heapDeltaMiB(() => analyzeChain(chain));
    const heapFlip = heapDeltaMiB(() => findGammaFlip(chain));
    const gcNote = (globalThis as { gc?: unknown }).gc
      ? 'heapUsed + arrayBuffers delta from a collected heap'
      : 'no --expose-gc: unreliable';

    return [
      {
        name: 'profile + flip, precomputed kernel',
        value: fast,
        unit: 'ms',
        target: { value: 50, better: 'lower' },
        note: `${shape}; kernel sum: ${backend}; median of 30`,
      },
      {
        name: 'profile + flip, precomputed kernel, CPU time',
        value: fastCpu,
        unit: 'ms',
        note: 'user + system per run, mean of 30',
      },
      {
        name: 'profile + flip, kernel as plain Math.exp loops (the js backend)',
        value: fastJs,
        unit: 'ms',
        note: `median of 30; CPU ${fastJsCpu.toFixed(1)} ms per run`,
      },
      { name: `speed-up of ${backend} over the Math.exp loop (CPU)`, value: fastJsCpu / fastCpu, unit: '×' },
      {
        name: 'profile + flip, one IV per strike (as simulated chains are quoted)',
        value: fastOneIv,
        unit: 'ms',
        target: { value: 50, better: 'lower' },
        note: `${oneIvTerms} kernel terms; median of 30`,
      },
      {
        name: 'profile + flip, plain per-contract bsGamma loop',
        value: plain,
        unit: 'ms',
        note: `median of 5; same flip as the kernel: ${agree ? 'yes' : 'NO'}`,
      },
      { name: 'speed-up of the kernel over the plain loop', value: plain / fast, unit: '×' },
      {
        name: 'analyzeChain, 10,000 contracts',
        value: analyze,
        unit: 'ms',
        note: 'every ChainMetrics figure; median of 20',
      },
      {
        name: 'curves: gamma + gamma by expiration + GEX by strike',
        value: curves,
        unit: 'ms',
        note: 'median of 10',
      },
      { name: 'heap growth of one analyzeChain', value: heap, unit: 'MiB', note: gcNote },
      { name: 'heap growth of one profile + flip', value: heapFlip, unit: 'MiB', note: gcNote },
      ...engineVersusNumpy(),
    ];
  },
};

export default suite;
