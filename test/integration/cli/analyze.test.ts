// Runs the real command line as a child process on the shared Cboe fixture and checks its output
// against the API schemas: what `gammawatch analyze --json` prints must be exactly what the local
// service would put in `data` for the three resources, plus every data-quality note the summary shows.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gammaExpirationsDataSchema, gexByStrikeDataSchema } from '../../../src/shared/api/curves.ts';
import { marketStructureDataSchema } from '../../../src/shared/api/market-structure.ts';
import { carryFor } from '../../../src/shared/carry.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = join(repoRoot, '../shared/fixtures/cboe/tsla_quotedata.csv');
const entry = join(repoRoot, 'src/host/gammawatch.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: repoRoot, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * One run per command line, shared by every test that reads it: the same arguments on the same
 * unchanged file print the same output, so a test reusing another's run checks exactly what its
 * own run would print, without paying one more start of the command (tsx loading the sources).
 * Only for runs whose output the tests read, never for a file a test writes.
 */
const runs = new Map<string, Promise<Run>>();
function cliOnce(...args: string[]): Promise<Run> {
  const key = JSON.stringify(args);
  let run = runs.get(key);
  if (run === undefined) {
    run = cli(...args);
    runs.set(key, run);
  }
  return run;
}

/** The command with `input` written to its stdin, then closed. */
function cliStdin(input: string | Buffer, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('gammawatch analyze', () => {
  let dir: string;
  let notAChain: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gammawatch-analyze-'));
    notAChain = join(dir, 'notes.csv');
    await writeFile(notAChain, 'just some text\nno chain here\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the three API objects and the notes with --json, each valid against its schema', async () => {
    const run = await cliOnce('analyze', fixture, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['gex_by_strike', 'gamma_expirations', 'market_structure', 'notes']);
    const gex = gexByStrikeDataSchema.parse(out.gex_by_strike);
    const expirations = gammaExpirationsDataSchema.parse(out.gamma_expirations);
    const structure = marketStructureDataSchema.parse(out.market_structure);
    expect(gex.ticker).toBe('TSLA');
    expect(gex.price).toBe(218.8);
    expect(gex.expiry).toBe('combined');
    expect(gex.points.length).toBeGreaterThan(50);
    expect(gex.points.every((p) => p.call !== undefined && p.put !== undefined)).toBe(true);
    expect(expirations.points.length).toBe(gex.points.length);
    // The three views describe one snapshot: same spot, same flip, same net GEX.
    expect(structure.key_levels.spot).toBe(gex.price);
    expect(structure.key_levels.gamma_flip).toBeCloseTo(gex.totals.gex_flip_price as number, 2);
    expect(structure.supporting_factors.gamma_notional_per_1pct_move_usd).toBeCloseTo(
      gex.totals.gex_value_per_1pct,
      -1,
    );
    // No history for an imported chain: the confidence notes say so.
    expect(structure.confidence.notes.some((n) => /no daily history/i.test(n))).toBe(true);
  });

  it('--json carries every data-quality note the summary shows (rows listed twice included)', async () => {
    // The fixture with its first ten rows (twenty contracts, a call and a put each) pasted once more: each is counted once, with a note.
    const lines = (await readFile(fixture, 'utf8')).split(/\r?\n/);
    const header = lines.findIndex((l) => l.startsWith('Expiration Date,'));
    const doubled = join(dir, 'tsla-doubled.csv');
    await writeFile(doubled, [...lines, ...lines.slice(header + 1, header + 11)].join('\n') + '\n');
    const [text, json] = await Promise.all([cli('analyze', doubled), cli('analyze', doubled, '--json')]);
    expect(text.code).toBe(0);
    expect(json.code).toBe(0);
    const summaryNotes = text.stdout
      .split('\n')
      .slice(text.stdout.split('\n').indexOf('data quality') + 1)
      .filter((l) => l.startsWith('  - '))
      .map((l) => l.slice(4));
    expect(summaryNotes).toContain(
      'import: 20 contracts were listed twice with the same figures; each was counted once',
    );
    const { notes } = JSON.parse(json.stdout) as { notes: string[] };
    expect(notes).toEqual(summaryNotes);
  });

  it('changes the figures with --r and --q', async () => {
    const [base, carry] = await Promise.all([
      cliOnce('analyze', fixture, '--json'),
      cliOnce('analyze', fixture, '--json', '--r', '0.05', '--q', '0.01'),
    ]);
    const gex = (r: Run): number =>
      gexByStrikeDataSchema.parse((JSON.parse(r.stdout) as { gex_by_strike: unknown }).gex_by_strike).totals
        .gex_value_per_1pct;
    expect(carry.code).toBe(0);
    expect(gex(carry)).not.toBe(gex(base));
  });

  it('prices at the file ticker’s stated carry unless --r or --q says otherwise, and says which', async () => {
    const [stated, given, rateOnly] = await Promise.all([
      cliOnce('analyze', fixture, '--json'),
      cliOnce('analyze', fixture, '--json', '--r', '0.05', '--q', '0.01'),
      cliOnce('analyze', fixture, '--json', '--r', '0.05'),
    ]);
    const carry = (r: Run): unknown => {
      const { rate, dividend_yield, carry_source } = gexByStrikeDataSchema.parse(
        (JSON.parse(r.stdout) as { gex_by_strike: unknown }).gex_by_strike,
      );
      return { rate, dividend_yield, carry_source };
    };
    const tsla = carryFor('TSLA');
    expect(carry(stated)).toEqual({
      rate: tsla.rate,
      dividend_yield: tsla.dividendYield,
      carry_source: 'stated',
    });
    expect(carry(given)).toEqual({ rate: 0.05, dividend_yield: 0.01, carry_source: 'given' });
    // A yield left out is still the ticker's stated one.
    expect(carry(rateOnly)).toEqual({
      rate: 0.05,
      dividend_yield: tsla.dividendYield,
      carry_source: 'given',
    });
    const summary = await cliOnce('analyze', fixture);
    expect(summary.stdout).toContain(
      `priced with       ${(tsla.rate * 100).toFixed(2)} % rate, ${(tsla.dividendYield * 100).toFixed(2)} % dividend yield (stated for TSLA)`,
    );
  });

  it('prints a readable summary by default', async () => {
    const run = await cliOnce('analyze', fixture);
    expect(run.code).toBe(0);
    for (const text of [
      'TSLA',
      'spot              $218.80',
      'gamma flip',
      'gamma regime      negative',
      'GEX per 1 % move',
      'expected 1σ move',
      'key levels',
      'data quality',
    ]) {
      expect(run.stdout).toContain(text);
    }
  });

  it('lists the call wall, put wall and max pain of its JSON in the text summary', async () => {
    const [text, json] = await Promise.all([
      cliOnce('analyze', fixture),
      cliOnce('analyze', fixture, '--json'),
    ]);
    const k = marketStructureDataSchema.parse(
      (JSON.parse(json.stdout) as { market_structure: unknown }).market_structure,
    ).key_levels;
    for (const [label, value] of [
      ['call wall', k.call_wall],
      ['put wall', k.put_wall],
      ['max pain', k.max_pain],
    ] as const) {
      expect(value).toEqual(expect.any(Number));
      expect(text.stdout).toContain(`  ${label.padEnd(10)} $${(value as number).toFixed(2)}\n`);
    }
  });

  it.each([
    ['Cboe CSV', () => readFile(fixture)],
    [
      'Cboe CSV with a BOM and CRLF',
      async () => `\uFEFF${(await readFile(fixture, 'utf8')).replace(/\n/g, '\r\n')}`,
    ],
  ])('reads %s from stdin with -, as from the file', async (_name, input) => {
    const [fromFile, fromStdin, textFromStdin] = await Promise.all([
      cliOnce('analyze', fixture, '--json'),
      cliStdin(await input(), 'analyze', '-', '--json'),
      cliStdin(await input(), 'analyze', '-'),
    ]);
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.code).toBe(0);
    const out = JSON.parse(fromStdin.stdout) as Record<string, unknown>;
    const expected = JSON.parse(fromFile.stdout) as Record<string, unknown>;
    expect(out.market_structure).toEqual(expected.market_structure);
    expect(out.gex_by_strike).toEqual(expected.gex_by_strike);
    expect(textFromStdin.code).toBe(0);
    expect(textFromStdin.stdout).toMatch(/^TSLA .*cboe_csv snapshot/);
  });

  it('reads Cboe JSON from stdin with -, told from its content', async () => {
    // A small chain in Cboe's delayed-quotes JSON shape: two expirations, five strikes, calls and puts.
    const options = ['250321', '250417'].flatMap((exp) =>
      [480, 490, 500, 510, 520].flatMap((k) =>
        (['C', 'P'] as const).map((side) => ({
          option: `SPY${exp}${side}${String(k * 1000).padStart(8, '0')}`,
          bid: 4,
          ask: 4.2,
          iv: 0.18 + Math.abs(k - 500) / 1000,
          open_interest: 1000 + k,
          volume: 50,
          delta: side === 'C' ? 0.5 : -0.5,
          gamma: 0.02,
        })),
      ),
    );
    const text = JSON.stringify({
      timestamp: '2025-03-12 15:00:00',
      data: { symbol: 'SPY', current_price: 501.5, options },
    });
    const file = join(dir, 'spy.json');
    await writeFile(file, text);
    const [fromFile, fromStdin] = await Promise.all([
      cli('analyze', file, '--json'),
      cliStdin(text, 'analyze', '-', '--json'),
    ]);
    expect(fromFile.code).toBe(0);
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    expect((JSON.parse(fromStdin.stdout) as { gex_by_strike: { ticker: string } }).gex_by_strike.ticker).toBe(
      'SPY',
    );
  });

  it.each([
    [
      'text that is neither format',
      'just some text\nno chain here\n',
      /stdin: content: cannot tell the format: neither Cboe JSON/,
    ],
    ['nothing', '', /stdin: input: nothing to read: it is empty/],
  ])('refuses %s on stdin, saying why', async (_name, input, message) => {
    const [text, json] = await Promise.all([
      cliStdin(input, 'analyze', '-'),
      cliStdin(input, 'analyze', '-', '--json'),
    ]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/^gammawatch analyze: cannot import the chain: /);
    expect(text.stderr).toMatch(message);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe('');
    const { error } = JSON.parse(json.stdout) as { error: { message: string; code: string } };
    expect(error.code).toBe('chain_import');
    expect(error.message).toMatch(message);
  });

  it('under --json, a missing file is {"error": …} on stdout with exit 1, no stack trace', async () => {
    const run = await cli('analyze', '/nonexistent/chain.csv', '--json');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        message: expect.stringMatching(/^cannot import the chain: chain\.csv: file: cannot read: ENOENT/),
        code: 'chain_import',
      },
    });
  });

  it.each([
    ['a missing file', () => ['analyze', '/nonexistent/chain.csv'], 1, 'cannot import the chain'],
    ['a file that is not a chain', () => ['analyze', notAChain], 1, 'missing header'],
    ['no file', () => ['analyze'], 2, 'missing <chain file>'],
    ['a bad rate', () => ['analyze', 'x.csv', '--r', 'five'], 2, "--r: 'five' is not a decimal"],
  ])('refuses %s with a clear message', async (_name, args, code, message) => {
    const run = await cli(...args());
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});
