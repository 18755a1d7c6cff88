// The top of the command line, in-process: the version, the help's listing, and a failure under
// --json as one JSON object on stdout (no command is loaded for any of these but the last).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, errorCode, main } from '../../../src/host/cli.ts';
import { CliError } from '../../../src/host/commands/command.ts';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('gammawatch --version', () => {
  it.each([['--version'], ['-v'], ['version']])('%s prints the version of package.json', async (flag) => {
    expect(await run(flag)).toEqual({ code: 0, out: `gammawatch ${pkg.version}\n`, err: '' });
  });
});

describe('gammawatch help', () => {
  it.each([
    [['--help'], 0],
    [['-h'], 0],
    [['help'], 0],
    [[], 2],
  ])('%j lists every command on a line with its summary (exit %d)', async (argv, code) => {
    const r = await run(...argv);
    expect(r.code).toBe(code);
    expect(r.err).toBe('');
    const names = Object.keys(COMMANDS).sort();
    expect(names).toEqual(['analyze', 'backtest', 'mcp', 'service', 'start', 'watch']);
    for (const name of names) {
      const summary = COMMANDS[name]?.summary ?? '';
      expect(summary.length).toBeGreaterThan(10);
      expect(r.out).toMatch(
        new RegExp(`^  ${name} +${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
      );
    }
    expect(r.out).toMatch(/^ {2}-v, --version/m);
  });
});

describe('failures', () => {
  it('an unknown command: text on stderr with the usage, exit 2', async () => {
    const r = await run('frobnicate');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^gammawatch: unknown command 'frobnicate'\n\nusage: gammawatch/);
  });

  it.each([
    [['frobnicate', '--json'], 2, { message: "unknown command 'frobnicate'", code: 'unknown_command' }],
    [['--json'], 2, { message: "unknown command '--json'", code: 'unknown_command' }],
    [['analyze', '--json'], 2, { message: 'missing <chain file>', code: 'usage' }],
    [
      ['analyze', '--json', 'a.csv', '--r', 'five'],
      2,
      { message: "--r: 'five' is not a decimal between -1 and 1", code: 'usage' },
    ],
    [
      ['backtest', '--json'],
      1,
      { message: '--rule is required (the rule as JSON; --help shows an example)', code: 'error' },
    ],
    [['watch', '--json', '--nope'], 1, { code: 'usage' }],
  ])('under --json, %j prints {"error": …} on stdout only (exit %d)', async (argv, code, error) => {
    const r = await run(...argv);
    expect(r.code).toBe(code);
    expect(r.err).toBe('');
    expect(r.out.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(r.out) as { error: { message: string; code: string } };
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(parsed.error).toMatchObject(error);
    expect(parsed.error.message).not.toMatch(/\n\s+at /);
  });

  it('--json after -- is an argument, not the flag', async () => {
    const r = await run('frobnicate', '--', '--json');
    expect(r.out).toBe('');
    expect(r.err).toContain("unknown command 'frobnicate'");
  });

  it.each<[unknown, string]>([
    [new CliError('x', 'chain_import'), 'chain_import'],
    [Object.assign(new Error('x'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' }), 'usage'],
    [Object.assign(new Error('x'), { code: 'ENOENT' }), 'error'],
    ['a string', 'error'],
    [null, 'error'],
  ])('the code of %o is %s', (error, code) => {
    expect(errorCode(error)).toBe(code);
  });
});
