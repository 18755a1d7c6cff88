// The engine against vectorised numpy on an SPX-sized chain: each run is one fresh process (ours:
// engine-flip-once.ts; numpy: reference/gamma_flip_numpy.py) reading the same chain file, timing its
// first profile + flip (data already loaded, modules imported: the WebAssembly kernel is compiled at
// import like numpy's at `import numpy`) and the median of a few more in the same process. Runs
// alternate ours / numpy so both see the same load on a shared machine; medians over the runs. Ours
// also runs with the plain Math.exp loop (the backend without WebAssembly SIMD), for what SIMD buys.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGammaFlip } from '../../src/service/engine/flip.ts';
import { makeSpxLikeChain, SPX_ROWS, SPX_WITH_OI } from './engine-spx-chain.ts';
import { toHandover } from './engine-handover.ts';
import type { Measurement } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = 40;
const WARM = 3;
const GRID = { rangePct: 0.2, points: 201, tolerancePct: 1e-4 };

interface RunResult {
  first_ms: number;
  warm_ms: number | null;
  price: number | null;
  agree?: boolean;
  /** Ours only: the kernel's sum backend the run used. */
  backend?: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor(s.length / 2)] as number);
}

function runOnce(cmd: string, args: string[]): RunResult {
  const out = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  if (out.status !== 0 && out.status !== 2) throw new Error(`${cmd} ${args.join(' ')} failed: ${out.stderr}`);
  return JSON.parse(line) as RunResult;
}

export function numpyAvailable(): boolean {
  return spawnSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
}

export function engineVersusNumpy(): Measurement[] {
  const chain = makeSpxLikeChain();
  const ours = findGammaFlip(chain, GRID).price;
  const shape =
    `SPX-like chain built deterministically (no SPX chain is stored): ${SPX_ROWS.toLocaleString('en-US')} rows, ` +
    `${SPX_WITH_OI.toLocaleString('en-US')} with open interest, ${chain.expirations.length} expirations, 201 points`;
  const dir = mkdtempSync(join(tmpdir(), 'gw-engine-numpy-'));
  const file = join(dir, 'chain.json');
  writeFileSync(file, JSON.stringify(toHandover(chain, GRID, ours)));
  const once = [join(here, 'engine-flip-once.ts'), file, String(WARM)];
  const script = join(here, 'reference', 'gamma_flip_numpy.py');
  const withNumpy = numpyAvailable();
  const runs = {
    ours: [] as RunResult[],
    oursJs: [] as RunResult[],
    textbook: [] as RunResult[],
    kernel: [] as RunResult[],
  };
  try {
    for (let i = 0; i < RUNS; i++) {
      runs.ours.push(runOnce(process.execPath, ['--import', 'tsx', ...once, 'wasm-simd']));
      runs.oursJs.push(runOnce(process.execPath, ['--import', 'tsx', ...once, 'js']));
      if (!withNumpy) continue;
      runs.textbook.push(runOnce('python3', [script, file, String(WARM), 'textbook']));
      runs.kernel.push(runOnce('python3', [script, file, String(WARM), 'kernel']));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const first = (rs: RunResult[]) => median(rs.map((r) => r.first_ms));
  const warm = (rs: RunResult[]) => median(rs.map((r) => r.warm_ms ?? Number.NaN));
  const oursFirst = first(runs.ours);
  const oursWarm = warm(runs.ours);
  const backends = new Set(runs.ours.map((r) => r.backend));
  const out: Measurement[] = [
    {
      name: 'SPX-sized profile + flip, ours, first call in a fresh process',
      value: oursFirst,
      unit: 'ms',
      note: `${shape}; kernel sum: ${[...backends].join(', ')}; median of ${RUNS} processes; warm (median of ${WARM} more per process): ${oursWarm.toFixed(1)} ms`,
    },
    {
      name: 'SPX-sized profile + flip, ours with the plain Math.exp loop, first call in a fresh process',
      value: first(runs.oursJs),
      unit: 'ms',
      note: `the backend used without WebAssembly SIMD; median of ${RUNS} processes; warm: ${warm(runs.oursJs).toFixed(1)} ms`,
    },
  ];
  if (!withNumpy) {
    process.stdout.write(
      '  numpy comparison skipped: `python3 -c "import numpy"` failed (no python3 or numpy)\n',
    );
    return out;
  }
  const disagree = [...runs.textbook, ...runs.kernel].filter((r) => r.agree !== true).length;
  for (const [form, rs, what] of [
    ['textbook', runs.textbook, 'Black-Scholes gamma as Python GEX tools write it'],
    ['kernel', runs.kernel, "the engine's own algebra, in-place ufuncs and a BLAS mat-vec"],
  ] as const) {
    const f = first(rs);
    const w = warm(rs);
    out.push(
      {
        name: `SPX-sized profile + flip, numpy (${form} form), first call in a fresh process`,
        value: f,
        unit: 'ms',
        note: `${what}; median of ${RUNS} processes; warm: ${w.toFixed(1)} ms; flips equal to ours (1e-6 of spot): ${disagree === 0 ? 'yes' : `NO (${disagree} runs differ)`}`,
      },
      {
        name: `ratio ours / numpy (${form} form), first call`,
        value: oursFirst / f,
        unit: '×',
        target: { value: 0.333, better: 'lower' },
        note: `warm: ${(oursWarm / w).toFixed(2)}×`,
      },
    );
  }
  return out;
}
