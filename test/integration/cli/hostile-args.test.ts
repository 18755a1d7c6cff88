// The command line given values a hostile-input probe found: each is refused while the arguments
// are parsed, with one line naming the flag, no stack trace and exit code 1, before anything
// starts. A child process with a time limit, so a regression (a FIFO blocking start-up, a service
// that starts anyway) fails the test instead of hanging it.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entry = join(repoRoot, 'src/host/gammawatch.mjs');
const LIMIT_MS = 15_000;

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'gw-hostile-cli-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number | string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: home, timeout: LIMIT_MS, env: { ...process.env, GAMMAWATCH_HOME: home } },
      (error, _stdout, stderr) =>
        resolve({
          code: error === null ? 0 : error.killed ? 'killed: still running' : (error.code ?? -1),
          stderr,
        }),
    );
  });
}

describe('refused at parse time with exit code 1', () => {
  it.each<[string, () => string[], RegExp]>([
    [
      'watch --clock frozen --market-time 0000-01-01T00:00:00Z',
      () => ['watch', '--clock', 'frozen', '--market-time', '0000-01-01T00:00:00Z'],
      /^gammawatch watch: --market-time must be a time in 1970-2099, got '0000-01-01T00:00:00Z'\n$/,
    ],
    [
      'service --warm-series 99y',
      () => ['service', '--port', '0', '--warm-series', '99y'],
      /^gammawatch service: --warm-series: '99y' is longer than the 5y maximum\n$/,
    ],
    [
      'service --at before 1970',
      () => ['service', '--port', '0', '--at', '1969-07-20T20:17:00Z'],
      /^gammawatch service: --at must be a time in 1970-2099/,
    ],
    [
      'service --keys-file on a directory',
      () => ['service', '--port', '0', '--keys-file', home],
      /is a folder, not a regular file: give a file of API keys\n$/,
    ],
  ])(
    '%s',
    async (_name, args, message) => {
      const run = await cli(args());
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.code).toBe(1);
    },
    LIMIT_MS + 5_000,
  );

  it.runIf(process.platform !== 'win32')(
    'service --keys-file on a FIFO: refused at once, start-up not blocked',
    async () => {
      const fifo = join(home, 'keys.fifo');
      execFileSync('mkfifo', [fifo]);
      const started = Date.now();
      const run = await cli(['service', '--port', '0', '--keys-file', fifo]);
      expect(run.stderr).toMatch(/keys\.fifo is a named pipe, not a regular file/);
      expect(run.code).toBe(1);
      expect(Date.now() - started).toBeLessThan(LIMIT_MS);
    },
    LIMIT_MS + 5_000,
  );
});
