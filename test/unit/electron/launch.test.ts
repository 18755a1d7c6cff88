// The desktop app's launch options: the same data folder the commands (headless mode, the CLI, the
// MCP server) use for the same --data-dir and $GAMMAWATCH_HOME, among Electron's own switches; a
// --data-dir they refuse is refused with their words (main.ts shows them and quits) rather than
// thrown inside the app's start, where it left a process with no window; --verbose's log file.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopLaunch } from '../../../electron/logic/launch.ts';
import { dataDirOf } from '../../../src/host/commands/options.ts';

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
