// The package as npm would publish it: `npm pack` of this checkout, unpacked in a temporary
// folder, must hold the licence and the command (`bin`), leave the tests out, and run: its
// `gammawatch` analyzes the shared Cboe chain exactly as the checkout does. The unpacked package
// borrows the checkout's node_modules (a link) because installing from the registry is the
// network, which no test touches; what is checked is that the files the command needs were packed.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const packSchema = z
  .array(z.object({ filename: z.string(), files: z.array(z.object({ path: z.string() })) }))
  .length(1);

const manifestSchema = z.object({
  name: z.string(),
  license: z.string(),
  private: z.boolean().optional(),
  bin: z.record(z.string(), z.string()),
  repository: z.object({ type: z.literal('git'), url: z.string().url() }),
});

describe('the published package', () => {
  let dir: string;
  let unpacked: string;
  let files: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gammawatch-pack-'));
    // --ignore-scripts: the prepack UI build is the Electron build test's subject, not this one's.
    const pack = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      repoRoot,
    );
    expect(pack.stderr.includes('npm error'), pack.stderr).toBe(false);
    expect(pack.code).toBe(0);
    const [packed] = packSchema.parse(JSON.parse(pack.stdout));
    files = packed!.files.map((file) => file.path);
    const untar = await run('tar', ['-xzf', join(dir, packed!.filename), '-C', dir], dir);
    expect(untar.code, untar.stderr).toBe(0);
    unpacked = join(dir, 'package');
    await symlink(join(repoRoot, 'node_modules'), join(unpacked, 'node_modules'), 'dir');
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is public, under the licence its LICENSE file states, and names its repository', async () => {
    const manifest = manifestSchema.parse(JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8')));
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('Apache-2.0');
    const licence = await readFile(join(unpacked, 'LICENSE'), 'utf8');
    expect(licence).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(licence).toContain('Copyright 2026 The Gammawatch developers');
    expect(manifest.repository.url).toMatch(/^git\+https:\/\//);
  });

  it('packs the command and what it runs, and leaves the tests out', () => {
    expect(files).toContain('src/host/gammawatch.mjs');
    expect(files).toContain('LICENSE');
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('src/service/engine/'))).toBe(true);
    expect(files.filter((file) => file.startsWith('test/'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
    expect(files.filter((file) => file.includes('node_modules'))).toEqual([]);
  });

  it('runs as `gammawatch`: the unpacked command analyzes a chain as the checkout does', async () => {
    const manifest = manifestSchema.parse(JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8')));
    const bin = manifest.bin.gammawatch;
    expect(bin).toBeDefined();
    const fromPackage = await run(
      process.execPath,
      [join(unpacked, bin!), 'analyze', fixture, '--json'],
      dir,
    );
    expect(fromPackage.stderr).toBe('');
    expect(fromPackage.code).toBe(0);
    const fromCheckout = await run(
      process.execPath,
      [join(repoRoot, 'src/host/gammawatch.mjs'), 'analyze', fixture, '--json'],
      repoRoot,
    );
    expect(fromCheckout.code).toBe(0);
    const packed = JSON.parse(fromPackage.stdout) as { market_structure: { ticker: string } };
    expect(packed.market_structure.ticker).toBe('TSLA');
    expect(fromPackage.stdout).toBe(fromCheckout.stdout);
  }, 60_000);
});
