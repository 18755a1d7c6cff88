// `gammawatch watch --chains DIR --once --json`: the built-in service on a chain folder (the real
// TSLA Cboe chain, copied into a temp folder), on the data's own clock.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSLA_CSV = path.resolve(repo, '../shared/fixtures/cboe/tsla_quotedata.csv');

function watch(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repo, 'src/host/gammawatch.mjs'), 'watch', ...args],
      { cwd: repo, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('gammawatch watch --chains', () => {
  const tmp = tempDataDir('gw-cli-chains-');
  afterAll(() => tmp.cleanup());

  it('polls the folder’s tickers and stores their snapshots', async () => {
    const chains = path.join(tmp.dir, 'chains');
    fs.mkdirSync(chains);
    fs.copyFileSync(TSLA_CSV, path.join(chains, 'tsla_quotedata.csv'));
    const run = await watch([
      '--data-dir',
      path.join(tmp.dir, 'data'),
      '--chains',
      chains,
      '--tickers',
      'TSLA',
      '--once',
      '--json',
      '--jobs',
      'signals,market_structure',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as { errors: number; snapshots_new: number; requests: number };
    expect(summary).toMatchObject({ errors: 0, requests: 6 });
    // The poll and the folder's import into history store the same snapshot of the one file (the
    // one that comes second finds it stored): one row per view, as the folder's own.
    const store = openDatabase(path.join(tmp.dir, 'data', 'gammawatch.db'));
    try {
      store.useSource(`folder:${chains}`);
      for (const endpoint of ['signals', 'market_structure', 'trade_setup', 'explain', 'levels', 'state'])
        expect(store.snapshots.range({ endpoint, ticker: 'TSLA' }), endpoint).toHaveLength(1);
    } finally {
      store.close();
    }
  }, 120_000);

  it.each([
    [['--chains', '/no/such/folder'], /\/no\/such\/folder does not exist/],
    [['--chains', '/tmp', '--clock', 'fast'], /--clock with --chains must be real or data/],
    [['--chains', '/tmp', '--base-url', 'http://x.example/api/v2'], /exclude each other/],
  ])(
    '%j is refused clearly',
    async (extra, message) => {
      const run = await watch([...extra, '--once', '--data-dir', path.join(tmp.dir, 'bad')]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
    },
    120_000,
  );
});
