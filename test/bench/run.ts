// `npm run bench`: runs every test/bench/*.bench.ts (or those named on the command line), prints
// a table and writes test/bench/results/latest.{json,md} with the machine it ran on.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { meets, type BenchSuite, type Measurement } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  date: new Date().toISOString(),
};

const results: { suite: string; measurements: Measurement[] }[] = [];
for (const file of files) {
  const suite = (await import(pathToFileURL(join(here, file)).href)).default as BenchSuite;
  process.stdout.write(`\n== ${suite.name}\n`);
  const measurements = await suite.run();
  for (const m of measurements) {
    const ok = meets(m);
    const target = m.target
      ? ` (target ${m.target.better === 'lower' ? '≤' : '≥'} ${m.target.value} ${m.unit})`
      : '';
    const verdict = ok === null ? '' : ok ? '  ok' : '  MISSED';
    process.stdout.write(
      `  ${m.name}: ${fmt(m.value)} ${m.unit}${target}${verdict}${m.note ? `  — ${m.note}` : ''}\n`,
    );
  }
  results.push({ suite: suite.name, measurements });
}

function fmt(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const out = join(here, 'results');
await mkdir(out, { recursive: true });
await writeFile(join(out, 'latest.json'), JSON.stringify({ machine, results }, null, 2) + '\n');
const md = [
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, Node ${machine.node}, ${machine.platform}; ${machine.date}`,
  '',
  '| suite | measurement | value | target | met |',
  '|---|---|---|---|---|',
  ...results.flatMap(({ suite, measurements }) =>
    measurements.map((m) => {
      const ok = meets(m);
      const target = m.target ? `${m.target.better === 'lower' ? '≤' : '≥'} ${m.target.value}` : '';
      return `| ${suite} | ${m.name}${m.note ? ` (${m.note})` : ''} | ${fmt(m.value)} ${m.unit} | ${target} | ${ok === null ? '' : ok ? 'yes' : 'no'} |`;
    }),
  ),
].join('\n');
await writeFile(join(out, 'latest.md'), md + '\n');
process.stdout.write(`\nwrote ${join('test/bench/results', 'latest.md')}\n`);
