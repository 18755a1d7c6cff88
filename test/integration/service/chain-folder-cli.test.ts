// `gammawatch service --chains DIR [--clock data|real]`: the option rules, and a real run in-process.
import { copyFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runService } from '../../../src/host/commands/service.ts';
import { SAMPLE_PATH, tempDir, type TempDir } from '../../unit/service/market/folder/folder-fixtures.ts';

let tmp: TempDir;
beforeEach(() => {
  tmp = tempDir('gw-cli-');
  copyFileSync(SAMPLE_PATH, tmp.path('tsla_quotedata.csv'));
});
afterEach(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

describe('gammawatch service: clock options', () => {
  it.each([
    [['--clock', 'sundial'], "--clock must be real, fast or data, got 'sundial'"],
    [['--clock', 'data'], '--clock data needs --chains DIR'],
    [
      ['--at', '2023-08-21T02:38:00Z', '--clock', 'real'],
      '--at freezes the clock: give either --at or --clock',
    ],
  ])('%j is refused', async (argv, message) => {
    await expect(runService(argv)).rejects.toThrow(message);
  });

  it.each([
    [[], "the data's own clock (newest snapshot)"],
    [['--clock', 'real'], 'real clock'],
    [['--at', '2023-08-21T03:00:00Z'], 'clock frozen at 2023-08-21T03:00:00.000Z'],
  ])('serves the folder with %j and says which clock', async (extra, clockText) => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    const signals = new EventEmitter();
    const running = runService(
      [
        '--chains',
        tmp.dir,
        '--port',
        '0',
        '--api-key',
        'test-key-0123456789',
        '--quiet',
        '--warm-series',
        'off',
        ...extra,
      ],
      signals,
    );
    await vi.waitFor(() => expect(out.join('')).toContain('Stop with Ctrl-C'), {
      timeout: 30_000,
      interval: 20,
    });
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
    const text = out.join('');
    expect(text).toContain(
      `Serving chain files in ${tmp.dir} (1 file, 1 ticker, newest Aug 20 2023 22:38 ET), ${clockText}`,
    );
  });
});
