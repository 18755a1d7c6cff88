// `gammawatch analyze` on files it once mishandled, through the real command line: a valid header
// with a junk line far past the line limit is refused at once with a clear message (it took 17 s
// and 2.1 GB), and a one-row chain is analysed with a note rather than refused as "IV in percent".
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
const entry = join(repoRoot, 'src/host/gammawatch.mjs');

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [entry, ...args], { cwd: repoRoot }, (error, stdout, stderr) => {
      resolve({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        stdout,
        stderr,
      });
    });
  });
}

describe('gammawatch analyze on hostile and tiny files', () => {
  let dir: string;
  let header: string;
  let firstRow: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gammawatch-analyze-hostile-'));
    const lines = (await readFile(fixture, 'utf8')).split('\n');
    const at = lines.findIndex((l) => l.startsWith('Expiration Date,'));
    header = lines.slice(0, at + 1).join('\n');
    firstRow = lines[at + 1] as string;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a junk line past the line limit, naming the line', async () => {
    const file = join(dir, 'junk.csv');
    await writeFile(file, `${header}\n${'x'.repeat(4 * 1024 * 1024)}\n`);
    const run = await cli('analyze', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'gammawatch analyze: cannot import the chain: junk.csv: line 5: longer than 65,536 characters; ' +
        'not a chain file (a Cboe chain line is a few hundred)\n',
    );
  });

  it('analyses a one-row chain and says its IV units were not checked', async () => {
    const file = join(dir, 'one-row.csv');
    await writeFile(file, `${header}\n${firstRow}\n`);
    const run = await cli('analyze', file);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('TSLA (Tesla Inc): cboe_csv snapshot');
    expect(run.stdout).toContain('2 contracts, 1 expiration');
    expect(run.stdout).toContain('import: IV units not checked: only 1 contract has an IV');
  });
});
