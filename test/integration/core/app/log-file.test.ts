// `--verbose`'s log file through the real app: every line of the app's log lands in the file,
// redacted (a stored secret never reaches it, even where the terminal's line is the caller's
// own), and app:info names the file, or null without one, for Settings to show.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { appInfoSchema } from '../../../../src/shared/bridge/app-info.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const KEY = 'gwtest-logged-key-0c4f9a2e71b3d586';

let w: TestWatcher | undefined;
const tmp = tempDataDir('gw-logfile-');
afterEach(async () => {
  await w?.app.stop();
  w = undefined;
});
afterAll(() => tmp.cleanup());

describe('the log file', () => {
  it.each([
    ['with a log file', true],
    ['without one', false],
  ])('app:info names it %s', async (_name, verbose) => {
    const dataDir = path.join(tmp.dir, verbose ? 'verbose' : 'quiet');
    const file = path.join(dataDir, 'gammawatch.log');
    w = await startWatcher({ dataDir, env: {}, ...(verbose ? { logFile: file } : {}) });
    const info = appInfoSchema.parse(await w.invoke('app:info'));
    expect(info.logFile).toBe(verbose ? file : null);
    // Each start writes a line of its own: a --verbose run always leaves a log.
    expect(fs.existsSync(file)).toBe(verbose);
    if (verbose)
      expect(fs.readFileSync(file, 'utf8')).toMatch(
        new RegExp(
          `^\\S+Z gammawatch ${info.version} \\(pid ${process.pid}\\): logging to this file; data folder `,
        ),
      );
    w.app.log('a line for the file');
    expect(fs.existsSync(file)).toBe(verbose);
  });

  it('holds every line of the log, a stored secret redacted', async () => {
    const dataDir = path.join(tmp.dir, 'secret');
    const file = path.join(dataDir, 'gammawatch.log');
    w = await startWatcher({ dataDir, env: { GAMMAWATCH_API_KEY: KEY }, logFile: file });
    w.app.log(`remote said: key '${KEY}' unknown`);
    w.app.log(`Authorization: Bearer ${KEY.slice(0, 20)}`);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z remote said: key '\[redacted\]' unknown$/m);
    expect(text).toMatch(/Authorization: Bearer \[redacted\]/);
    expect(text).not.toContain(KEY.slice(0, 12));
  });
});
