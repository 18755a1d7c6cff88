// `gammawatch watch --once --json` as a user runs it: a real process, the built-in service, a
// frozen market clock. The summary is one JSON object; a second run at the same market instant
// stores nothing new and gets 304s for the rankings.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../support/watcher-factory.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

describe('gammawatch watch', () => {
  const tmp = tempDataDir('gw-cli-');
  afterAll(() => tmp.cleanup());
  const args = [
    '--data-dir',
    tmp.dir,
    '--tickers',
    'SPY,AAPL',
    '--once',
    '--json',
    '--clock',
    'frozen',
    '--market-time',
    '2025-03-10T15:00:00Z',
    '--jobs',
    'signals,top_setups',
  ];

  it('--once --json prints one summary object, and a repeat stores nothing new', async () => {
    const first = await watch(args);
    expect(first.code, first.stderr).toBe(0);
    const a = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(a).toMatchObject({ requests: 3, errors: 0, snapshots_new: 3, alerts_new: 0, not_modified: 0 });
    expect(Object.keys(a)).toEqual(
      expect.arrayContaining(['requests', 'not_modified', 'snapshots_new', 'alerts_new', 'errors']),
    );

    const second = await watch(args);
    expect(second.code, second.stderr).toBe(0);
    const b = JSON.parse(second.stdout) as { snapshots_new: number; not_modified: number; errors: number };
    expect(b.snapshots_new).toBe(0);
    expect(b.errors).toBe(0);
    expect(b.not_modified).toBeGreaterThanOrEqual(1); // top-setups revalidated with its ETag
  }, 240_000);

  it('refuses bad options with a clear message and exit code', async () => {
    const bad = await watch(['--clock', 'sideways', '--once', '--data-dir', tmp.dir]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--clock must be real, fast or frozen/);
    const unknown = await watch(['--tickers', 'SPY,$$$', '--once', '--data-dir', tmp.dir]);
    expect(unknown.stderr).toMatch(/'\$\$\$' is not a ticker symbol/);
  }, 120_000);
});
