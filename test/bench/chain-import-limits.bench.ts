// Hostile chain files, each measured in a child process so that peak RSS is the import's own: a
// valid Cboe header followed by one 60 MB junk line, through `importChainFile` (what
// `gammawatch analyze` calls), through `importChainText` (the text already in memory), and in a
// chain folder next to a good file (service start-up); and, for the memory bound on any input, the
// largest acceptable file: 60 MB of valid option rows. Before the fix the junk line took 17 s and
// 2.14 GB in `analyze`, 27 s and 2.15 GB at folder start-up.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSuite, Measurement } from './harness.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE = path.join(repo, '../shared/fixtures/cboe/tsla_quotedata.csv');
const JUNK_BYTES = 60 * 2 ** 20;

interface ChildReport {
  ms: number;
  peakRssMb: number;
  baseRssMb: number;
  outcome: string;
}

/**
 * Runs `body` (an async function body with `mod` = the import module, `folderMod` = the folder's)
 * in a fresh node, timed; `setup` runs before the clock starts.
 */
async function inChild(body: string, setup = ''): Promise<ChildReport> {
  const script = `
    const mod = await import(${JSON.stringify(path.join(repo, 'src/service/market/import/index.ts'))});
    const folderMod = await import(${JSON.stringify(path.join(repo, 'src/service/market/folder/index.ts'))});
    const fs = await import('node:fs');
    ${setup}
    global.gc?.();
    const baseRssMb = process.resourceUsage().maxRSS / 1024;
    const t0 = performance.now();
    let outcome;
    try { outcome = await (async () => { ${body} })(); } catch (error) { outcome = 'refused: ' + error.message; }
    const ms = performance.now() - t0;
    process.send({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, baseRssMb, outcome: String(outcome).slice(0, 300) });
  `;
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: repo,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const [report] = (await once(child, 'message')) as [ChildReport];
  await once(child, 'exit');
  return report;
}

/** A valid file of about `bytes`: the sample's preamble, then weekly expirations × strikes 1, 2, 3... */
function bigValidCsv(header: string, bytes: number): string {
  const parts: string[] = [header];
  let size = header.length;
  const strikes = 5000;
  for (let week = 0; size < bytes; week++) {
    const exp = new Date(Date.UTC(2023, 7, 25 + 7 * week));
    const y = exp.getUTCFullYear();
    const m = exp.getUTCMonth() + 1;
    const d = exp.getUTCDate();
    const code = `${String(y).slice(2)}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
    const text = exp.toUTCString().slice(0, 3) + ' ' + exp.toDateString().slice(4);
    for (let k = 1; k <= strikes && size < bytes; k++) {
      const strike = String(k * 1000).padStart(8, '0');
      const line = `${text},TSLA${code}C${strike},1.2,0,1.1,1.3,10,0.45,0.5,0.01,100,${k}.00,TSLA${code}P${strike},1.2,0,1.1,1.3,10,0.47,-0.5,0.01,120\n`;
      parts.push(line);
      size += line.length;
    }
  }
  return parts.join('');
}

const suite: BenchSuite = {
  name: 'chain import limits: a 60 MB junk line, and the largest valid file',
  async run(): Promise<Measurement[]> {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-import-limits-'));
    try {
      const lines = fs.readFileSync(SAMPLE, 'utf8').split('\n');
      const header =
        lines.slice(0, lines.findIndex((l) => l.startsWith('Expiration Date,')) + 1).join('\n') + '\n';
      const junk = path.join(root, 'junk.csv');
      fs.writeFileSync(junk, header + 'x'.repeat(JUNK_BYTES) + '\n');
      const folder = path.join(root, 'chains');
      fs.mkdirSync(folder);
      fs.copyFileSync(junk, path.join(folder, 'junk.csv'));
      fs.copyFileSync(SAMPLE, path.join(folder, 'tsla.csv'));
      const big = path.join(root, 'big.csv');
      fs.writeFileSync(big, bigValidCsv(header, 60 * 2 ** 20));
      const bigMb = fs.statSync(big).size / 2 ** 20;

      const file = await inChild(`await mod.importChainFile(${JSON.stringify(junk)}); return 'imported';`);
      const text = await inChild(
        `try { mod.importChainText(text, 'junk.csv'); } catch (e) { return 'refused: ' + e.message; } return 'imported';`,
        `const text = fs.readFileSync(${JSON.stringify(junk)}, 'utf8');`,
      );
      const start = await inChild(
        `const f = await folderMod.ChainFolder.open(${JSON.stringify(folder)}, { index: 'memory', watch: false });
         const out = f.universe().map((t) => t.ticker).join(',') + ' served; problems: ' + f.problems.map((p) => p.file + ': ' + p.message).join('; ');
         await f.close();
         return out;`,
      );
      const valid = await inChild(
        `const r = await mod.importChainFile(${JSON.stringify(big)}); return r.chain.size + ' contracts imported';`,
      );
      const refused = (r: ChildReport) => `${r.outcome}; node's own RSS before: ${r.baseRssMb.toFixed(0)} MB`;
      return [
        {
          name: '60 MB junk line, importChainFile (analyze): refused in',
          value: file.ms,
          unit: 'ms',
          target: { value: 1000, better: 'lower' },
          note: refused(file),
        },
        {
          name: '60 MB junk line, importChainFile: peak RSS',
          value: file.peakRssMb,
          unit: 'MB',
          target: { value: 300, better: 'lower' },
          note: 'before the fix: 17 s, 2,140 MB',
        },
        {
          name: '60 MB junk line, importChainText (text already in memory): refused in',
          value: text.ms,
          unit: 'ms',
          target: { value: 1000, better: 'lower' },
          note: text.outcome,
        },
        {
          name: '60 MB junk line, importChainText: peak RSS',
          value: text.peakRssMb,
          unit: 'MB',
          target: { value: 300, better: 'lower' },
          note: 'the 60 MB text itself is held by the caller',
        },
        {
          name: 'chain folder with the junk file and a good one: start-up',
          value: start.ms,
          unit: 'ms',
          target: { value: 1000, better: 'lower' },
          note: `${start.outcome}; before the fix: 27 s`,
        },
        {
          name: 'chain folder start-up: peak RSS',
          value: start.peakRssMb,
          unit: 'MB',
          target: { value: 300, better: 'lower' },
          note: 'before the fix: 2,150 MB',
        },
        {
          name: `largest valid file (${bigMb.toFixed(0)} MB of option rows): import`,
          value: valid.ms,
          unit: 'ms',
          note: valid.outcome,
        },
        {
          name: 'largest valid file: peak RSS',
          value: valid.peakRssMb,
          unit: 'MB',
          target: { value: 1000, better: 'lower' },
        },
      ];
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
};
export default suite;
