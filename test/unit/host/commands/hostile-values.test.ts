// Values a hostile-input probe gave the command line, refused while the arguments are parsed (a
// message naming the flag; the CLI turns it into exit code 1) instead of starting and failing later.
import { mkdtempSync, rmSync, truncateSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_FLAGS, clockFromFlags } from '../../../../src/host/commands/clock-flags.ts';
import { checkKeysFile, KEYS_FILE_MAX_BYTES } from '../../../../src/host/commands/keys-file.ts';
import { dataDirOf, dataSourceOf, homeDataDir } from '../../../../src/host/commands/options.ts';
import { backfillOption, warmSeriesOption } from '../../../../src/host/commands/series-option.ts';
import { runService } from '../../../../src/host/commands/service.ts';
import start, { defaultDataDir } from '../../../../src/host/commands/start.ts';
import { parseWindow } from '../../../../src/service/series/window.ts';

const NOW = Date.parse('2025-03-10T15:00:00Z');
const now = () => NOW;

describe('market instants outside 1970-2099 are refused', () => {
  it.each<[string, keyof typeof CLOCK_FLAGS, Record<string, string>, string]>([
    ['watch: year 0', 'watch', { clock: 'frozen', 'market-time': '0000-01-01T00:00:00Z' }, '--market-time'],
    [
      'watch: year 10000',
      'watch',
      { clock: 'frozen', 'market-time': '+010000-01-01T00:00:00Z' },
      '--market-time',
    ],
    [
      'watch: a fast clock from 1969',
      'watch',
      { clock: 'fast', 'market-time': '1969-12-31T23:59:59Z' },
      '--market-time',
    ],
    ['service: --at year 0', 'service', { at: '0000-01-01T00:00:00Z' }, '--at'],
    ['service: --at 2100', 'service', { at: '2100-01-01T00:00:00Z' }, '--at'],
    [
      'start: --fast-start year 0',
      'start',
      { clock: 'fast', 'fast-start': '0000-06-01T12:00:00Z' },
      '--fast-start',
    ],
  ])('%s', (_name, spelling, values, flag) => {
    expect(() => clockFromFlags(values, CLOCK_FLAGS[spelling], now)).toThrow(
      `${flag} must be a time in 1970-2099, got '${Object.values(values).at(-1) ?? ''}'`,
    );
  });

  it.each<[string, keyof typeof CLOCK_FLAGS, Record<string, string>, number]>([
    ['the first instant', 'watch', { clock: 'frozen', 'market-time': '1970-01-01T00:00:00Z' }, 0],
    [
      'the last instant',
      'service',
      { at: '2099-12-31T23:59:59.999Z' },
      Date.parse('2099-12-31T23:59:59.999Z'),
    ],
  ])('%s is accepted', (_name, spelling, values, at) => {
    expect(clockFromFlags(values, CLOCK_FLAGS[spelling], now)).toEqual({ kind: 'frozen', at });
  });

  it('reaches `watch` through dataSourceOf (watch.ts needs no change)', () => {
    expect(() => dataSourceOf({ clock: 'frozen', 'market-time': '0000-01-01T00:00:00Z' })).toThrow(
      /--market-time/,
    );
  });
});

describe('--warm-series', () => {
  it.each<[string | undefined, string | null]>([
    [undefined, '180d'],
    ['off', null],
    ['2y', '2y'],
    ['5y', '5y'],
    ['60m', '60m'],
    ['1830d', '1830d'],
  ])('%o is %o', (raw, expected) => {
    expect(warmSeriesOption(raw)).toBe(expected);
  });

  it.each([
    ['99y', "--warm-series: '99y' is longer than the 5y maximum"],
    ['9999d', "--warm-series: '9999d' is longer than the 5y maximum"],
    ['61m', "--warm-series: '61m' is longer than the 5y maximum"],
    ['forever', "--warm-series must be a lookback such as 180d or 2y, or off; got 'forever'"],
  ])('%o is refused', (raw, message) => {
    expect(() => warmSeriesOption(raw)).toThrow(message);
  });

  it('agrees with the service’s own check (parseWindow) from any end date', () => {
    const ends = ['2024-02-29', '2025-03-10', '2025-12-31', '2027-01-01', '2028-02-29'];
    for (const [unit, edge] of [
      ['d', 1830],
      ['w', 261],
      ['m', 60],
      ['y', 5],
    ] as const)
      for (const n of [edge - 1, edge, edge + 1])
        for (const end of ends) {
          const text = `${n}${unit}`;
          const served = (() => {
            try {
              parseWindow(text, end);
              return true;
            } catch {
              return false;
            }
          })();
          const accepted = (() => {
            try {
              warmSeriesOption(text);
              return true;
            } catch {
              return false;
            }
          })();
          expect([text, end, accepted]).toEqual([text, end, served]);
        }
  });

  it('is refused by the service command before anything starts', async () => {
    await expect(runService(['--warm-series', '99y', '--port', '0'])).rejects.toThrow(/5y maximum/);
  });
});

