// One data folder for every entry point: the same arguments and environment give the same folder
// to Electron (its argv carries Chromium's switches and the app's path too) and to the commands.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirFromArgs, homeDataDir } from '../../../../src/core/app/data-dir.ts';

const home = path.join(os.homedir(), '.gammawatch');

describe('dataDirFromArgs', () => {
  it.each([
    ['nothing given: ~/.gammawatch', ['/opt/Gammawatch/gammawatch'], {}, home],
    ['$GAMMAWATCH_HOME', ['/opt/Gammawatch/gammawatch'], { GAMMAWATCH_HOME: '/srv/gw' }, '/srv/gw'],
    ['a blank $GAMMAWATCH_HOME is unset', ['electron', '.'], { GAMMAWATCH_HOME: '  ' }, home],
    [
      '--data-dir DIR wins over the variable',
      ['electron', '.', '--data-dir', '/d/one'],
      { GAMMAWATCH_HOME: '/srv/gw' },
      '/d/one',
    ],
    ['--data-dir=DIR', ['electron', '--data-dir=/d/two', '.'], {}, '/d/two'],
    [
      "among Chromium's switches",
      ['/usr/lib/gammawatch', '--no-sandbox', '--enable-features=X', '--data-dir', '/d/three', '--inspect=0'],
      {},
      '/d/three',
    ],
    [
      'a relative folder is made absolute',
      ['electron', '--data-dir', 'rel/dir'],
      {},
      path.resolve('rel/dir'),
    ],
    ['the last --data-dir counts', ['--data-dir', '/a', '--data-dir=/b'], {}, '/b'],
  ])('%s', (_what, argv, env, expected) => {
    expect(dataDirFromArgs(argv, env)).toBe(expected);
  });

  it.each([
    ['--data-dir with nothing after it', ['electron', '--data-dir']],
    ['--data-dir= empty', ['electron', '--data-dir=']],
    ['--data-dir blank', ['electron', '--data-dir', '   ']],
  ])('refuses %s rather than use the current folder', (_what, argv) => {
    expect(() => dataDirFromArgs(argv, {})).toThrow('--data-dir must name a folder');
  });

  it('gives what the commands give with no flag', () => {
    expect(dataDirFromArgs([], { GAMMAWATCH_HOME: '/srv/x' })).toBe(
      homeDataDir({ GAMMAWATCH_HOME: '/srv/x' }),
    );
  });
});
