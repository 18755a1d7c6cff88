// One run of the engine's profile + flip in a fresh process, for the numpy comparison of
// engine.bench.ts: reads the chain file the benchmark wrote (the same file the numpy reference
// reads), times the first findGammaFlip of the process and then the median of `warm` more, and
// prints one JSON line. BACKEND is the kernel's sum: wasm-simd (the default, as the app runs) or js.
// Run: node --import tsx test/bench/engine-flip-once.ts CHAIN.json [WARM] [BACKEND]
import { readFileSync } from 'node:fs';
import { findGammaFlip } from '../../src/service/engine/flip.ts';
import { kernelBackend, useKernelBackend } from '../../src/service/engine/gamma-kernel-wasm.ts';
import { chainFromHandover, type Handover } from './engine-handover.ts';

const [file, warmArg, backendArg] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: engine-flip-once.ts CHAIN.json [WARM_RUNS] [wasm-simd|js]');
if (backendArg === 'js' || backendArg === 'wasm-simd') useKernelBackend(backendArg);
const handover = JSON.parse(readFileSync(file, 'utf8')) as Handover;
const chain = chainFromHandover(handover);
const options = { rangePct: handover.rangePct, points: handover.points, tolerancePct: handover.tolerancePct };

let t0 = performance.now();
const price = findGammaFlip(chain, options).price;
const first = performance.now() - t0;
const warm: number[] = [];
for (let i = 0; i < Number(warmArg ?? 0); i++) {
  t0 = performance.now();
  findGammaFlip(chain, options);
  warm.push(performance.now() - t0);
}
warm.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    first_ms: first,
    warm_ms: warm[Math.floor(warm.length / 2)] ?? null,
    price,
    backend: kernelBackend(),
  }) + '\n',
);