describe('--backfill', () => {
  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['30d', '30d'],
    ['2y', '2y'],
    ['60m', '60m'],
  ])('%o is %o', (raw, expected) => {
    expect(backfillOption(raw)).toBe(expected);
  });

  it.each([
    ['6y', "--backfill: '6y' is longer than the 5y maximum"],
    // A backfill is what a new ticker's first fetch is: there is no "off" for it.
    ['off', "--backfill must be a lookback such as 180d or 2y; got 'off'"],
    ['', "--backfill must be a lookback such as 180d or 2y; got ''"],
  ])('%o is refused', (raw, message) => {
    expect(() => backfillOption(raw)).toThrow(message);
  });
});

describe('GAMMAWATCH_HOME set but empty means unset', () => {
  it.each<[string, NodeJS.ProcessEnv]>([
    ['empty', { GAMMAWATCH_HOME: '' }],
    ['blank', { GAMMAWATCH_HOME: '   ' }],
    ['unset', {}],
  ])('%s: ~/.gammawatch, never the current folder', (_name, env) => {
    expect(homeDataDir(env)).toMatch(/[/\\]\.gammawatch$/);
    expect(homeDataDir(env)).not.toBe(process.cwd());
    expect(defaultDataDir(env)).toBe(homeDataDir(env));
    expect(dataDirOf({}, env)).toBe(homeDataDir(env));
  });

  it('a set one is used', () => {
    expect(homeDataDir({ GAMMAWATCH_HOME: '/data/gw' })).toBe('/data/gw');
    expect(dataDirOf({ 'data-dir': '/x' }, { GAMMAWATCH_HOME: '/data/gw' })).toBe('/x');
  });

  it('an empty --data-dir is refused rather than read as the current folder', async () => {
    expect(() => dataDirOf({ 'data-dir': '' })).toThrow('--data-dir must name a folder');
    await expect(start.run(['--data-dir', '', '--headless'])).rejects.toThrow(
      '--data-dir must name a folder',
    );
    await expect(runService(['--data-dir', '', '--port', '0'])).rejects.toThrow(
      '--data-dir must name a folder',
    );
  });
});

describe('--keys-file: a regular file of at most 1 MB', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-keys-'));
    writeFileSync(join(dir, 'keys.txt'), 'gw_0123456789abcdef\n');
    writeFileSync(join(dir, 'big.txt'), '');
    truncateSync(join(dir, 'big.txt'), KEYS_FILE_MAX_BYTES + 1); // sparse: no disk used
    mkdirSync(join(dir, 'folder'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts a small regular file', () => {
    expect(() => checkKeysFile(join(dir, 'keys.txt'))).not.toThrow();
  });

  it.each<[string, () => string, RegExp]>([
    ['/dev/zero', () => '/dev/zero', /--keys-file \/dev\/zero is a device, not a regular file/],
    ['a folder', () => join(dir, 'folder'), /is a folder, not a regular file/],
    [
      'a file over 1 MB',
      () => join(dir, 'big.txt'),
      /is 1048577 bytes; a keys file is at most 1048576 bytes/,
    ],
    ['a missing file', () => join(dir, 'nope.txt'), /nope\.txt: no such file/],
  ])('refuses %s', (_name, file, message) => {
    expect(() => checkKeysFile(file())).toThrow(message);
  });

  // Through checkKeysFile, not the command: before the check the command's read blocked (a FIFO)
  // or grew without bound (/dev/zero) inside the test worker. The CLI test runs it as a child.
  it.runIf(process.platform !== 'win32')('refuses a FIFO without opening it', () => {
    const fifo = join(dir, 'keys.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => checkKeysFile(fifo)).toThrow(/keys\.fifo is a named pipe, not a regular file/);
  });
});
