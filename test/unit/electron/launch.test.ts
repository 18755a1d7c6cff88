// The desktop app's launch options: the same data folder the commands (headless mode, the CLI, the
// MCP server) use for the same --data-dir and $GAMMAWATCH_HOME, among Electron's own switches; a
// --data-dir they refuse is refused with their words (main.ts shows them and quits) rather than
// thrown inside the app's start, where it left a process with no window; --verbose's log file; and
// the simulator `gammawatch start --clock/--seed` asks for, the same for the window as headless.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopLaunch } from '../../../electron/logic/launch.ts';
import { CLOCK_FLAGS, clockFromFlags } from '../../../src/host/commands/clock-flags.ts';
import { dataDirOf } from '../../../src/host/commands/options.ts';
import { runDataSource } from '../../../src/core/index.ts';
import { electronEnv } from '../../../src/host/commands/start.ts';

const ELECTRON_ARGV = ['/opt/Gammawatch/gammawatch', '--no-sandbox', '.'];

describe('desktopLaunch', () => {
  it.each([
    ['nothing given', undefined, {}],
    ['$GAMMAWATCH_HOME', undefined, { GAMMAWATCH_HOME: '/srv/gw' }],
    ['a blank $GAMMAWATCH_HOME', undefined, { GAMMAWATCH_HOME: ' ' }],
    ['--data-dir over the variable', '/d/one', { GAMMAWATCH_HOME: '/srv/gw' }],
    ['a relative --data-dir', 'rel/dir', {}],
  ])('%s: the folder the commands use', (_what, flag, env) => {
    const argv = flag === undefined ? ELECTRON_ARGV : [...ELECTRON_ARGV, '--data-dir', flag];
    expect(desktopLaunch(argv, env)).toEqual({ ok: true, dataDir: dataDirOf({ 'data-dir': flag }, env) });
  });

  it.each([
    ['--data-dir with nothing after it', [...ELECTRON_ARGV, '--data-dir'], ''],
    ['--data-dir= empty', [...ELECTRON_ARGV, '--data-dir='], ''],
    ['--data-dir blank', [...ELECTRON_ARGV, '--data-dir', '  '], '  '],
  ])('%s: refused with the words of the commands, not thrown', (_what, argv, flag) => {
    const cli = (() => {
      try {
        dataDirOf({ 'data-dir': flag }, {});
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(cli).toMatch(/--data-dir must name a folder/);
    expect(desktopLaunch(argv, {})).toEqual({ ok: false, message: cli });
  });

  it.each([
    ['--verbose', [...ELECTRON_ARGV, '--verbose'], {}],
    ['GAMMAWATCH_VERBOSE=1 (gammawatch start --verbose)', ELECTRON_ARGV, { GAMMAWATCH_VERBOSE: '1' }],
  ])('%s: the log file in the data folder', (_what, argv, env) => {
    const home = path.join(os.tmpdir(), 'gw-launch');
    expect(desktopLaunch(argv, { ...env, GAMMAWATCH_HOME: home })).toEqual({
      ok: true,
      dataDir: home,
      logFile: path.join(home, 'gammawatch.log'),
    });
  });
});

describe('the simulator `gammawatch start` asks for, in the window as headless', () => {
  const now = () => Date.parse('2026-03-10T15:00:00Z');
  it.each<[string, Record<string, string>, number | undefined]>([
    ['--seed 7', {}, 7],
    ['--clock fast', { clock: 'fast' }, undefined],
    [
      '--clock fast --fast-start --fast-speed --seed 0',
      { clock: 'fast', 'fast-start': '2026-03-09T14:30:00Z', 'fast-speed': '60' },
      0,
    ],
    ['--clock real', { clock: 'real' }, undefined],
  ])('%s', (_what, flags, seed) => {
    const clock = clockFromFlags(flags, CLOCK_FLAGS.start, now);
    const headless = runDataSource(clock, seed);
    expect(headless).toBeDefined();
    const env = electronEnv({}, '/d/gw', clock, seed, false);
    expect(desktopLaunch(ELECTRON_ARGV, env)).toEqual({ ok: true, dataDir: '/d/gw', dataSource: headless });
  });

  it('neither flag: the stored data source, as headless', () => {
    expect(runDataSource(undefined, undefined)).toBeUndefined();
    expect(desktopLaunch(ELECTRON_ARGV, electronEnv({}, '/d/gw', undefined, undefined, false))).toEqual({
      ok: true,
      dataDir: '/d/gw',
    });
  });

  it('a clock named by hand (GAMMAWATCH_CLOCK=fast) has its defaults', () => {
    const launch = desktopLaunch(ELECTRON_ARGV, { GAMMAWATCH_HOME: '/d/gw', GAMMAWATCH_CLOCK: 'fast' });
    expect(launch).toEqual({
      ok: true,
      dataDir: '/d/gw',
      dataSource: { kind: 'local', clock: { kind: 'fast', speed: 300 } },
    });
  });

  it.each([
    [{ GAMMAWATCH_CLOCK: 'slow' }, /GAMMAWATCH_CLOCK must be real, fast or a clock spec in JSON, got 'slow'/],
    [{ GAMMAWATCH_CLOCK: '{"kind":"fast","speed":-1}' }, /GAMMAWATCH_CLOCK/],
    [{ GAMMAWATCH_CLOCK: '{"kind":"data"}' }, /GAMMAWATCH_CLOCK/],
    [{ GAMMAWATCH_SEED: 'seven' }, /GAMMAWATCH_SEED must be an integer in 0-2147483647, got 'seven'/],
    [{ GAMMAWATCH_SEED: '-3' }, /GAMMAWATCH_SEED/],
    [{ GAMMAWATCH_SEED: '1.5' }, /GAMMAWATCH_SEED/],
  ])('%o is refused, saying why', (env, message) => {
    const launch = desktopLaunch(ELECTRON_ARGV, { GAMMAWATCH_HOME: '/d/gw', ...env });
    expect(launch.ok).toBe(false);
    expect(launch.ok ? '' : launch.message).toMatch(message);
  });
});
